import type { Citation, MindMapNode } from "@beannote/contract";
import { mathSegments } from "../../components/math-segments";

/** The node shape markmap-view renders (`IPureNode` of markmap-common). */
export interface MarkmapNode {
  type: string;
  depth: number;
  content: string;
  payload?: { fold?: number; nodeId?: string };
  children: MarkmapNode[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Sets a formula as HTML (KaTeX's MathML, built with trust off). */
export type MathRenderer = (tex: string, display: boolean) => string;

const labelHtml = (label: string, renderMath?: MathRenderer) =>
  renderMath
    ? mathSegments(label)
        .map((segment) => ("text" in segment ? escapeHtml(segment.text) : renderMath(segment.tex, false)))
        .join("")
    : escapeHtml(label);

/**
 * Our tree as markmap's. markmap renders `content` as HTML, so every label is escaped (a note's text is the
 * student's) and its `$…$` formulas are set by `renderMath` when given; a cited node carries a page chip
 * that the view turns into a source-viewer link.
 */
export function toMarkmap(
  node: MindMapNode,
  pageLabel: (citation: Citation) => string,
  renderMath?: MathRenderer,
  depth = 0,
): MarkmapNode {
  const chip = node.citation
    ? ` <span class="mm-cite" role="link" tabindex="0" data-node="${escapeHtml(node.id)}">${escapeHtml(pageLabel(node.citation))}</span>`
    : "";
  return {
    type: node.kind === "section" || node.kind === "root" ? "heading" : "list_item",
    depth,
    content: `<span class="mm-label mm-${node.kind}">${labelHtml(node.label, renderMath)}</span>${chip}`,
    payload: { nodeId: node.id },
    children: node.children.map((c) => toMarkmap(c, pageLabel, renderMath, depth + 1)),
  };
}

/** Whether any label of the map holds a formula. */
export function hasFormula(node: MindMapNode): boolean {
  return mathSegments(node.label).some((s) => "tex" in s) || node.children.some(hasFormula);
}

/** The node of a map by its id (the path of child indices: "0.2.1"). */
export function findNode(root: MindMapNode, id: string): MindMapNode | null {
  const path = id.split(".").slice(1).map(Number);
  let node: MindMapNode | undefined = root;
  for (const i of path) node = node?.children[i];
  return node ?? null;
}
