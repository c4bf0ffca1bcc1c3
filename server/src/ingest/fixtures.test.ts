import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceDocument, type SourceDocument } from "@beannote/contract";
import { IngestError } from "./errors";
import { parseFile } from "./parse-file";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const FIXTURES = path.resolve(repoRoot, "../shared/fixtures/documents");
const read = (name: string) => readFileSync(path.join(FIXTURES, name));

function fullText(doc: SourceDocument): string {
  return doc.sections
    .flatMap((s) => [
      s.heading,
      ...s.blocks.map(
        (b) => b.text ?? b.items?.join("\n") ?? b.rows?.map((r) => r.join(" ")).join("\n") ?? "",
      ),
    ])
    .join("\n");
}

interface Good {
  file: string;
  format: SourceDocument["format"];
  language: string;
  pages?: number;
  title?: string;
  headings: string[];
  phrases: string[];
  /** Bold spans the parse keeps (as terms for the engines). */
  emphasis?: string[];
  notEmphasis?: string[];
  /** Short lines that must stay text, not headings. */
  notHeadings?: string[];
}

const GOOD: Good[] = [
  {
    file: "en-paper-tracemonkey-trace-jit.pdf",
    format: "pdf",
    language: "en",
    pages: 14,
    title: "Trace-based Just-in-Time Type Specialization for Dynamic Languages",
    headings: ["Abstract", "1. Introduction", "3.1 Traces", "8. Related Work", "References"],
    // "important" is hyphenated at a line end in the PDF? we check a phrase spanning two columns instead
    phrases: ["Dynamic languages such as JavaScript are more difficult to compile", "SunSpider"],
  },
  {
    file: "en-paper-dense-passage-retrieval.pdf",
    format: "pdf",
    language: "en",
    pages: 13,
    title: "Dense Passage Retrieval for Open-Domain Question Answering",
    headings: [
      "1 Introduction",
      "2 Background",
      "3 Dense Passage Retriever (DPR)",
      "7 Related Work",
      "8 Conclusion",
    ],
    phrases: [
      "Open-domain question answering (QA) (Voorhees, 1999) is a task that answers factoid questions",
    ],
  },
  {
    file: "en-paper-temporal-stereo-matching.pdf",
    format: "pdf",
    language: "en",
    pages: 6,
    headings: ["I. INTRODUCTION", "II. BACKGROUND", "III. METHOD", "IV. RESULTS", "V. CONCLUSION"],
    phrases: ["Modern stereo matching algorithms achieve excellent results on static stereo images"],
  },
  {
    file: "en-large-irs-manual-400p.pdf",
    format: "pdf",
    language: "en",
    pages: 400,
    headings: [
      "Manual Transmittal",
      "2.3.59.1 Program Scope and Objectives",
      "2.3.59.5 Restoring RRR Tax Modules to Master File",
    ],
    phrases: ["Recoverable Retention Register (RRR) tax modules"],
  },
  {
    file: "zh-lecture-notes-math-physics-methods.pdf",
    format: "pdf",
    language: "zh",
    pages: 61,
    title: "数学物理方法(复变函数+数学物理方程）",
    headings: ["解析函数的性质", "复变函数的积分", "无穷级数"],
    phrases: ["函数在区域内处处可导就说函数在区域内解析"],
  },
  {
    file: "corrupt-zen-of-python.pdf",
    format: "pdf",
    language: "en",
    pages: 1,
    headings: [],
    phrases: ["Beautiful is better than ugly.", "Explicit is better than implicit."],
  },
  {
    file: "corrupt-helloworld-bad-xref.pdf",
    format: "pdf",
    language: "en",
    pages: 1,
    headings: [],
    phrases: ["Hello, world!"],
  },
  {
    file: "en-calibre-docx-feature-demo.docx",
    format: "docx",
    language: "en",
    title: "DOCX Demo",
    headings: ["Text Formatting", "Inline formatting", "Fun with fonts", "Tables"],
    phrases: ["Here, we demonstrate various types of inline text formatting"],
    emphasis: ["Add Books", "Convert", "strong text"], // quotes around a bold span are not part of it
  },
  {
    file: "en-handbook-chapter13-trustees-large.docx",
    format: "docx",
    language: "en",
    headings: ["CHAPTER 1 – INTRODUCTION", "A. PURPOSE", "B. ROLE OF THE UNITED STATES TRUSTEE"],
    phrases: ["The United States Trustee appoints and supervises standing trustees"],
  },
  {
    file: "en-homework-statistics-cancer-data.docx",
    format: "docx",
    language: "en",
    headings: [],
    phrases: ["VDPAM 527"],
  },
  {
    file: "en-moby-dick-headings-lists.docx",
    format: "docx",
    language: "en",
    headings: ["A Heading 1", "A Heading 2", "Another Heading 1"],
    phrases: ["Call me Ishmael.", "A top level list item", "  Next level"],
  },
  {
    file: "en-various-formatting.docx",
    format: "docx",
    language: "en",
    headings: [],
    phrases: ["Here is a text box"],
  },
  {
    file: "zh-study-notes-point-set-topology.docx",
    format: "docx",
    language: "zh",
    headings: ["一、常见拓扑空间及其性质", "二、拓扑空间的连续映射（id意义下）"],
    phrases: ["点集拓扑"],
  },
  {
    file: "wrong-extension-docx-named-as.doc",
    format: "docx",
    language: "en",
    headings: [],
    phrases: ["All human beings are born free and equal in dignity and rights."],
  },
  {
    file: "en-lecture-foundations-of-geometry.pptx",
    format: "pptx",
    language: "en",
    pages: 14,
    headings: ["Math 260 Foundations of Geometry", "Elements", "Definitions"],
    phrases: ["Books I-IV and VI discuss plane geometry"],
    // bold runs; the postulate set in bold around its symbols is a statement, not terms
    emphasis: ["Euclid", "common notions", "postulates"],
    notEmphasis: ["If a straight line", "falls on two lines"],
  },
  {
    file: "en-tutorial-apache-performance-tuning.pptx",
    format: "pptx",
    language: "en",
    pages: 48,
    title: "Apache Performance Tuning",
    headings: ["Apache Performance Tuning", "The Silver Bullet"],
    phrases: ["Part 1: Scaling Up"],
  },
  {
    file: "en-talk-how-we-refactor.pptx",
    format: "pptx",
    language: "en",
    pages: 28,
    headings: ["How We Refactor, and How We Know It", "Introduction to Refactoring"],
    phrases: ["Emerson Murphy-Hill"],
  },
  {
    file: "en-sample-presentation-bullets.pptx",
    format: "pptx",
    language: "en",
    pages: 4,
    headings: [
      "Title Slide",
      "This is the first content slide",
      "This is the second content slide",
      "This is kinda backwards, huh?",
    ],
    phrases: ["With a subtitle", "  With a sub-bullet", "    This one is a sub-sub-bullet"],
  },
  {
    // The date placeholder points at a layout placeholder that does not exist; we parse the slide and
    // drop date/footer/slide-number placeholders as boilerplate, so the slide is just its title.
    file: "malformed-placeholder.pptx",
    format: "pptx",
    language: "en",
    pages: 1,
    title: "Test Slide",
    headings: ["Test Slide"],
    phrases: [],
  },
  {
    file: "en-lab-handout-force-on-current.doc",
    format: "doc",
    language: "en",
    title: "FORCE ON A CURRENT IN A MAGNETIC FIELD",
    headings: ["FORCE ON A CURRENT IN A MAGNETIC FIELD", "FORCE VERSUS WIRE LENGTH", "FORCE VERSUS ANGLE"],
    phrases: ["PURPOSE: To study the force exerted on an electric current by a magnetic field."],
  },
  {
    file: "en-guidance-parental-involvement.doc",
    format: "doc",
    language: "en",
    // the document's properties, not its first ALL-CAPS line ("TABLE OF CONTENTS")
    title: "Parental Involvement: Title I, Part A Non-Regulatory Guidance (MS WORD)",
    // unnumbered headings too, told by the paragraphs around them (a lead-in ending in "-" is not one)
    headings: ["INTRODUCTION", "PURPOSE", "General", "Basic Requirement", "Program Evaluation"],
    phrases: ["The No Child Left Behind Act of 2001", "Upon the request of parents, schools must provide-"],
    notHeadings: ["Upon the request of parents, schools must provide-"],
  },
  {
    file: "en-emphasized-text-table.doc",
    format: "doc",
    language: "en",
    headings: [],
    phrases: ["I am a bold italic bold-italic text.", "Header Col 1"],
  },
  {
    file: "ru-course-syllabus-information-systems.doc",
    format: "doc",
    language: "ru",
    headings: ["1. Общие положения", "Структура исследовательского проекта", "Ссылки на нормативные акты"],
    phrases: ["исследовательского проекта"],
  },
  {
    file: "en-lecture-mips-lab-operating-systems.ppt",
    format: "ppt",
    language: "en",
    pages: 19,
    // its properties say "PowerPoint Presentation"; the title slide says "MIPS Lab"
    title: "MIPS Lab",
    headings: [],
    phrases: ["MIPS Lab", "CMPE 142 – Operating Systems"],
  },
  {
    // SOURCES.md says 34: the stream has 34 Slide records, one of which is the title master.
    file: "en-talk-counter-usage-statistics.ppt",
    format: "ppt",
    language: "en",
    pages: 33,
    title: "The COUNTER Code of Practice -Release 1",
    headings: [
      "Working to make online usage statistics more meaningful",
      "Today’s agenda",
      "Why was COUNTER formed?",
    ],
    phrases: ["Libraries and consortia need online usage statistics"],
  },
  {
    // SOURCES.md says 24 (Slide records, including the title master).
    file: "en-talk-identity-management.ppt",
    format: "ppt",
    language: "en",
    pages: 23,
    headings: ["Government-University Identity Management Opportunities", "Foundational Assumption"],
    phrases: ["Peter Alterman"],
  },
  {
    file: "en-sample-adding-bullet-slide.ppt",
    format: "ppt",
    language: "en",
    pages: 1,
    title: "Adding a Bullet Slide",
    headings: ["Adding a Bullet Slide"],
    phrases: ["Find the bullet slide layout", "Here is some text in a text box!"],
  },
  {
    // Damaged UserEditAtom/persist pointers: recovered from the slide list and the persist directories.
    file: "corrupt-usereditatom.ppt",
    format: "ppt",
    language: "it",
    title: "PROGETTO ACCESSORI",
    headings: [],
    phrases: ["VALORIZZAZIONE LINEARE", "AUMENTO MARGINE NEGOZIO"],
  },
];

