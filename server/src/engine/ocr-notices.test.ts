import { OUTPUT_LANGUAGES, type SourceDocument } from "@beannote/contract";
import { describe, expect, it } from "vitest";
import { createEngine, labelsFor } from "./index";
import { ocrNotices, pageRanges } from "./ocr-notices";

const scan: SourceDocument = {
  title: "Photosynthesis",
  format: "pdf",
  language: "en",
  pageCount: 260,
  sections: [
    {
      heading: "Photosynthesis",
      level: 1,
      blocks: [
        {
          type: "paragraph",
          page: 1,
          text: "Photosynthesis is the process by which green plants turn light into chemical energy. It takes place in the chloroplasts of the leaf, and it releases the oxygen that we breathe. The light reactions make ATP and NADPH in the thylakoid membranes.",
        },
      ],
    },
  ],
  ocr: {
    pages: [{ page: 1, confidence: 93.5 }],
    unreadablePages: [2, 4, 5, 6],
    skippedPages: Array.from({ length: 60 }, (_, i) => 201 + i),
    unavailable: false,
  },
};

describe("notes from scans say which pages they could not read", () => {
  it("lists pages as ranges", () => {
    expect(pageRanges([6, 2, 4, 5, 9, 10])).toBe("2, 4–6, 9, 10");
    expect(pageRanges([])).toBe("");
  });

  it("names unreadable and skipped pages in the note, in the output language", async () => {
    const engine = createEngine({ aiContextTokens: 8000, aiConcurrency: 2 });
    const note = await engine.generateNote({
      sources: [{ doc: scan, fileName: "scan.pdf" }],
      title: "Photosynthesis",
      outputLanguage: "en-US",
      detailLevel: "simple",
    });
    expect(note.markdown).toContain("*No readable text on p. 2, 4–6 of “scan.pdf”.*");
    expect(note.markdown).toContain("p. 201–260 of “scan.pdf”");
    expect(note.markdown).toContain("OCR page or time limit");
    // the note's own text is still there
    expect(note.markdown).toMatch(/green plants|chloroplasts|thylakoid/);
  });

  it("says the server has no OCR when that is why pages are missing; nothing for a text document", () => {
    const unavailable: SourceDocument = {
      ...scan,
      ocr: { pages: [], unreadablePages: [], skippedPages: [3], unavailable: true },
    };
    for (const language of OUTPUT_LANGUAGES) {
      const [line] = ocrNotices([{ doc: unavailable, fileName: "x.pdf" }], labelsFor(language));
      expect(line).toMatch(/OCR/);
      expect(line).toContain("x.pdf");
    }
    expect(ocrNotices([{ doc: { ...scan, ocr: undefined }, fileName: "x.pdf" }], labelsFor("zh-CN"))).toEqual(
      [],
    );
  });
});
