import { z } from "zod";
import { citation, type Citation } from "./artefacts";
import { defineKindContract } from "./kind-contract";

/** The mind map's part of the central lists (see kind-contract.ts): its path and summary; no errors of its own
 * (a heavy read is limited as an export is: EXPORT_RATE_LIMITED), free. */
export const mindMapContract = defineKindContract({
  name: "mind-map",
  paths: { noteMindMap: "/note/:noteId/mind-map" },
  routes: { "GET /note/:noteId/mind-map": { summary: "The note's mind map" } },
  errors: {},
  price: {},
});

/** A leaf label is cut to about this many characters (half for CJK, which says more per character). */
export const MIND_MAP_LABEL_MAX = 48;
/** Maps with more nodes than this open with only the first level expanded. */
export const MIND_MAP_LARGE_NODES = 300;

/** root: the note's title; section: a heading; term: a key term; point: a key sentence's first clause; table. */
export const MIND_MAP_NODE_KINDS = ["root", "section", "term", "point", "table"] as const;
export type MindMapNodeKind = (typeof MIND_MAP_NODE_KINDS)[number];

export interface MindMapNode {
  /** Stable within one map: the path of child indices from the root ("0", "0.2.1"). */
  id: string;
  kind: MindMapNodeKind;
  label: string;
  /** The page the node comes from (sections: their first cited page); null when the note cites none. */
  citation: Citation | null;
  children: MindMapNode[];
}

export const mindMapNode: z.ZodType<MindMapNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    kind: z.enum(MIND_MAP_NODE_KINDS),
    label: z.string(),
    citation: citation.nullable(),
    children: z.array(mindMapNode),
  }),
);

// GET /note/:noteId/mind-map: derived from the note's current Markdown on every read.
export const mindMap = z.object({
  noteId: z.string(),
  root: mindMapNode,
  /** The same tree as a Markdown outline (headings, then nested lists), for export. */
  outline: z.string(),
  nodeCount: z.number(),
  /** How many heading levels below the root are open when the map is shown. */
  initialExpandLevel: z.number(),
});
export type MindMap = z.infer<typeof mindMap>;
