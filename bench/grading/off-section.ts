/**
 * Grading on generated quizzes: for every free-text question the offline engine writes from a fixture
 * document, the reference answer must pass and an answer taken from another section of the same note (fluent,
 * on the document's subject, but about something else) must be wrong (score ≤ 0.1). Target: ≥ 90% of the
 * questions get both right.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FREE_TEXT_QUESTION_TYPES, QUIZ_PASS_SCORE, type OutputLanguage } from "@beannote/contract";
import { createOfflineEngine, noteMaterial } from "../../server/src/engine";
import { sectionSentences } from "../../server/src/engine/note-material";
import { offlineGrade } from "../../server/src/engine/quiz/grade";
import { parseFile } from "../../server/src/ingest/parse-file";

const FIXTURES = path.resolve(fileURLToPath(new URL("../../../shared/fixtures/documents", import.meta.url)));
const DOCUMENTS: [string, OutputLanguage][] = [
  ["en-paper-dense-passage-retrieval.pdf", "en-US"],
  ["en-paper-tracemonkey-trace-jit.pdf", "en-US"],
  ["en-lecture-foundations-of-geometry.pptx", "en-US"],
  ["en-tutorial-apache-performance-tuning.pptx", "en-US"],
  ["zh-study-notes-point-set-topology.docx", "zh-CN"],
  ["zh-lecture-notes-math-physics-methods.pdf", "zh-CN"],
  ["ru-course-syllabus-information-systems.doc", "en-US"],
];

export interface OffSectionResult {
  file: string;
  questions: number;
  referencePasses: number;
  offSectionWrong: number;
  both: number;
  failures: string[];
}

/** Grades the reference answer and an off-section answer of every free-text question of a few quizzes per document. */
export async function offSectionGrading(): Promise<OffSectionResult[]> {
  const engine = createOfflineEngine();
  const results: OffSectionResult[] = [];
  for (const [file, outputLanguage] of DOCUMENTS) {
    const doc = await parseFile(await readFile(path.join(FIXTURES, file)), file);
    const note = await engine.generateNote({
      sources: [{ doc, fileName: file }],
      title: doc.title || file,
      outputLanguage,
      detailLevel: "detail",
    });
    const material = noteMaterial({
      title: doc.title,
      markdown: note.markdown,
      outputLanguage,
      sources: [doc],
    });
    const result: OffSectionResult = {
      file,
      questions: 0,
      referencePasses: 0,
      offSectionWrong: 0,
      both: 0,
      failures: [],
    };
    const seen = new Set<string>();
    for (const seed of ["a", "b", "c"]) {
      const quiz = await engine.quiz({ material, types: [...FREE_TEXT_QUESTION_TYPES], count: 9, seed });
      for (const q of quiz) {
        if (seen.has(q.question)) continue;
        seen.add(q.question);
        // the section farthest from the question's that has text: an answer about something else
        const others = material.sections
          .map((s, i) => ({
            i,
            text: sectionSentences(s)
              .slice(0, 3)
              .map((x) => x.text)
              .join(" "),
          }))
          .filter((s) => s.i !== q.sectionIndex && s.text.length > 40);
        if (others.length === 0) continue;
        const other = others.reduce((a, b) =>
          Math.abs(b.i - q.sectionIndex) > Math.abs(a.i - q.sectionIndex) ? b : a,
        );
        const reference = offlineGrade({ question: q, answer: q.referenceAnswer, outputLanguage });
        const off = offlineGrade({ question: q, answer: other.text, outputLanguage });
        const right = reference.score >= QUIZ_PASS_SCORE;
        const wrong = off.score <= 0.1;
        result.questions++;
        if (right) result.referencePasses++;
        if (wrong) result.offSectionWrong++;
        if (right && wrong) result.both++;
        else
          result.failures.push(
            `${q.type} "${q.question.slice(0, 70)}": reference ${reference.score}, off-section ${off.score} ("${other.text.slice(0, 60)}")`,
          );
      }
    }
    results.push(result);
  }
  return results;
}
