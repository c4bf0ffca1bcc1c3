import type { SourceDocument } from "@beannote/contract";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDocument, PDFName } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { parseFile } from "../ingest/parse-file";
import { generateOfflineNote } from "./offline";
import {
  emptySections,
  gluedRunningHeaders,
  joinedFootnoteMarkers,
  outlineRecall,
  pdfOutline,
  tocLines,
} from "../../test/note-structure";
import { fixture } from "../../test/pipeline";
import { cachedParseFile } from "../../test/parse-cache";

/** Book chapters with an outline, contents, running headers and footnotes (bench/notes/corpus, made with TeX). */
const CORPUS = path.resolve(fileURLToPath(import.meta.url), "../../../../bench/notes/corpus");
const OUTLINED = ["en", "fr", "ru", "zh"].map((lang) => path.join(CORPUS, `${lang}-book-outline.pdf`));
/** Held out (made after the heading code, measured before it was tuned): a report with parts, a two-column article. */
const HELD_OUT = ["zh-report-parts.pdf", "en-article-twocolumn.pdf"].map((file) => path.join(CORPUS, file));
/** Headings in a side column, beside their text (bold, in the left margin). */
const SIDE_HEADS = path.join(CORPUS, "ru-handbook-sideheads.pdf");
/** Every deck fixture with text. */
const DECKS = [
  "en-lecture-foundations-of-geometry.pptx",
  "en-talk-counter-usage-statistics.ppt",
  "en-lecture-mips-lab-operating-systems.ppt",
  "en-sample-adding-bullet-slide.ppt",
  "en-sample-presentation-bullets.pptx",
  "en-talk-how-we-refactor.pptx",
  "en-talk-identity-management.ppt",
  "en-tutorial-apache-performance-tuning.pptx",
  "malformed-placeholder.pptx",
].map(fixture);
const FIXTURES = [
  "zh-lecture-notes-math-physics-methods.pdf",
  "en-paper-tracemonkey-trace-jit.pdf",
  "en-paper-dense-passage-retrieval.pdf",
  "en-paper-temporal-stereo-matching.pdf",
  "en-talk-counter-usage-statistics.ppt",
  "en-talk-identity-management.ppt",
  "en-lecture-mips-lab-operating-systems.ppt",
  "en-sample-adding-bullet-slide.ppt",
  "en-lab-handout-force-on-current.doc",
  "en-tutorial-apache-performance-tuning.pptx",
  "en-lecture-foundations-of-geometry.pptx",
  "ru-course-syllabus-information-systems.doc",
].map(fixture);

const sources = new Map<string, SourceDocument>();

/** A file's two notes (detail, simple), written once per file and language: several describes look at them. */
const written = new Map<string, Promise<{ data: Buffer; doc: SourceDocument; markdown: string[] }>>();
function notes(file: string, outputLanguage: "en-US" | "zh-CN" = "en-US") {
  const key = `${file}\0${outputLanguage}`;
  let result = written.get(key);
  if (!result) {
    result = (async () => {
      const data = await readFile(file);
      // the real parser, once per version of the reading code (test/parse-cache.ts), not once per suite
      const doc = await cachedParseFile(file);
      sources.set(file, doc);
      const note = (detailLevel: "detail" | "simple") =>
        generateOfflineNote({
          sources: [{ doc, fileName: path.basename(file) }],
          title: doc.title,
          outputLanguage,
          detailLevel,
        }).markdown;
      return { data, doc, markdown: [note("detail"), note("simple")] };
    })();
    written.set(key, result);
  }
  return result;
}

/** The PDF without its outline: the text's own headings have to carry the structure. */
async function withoutOutline(data: Buffer): Promise<Buffer> {
  const pdf = await PDFDocument.load(data, { updateMetadata: false });
  pdf.catalog.delete(PDFName.of("Outlines"));
  return Buffer.from(await pdf.save());
}

describe("the note keeps the document's shape", () => {
  it.each(OUTLINED)(
    "%s: the outline's chapters and sections are note headings, each section under its chapter",
    { timeout: 60_000 },
    async (file) => {
      const { data, markdown } = await notes(file);
      const outline = await pdfOutline(data);
      expect(outline.length).toBeGreaterThanOrEqual(12);
      for (const md of markdown) {
        const result = outlineRecall(outline, md);
        expect(result.missing).toEqual([]);
        expect(result.underChapter).toBe(1);
      }
    },
  );
});

