import path from "node:path";
import type { OutputLanguage, QuestionType, SourceDocument } from "@beannote/contract";
import { QUESTION_TYPES } from "@beannote/contract";
import { cachedParseFile } from "../../../test/parse-cache";
import { describe, expect, it } from "vitest";
import { generateOfflineNote } from "../offline";
import { createPageLocator, noteMaterial, normaliseForMatch, sectionSentences } from "../note-material";
import { isConceptTerm } from "../nlp";
import { osMaterial } from "../../../test/quiz-material";
import { checkQuiz, materialVocabulary } from "./answer-key";
import { offlineQuiz, quizLanguage } from "./offline";
import { spreadTypes } from "./question";
import { questionKey, scriptOf } from "./quiz-text";

const FIXTURES = path.resolve(import.meta.dirname, "../../../../../shared/fixtures/documents");
const ALL = [...QUESTION_TYPES];

// Every format and script: Latin (PDF, DOCX, PPTX, DOC, PPT), Chinese (PDF, DOCX), Cyrillic (DOC).
const cases: [file: string, output: OutputLanguage][] = [
  ["en-paper-dense-passage-retrieval.pdf", "en-US"],
  ["zh-lecture-notes-math-physics-methods.pdf", "zh-CN"],
  ["zh-study-notes-point-set-topology.docx", "zh-CN"],
  ["en-calibre-docx-feature-demo.docx", "en-US"],
  ["en-lecture-foundations-of-geometry.pptx", "fr-FR"],
  ["en-lab-handout-force-on-current.doc", "en-US"],
  ["ru-course-syllabus-information-systems.doc", "de-DE"],
  ["en-talk-identity-management.ppt", "en-US"],
];

async function materialOf(file: string, outputLanguage: OutputLanguage) {
  const doc: SourceDocument = await cachedParseFile(path.join(FIXTURES, file), file);
  const note = generateOfflineNote({
    sources: [{ doc, fileName: file }],
    title: doc.title || file,
    outputLanguage,
    detailLevel: "detail",
  });
  return {
    doc,
    material: noteMaterial({ title: doc.title, markdown: note.markdown, outputLanguage, sources: [doc] }),
  };
}

