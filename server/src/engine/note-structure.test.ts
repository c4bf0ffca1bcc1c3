import type { SourceDocument } from "@beannote/contract";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
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

/** Book chapters with an outline, contents, running headers and footnotes (bench/notes/corpus, made with TeX). */
const CORPUS = path.resolve(fileURLToPath(import.meta.url), "../../../../bench/notes/corpus");
const OUTLINED = ["en", "fr", "ru", "zh"].map((lang) => path.join(CORPUS, `${lang}-book-outline.pdf`));
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

async function notes(file: string) {
  const data = await readFile(file);
  const doc = await parseFile(data, path.basename(file));
  sources.set(file, doc);
  const note = (detailLevel: "detail" | "simple") =>
    generateOfflineNote({
      sources: [{ doc, fileName: path.basename(file) }],
      title: doc.title,
      outputLanguage: "en-US",
      detailLevel,
    }).markdown;
  return { data, markdown: [note("detail"), note("simple")] };
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

describe("the note drops the layout's debris", () => {
  it.each([...OUTLINED, ...FIXTURES])(
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