const HOSTILE: [string, IngestError["code"]][] = [
  ["encrypted-user-password-is-password.pdf", "FILE_ENCRYPTED"],
  ["encrypted-password-is-pass.docx", "FILE_ENCRYPTED"],
  ["encrypted-password-is-tika.pptx", "FILE_ENCRYPTED"],
  ["encrypted-rc4-password-is-tika.doc", "FILE_ENCRYPTED"],
  ["encrypted-password-protected-hello.ppt", "FILE_ENCRYPTED"],
  ["corrupt-truncated.docx", "FILE_CORRUPT"],
  ["zipbomb-large-size-archive.docx", "FILE_CORRUPT"],
  // parseFile has no OCR: a scan says so (OCR is tested in ocr/ocr.test.ts)
  ["zh-scanned-book-pages-image-only.pdf", "FILE_NO_TEXT_NO_OCR"],
  ["en-scanned-agm-notice-image-only.pdf", "FILE_NO_TEXT_NO_OCR"],
  ["zh-lecture-pde-classification-image-only.ppt", "FILE_NO_TEXT"],
];

describe("parsing the fixture documents", () => {
  it.each(GOOD)("$file → $format with its headings and text", async (g) => {
    const data = read(g.file);
    const doc = await parseFile(data, g.file);
    expect(sourceDocument.parse(doc)).toEqual(doc);
    expect(doc.format).toBe(g.format);
    expect(doc.language).toBe(g.language);
    if (g.pages !== undefined) expect(doc.pageCount).toBe(g.pages);
    if (g.title !== undefined) expect(doc.title).toBe(g.title);
    expect(doc.title.length).toBeGreaterThan(0);
    const headings = doc.sections.map((s) => s.heading);
    for (const h of g.headings) expect(headings).toContain(h);
    for (const h of g.notHeadings ?? []) expect(headings).not.toContain(h);
    const emphasis = doc.sections.flatMap((s) => s.blocks.flatMap((b) => b.emphasis ?? []));
    for (const e of g.emphasis ?? []) expect(emphasis).toContain(e);
    for (const e of g.notEmphasis ?? []) expect(emphasis).not.toContain(e);
    const text = fullText(doc);
    for (const p of g.phrases) expect(text).toContain(p);
    const pages = doc.sections.flatMap((s) => s.blocks.map((b) => b.page));
    expect(pages.filter((p) => p < 1 || p > doc.pageCount)).toEqual([]);
  });

  it.each(HOSTILE)("%s → %s", async (file, code) => {
    await expect(parseFile(read(file), file)).rejects.toMatchObject({ code });
  });

  it("keeps page numbers in order and on the right page for a paper", async () => {
    const doc = await parseFile(read("en-paper-tracemonkey-trace-jit.pdf"));
    const pages = doc.sections.flatMap((s) => s.blocks.map((b) => b.page));
    const sorted = [...pages].sort((a, b) => a - b);
    expect(pages).toEqual(sorted);
    const related = doc.sections.find((s) => s.heading === "8. Related Work")!;
    expect(related.blocks[0]!.page).toBe(12);
  });

  it("reads two columns in order and joins hyphenated line ends", async () => {
    const doc = await parseFile(read("en-paper-dense-passage-retrieval.pdf"));
    const text = fullText(doc);
    // The abstract's first sentence ends in the left column; the introduction follows, not the right column.
    expect(text).not.toMatch(/\b[a-z]+- [a-z]+\b.*\b[a-z]+- [a-z]+\b.*\b[a-z]+- [a-z]+\b/);
    expect(text).not.toContain("arXiv:2004.04906v3");
  });

  it("drops running headers and page numbers", async () => {
    const doc = await parseFile(read("en-large-irs-manual-400p.pdf"));
    const paragraphs = doc.sections.flatMap((s) => s.blocks.map((b) => b.text ?? ""));
    // Every one of the 400 pages has this footer and a "Command Codes BMFOL and BMFOR" header.
    expect(paragraphs.filter((t) => t.includes("Internal Revenue Manual Cat. No")).length).toBeLessThan(20);
    expect(paragraphs.filter((t) => t.startsWith("Command Codes BMFOL and BMFOR")).length).toBeLessThan(20);
    expect(paragraphs.filter((t) => /^page \d+$/i.test(t))).toEqual([]);
  }, 60_000);

  it("writes no spaces between CJK characters", async () => {
    const doc = await parseFile(read("zh-lecture-notes-math-physics-methods.pdf"));
    expect(fullText(doc)).not.toMatch(/[\u4e00-\u9fff] [\u4e00-\u9fff]/);
  });

  it("refuses empty, unknown and oversized files by their bytes", async () => {
    await expect(parseFile(Buffer.alloc(0))).rejects.toMatchObject({ code: "FILE_EMPTY" });
    await expect(parseFile(Buffer.from("just some text, not a document"))).rejects.toMatchObject({
      code: "FILE_UNSUPPORTED",
    });
    await expect(
      parseFile(read("corrupt-helloworld-bad-xref.pdf"), "x.pdf", { maxBytes: 100 }),
    ).rejects.toMatchObject({
      code: "FILE_TOO_LARGE",
    });
    // A PDF behind a few junk bytes is still a PDF.
    const junk = Buffer.concat([Buffer.from("garbage\n"), read("corrupt-helloworld-bad-xref.pdf")]);
    expect((await parseFile(junk)).format).toBe("pdf");
  });

  it("stops a zip whose entries inflate past a small cap", async () => {
    const limits = { maxEntryBytes: 10_000, maxTotalBytes: 20_000, maxEntries: 100 };
    await expect(
      parseFile(read("en-calibre-docx-feature-demo.docx"), "x", { zipLimits: limits }),
    ).rejects.toMatchObject({
      code: "FILE_CORRUPT",
    });
  });
});

