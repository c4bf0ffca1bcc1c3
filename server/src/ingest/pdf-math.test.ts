import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { prepareDocument, preparedBlockText } from "../engine/prepare";
import { parseFile } from "./parse-file";

/** A PDF whose text layer has Unicode math: Helvetica for the words, the Symbol font for ∑ ∫ α ≤ ∂. */
async function mathPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const helvetica = await pdf.embedFont(StandardFonts.Helvetica);
  const symbol = await pdf.embedFont(StandardFonts.Symbol);
  const draw = (p: PDFPage, text: string, x: number, y: number, size: number): number => {
    for (const ch of text) {
      let font: PDFFont = helvetica;
      try {
        helvetica.encodeText(ch);
      } catch {
        font = symbol;
      }
      p.drawText(ch, { x, y, size, font });
      x += font.widthOfTextAtSize(ch, size);
    }
    return x;
  };
  draw(page, "Series and integrals in the first lecture of the analysis course", 50, 780, 14);
  draw(page, "The sum of the reciprocal squares converges to a known value:", 50, 750, 11);
  let x = draw(page, "∑ 1/n² = π²/6, ∫ f(x) dx, α + β ≤ γ, ∂u/∂x, x", 50, 720, 12);
  x = draw(page, "1", x, 716, 8); // a subscript: a smaller glyph below the line
  draw(page, " + x", x, 720, 12);
  draw(page, "2", x + helvetica.widthOfTextAtSize(" + x", 12), 716, 8);
  return Buffer.from(await pdf.save());
}

describe("Unicode math in a PDF's text layer", () => {
  it("keeps ∑, ∫, Greek letters, relations, superscripts and subscripts as text, through parsing and note preparation", async () => {
    const doc = await parseFile(await mathPdf(), "analysis.pdf");
    const lines = doc.sections.flatMap((s) => s.blocks.map((b) => b.text ?? ""));
    const math = lines.find((l) => l.startsWith("∑"));
    expect(math).toBe("∑ 1/n² = π²/6, ∫ f(x) dx, α + β ≤ γ, ∂u/∂x, x1 + x2");
    expect(doc.language).toBe("en");
    const prepared = prepareDocument(doc).sections.flatMap((s) => s.blocks.map(preparedBlockText));
    expect(prepared).toContain(math);
  });
});
