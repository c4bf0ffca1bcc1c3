import type { OutputLanguage, QuestionType } from "@beannote/contract";
import { QUESTION_TYPES } from "@beannote/contract";

/**
 * A question as an engine writes it. The job resolves `quote` in section `sectionIndex` to the page it cites,
 * and the answer-key checker decides whether it may be stored.
 */
export interface QuestionDraft {
  type: QuestionType;
  question: string;
  /** choice and multiple_choice: the options in the order shown; empty for the other types. */
  options: string[];
  /** Indexes into `options` of the right ones: one for choice, two or more for multiple_choice. */
  correct: number[];
  /** judgment: whether the statement is true. */
  statementTrue?: boolean;
  /** The right answer in words (exact types) or the model answer (free text). */
  referenceAnswer: string;
  /** Free text: the points a good answer covers (what grading looks for); empty for the exact types. */
  keyPoints: string[];
  explanation: string;
  sectionIndex: number;
  /** The note text the question was drawn from (for its citation). */
  quote: string;
  /** The cited section's text, kept with the question so that grading sees the source it was asked from. */
  context: string;
}

/** What a quiz is asked with, beside the note's material. */
export interface QuizPlan {
  /** The chosen types (at least one); questions are spread evenly over them. */
  types: QuestionType[];
  count: number;
  /** Varies the pick between quizzes of the same note; the same seed gives the same quiz. */
  seed: string;
  /** Question keys (`questionKey`) of the note's earlier quizzes, asked again only when nothing else is left. */
  avoid?: Set<string>;
}

/** A free-text answer to grade, with everything grading needs (so a later edit of the note changes nothing). */
export interface GradeRequest {
  question: Pick<QuestionDraft, "type" | "question" | "referenceAnswer" | "keyPoints" | "context">;
  answer: string;
  outputLanguage: OutputLanguage;
  signal?: AbortSignal;
}

/** A free-text grade: 0..1, which key points were found and missed, and why, in the output language. */
export interface GradeOutcome {
  score: number;
  found: string[];
  missed: string[];
  reason: string;
  gradedBy: "offline" | "llm";
}

/** How many questions of each chosen type: spread evenly, the earlier types (in §9 order) taking the rest. */
export function spreadTypes(types: QuestionType[], count: number): Map<QuestionType, number> {
  const chosen = QUESTION_TYPES.filter((t) => types.includes(t));
  const out = new Map<QuestionType, number>();
  chosen.forEach((type, i) => {
    const n = Math.floor(count / chosen.length) + (i < count % chosen.length ? 1 : 0);
    if (n > 0) out.set(type, n);
  });
  return out;
}

/**
 * The order questions are asked in: type by type (choice first, as in §9), interleaved per round so that a
 * shortfall of one type is noticed early. Returns one type per slot.
 */
export function slotTypes(types: QuestionType[], count: number): QuestionType[] {
  const spread = spreadTypes(types, count);
  const left = new Map(spread);
  const slots: QuestionType[] = [];
  while (slots.length < count) {
    for (const type of QUESTION_TYPES) {
      const n = left.get(type) ?? 0;
      if (n > 0 && slots.length < count) {
        slots.push(type);
        left.set(type, n - 1);
      }
    }
  }
  return slots;
}

/** Orders drafts for the student: by type in §9 order, then in note order. */
export function examOrder<T extends Pick<QuestionDraft, "type" | "sectionIndex">>(drafts: T[]): T[] {
  const rank = (t: QuestionType) => QUESTION_TYPES.indexOf(t);
  return drafts
    .map((d, i) => ({ d, i }))
    .sort((a, b) => rank(a.d.type) - rank(b.d.type) || a.d.sectionIndex - b.d.sectionIndex || a.i - b.i)
    .map(({ d }) => d);
}
