import { describe, expect, it } from "vitest";
import { Transformer } from "markmap-lib";
import type { MindMapNode } from "@beannote/contract";
import katex from "katex";
import { findNode, hasFormula, toMarkmap, type MathRenderer } from "./markmap-tree";

const root: MindMapNode = {
  id: "0",
  kind: "root",
  label: "Topology <script>alert(1)</script>",
  citation: null,
  children: [
    {
      id: "0.0",
      kind: "section",
      label: "开集与闭集",
      citation: { source: 1, page: 3 },
      children: [
        { id: "0.0.0", kind: "term", label: "稠密", citation: { source: 1, page: 4 }, children: [] },
        { id: "0.0.1", kind: "point", label: 'A & B are "open"', citation: null, children: [] },
      ],
    },
  ],
};

describe("markmap tree", () => {
  it("escapes every label (a note's text is never HTML) and adds a page chip to cited nodes", () => {
    const tree = toMarkmap(root, (c) => `p. ${c.page}`);
    expect(tree.content).toContain("Topology &#60;script&#62;alert(1)&#60;/script&#62;");
    expect(tree.content).not.toContain("<script>");
    const section = tree.children[0]!;
    expect(section.content).toContain('data-node="0.0"');
    expect(section.content).toContain(">p. 3</span>");
    expect(section.children[1]!.content).toContain("A &#38; B are &#34;open&#34;");
    expect(section.children[1]!.content).not.toContain("mm-cite");
    expect(findNode(root, "0.0.0")?.label).toBe("稠密");
    expect(findNode(root, "0.5")).toBeNull();
  });

  it("sets a label's formulas as MathML and keeps the rest escaped; prices stay text", () => {
    const math: MathRenderer = (tex, display) =>
      katex.renderToString(tex, {
        displayMode: display,
        output: "mathml",
        throwOnError: false,
        trust: false,
      });
    const node = (label: string): MindMapNode => ({
      id: "0",
      kind: "term",
      label,
      citation: null,
      children: [],
    });
    const energy = toMarkmap(node("Energy <b>rest</b> $E=mc^{2}$"), () => "", math).content;
    expect(energy).toContain("Energy &#60;b&#62;rest&#60;/b&#62; ");
    expect(energy).toMatch(/<math[^>]*><semantics><mrow><mi>E<\/mi>/);
    expect(energy).not.toContain("$E");
    const link = toMarkmap(node("$\\href{javascript:alert(1)}{x}$"), () => "", math).content;
    expect(link).not.toMatch(/<a[\s>]|href=/);
    const price = toMarkmap(node("It costs $5 and $10"), () => "", math).content;
    expect(price).toContain("It costs $5 and $10");
    expect(price).not.toContain("<math");
    expect(hasFormula({ ...root, children: [node("x $a^2$")] })).toBe(true);
    expect(hasFormula(root)).toBe(false);
    // without a renderer (KaTeX not loaded) the LaTeX shows as written
    expect(toMarkmap(node("$E=mc^{2}$"), () => "").content).toContain("$E=mc^{2}$");
  });

  it("gives the same tree as markmap's own reading of the exported outline", () => {
    const outline =
      "# Topology\n\n## 开集与闭集\n\n- 稠密\n- A & B are open\n\n## Second\n\n### Deeper\n\n- leaf\n";
    const { root: parsed } = new Transformer([]).transform(outline);
    const shape = (n: { children?: unknown[] }): unknown[] =>
      (n.children ?? []).map((c) => shape(c as { children?: unknown[] }));
    const ours: MindMapNode = {
      id: "0",
      kind: "root",
      label: "Topology",
      citation: null,
      children: [
        {
          id: "0.0",
          kind: "section",
          label: "开集与闭集",
          citation: null,
          children: [
            { id: "0.0.0", kind: "term", label: "稠密", citation: null, children: [] },
            { id: "0.0.1", kind: "point", label: "A & B are open", citation: null, children: [] },
          ],
        },
        {
          id: "0.1",
          kind: "section",
          label: "Second",
          citation: null,
          children: [
            {
              id: "0.1.0",
              kind: "section",
              label: "Deeper",
              citation: null,
              children: [{ id: "0.1.0.0", kind: "point", label: "leaf", citation: null, children: [] }],
            },
          ],
        },
      ],
    };
    expect(shape(toMarkmap(ours, () => ""))).toEqual(shape(parsed));
  });
});
