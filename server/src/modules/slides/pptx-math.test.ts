import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { XMLValidator } from "fast-xml-parser";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import type { Slide } from "@beannote/contract";
import { isSofficeAvailable } from "../../ingest/office-preview";
import { buildSlidesPptx } from "./slides-pptx";
import { createSlidesPdf } from "./slides-pdf";

const slides = [
  {
    kind: "title",
    title: "Double integrals $\\iint_D 1\\,\\mathrm{d}\\sigma = S_D$",
    bullets: [],
    notes: "",
    table: null,
    citation: null,
  },
  {
    kind: "content",
    title: "The circle $x^2 + y^2 = r^2$",
    bullets: [
      "Its area is $\\pi r^2$ & its border <C>",
      "$$\\sum_{n=1}^{\\infty} \\frac{1}{n^2} = \\frac{\\pi^2}{6}$$",
      "Symbols $=\\neq<>\\leq$ compare",
      "Unreadable $\\frac{1}{$ stays as written",
    ],
    notes: "",
    table: {
      rows: [
        ["Quantity", "Formula"],
        ["Kinetic energy", "$E_k = \\frac{1}{2}mv^2$"],
      ],
    },
    citation: null,
  },
] as unknown as Slide[];

const deck = () => buildSlidesPptx({ title: "Integrals", outputLanguage: "en-US", slides, sourceNames: [] });

async function slideXml(pptx: Buffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(pptx);
  return Promise.all(zip.file(/^ppt\/slides\/slide\d+\.xml$/).map((f) => f.async("string")));
}

describe(".pptx formulas", () => {
  it("are Office Math equations (a14:m in mc:AlternateContent) with a linear-text fallback, never LaTeX", async () => {
    const xml = await slideXml(await deck());
    for (const slide of xml) expect(XMLValidator.validate(slide)).toBe(true);
    const all = xml.join("");
    expect(all.match(/<a14:m><m:oMath /g)?.length).toBe(6); // 2 titles, 3 bullets, a table cell
    expect(all.match(/<mc:AlternateContent /g)?.length).toBe(4); // shapes holding one: 2 titles, bullets, table
    expect(all).toContain('<a:latin typeface="Cambria Math"');
    expect(all).not.toContain("<w:rPr>");
    const fallbacks = [...all.matchAll(/<mc:Fallback>([\s\S]*?)<\/mc:Fallback>/g)].map((m) => m[1]!).join("");
    const fallbackText = [...fallbacks.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join(" ");
    expect(fallbackText).toContain("x²+y²=r²");
    expect(fallbackText).toContain("=≠&lt;&gt;≤");
    expect(fallbackText.replace("$\\frac{1}{$", "")).not.toMatch(/[$\\]/); // only the unreadable one
    expect(fallbackText).toMatch(/Unreadable\s+\$\\frac\{1\}\{\$\s+stays/); // kept as it was, never dropped
  });

  it.skipIf(!isSofficeAvailable())(
    "show as maths in the slide PDF, never as LaTeX",
    async () => {
      const pdf = await createSlidesPdf().fromPptx(await deck());
      const dir = mkdtempSync(path.join(os.tmpdir(), "pptx-math-"));
      const file = path.join(dir, "deck.pdf");
      writeFileSync(file, pdf);
      const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
      expect(text).toContain("x²+y²=r²");
      expect(text).toContain("πr²");
      expect(text).toMatch(/∑/);
      expect(text).toContain("=≠<>≤");
      expect(text).not.toMatch(/\\(?:iint|sum|neq|leq|pi)|\$\$/);
    },
    120_000,
  );
});

describe(".pptx bullets", () => {
  it("are set smaller when six long statements would overflow their box (not every program shrinks text)", async () => {
    const bullet = (n: number) =>
      `Statement ${n} of the section says what the budget line is and where it touches the indifference curve`;
    const deck = (bullets: string[]) =>
      [
        {
          kind: "content",
          title: "Graphical representation",
          bullets,
          notes: "",
          table: null,
          citation: null,
        },
      ] as unknown as Slide[];
    const sizes = async (bullets: string[]) => {
      const [xml] = await slideXml(
        await buildSlidesPptx({
          title: "Econ",
          outputLanguage: "en-US",
          slides: deck(bullets),
          sourceNames: [],
        }),
      );
      return [...xml!.matchAll(/<a:rPr[^>]* sz="(\d+)"/gu)].map((m) => Number(m[1]) / 100);
    };
    // the title is one run; the bullets' runs share one size
    const long = await sizes([1, 2, 3, 4, 5, 6].map(bullet));
    const short = await sizes(["Budget line", "Indifference curve"]);
    expect(Math.max(...long.slice(1))).toBeLessThanOrEqual(16);
    expect(Math.max(...short.slice(1))).toBe(20);
  });
});