describe("the note keeps the shape of layouts it was not tuned on", () => {
  it.each(HELD_OUT)(
    "%s: the outline's entries are note headings, each section under its chapter",
    { timeout: 60_000 },
    async (file) => {
      const { data, markdown } = await notes(file);
      const outline = await pdfOutline(data);
      expect(outline.length).toBeGreaterThanOrEqual(9);
      for (const md of markdown) {
        const result = outlineRecall(outline, md);
        expect(result.missing).toEqual([]);
        expect(result.underChapter).toBe(1);
      }
    },
  );

  it(
    "a side column's headings are the note's headings, with the outline or without it",
    { timeout: 60_000 },
    async () => {
      const data = await readFile(SIDE_HEADS);
      const outline = await pdfOutline(data);
      expect(outline.length).toBeGreaterThanOrEqual(12);
      const bare = await parseFile(await withoutOutline(data), "handbook.pdf");
      const fromText = generateOfflineNote({
        sources: [{ doc: bare, fileName: "handbook.pdf" }],
        title: bare.title,
        outputLanguage: "en-US",
        detailLevel: "detail",
      }).markdown;
      for (const md of [...(await notes(SIDE_HEADS)).markdown, fromText]) {
        const result = outlineRecall(outline, md);
        expect(result.missing).toEqual([]);
        expect(result.underChapter).toBe(1);
      }
    },
  );

  it(
    "the 400-page manual's side-column headings: ≥ 95% of its outline, ≥ 90% under their chapter",
    { timeout: 180_000 },
    async () => {
      const file = fixture("en-large-irs-manual-400p.pdf");
      const { data, markdown } = await notes(file);
      const result = outlineRecall(await pdfOutline(data), markdown[0]!);
      expect(result.recall).toBeGreaterThanOrEqual(0.95);
      expect(result.underChapter).toBeGreaterThanOrEqual(0.9);
      expect(emptySections(sources.get(file)!, markdown[0]!)).toEqual([]);
    },
  );
});

describe("the note's title", () => {
  it.each([...OUTLINED, ...HELD_OUT, SIDE_HEADS, fixture("en-large-irs-manual-400p.pdf")])(
    "%s: is not a contents heading, a running header, a page label or a number",
    { timeout: 180_000 },
    async (file) => {
      const doc = await cachedParseFile(file);
      expect(doc.title).not.toMatch(
        /^(?:contents|table of contents|table des matières|sommaire|inhalt|оглавление|содержание|目录)$/iu,
      );
      expect(doc.title).not.toMatch(/\bpage \d|\d+\.\d+(?:\.\d+)+ \(rev/iu);
      expect(doc.title).toMatch(/\p{L}{4}|\p{Script=Han}{2}/u);
    },
  );
});

describe("a deck's note", () => {
  it.each(DECKS)(
    "%s: no heading is a slide's number, in English or Chinese",
    { timeout: 60_000 },
    async (file) => {
      for (const language of ["en-US", "zh-CN"] as const)
        for (const md of (await notes(file, language)).markdown)
          expect(md.split("\n").filter((l) => /^#{1,6} (?:Slide|幻灯片) \d+$/u.test(l))).toEqual([]);
    },
  );
});

describe("the note drops the layout's debris", () => {
  it.each([...OUTLINED, ...HELD_OUT, SIDE_HEADS, ...FIXTURES])(
    "%s: no contents line, running header glued to text or footnote marker joined to a word; no section left empty",
    { timeout: 60_000 },
    async (file) => {
      for (const md of (await notes(file)).markdown) {
        expect(emptySections(sources.get(file)!, md)).toEqual([]);
        expect(tocLines(md)).toEqual([]);
        expect(gluedRunningHeaders(md)).toEqual([]);
        expect(joinedFootnoteMarkers(md)).toEqual([]);
      }
    },
  );

  it("the counters find what they count", () => {
    const note = [
      "# Notes",
      "## 7 傅里叶级数",
      "7傅里叶级数然而周期函数可以展开。",
      "## 2 Convex Sets",
      "2 Convex Sets A set is convex when it holds every segment between its points.",
      "Convex Sets 14 A cone is a set closed under positive scaling.",
      "1.1 Vectors and Norms . . . . . . . . 3",
      "This improves performance.4 The cost falls.",
      "2We fixed the seed of every run.",
      "Most sites have less than 10Mbits of outgoing bandwidth; r² grows.",
      "The trustee must decline where the trustee is an insider.11 U.S.C. § 101 applies.",
    ].join("\n");
    expect(tocLines(note)).toEqual(["1.1 Vectors and Norms . . . . . . . . 3"]);
    expect(gluedRunningHeaders(note)).toHaveLength(3);
    expect(joinedFootnoteMarkers(note)).toEqual([
      "This improves performance.4 The cost falls.",
      "2We fixed the seed of every run.",
    ]);
  });
});
