import { readFile } from "node:fs/promises";
import path from "node:path";
import type { SourceBlock, SourceDocument } from "@beannote/contract";
import { describe, expect, it } from "vitest";
import { parsePdf } from "./parse-pdf";

// server/test/fixtures/pdf-layout (README there): a Japanese handout saved as PDF by LibreOffice, a Russian pdfLaTeX one.
const FIXTURES = path.resolve(import.meta.dirname, "../../test/fixtures/pdf-layout");

async function parse(name: string): Promise<SourceDocument> {
  return parsePdf({ data: await readFile(path.join(FIXTURES, name)), fileName: name });
}
const blocksOf = (doc: SourceDocument): SourceBlock[] => doc.sections.flatMap((s) => s.blocks);

describe("a Japanese PDF made by LibreOffice", () => {
  it("reads its bullets, which no space separates from the Japanese, one item each", async () => {
    const lists = blocksOf(await parse("ja-lecture-libreoffice.pdf")).filter((b) => b.type === "list");
    expect(lists.flatMap((b) => b.items ?? [])).toEqual([
      "chlorophyll 葉緑素、光を吸収する緑色の色素",
      "stroma ストロマ、葉緑体の内部を満たす基質",
      "thylakoid チラコイド",
    ]);
  });

  it("keeps a word space between English and Japanese, not LibreOffice's own narrower gap, none between CJK", async () => {
    const doc = await parse("ja-lecture-libreoffice.pdf");
    const text = JSON.stringify(doc.sections);
    expect(text).toContain("chlorophyll 葉緑素");
    expect(doc.sections.map((s) => s.heading)).toContain("Chloroplastとは");
    expect(text).toContain("光合成ではATPとNADPHが作られ、CO2が糖に固定される。Calvin回路はstromaで進む。");
    expect(text).not.toMatch(
      /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}] +[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
    );
    expect(text).not.toContain("\u2063");
  });

  it("joins the title's wrapped lines, the last all Japanese and set smaller than the English", async () => {
    const doc = await parse("ja-lecture-libreoffice.pdf");
    expect(doc.sections.map((s) => s.heading)).toContain(
      "Photosynthesis（光合成）— Plant Biology 講義ノート：光合成の仕組みと葉緑体の構造",
    );
    expect(JSON.stringify(doc.sections)).not.toContain('"構造"');
  });

  it("reads a ruled table whose cells pdf.js runs together on a row", async () => {
    const tables = blocksOf(await parse("ja-lecture-libreoffice.pdf")).filter((b) => b.type === "table");
    expect(tables.map((b) => b.rows)).toContainEqual([
      ["", "CO2", "O2", "H2O"],
      ["inside the leaf", "12mM", "250mM", "40mM"],
      ["surrounding atmosphere", "0.4mM", "210mM", "8mM"],
    ]);
  });
});

describe("a Russian pdfLaTeX PDF", () => {
  it("joins a heading hyphenated at its line's end", async () => {
    const doc = await parse("ru-wrapped-heading.pdf");
    const headings = doc.sections.map((s) => s.heading);
    expect(headings).toContain("1.1 Признаки сходимости знакопеременных рядов с положительными членами");
    expect(headings).not.toContain("тельными членами");
  });

  it("reads a display whose denominator stands over the next line's inline fraction as two formulas", async () => {
    const texts = blocksOf(await parse("ru-wrapped-heading.pdf")).map((b) => b.text);
    expect(texts).toContain("$$e=\\lim_{n\\to\\infty}(1+\\frac{1}{n})^{n}=2,7182\\ldots$$");
    expect(texts).toContain(
      "Теорема. Последовательность $x_{n}=(1+\\frac{1}{n})^{n}$ строго возрастает и ограничена сверху.",
    );
  });
});

describe("a three-page pdfLaTeX handout", () => {
  it("drops a running header that stands on every page but the first", async () => {
    // a held-out Russian lecture kept "Математический анализ Конспект лекций" (pages 2 and 3 of 3) in its note
    const doc = await parse("short-handout-header.pdf");
    const texts = doc.sections.flatMap((s) => [s.heading, ...s.blocks.map((b) => b.text ?? "")]).join("\n");
    expect(texts).not.toMatch(/Linear Algebra|Lecture notes/u);
    expect(texts).toContain("A matrix is a rectangular array of numbers arranged in rows and columns.");
    expect(doc.sections.map((s) => s.heading)).toEqual(["1 Vectors", "2 Matrices", "3 Determinants"]);
  });
});
