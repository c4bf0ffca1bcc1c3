import type { Citation } from "@beannote/contract";
import { QUIZ_OPTION_COUNTS, isFreeTextType } from "@beannote/contract";
import type { NoteMaterial } from "../note-material";
import { sectionSentences } from "../note-material";
import { hasPlaceholder } from "../nlp";
import type { QuestionDraft } from "./question";
import { contentStems, questionKey, sameOrContains } from "./quiz-text";

/** A draft whose citation has been resolved: what the checker judges and the job stores. */
export type CitedQuestion = QuestionDraft & { citation: Citation | null };

/** Why a question may not be stored: each names one broken rule of the answer key. */
export type KeyProblem =
  | "question-empty"
  | "options-count"
  | "options-not-allowed"
  | "option-empty"
  | "options-duplicate"
  | "correct-count"
  | "correct-index"
  | "all-options-correct"
  | "distractor-rewords-answer"
  | "distractor-off-material"
  | "judgment-key-missing"
  | "reference-missing"
  | "key-points-missing"
  | "explanation-missing"
  | "citation-missing"
  | "duplicate-question"
  | "judgments-all-true"
  /** A stem, option, reference, key point or explanation shows a reader's stand-in ("[equation]"). */
  | "placeholder";

/** What the checker needs to know of the note: its words (distractors must come from the same material). */
export interface KeyContext {
  /** Content stems of the note (see `materialVocabulary`). */
  vocabulary: Set<string>;
  locale: string;
}

/** Every content stem of a note's text, headings included. */
export function materialVocabulary(material: NoteMaterial): Set<string> {
  const out = new Set<string>();
  const locale = material.bodyLanguage;
  const add = (text: string) => contentStems(text, locale).forEach((s) => out.add(s));
  add(material.title);
  material.keyTerms.forEach(add);
  for (const section of material.sections) {
    add(section.heading);
    for (const s of sectionSentences(section)) add(s.text);
    for (const b of section.blocks) if (b.type === "table") b.rows.forEach((r) => add(r.join(" ")));
  }
  return out;
}

const sameWords = (a: string, b: string, locale: string): boolean => {
  const sa = contentStems(a, locale).sort().join(" ");
  return sa.length > 0 && sa === contentStems(b, locale).sort().join(" ");
};

/** Whether an option's words come from the note (numbers aside): at least half of its content words. */
function fromMaterial(option: string, ctx: KeyContext): boolean {
  const stems = contentStems(option, ctx.locale).filter((s) => !/\p{N}/u.test(s));
  if (stems.length === 0) return true;
  return stems.filter((s) => ctx.vocabulary.has(s)).length / stems.length >= 0.5;
}

/** The rules one question breaks (none: it may be stored). */
export function questionProblems(q: CitedQuestion, ctx: KeyContext): KeyProblem[] {
  const problems: KeyProblem[] = [];
  if (!q.question.trim()) problems.push("question-empty");
  if (!q.referenceAnswer.trim()) problems.push("reference-missing");
  if (!q.explanation.trim()) problems.push("explanation-missing");
  if (!q.citation || q.citation.source < 1 || q.citation.page < 1) problems.push("citation-missing");
  if ([q.question, ...q.options, q.referenceAnswer, ...q.keyPoints, q.explanation].some(hasPlaceholder))
    problems.push("placeholder");

  if (q.type === "choice" || q.type === "multiple_choice") {
    const { min, max } = QUIZ_OPTION_COUNTS[q.type];
    const options = q.options;
    if (options.length < min || options.length > max) problems.push("options-count");
    if (options.some((o) => !o.trim())) problems.push("option-empty");
    const correct = [...new Set(q.correct)];
    if (correct.length !== q.correct.length || correct.some((i) => !Number.isInteger(i) || !options[i]))
      problems.push("correct-index");
    if (q.type === "choice" ? correct.length !== 1 : correct.length < 2) problems.push("correct-count");
    if (q.type === "multiple_choice" && correct.length >= options.length)
      problems.push("all-options-correct");
    const duplicate = options.some((a, i) =>
      options.some((b, j) => j > i && (sameOrContains(a, b) || sameWords(a, b, ctx.locale))),
    );
    const rights = correct.map((i) => options[i] ?? "");
    const distractors = options.filter((_, i) => !correct.includes(i));
    if (duplicate) {
      // a distractor that is an answer in other words is the worse fault: name it
      const rewords = distractors.some((d) =>
        rights.some((r) => sameOrContains(d, r) || sameWords(d, r, ctx.locale)),
      );
      problems.push(rewords ? "distractor-rewords-answer" : "options-duplicate");
    }
    if (distractors.some((d) => !fromMaterial(d, ctx))) problems.push("distractor-off-material");
  } else if (q.options.length > 0 || q.correct.length > 0) {
    problems.push("options-not-allowed");
  }

  if (q.type === "judgment" && typeof q.statementTrue !== "boolean") problems.push("judgment-key-missing");
  if (isFreeTextType(q.type) && q.keyPoints.filter((p) => p.trim()).length === 0)
    problems.push("key-points-missing");
  return problems;
}

/**
 * The answer-key checker the server runs on every quiz before it is stored, whatever wrote it: each question
 * must pass `questionProblems`, no question may repeat another, and the quiz's judgment questions may not all
 * be true (when they are, they are all left out).
 */
export function checkQuiz<T extends CitedQuestion>(
  questions: T[],
  ctx: KeyContext,
): { accepted: T[]; rejected: { question: T; problems: KeyProblem[] }[] } {
  const accepted: T[] = [];
  const rejected: { question: T; problems: KeyProblem[] }[] = [];
  const seen = new Set<string>();
  for (const question of questions) {
    const problems = questionProblems(question, ctx);
    const key = questionKey(question.type, question.question);
    if (seen.has(key)) problems.push("duplicate-question");
    if (problems.length) rejected.push({ question, problems });
    else {
      seen.add(key);
      accepted.push(question);
    }
  }
  const judgments = accepted.filter((q) => q.type === "judgment");
  if (judgments.length > 0 && judgments.every((q) => q.statementTrue === true)) {
    for (const q of judgments) rejected.push({ question: q, problems: ["judgments-all-true"] });
    return { accepted: accepted.filter((q) => q.type !== "judgment"), rejected };
  }
  return { accepted, rejected };
}