const parsed = new Map<string, Promise<SourceDocument>>();
function parsedFixture(file: string): Promise<SourceDocument> {
  let doc = parsed.get(file);
  if (!doc) parsed.set(file, (doc = parseFile(read(file), file)));
  return doc;
}

/** Non-title text lines of each slide: list items, paragraphs and table cells (notes aside). */
function slideLines(doc: SourceDocument): Record<number, string[]> {
  const out: Record<number, string[]> = {};
  for (const s of doc.sections)
    for (const b of s.blocks) {
      if (b.type === "quote") continue;
      const lines = [...(b.items ?? (b.text ? [b.text] : [])), ...(b.rows ?? []).flat().filter(Boolean)];
      (out[b.page] ??= []).push(...lines.filter((l) => l.trim()));
    }
  return out;
}

describe("every bullet of the legacy .ppt decks", () => {
  // Lines per slide as LibreOffice reads the same decks (soffice --convert-to pptx, then the PPTX parser).
  const REFERENCE: Record<string, Record<number, number>> = {
    "en-sample-adding-bullet-slide.ppt": { 1: 5 },
    "en-lecture-mips-lab-operating-systems.ppt": {
      ...{ 1: 2, 2: 2, 3: 2, 5: 1, 6: 3, 7: 36, 8: 3 },
      ...{ 13: 1, 14: 2, 15: 4, 16: 27, 17: 1, 18: 1, 19: 1 },
    },
    "en-talk-counter-usage-statistics.ppt": {
      ...{ 1: 4, 2: 9, 3: 6, 4: 4, 5: 7, 6: 4, 7: 4, 8: 1, 9: 11, 10: 24, 11: 18, 12: 42, 13: 2, 14: 7 },
      ...{ 15: 6, 16: 26, 17: 2, 18: 10, 19: 40, 20: 29, 21: 29, 22: 1, 23: 139, 24: 2, 25: 6, 26: 6 },
      ...{ 27: 6, 28: 10, 29: 14, 30: 6, 31: 6, 32: 12, 33: 3 },
    },
    "en-talk-identity-management.ppt": {
      ...{ 1: 3, 2: 9, 3: 5, 4: 9, 5: 9, 6: 3, 7: 2, 8: 2, 9: 3, 10: 13, 11: 5, 13: 2, 14: 4, 16: 12 },
      ...{ 17: 4, 18: 5, 19: 5, 20: 5, 21: 7, 22: 4, 23: 1 },
    },
  };

  it.each(Object.keys(REFERENCE))("%s: each slide keeps all its lines", async (file) => {
    const lines = slideLines(await parsedFixture(file));
    const counts = Object.fromEntries(Object.entries(lines).map(([page, l]) => [page, l.length]));
    expect(counts).toEqual(Object.fromEntries(Object.entries(REFERENCE[file]!).map(([p, n]) => [p, n])));
  });

  it("keeps repeated cells and bullets (a table's row of zeros)", async () => {
    const lines = slideLines(await parsedFixture("en-talk-counter-usage-statistics.ppt"));
    expect(lines[19]!.filter((l) => l === "0")).toHaveLength(4);
    expect(lines[2]).toEqual([
      "Why was COUNTER formed?",
      "Who are we?",
      "Who is supporting and funding us?",
      "COUNTER Code of Practice",
      "Principles",
      "Features",
      "Compliance and Commitment",
      "Auditing",
      "Future Plans",
    ]);
  });
});

