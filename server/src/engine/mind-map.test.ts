import { readFile } from "node:fs/promises";
import path from "node:path";
import type { MindMapNode, OutputLanguage } from "@beannote/contract";
import { MIND_MAP_LABEL_MAX } from "@beannote/contract";
import { describe, expect, it } from "vitest";
import { parseFile } from "../ingest/parse-file";
import { buildMindMap } from "./mind-map";
import { noteMaterial } from "./note-material";
import { generateOfflineNote } from "./offline";
import { hasCjk } from "./text";

// The mind map of notes written from real course material of every format.
const FIXTURES = path.resolve(import.meta.dirname, "../../../../shared/fixtures/documents");

const cases: [file: string, OutputLanguage][] = [
  ["en-paper-dense-passage-retrieval.pdf", "en-US"],
  ["zh-lecture-notes-math-physics-methods.pdf", "zh-CN"],
  ["zh-study-notes-point-set-topology.docx", "zh-CN"],
  ["en-calibre-docx-feature-demo.docx", "en-US"],
  ["en-lecture-foundations-of-geometry.pptx", "en-US"],
  ["en-lab-handout-force-on-current.doc", "en-US"],
  ["ru-course-syllabus-information-systems.doc", "en-US"],
  ["en-talk-identity-management.ppt", "en-US"],
];

async function materialOf(file: string, outputLanguage: OutputLanguage) {
  const doc = await parseFile(await readFile(path.join(FIXTURES, file)), file);
  const note = generateOfflineNote({
    sources: [{ doc, fileName: file }],
    title: doc.title || file,
    outputLanguage,
    detailLevel: "detail",
  });
  return {
    note,
    material: noteMaterial({
      title: doc.title || file,
      markdown: note.markdown,
      outputLanguage,
      sources: [doc],
    }),
  };
}

const walk = (node: MindMapNode): MindMapNode[] => [node, ...node.children.flatMap(walk)];

describe("mind map of fixture notes", () => {
  it.each(cases)(
    "%s: every section heading in order, short non-empty leaves, every node cited",
    async (file, lang) => {
      const { note, material } = await materialOf(file, lang);
      const map = buildMindMap(material, "n1");
      const nodes = walk(map.root);
      expect(map.root.kind).toBe("root");
      expect(map.root.label.length).toBeGreaterThan(0);

      // every heading of the note (## and deeper) is a section node, in the note's order
      const headings = [...note.markdown.matchAll(/^#{2,6}\s+(.+)$/gm)].map((m) => m[1]!);
      const sections = nodes.filter((n) => n.kind === "section");
      expect(sections.length).toBe(material.sections.length);
      expect(sections.length).toBeGreaterThanOrEqual(Math.min(headings.length, 1));
      expect(sections.map((s) => s.label)).toEqual(material.sections.map((s) => s.heading));

      // leaves: non-empty, short (a term or a first clause, never a whole paragraph), cited on a page
      const leaves = nodes.filter((n) => n.kind !== "section" && n.kind !== "root");
      expect(leaves.length).toBeGreaterThan(0);
      for (const leaf of leaves) {
        expect(leaf.label.trim(), leaf.id).not.toBe("");
        expect(leaf.children).toEqual([]);
        expect([...leaf.label].length, leaf.label).toBeLessThanOrEqual(
          hasCjk(leaf.label) ? MIND_MAP_LABEL_MAX / 2 : MIND_MAP_LABEL_MAX,
        );
      }
      const cited = leaves.filter((l) => l.citation !== null).length;
      expect(cited / leaves.length).toBeGreaterThan(0.9);

      // ids are the path of child indices, unique
      expect(new Set(nodes.map((n) => n.id)).size).toBe(nodes.length);
      expect(map.nodeCount).toBe(nodes.length);

      // the outline lists the same headings in order
      const outlineHeadings = [...map.outline.matchAll(/^#{2,6}\s+(.+)$/gm)].map((m) =>
        m[1]!.replace(/\\(.)/g, "$1"),
      );
      expect(outlineHeadings).toEqual(sections.map((s) => s.label));
    },
  );

  it("nests sub-sections under their section and follows an edit of the note", async () => {
    const markdown = [
      "# Thermodynamics",
      "## First law",
      "**Internal energy** changes by the heat added minus the work done by the system.",
      "### Work",
      "- Work done by a gas at constant pressure equals pressure times the change in volume",
      "## Second law",
      "> **Entropy** of an isolated system never decreases.",
    ].join("\n\n");
    const material = noteMaterial({
      title: "Thermodynamics",
      markdown,
      outputLanguage: "en-US",
      sources: [],
    });
    const map = buildMindMap(material, "n");
    const [first, second] = map.root.children;
    expect(first).toMatchObject({ kind: "section", label: "First law" });
    expect(first!.children.map((c) => [c.kind, c.label])).toEqual([
      ["term", "Internal energy"],
      ["point", "Internal energy changes by the heat added…"],
      ["section", "Work"],
    ]);
    expect(first!.children[2]!.children[0]).toMatchObject({ kind: "point" });
    expect(second!.children.map((c) => c.label)).toContain("Entropy");

    const edited = noteMaterial({
      title: "Thermodynamics",
      markdown: markdown.replace("## Second law", "## Third law"),
      outputLanguage: "en-US",
      sources: [],
    });
    expect(buildMindMap(edited, "n").root.children.map((c) => c.label)).toEqual(["First law", "Third law"]);
  });

  it("opens a large note with the first level only: the 400-page manual", async () => {
    const { material } = await materialOf("en-large-irs-manual-400p.pdf", "en-US");
    const started = performance.now();
    const map = buildMindMap(material, "n");
    expect(performance.now() - started).toBeLessThan(3000);
    expect(map.nodeCount).toBeGreaterThan(300);
    expect(map.initialExpandLevel).toBe(1);
  }, 60_000);
});
