import type { QuestionResult, QuestionType, QuizAnswerValue, QuizQuestion } from "@beannote/contract";
import { isFreeTextType } from "@beannote/contract/quiz";

/** What the student has chosen or typed so far for a question; null: nothing yet. */
export type AnswerDraft = QuizAnswerValue | null;

/** Whether a draft can be sent: one option, at least one option, true/false, or some text. */
export function isDraftReady(type: QuestionType, draft: AnswerDraft): draft is QuizAnswerValue {
  if (draft === null) return false;
  if (type === "choice") return typeof draft === "string" && draft.length > 0;
  if (type === "multiple_choice") return Array.isArray(draft) && draft.length > 0;
  if (type === "judgment") return typeof draft === "boolean";
  return typeof draft === "string" && draft.trim().length > 0;
}

/**
 * The draft after pressing a number key (1–6): picks an option (choice), toggles one (multiple choice), or
 * says true (1) / false (2) for a judgment. Free text and keys past the options leave it as it is.
 */
export function draftAfterKey(question: QuizQuestion, draft: AnswerDraft, key: number): AnswerDraft {
  if (question.type === "judgment") return key === 1 ? true : key === 2 ? false : draft;
  const option = question.options[key - 1];
  if (!option) return draft;
  if (question.type === "choice") return option.optionId;
  if (question.type === "multiple_choice") {
    const chosen = Array.isArray(draft) ? draft : [];
    return chosen.includes(option.optionId)
      ? chosen.filter((id) => id !== option.optionId)
      : question.options.map((o) => o.optionId).filter((id) => id === option.optionId || chosen.includes(id));
  }
  return draft;
}

/** Option texts of ids, in the order the options are shown. */
export function optionTexts(question: Pick<QuizQuestion, "options">, ids: string[]): string[] {
  return question.options.filter((o) => ids.includes(o.optionId)).map((o) => o.text);
}

/** An answer (the student's or the key) in words: option texts, true/false, or the text itself. */
export function answerWords(
  question: Pick<QuizQuestion, "type" | "options">,
  answer: QuizAnswerValue | null,
  words: { true: string; false: string },
): string[] {
  if (answer === null) return [];
  if (typeof answer === "boolean") return [answer ? words.true : words.false];
  if (isFreeTextType(question.type)) return typeof answer === "string" && answer.trim() ? [answer] : [];
  return optionTexts(question, Array.isArray(answer) ? answer : [answer]);
}

/** The result in three grades: right, partly right (free text with some credit), wrong. */
export function verdict(result: Pick<QuestionResult, "correct" | "score">): "correct" | "partial" | "wrong" {
  if (result.correct) return "correct";
  return result.score > 0 ? "partial" : "wrong";
}

/** The first question still to answer, else the last one. */
export function firstOpen(questions: QuizQuestion[]): number {
  const i = questions.findIndex((q) => !q.answered);
  return i >= 0 ? i : Math.max(0, questions.length - 1);
}

/** Minutes and seconds of a duration. */
export function splitDuration(ms: number): { m: number; s: number } {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return { m: Math.floor(seconds / 60), s: seconds % 60 };
}
