import { z } from "zod";
import { citation, artefactGeneration } from "./artefacts";
import { MAX_QUIZ_QUESTIONS, QUESTION_TYPES, type QuestionType } from "./limits";
import { entityId, isStorableText } from "./text";
import { defineKindContract } from "./kind-contract";

/** The quizzes' part of the central lists (see kind-contract.ts): paths, route summaries, errors, price. */
export const quizContract = defineKindContract({
  name: "quiz",
  paths: {
    noteQuiz: "/note/:noteId/quiz",
    noteQuizzes: "/note/:noteId/quizzes",
    quizzes: "/quizzes",
    quiz: "/quiz/:quizId",
    quizAnswer: "/quiz/:quizId/answer",
    quizRetry: "/quiz/:quizId/retry",
  },
  routes: {
    "POST /note/:noteId/quiz": { summary: "Generate a quiz" },
    "GET /note/:noteId/quizzes": { summary: "The note's quizzes" },
    "GET /quizzes": { summary: "All quizzes, newest first" },
    "GET /quiz/:quizId": { summary: "A quiz" },
    "POST /quiz/:quizId/answer": { summary: "Answer a question" },
    "POST /quiz/:quizId/retry": { summary: "Retry a quiz" },
  },
  errors: {
    QUIZ_TYPE_REQUIRED: 400,
    QUIZ_TYPE_INVALID: 400,
    QUIZ_COUNT_INVALID: 400,
    QUIZ_TOO_MANY: 400,
    QUIZ_ANSWER_INVALID: 400,
    QUIZ_ALREADY_ANSWERED: 409,
    QUIZ_NOT_READY: 409,
    QUIZ_NOTHING_TO_RETRY: 409,
    QUIZ_EMPTY: 422,
    QUIZ_GENERATION_FAILED: 500,
    QUIZ_NETWORK_ERROR: 503,
  },
  price: { quiz: 2 },
});

export const QUIZ_COUNT_MIN = 1;
/** Longest free-text answer a student may send (an essay fits). */
export const QUIZ_ANSWER_TEXT_MAX = 8000;
/** A free-text answer passes (and is not retried) from this score on. */
export const QUIZ_PASS_SCORE = 0.6;
export const QUIZ_HISTORY_LIMIT_MAX = 100;
/** Option counts the answer-key checker allows, per type with options. */
export const QUIZ_OPTION_COUNTS = {
  choice: { min: 3, max: 5 },
  multiple_choice: { min: 4, max: 6 },
} as const;

/** Types graded exactly against their key; the other three are free text graded against a reference answer. */
export const EXACT_QUESTION_TYPES = ["choice", "multiple_choice", "judgment"] as const;
export const FREE_TEXT_QUESTION_TYPES = ["short_answer", "case_analysis", "discourse"] as const;
export const isFreeTextType = (type: QuestionType): boolean =>
  (FREE_TEXT_QUESTION_TYPES as readonly string[]).includes(type);

export const questionType = z.enum(QUESTION_TYPES, "QUIZ_TYPE_INVALID");

export const quizIdParams = z.object({ quizId: entityId });

// POST /note/:noteId/quiz
export const createQuizRequest = z
  .object({
    types: z
      .array(questionType, "QUIZ_TYPE_REQUIRED")
      .min(1, "QUIZ_TYPE_REQUIRED")
      .max(QUESTION_TYPES.length * 2, "QUIZ_TYPE_INVALID"),
    count: z
      .number("QUIZ_COUNT_INVALID")
      .int("QUIZ_COUNT_INVALID")
      .min(QUIZ_COUNT_MIN, "QUIZ_COUNT_INVALID")
      .max(MAX_QUIZ_QUESTIONS, "QUIZ_TOO_MANY"),
  })
  .strict();
export type CreateQuizRequest = z.infer<typeof createQuizRequest>;
export const createQuizResponse = z.object({ quizId: z.string(), jobId: z.string() });
export type CreateQuizResponse = z.infer<typeof createQuizResponse>;

/** An answer: one optionId (choice), optionIds (multiple_choice), true/false (judgment), text (free text). */
export const quizAnswerValue = z.union([
  z.string().max(QUIZ_ANSWER_TEXT_MAX, "QUIZ_ANSWER_INVALID").refine(isStorableText, "TEXT_INVALID"),
  z.array(z.string().max(64, "QUIZ_ANSWER_INVALID")).max(6, "QUIZ_ANSWER_INVALID"),
  z.boolean(),
]);
export type QuizAnswerValue = z.infer<typeof quizAnswerValue>;

