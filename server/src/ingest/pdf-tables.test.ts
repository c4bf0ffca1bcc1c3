import { readFile } from "node:fs/promises";
import path from "node:path";
import type { SourceBlock } from "@beannote/contract";
import { describe, expect, it } from "vitest";
import { parsePdf } from "./parse-pdf";

// fixtures/pdf/table-*.pdf and boxed-paragraph.pdf: each .html beside it (written for this test) saved as DOCX and
// then as PDF by LibreOffice (`soffice --convert-to 'docx:MS Word 2007 XML'`, then `--convert-to pdf`), as a
// student's Word handout is: every cell's border is a ruling line of its own.
const FIXTURES = path.resolve(import.meta.dirname, "../../../fixtures/pdf");

async function blocksOf(name: string): Promise<SourceBlock[]> {
  const doc = await parsePdf({ data: await readFile(path.join(FIXTURES, name)), fileName: name });
  return doc.sections.flatMap((s) => s.blocks);
}

const tablesOf = (blocks: SourceBlock[]) => blocks.filter((b) => b.type === "table").map((b) => b.rows);
const textsOf = (blocks: SourceBlock[]) => blocks.filter((b) => b.type !== "table").map((b) => b.text);

describe("ruled tables of a PDF made by Word or LibreOffice", () => {
  it("reads each cell whole, its wrapped lines joined (a hyphen at a line's end resolved)", async () => {
    const blocks = await blocksOf("table-wrapped-cells.pdf");
    expect(tablesOf(blocks)).toEqual([
      [
        ["Etapa", "Onde ocorre", "O que usa", "O que produz", "Principal função"],
        [
          "Fase Clara",
          "Tilacoides (grana)",
          "Luz e água",
          "ATP, NADPH, O₂ (fotofosforilação)",
          "Transformar energia luminosa em energia química (ATP e NADPH)",
        ],
        [
          "Fase Escura",
          "Estroma",
          "CO₂, ATP e NADPH",
          "Glicose",
          "Usar ATP e NADPH para produzir glicose (matéria orgânica), um processo independente da luz",
        ],
      ],
    ]);
    // the text around the table keeps its place, before and after it
    expect(blocks.map((b) => b.type)).toEqual(["paragraph", "table", "paragraph"]);
    expect(textsOf(blocks)).toEqual([
      "A fotossíntese acontece em duas fases, resumidas na tabela abaixo.",
      "O oxigênio liberado na fase clara vem da fotólise da água.",
    ]);
  });

  it("joins a table that goes on over a page break into one", async () => {
    const blocks = await blocksOf("table-page-break.pdf");
    const names = [
      "Hydrogen H",
      "Helium He",
      "Lithium Li",
      "Beryllium Be",
      "Boron B",
      "Carbon C",
      "Nitrogen N",
      "Oxygen O",
      "Fluorine F",
      "Neon Ne",
      "Sodium Na",
      "Magnesium Mg",
      "Aluminium Al",
      "Silicon Si",
      "Phosphorus P",
      "Sulfur S",
      "Chlorine Cl",
      "Argon Ar",
      "Potassium K",
      "Calcium Ca",
    ];
    expect(tablesOf(blocks)).toEqual([
      [["Atomic number", "Element", "Symbol"], ...names.map((n, i) => [String(i + 1), ...n.split(" ")])],
    ]);
    const table = blocks.findIndex((b) => b.type === "table");
    expect(blocks[table]!.page).toBe(1);
    expect(blocks[table + 1]).toEqual({
      type: "paragraph",
      text: "Elements after calcium begin the transition metals.",
      page: 2,
    });
  });

  it("reads a Cyrillic table: an empty cell stays empty, a merged cell's text goes to its first column", async () => {
    const blocks = await blocksOf("table-cyrillic-empty-cell.pdf");
    expect(tablesOf(blocks)).toEqual([
      [
        ["Закон", "Формулировка", "Пример"],
        [
          "Первый",
          "Тело сохраняет состояние покоя или равномерного прямолинейного движения, пока на него не действуют силы.",
          "Пассажир наклоняется вперёд при резком торможении автобуса.",
        ],
        [
          "Второй",
          "Ускорение тела пропорционально приложенной силе и обратно пропорционально его массе.",
          "",
        ],
        [
          "Третий",
          "Силы, с которыми два тела действуют друг на друга, равны по модулю и противоположны по направлению.",
          "",
        ],
      ],
    ]);
  });

  it("reads a Chinese table, its wrapped lines joined without spaces", async () => {
    const blocks = await blocksOf("table-chinese.pdf");
    expect(tablesOf(blocks)).toEqual([
      [
        ["细胞器", "结构特点", "主要功能"],
        [
          "线粒体",
          "双层膜结构，内膜向内折叠形成嵴，增大了膜的面积",
          "有氧呼吸的主要场所，为细胞的生命活动提供能量",
        ],
        ["叶绿体", "双层膜结构，内部有许多由类囊体堆叠而成的基粒", "光合作用的场所"],
        ["核糖体", "无膜结构", "合成蛋白质的场所"],
      ],
    ]);
  });

  it("leaves a boxed paragraph (a table of one cell) a paragraph", async () => {
    const blocks = await blocksOf("boxed-paragraph.pdf");
    expect(tablesOf(blocks)).toEqual([]);
    expect(textsOf(blocks)).toEqual([
      "Cells release the energy stored in glucose through a chain of reactions called cellular respiration.",
      "Remember: respiration is not breathing. Breathing moves air in and out of the lungs; respiration is the chemistry inside every cell that turns glucose and oxygen into carbon dioxide, water and ATP.",
      "The reactions take place partly in the cytoplasm and partly in the mitochondria.",
    ]);
  });
});
