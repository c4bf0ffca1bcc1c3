/** A Markdown syntax tree node (mdast), as far as the display-math transform reads it. */
export interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  position?: { start: { offset?: number } };
  data?: unknown;
}

/**
 * A remark plugin: a paragraph that is one `$$…$$` formula on one line is an equation on its own line
 * (remark-math reads it as inline math; the engines and models write it both ways). It becomes a math
 * block, as `$$` on lines of their own would, so that KaTeX sets it in display style. The web app's notes
 * and the server's exports both use it.
 */
export function remarkDisplayMath() {
  return (tree: MdNode, file: { value?: unknown }) => {
    const source = typeof file.value === "string" ? file.value : "";
    const visit = (parent: MdNode) => {
      parent.children?.forEach((node, i) => {
        if (node.type !== "paragraph") return visit(node);
        const math = displayOf(node, source);
        if (math !== null) parent.children![i] = mathBlock(math);
      });
    };
    visit(tree);
  };
}

/** The formula of a paragraph that is one `$$…$$` formula and nothing else, or null. */
function displayOf(paragraph: MdNode, source: string): string | null {
  const kids = (paragraph.children ?? []).filter((c) => !(c.type === "text" && !c.value?.trim()));
  const only = kids[0];
  if (kids.length !== 1 || only?.type !== "inlineMath") return null;
  const start = only.position?.start.offset;
  return start !== undefined && source.startsWith("$$", start) ? (only.value ?? "") : null;
}

/** A math block as remark-math builds one for `$$` on lines of their own. */
function mathBlock(value: string): MdNode {
  return {
    type: "math",
    value,
    data: {
      hName: "pre",
      hChildren: [
        {
          type: "element",
          tagName: "code",
          properties: { className: ["language-math", "math-display"] },
          children: [{ type: "text", value }],
        },
      ],
    },
  };
}
