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

// fixtures/pdf/wingdings-bullets.pdf: wingdings-bullets.html (written for this test) saved as DOCX and then PDF by
// LibreOffice, its bullets the Wingdings 3 triangle (U+F07D) and the Wingdings arrowhead (U+F0D8), as a
// PowerPoint deck saved as PDF keeps them.
const WINGDINGS = path.resolve(import.meta.dirname, "../../../fixtures/pdf/wingdings-bullets.pdf");

describe("bullets of a deck saved as PDF", () => {
  it("reads Wingdings bullets as list items, without the glyph", async () => {
    const doc = await parsePdf({ data: await readFile(WINGDINGS), fileName: "deck.pdf" });
    const lists = doc.sections.flatMap((s) => s.blocks).filter((b) => b.type === "list");
    expect(lists.flatMap((b) => (b.type === "list" ? b.items : []))).toEqual([
      "From Alexandria, Egypt",
      "Greek mathematician, called the father of geometry",
      "Wrote the famous book Elements",
      "Books I–IV and VI discuss plane geometry",
      "Books V and VII–X deal with number theory",
      "Books XI–XIII concern solid geometry",
    ]);
    expect(JSON.stringify(doc)).not.toMatch(/[\uf000-\uf0ff]/u);
  });
});

// The TraceMonkey paper (shared fixtures): its nesting algorithm's two cases are bullets set right after a
// paragraph's last sentence, and the text layer joins them to it.
const PAPER = path.resolve(
  import.meta.dirname,
  "../../../../shared/fixtures/documents/en-paper-tracemonkey-trace-jit.pdf",
);

describe("bullets that follow a paragraph's last sentence", () => {
  it("are a list after the paragraph, not a '•' inside it", async () => {
    const doc = await parsePdf({ data: await readFile(PAPER), fileName: "paper.pdf" });
    const blocks = doc.sections.flatMap((s) => s.blocks);
    const paragraphs = blocks.flatMap((b) => (b.type === "paragraph" ? [b.text ?? ""] : []));
    expect(paragraphs.filter((text) => /[.:]\s+•\s/u.test(text))).toEqual([]);
    const at = blocks.findIndex(
      (b) => b.type === "list" && /^If \S+ has a type-matching/u.test(b.items?.[0] ?? ""),
    );
    expect(at, JSON.stringify(paragraphs.filter((t) => t.includes("type-matching")))).toBeGreaterThan(0);
    const lead = blocks[at - 1]!;
    expect(lead.type === "paragraph" && lead.text).toMatch(/we exit a loop\.$/u);
  });
});
