import type { Citation, MindMapNode } from "@beannote/contract";

/** The node shape markmap-view renders (`IPureNode` of markmap-common). */
export interface MarkmapNode {
  type: string;
  depth: number;
  content: string;
  payload?: { fold?: number; nodeId?: string };
  children: MarkmapNode[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Our tree as markmap's. markmap renders `content` as HTML, so every label is escaped (a note's text is the
 * student's); a cited node carries a page chip that the view turns into a source-viewer link.
 */
export function toMarkmap(
  node: MindMapNode,
  pageLabel: (citation: Citation) => string,
  depth = 0,
): MarkmapNode {
  const chip = node.citation
    ? ` <span class="mm-cite" role="link" tabindex="0" data-node="${escapeHtml(node.id)}">${escapeHtml(pageLabel(node.citation))}</span>`
    : "";
  return {
    type: node.kind === "section" || node.kind === "root" ? "heading" : "list_item",
    depth,
    content: `<span class="mm-label mm-${node.kind}">${escapeHtml(node.label)}</span>${chip}`,
    payload: { nodeId: node.id },
    children: node.children.map((c) => toMarkmap(c, pageLabel, depth + 1)),
  };
}

/** The node of a map by its id (the path of child indices: "0.2.1"). */
export function findNode(root: MindMapNode, id: string): MindMapNode | null {
  const path = id.split(".").slice(1).map(Number);
  let node: MindMapNode | undefined = root;
  for (const i of path) node = node?.children[i];
  return node ?? null;
}
