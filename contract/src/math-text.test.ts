import { describe, expect, it } from "vitest";
import { remarkDisplayMath, type MdNode } from "./math-text";

/** A paragraph of one inline formula written at `offset` of the source, with blank text around it. */
const formulaParagraph = (value: string, offset: number): MdNode => ({
  type: "paragraph",
  children: [
    { type: "text", value: " " },
    { type: "inlineMath", value, position: { start: { offset } } },
  ],
});

describe("remarkDisplayMath", () => {
  it("sets a paragraph that is one $$…$$ formula as a display block, at any depth", () => {
    const source = "$$E = mc^2$$\n\n> $$a^2$$";
    const tree: MdNode = {
      type: "root",
      children: [
        formulaParagraph("E = mc^2", 0),
        { type: "blockquote", children: [formulaParagraph("a^2", 16)] },
      ],
    };
    remarkDisplayMath()(tree, { value: source });
    const block = (value: string) => ({
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
    });
    expect(tree.children![0]).toEqual(block("E = mc^2"));
    expect(tree.children![1]!.children![0]).toEqual(block("a^2"));
  });

  it("leaves a $…$ formula, a formula among words and a tree read without its source inline", () => {
    const single = formulaParagraph("x", 0);
    const tree: MdNode = { type: "root", children: [single] };
    remarkDisplayMath()(tree, { value: "$x$" });
    expect(tree.children![0]).toBe(single);

    const among: MdNode = {
      type: "paragraph",
      children: [
        { type: "text", value: "so " },
        { type: "inlineMath", value: "x", position: { start: { offset: 3 } } },
      ],
    };
    const mixed: MdNode = { type: "root", children: [among] };
    remarkDisplayMath()(mixed, { value: "so $$x$$" });
    expect(mixed.children![0]).toBe(among);

    const unread: MdNode = { type: "root", children: [formulaParagraph("x", 0)] };
    remarkDisplayMath()(unread, {});
    expect(unread.children![0]!.type).toBe("paragraph");
  });
});
