import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { parsePdf } from "./parse-pdf";

/** Runs of text set one after another on a line: `rise` lifts a run above the baseline (a superscript). */
interface Run {
  text: string;
  size: number;
  rise?: number;
}

function drawLine(page: PDFPage, font: PDFFont, runs: Run[], x: number, y: number): void {
  for (const r of runs) {
    page.drawText(r.text, { x, y: y + (r.rise ?? 0), size: r.size, font });
    x += font.widthOfTextAtSize(r.text, r.size);
  }
}

const BODY = [
  "Training a model on labelled examples lets it predict the labels of new examples.",
  "The error on a held out set of data measures how well the model generalises.",
  "A larger training set usually lowers that error for the same kind of model.",
  "Regularisation keeps the weights small so that the model does not overfit.",
];

/** Two pages of a paper: body text at 10 pt with superscript markers, footnotes at 8 pt at the bottom. */
async function paperWithFootnotes(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 2; p++) {
    const page = pdf.addPage([595, 842]);
    drawLine(page, font, [{ text: `${p + 1} Learning from data`, size: 16 }], 60, 780);
    let y = 740;
    for (let i = 0; i < 12; i++, y -= 14)
      drawLine(page, font, [{ text: BODY[i % BODY.length]!, size: 10 }], 60, y);
    drawLine(
      page,
      font,
      [
        { text: "Dropout also improves performance.", size: 10 },
        { text: `${p * 2 + 4}`, size: 6, rise: 4 },
        { text: " It removes units at random", size: 10 },
      ],
      60,
      y,
    );
    y -= 14;
    drawLine(
      page,
      font,
      [
        { text: "during training, as the authors found", size: 10 },
        { text: "*", size: 6, rise: 4 },
        { text: " on every benchmark, and the area grows as r", size: 10 },
        { text: "2", size: 6, rise: 4 },
        { text: ".", size: 10 },
      ],
      60,
      y,
    );
    drawLine(
      page,
      font,
      [
        { text: `${p * 2 + 2}`, size: 6, rise: 3 },
        { text: "We fixed the learning rate at 0.01 for all of the runs reported here.", size: 8 },
      ],
      60,
      90,
    );
    drawLine(page, font, [{ text: "The seed was chosen at random before any run.", size: 8 }], 60, 80);
    drawLine(
      page,
      font,
      [{ text: `${p * 2 + 3} The code is available from the authors on request.`, size: 8 }],
      60,
      68,
    );
  }
  return Buffer.from(await pdf.save());
}

/** A page of lecture notes whose raised glyphs are exponents and numerators, not markers. */
async function notesWithExponents(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  let y = 760;
  for (let i = 0; i < 8; i++, y -= 14)
    drawLine(page, font, [{ text: BODY[i % BODY.length]!, size: 10 }], 60, y);
  drawLine(
    page,
    font,
    [
      { text: "The hyperbolic identity cosh", size: 10 },
      { text: "2", size: 6, rise: 4 },
      { text: "2yt minus sinh", size: 10 },
      { text: "2", size: 6, rise: 4 },
      { text: "2xt holds for every real value.", size: 10 },
    ],
    60,
    y,
  );
  y -= 14;
  drawLine(
    page,
    font,
    [
      { text: "The bound |f| = maximum", size: 10 },
      { text: "2", size: 6, rise: 4 },
      { text: " over the disc is reached on its edge.", size: 10 },
    ],
    60,
    y,
  );
  y -= 14;
  drawLine(
    page,
    font,
    [
      { text: "The impedance LCp", size: 10 },
      { text: "2", size: 6, rise: 4 },
      { text: " + 1 grows with the frequency of the source.", size: 10 },
    ],
    60,
    y,
  );
  y -= 14;
  drawLine(
    page,
    font,
    [
      { text: "2", size: 6, rise: 4 },
      { text: "+2 cos z is the term that remains after the substitution.", size: 10 },
    ],
    60,
    y,
  );
  return Buffer.from(await pdf.save());
}

describe("footnotes in a PDF", () => {
  it("keeps exponents run into the next glyph, on a line of mathematics, and before an operator", async () => {
    const doc = await parsePdf({ data: await notesWithExponents(), fileName: "notes.pdf" });
    const text = doc.sections.flatMap((s) => s.blocks.map((b) => b.text ?? "")).join("\n");
    expect(text).toContain("cosh22yt minus sinh22xt");
    expect(text).toContain("maximum2 over the disc");
    expect(text).toContain("2+2 cos z is the term");
    expect(text).toContain("LCp2 + 1 grows");
  });

  it("drops superscript markers joined to words and the footnotes at a page's bottom, keeps exponents", async () => {
    const doc = await parsePdf({ data: await paperWithFootnotes(), fileName: "paper.pdf" });
    const text = doc.sections.flatMap((s) => s.blocks.map((b) => b.text ?? "")).join("\n");
    expect(text).toContain("Dropout also improves performance. It removes units at random");
    expect(text).toContain("as the authors found on every benchmark");
    expect(text).not.toMatch(/performance\.\d|found\*/);
    expect(text).toContain("the area grows as r2.");
    expect(text).not.toMatch(/We fixed|learning rate at 0\.01|seed was chosen|code is available/);
    expect(text).toContain("Regularisation keeps the weights small");
  });
});