// POST /quiz/:quizId/answer
export const answerQuizRequest = z.object({ questionId: entityId, answer: quizAnswerValue }).strict();
export type AnswerQuizRequest = z.infer<typeof answerQuizRequest>;

/** How a question was graded: exactly against its key, or a free-text answer by coverage (offline) or a model. */
export const QUIZ_GRADERS = ["exact", "offline", "llm"] as const;

/** The analysis of one answered question, shown after the answer is sent (keys are hidden until then). */
export const questionResult = z.object({
  correct: z.boolean(),
  /** 0..1: exact types score 0 or 1; free text partial credit. */
  score: z.number().min(0).max(1),
  /** The right optionId (choice), optionIds (multiple_choice) or true/false (judgment); null for free text. */
  rightAnswer: z.union([z.string(), z.array(z.string()), z.boolean()]).nullable(),
  /** The right answer in words (exact types) or the model answer to compare with (free text). */
  referenceAnswer: z.string(),
  explanation: z.string(),
  /** The page the question was drawn from. */
  source: citation.nullable(),
  /** Free text: the reference's key points the answer covered and missed. */
  found: z.array(z.string()),
  missed: z.array(z.string()),
  /** Free text: why it got this score, in the note's output language. */
  reason: z.string().nullable(),
  gradedBy: z.enum(QUIZ_GRADERS),
});
export type QuestionResult = z.infer<typeof questionResult>;
export const answerQuizResponse = questionResult.extend({
  questionId: z.string(),
  /** True once every question of the quiz has an answer. */
  quizFinished: z.boolean(),
});
export type AnswerQuizResponse = z.infer<typeof answerQuizResponse>;

export const quizOption = z.object({ optionId: z.string(), text: z.string() });
export type QuizOption = z.infer<typeof quizOption>;

/** A question as the student sees it: no key until it is answered, then the answer given and its analysis. */
export const quizQuestion = z.object({
  questionId: z.string(),
  position: z.number().int(),
  type: questionType,
  question: z.string(),
  /** choice and multiple_choice only; empty for the others. */
  options: z.array(quizOption),
  answered: z.object({ answer: quizAnswerValue, answeredAt: z.string(), result: questionResult }).nullable(),
});
export type QuizQuestion = z.infer<typeof quizQuestion>;

export const QUIZ_STATUSES = ["generating", "ready", "failed", "cancelled"] as const;
export type QuizStatus = (typeof QUIZ_STATUSES)[number];

/** What a history row and a quiz's head share: when, which types, how many, how it went. */
export const quizSummary = z.object({
  quizId: z.string(),
  noteId: z.string(),
  noteTitle: z.string(),
  status: z.enum(QUIZ_STATUSES),
  types: z.array(questionType),
  /** Questions asked for (generation) or taken over (retry). */
  count: z.number().int(),
  /** Questions in the stored quiz (may be fewer than asked when the note is short). */
  questionCount: z.number().int(),
  answeredCount: z.number().int(),
  correctCount: z.number().int(),
  /** Sum of the question scores over the question count, 0..1; null until the first answer. */
  score: z.number().min(0).max(1).nullable(),
  createdAt: z.string(),
  /** From the first look at the questions to the last answer; null until then. */
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** The quiz this one retries (its wrong questions), if any. */
  retryOf: z.string().nullable(),
});
export type QuizSummary = z.infer<typeof quizSummary>;

// GET /quiz/:quizId
export const quizDetail = quizSummary.extend({
  questions: z.array(quizQuestion),
  /** The generation job while it runs or after it failed; null for a retry quiz. */
  generation: artefactGeneration,
});
export type QuizDetail = z.infer<typeof quizDetail>;

// GET /note/:noteId/quizzes, GET /quizzes
export const quizHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(QUIZ_HISTORY_LIMIT_MAX).default(50),
});
export type QuizHistoryQuery = z.input<typeof quizHistoryQuery>;
export const quizHistoryResponse = z.object({
  /** Ready quizzes, newest first. */
  quizzes: z.array(quizSummary),
  /** A generation of this note still queued or running (note history only), so a reload can follow it. */
  generating: z.object({ quizId: z.string(), jobId: z.string() }).nullable(),
});
export type QuizHistoryResponse = z.infer<typeof quizHistoryResponse>;

// POST /quiz/:quizId/retry
export const retryQuizResponse = z.object({ quizId: z.string() });
export type RetryQuizResponse = z.infer<typeof retryQuizResponse>;
