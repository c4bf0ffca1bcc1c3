/**
 * Quiz quality per document (`npm run bench:quiz-quality [name-regex] [--show]`): a 15-question quiz of all six
 * types from the detailed offline note of every fixture with text and of the built documents (English, Chinese,
 * Japanese, French, Russian), kept as the server keeps it (after the answer-key check), measured as in
 * quiz-quality.ts. Targets: 15 questions of every type, filler options ≤ 5%, judgments are statements, every
 * explanation quotes the source. --show prints the questions.
 */
import { QUESTION_TYPES } from "@beannote/contract";
import { checkQuiz, createOfflineEngine, materialVocabulary, noteMaterial } from "../../server/src/engine";
import { quizLanguage } from "../../server/src/engine/quiz/offline";
import { corpusNotes } from "./quiz-corpus";
import { measureQuiz, qualityLine, type QuizQuality } from "./quiz-quality";

const show = process.argv.includes("--show");
const pattern = process.argv.slice(2).find((a) => !a.startsWith("--"));
const engine = createOfflineEngine();
const all: QuizQuality[] = [];

for await (const { name, outputLanguage, doc, markdown } of corpusNotes(
  pattern ? new RegExp(pattern) : undefined,
)) {
  const material = noteMaterial({ title: doc.title || name, markdown, outputLanguage, sources: [doc] });
  const drafts = await engine.quiz({ material, types: [...QUESTION_TYPES], count: 15, seed: "quality" });
  const { accepted, rejected } = checkQuiz(
    drafts.map((d) => ({ ...d, citation: material.cite(d.sectionIndex, d.quote) })),
    { vocabulary: materialVocabulary(material), locale: material.bodyLanguage },
  );
  const quality = measureQuiz(material, 15, accepted);
  all.push(quality);
  // the language the quiz reads the note in (its prose, formulas aside), not the output language
  console.log(qualityLine(`${name} [${quizLanguage(material)}]`, quality));
  for (const r of rejected)
    console.log(
      `  rejected ${r.question.type} (${r.problems.join(", ")}): ${r.question.question.slice(0, 100)}`,
    );
  if (quality.fillerOptions.length) console.log(`  filler: ${quality.fillerOptions.join(" | ")}`);
  for (const j of quality.judgmentQuestions) console.log(`  judgment as question: ${j}`);
  for (const q of quality.foreignReference)
    console.log(`  reference from another section: ${q.slice(0, 100)}`);
  for (const q of quality.sharedHeading) console.log(`  shared heading: ${q.slice(0, 100)}`);
  for (const q of quality.unrelatedCase) console.log(`  case key not answering: ${q.slice(0, 140)}`);
  if (show) {
    for (const q of accepted) {
      console.log(`  [${q.type}] ${q.question}`);
      if (q.options.length)
        console.log(
          `     options: ${q.options.map((o, i) => (q.correct.includes(i) ? `*${o}*` : o)).join(" | ")}`,
        );
      if (q.type === "judgment") console.log(`     → ${q.statementTrue}`);
      if (q.keyPoints.length)
        console.log(`     reference: ${q.referenceAnswer.replace(/\n/g, " / ").slice(0, 200)}`);
      console.log(`     why: ${q.explanation.slice(0, 200)}`);
    }
  }
}

const sum = (f: (q: QuizQuality) => number) => all.reduce((n, q) => n + f(q), 0);
const full = all.filter((q) => q.delivered === q.asked && q.types.size === 6).length;
console.log(
  `\n${all.length} documents: ${full} with 15 questions of all six types; delivered ${sum((q) => q.delivered)}/${sum((q) => q.asked)}; ` +
    `filler options ${sum((q) => q.fillerOptions.length)}/${sum((q) => q.options)} ` +
    `(${(
      (100 * sum((q) => q.fillerOptions.length)) /
      Math.max(
        1,
        sum((q) => q.options),
      )
    ).toFixed(1)}%, target ≤ 5%); ` +
    `judgments as questions ${sum((q) => q.judgmentQuestions.length)}/${sum((q) => q.judgments)}; ` +
    `explanations quoting no source ${sum((q) => q.noExplanation.length)}; references from another section ${sum((q) => q.foreignReference.length)}; ` +
    `questions on a shared heading ${sum((q) => q.sharedHeading.length)}; ` +
    `case keys not answering their passage ${sum((q) => q.unrelatedCase.length)}/${sum((q) => q.cases)}`,
);
