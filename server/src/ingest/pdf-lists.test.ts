import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePdf } from "./parse-pdf";

// fixtures/pdf/symbol-bullets-libreoffice.pdf: symbol-bullets-libreoffice.html (written for this test) saved as
// DOCX and then as PDF by LibreOffice, as a student's Word handout is: its bullets are the Symbol font's U+F0B7.
const PDF = path.resolve(import.meta.dirname, "../../../fixtures/pdf/symbol-bullets-libreoffice.pdf");

describe("lists of a PDF made by Word or LibreOffice", () => {
  it("reads Symbol-font bullets as a list, one item per bullet, without the bullet glyph", async () => {
    const doc = await parsePdf({ data: await readFile(PDF), fileName: "handout.pdf" });
    const blocks = doc.sections.flatMap((s) => s.blocks);
    const list = blocks.find((b) => b.type === "list");
    expect(list, JSON.stringify(blocks)).toBeDefined();
    expect(list!.type === "list" && list!.items).toEqual([
      "Sedimentary rock: Sedimentary rock forms when layers of sand, mud and shells are pressed together over long periods.",
      "Igneous rock: Igneous rock forms when molten magma or lava cools and hardens.",
      "Metamorphic rock: Metamorphic rock is rock changed by heat and pressure without melting.",
    ]);
    expect(JSON.stringify(doc)).not.toMatch(/[\uf000-\uf0ff]/u);
  });
});