describe("offline quiz on fixture notes", () => {
  it.each(cases)(
    "%s: 15 questions of all six types, every one passing the answer-key checker",
    async (file, output) => {
      const { doc, material } = await materialOf(file, output);
      const quiz = await offlineQuiz(material, { types: ALL, count: 15, seed: file });
      expect(quiz.length).toBeGreaterThanOrEqual(8);
      expect(quiz.length).toBeLessThanOrEqual(15);
      const cited = quiz.map((q) => ({ ...q, citation: material.cite(q.sectionIndex, q.quote) }));
      const { accepted, rejected } = checkQuiz(cited, {
        vocabulary: materialVocabulary(material),
        locale: material.bodyLanguage,
      });
      expect(rejected.map((r) => [r.question.question, r.problems])).toEqual([]);
      expect(accepted).toHaveLength(quiz.length);
      expect(new Set(quiz.map((q) => q.type)).size).toBeGreaterThanOrEqual(4);

      const locator = createPageLocator([doc]);
      const terms = new Set(material.keyTerms.map(normaliseForMatch));
      const noteText = material.sections
        .flatMap((s) => sectionSentences(s).map((x) => x.text))
        .join("\n")
        .toLowerCase();
      for (const q of cited) {
        // each question cites a page that holds the text it was drawn from
        const page = locator.pageText(q.citation!);
        const quote = normaliseForMatch(q.quote);
        expect(
          page.includes(quote.slice(0, 24)) || page.includes(quote.slice(-24)),
          `${q.quote} @ ${q.citation!.page}`,
        ).toBe(true);
        if (q.type === "choice" && !/\d|\$/.test(q.referenceAnswer)) {
          // distractors are other terms of the same note (marked, or noun phrases of its text), in the
          // answer's script, and name concepts
          const answer = q.options[q.correct[0]!]!;
          for (const option of q.options) {
            expect(scriptOf(option)).toBe(scriptOf(answer));
            const inText = noteText.includes(option.toLowerCase());
            expect(terms.has(normaliseForMatch(option)) || inText, option).toBe(true);
            expect(isConceptTerm(option, quizLanguage(material)), option).toBe(true);
          }
        }
        if (q.type === "judgment" && q.statementTrue === false) {
          // the explanation quotes the true sentence of the note
          expect(q.explanation).toContain(q.quote);
          expect(q.question).not.toBe(q.quote);
        }
      }
      const judgments = quiz.filter((q) => q.type === "judgment");
      if (judgments.length) expect(judgments.some((q) => q.statementTrue === false)).toBe(true);
    },
  );

  it("spreads mixed types evenly over the chosen ones and the questions over the note's sections", async () => {
    const { material } = await materialOf(cases[0]![0], "en-US");
    const quiz = await offlineQuiz(material, { types: ALL, count: 15, seed: "spread" });
    const counts = new Map<QuestionType, number>();
    for (const q of quiz) counts.set(q.type, (counts.get(q.type) ?? 0) + 1);
    expect(counts).toEqual(spreadTypes(ALL, 15));
    expect([...counts.values()].sort()).toEqual([2, 2, 2, 3, 3, 3]);
    // in §9 order, type by type
    expect(quiz.map((q) => q.type)).toEqual(QUESTION_TYPES.flatMap((t) => Array(counts.get(t)).fill(t)));
    expect(new Set(quiz.map((q) => q.sectionIndex)).size).toBeGreaterThanOrEqual(10);
    expect(spreadTypes(["judgment", "choice"], 5)).toEqual(
      new Map([
        ["choice", 3],
        ["judgment", 2],
      ]),
    );
  });

  it("writes the same quiz for the same seed, another for another seed, and avoids earlier questions", async () => {
    const { material } = await materialOf(cases[0]![0], "en-US");
    const plan = { types: ["choice", "judgment"] as QuestionType[], count: 6 };
    const a = await offlineQuiz(material, { ...plan, seed: "one" });
    expect(await offlineQuiz(material, { ...plan, seed: "one" })).toEqual(a);
    const b = await offlineQuiz(material, { ...plan, seed: "two" });
    expect(b.map((q) => q.question)).not.toEqual(a.map((q) => q.question));
    const avoid = new Set(a.map((q) => questionKey(q.type, q.question)));
    const c = await offlineQuiz(material, { ...plan, seed: "one", avoid });
    expect(c).toHaveLength(6);
    expect(c.filter((q) => avoid.has(questionKey(q.type, q.question)))).toEqual([]);
  });

  it("asks in the output language, CJK blanks without spaces", async () => {
    const { material } = await materialOf("zh-study-notes-point-set-topology.docx", "zh-CN");
    const quiz = await offlineQuiz(material, { types: ALL, count: 12, seed: "zh" });
    for (const q of quiz.filter((x) => x.type === "choice"))
      expect(q.question).toMatch(/^下列哪个(?:术语|数值)应填入空白处？「.*＿＿＿.*」$/u);
    for (const q of quiz.filter((x) => x.type === "discourse")) expect(q.question).toMatch(/^论述「.+」/u);
    for (const q of quiz.filter((x) => x.type === "judgment"))
      expect(q.referenceAnswer).toMatch(/^(正确|错误)$/u);
  });

  it("builds each kind of question from a small note: term/definition, statements, swapped terms, key points", async () => {
    const material = osMaterial();
    const quiz = await offlineQuiz(material, { types: ALL, count: 8, seed: "os" });
    const choice = quiz.find((q) => q.type === "choice")!;
    expect(choice.question).toMatch(/^Which term fills the blank\? “.*_____.*”$/);
    expect(choice.options.length).toBeGreaterThanOrEqual(3);
    const judgment = quiz.find((q) => q.type === "judgment")!;
    expect(judgment.statementTrue).toBe(false);
    expect(judgment.explanation).toMatch(/^False: “.+” takes the place of “.+”\. The note says: “.+”$/);
    const short = quiz.find((q) => q.type === "short_answer")!;
    expect(short.keyPoints.length).toBeGreaterThan(0);
    expect(short.referenceAnswer).toBe(short.keyPoints.join("\n"));
    expect(short.context).toContain(short.keyPoints[0]);
  });
});