describe("words at line ends and soft breaks", () => {
  it("keeps compounds and joins hyphenation in two-column papers", async () => {
    const dpr = fullText(await parsedFixture("en-paper-dense-passage-retrieval.pdf"));
    for (const compound of [
      "dual-encoder",
      "cross-attention",
      "high-dimensional",
      "open-domain",
      "fine-tuned",
    ])
      expect(dpr).toContain(compound);
    expect(dpr).not.toMatch(/\b(?:dualencoder|crossattention|highdimensional|opendomain|loglikelihood)\b/i);
    expect(dpr).toContain("efficient");
    const jit = fullText(await parsedFixture("en-paper-tracemonkey-trace-jit.pdf"));
    expect(jit).not.toMatch(/Trace- Monkey|Sun- Spider|floatingpoint|typeunstable|nonnegligible/);
    expect(jit).toContain("non-negligible");
  });

  it("keeps a DOCX table cell's paragraphs apart and reads soft breaks as spaces", async () => {
    const topology = await parsedFixture("zh-study-notes-point-set-topology.docx");
    const cells = topology.sections.flatMap((s) => s.blocks.flatMap((b) => (b.rows ?? []).flat()));
    expect(cells).toContain("1.包含空集与全集；2.有限交；3.任意并");
    const demo = fullText(await parsedFixture("en-calibre-docx-feature-demo.docx"));
    expect(demo).toContain("Drop caps are used"); // a drop cap is its own paragraph in Word
    expect(demo).not.toContain("OneThreeTwoFour");

    const doc = await parseFile(await tinyDocx(), "cells.docx");
    expect(doc.sections.flatMap((s) => s.blocks.flatMap((b) => b.rows ?? []))).toEqual([
      ["This is a list: A First; A Second; A Third", "Plain cell"],
    ]);
    expect(fullText(doc)).toContain("A table text with self-attention.");
  });
});

