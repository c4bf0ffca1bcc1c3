import type { Paragraph, Parent, Root, RootContent } from "mdast";

/**
 * A paragraph that is one `$$…$$` formula written on one line is an equation on its own line (remark-math
 * reads it as inline math; the engines and models write it both ways): it becomes a math block, as
 * `$$` on lines of their own would, so that KaTeX sets it in display style. The web app does the same.
 */
export function remarkDisplayMath() {
  return (tree: Root, file: { value?: unknown }) => {
    const source = typeof file.value === "string" ? file.value : "";
    const visit = (parent: Parent) => {
      parent.children.forEach((node, i) => {
        if (node.type === "paragraph") {
          const math = displayOf(node, source);
          if (math !== null) parent.children[i] = mathBlock(math);
        } else if ("children" in node) visit(node as Parent);
      });
    };
    visit(tree);
  };
}

function displayOf(p: Paragraph, source: string): string | null {
  const kids = p.children.filter((c) => !(c.type === "text" && !c.value.trim()));
  const only = kids[0];
  if (kids.length !== 1 || only?.type !== "inlineMath") return null;
  const start = only.position?.start.offset;
  return start !== undefined && source.startsWith("$$", start) ? only.value : null;
}

function mathBlock(value: string): RootContent {
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
  } as RootContent;
}
