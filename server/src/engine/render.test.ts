import katex from "katex";
import { describe, expect, it } from "vitest";
import { labelsFor } from "./labels";
import { noteMaterial } from "./note-material";
import { tableMarkdown } from "./render";

describe("a note's table", () => {
  it("keeps a formula with bars in its cell (a '|' in it ended the cell: the topology handout's 拓扑基 column)", () => {
    const rows = [
      ["空间", "拓扑基", "范数"],
      ["欧式", "$\\left\\{ \\left( a,b \\right) |a<b \\right\\}$", "$\\|x\\|=\\left|x\\right|$"],
      ["离散", "$\\left\\{ a|\\forall a\\in R \\right\\}$", "a | b"],
    ];
    const markdown = tableMarkdown(rows, 10, labelsFor("zh-CN"));
    const lines = markdown.split("\n");
    // three cells a line: no bar but the cells' own, an escaped one in prose
    for (const line of lines) expect(line.split(/(?<!\\)\|/).length - 2).toBe(3);
    const material = noteMaterial({
      title: "拓扑",
      markdown: `# 拓扑\n\n## 拓扑基\n\n${markdown}\n`,
      outputLanguage: "zh-CN",
      sources: [],
    });
    const table = material.sections.flatMap((s) => s.blocks).find((b) => b.type === "table");
    expect(table?.type === "table" && table.rows.map((r) => r.length)).toEqual([3, 3, 3]);
    const cells = table?.type === "table" ? table.rows.flat() : [];
    expect(cells).toContain("a | b");
    for (const formula of cells.flatMap((c) => [...c.matchAll(/\$([^$]+)\$/g)].map((m) => m[1]!))) {
      expect(formula).not.toContain("|");
      expect(() => katex.renderToString(formula, { throwOnError: true })).not.toThrow();
    }
  });
});