/** A DOCX with a table whose first cell holds four paragraphs, and a paragraph with two soft line breaks. */
async function tinyDocx(): Promise<Buffer> {
  const { default: JSZip } = await import("jszip");
  const zip = new JSZip();
  const p = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
  zip.file(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
  );
  zip.file(
    "_rels/.rels",
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  zip.file(
    "word/document.xml",
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
      `<w:p><w:r><w:t xml:space="preserve">A table</w:t><w:br/><w:t xml:space="preserve">text with self-</w:t><w:br/><w:t>attention.</w:t></w:r></w:p>` +
      `<w:tbl><w:tr><w:tc>${p("This is a list:")}${p("A First")}${p("A Second")}${p("A Third")}</w:tc><w:tc>${p("Plain cell")}</w:tc></w:tr></w:tbl>` +
      `</w:body></w:document>`,
  );
  return zip.generateAsync({ type: "nodebuffer" });
}

describe("a PDF whose text layer is garbage", () => {
  const garbage = "·òåãrù 5/a'0í2 ¸÷ ¿ª¼Ó ÄÚ´¦ íÎö ¡£ÓÉ ºÊý Çø";
  const english =
    "Photosynthesis is the process by which green plants turn light into chemical energy. It takes place in the chloroplasts of the leaf, and it releases the oxygen that we breathe.";

  async function pdfOf(pages: string[]): Promise<Buffer> {
    const { PDFDocument, StandardFonts } = await import("pdf-lib");
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (const text of pages) {
      const page = pdf.addPage([595, 842]);
      const words = text.split(" ");
      for (let line = 0; line < 12; line++)
        page.drawText(words.slice(line % 3).join(" "), { x: 40, y: 780 - line * 18, size: 10, font });
    }
    return Buffer.from(await pdf.save());
  }

  it("is read as having no text layer: no note from it, no language named", async () => {
    await expect(parseFile(await pdfOf([garbage, garbage]), "broken.pdf")).rejects.toMatchObject({
      code: "FILE_NO_TEXT_NO_OCR",
    });
    const doc = await parseFile(await pdfOf([english, garbage]), "half.pdf");
    expect(doc.language).toBe("en");
    expect(doc.sections.flatMap((s) => s.blocks.map((b) => b.page))).not.toContain(2);
    expect(fullText(doc)).not.toContain("òåã");
  });
});
