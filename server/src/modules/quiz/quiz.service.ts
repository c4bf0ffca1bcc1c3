import { randomUUID } from "node:crypto";
import type {
  AnswerQuizRequest,
  AnswerQuizResponse,
  CreateQuizRequest,
  CreateQuizResponse,
  QuestionResult,
  QuestionType,
  QuizAnswerValue,
  QuizDetail,
  QuizHistoryResponse,
  QuizQuestion,
  QuizSummary,
} from "@beannote/contract";
import { QUESTION_TYPES, QUIZ_PASS_SCORE, isFreeTextType } from "@beannote/contract";
import { z } from "zod";
import type { Db } from "../../db/client";
import { withKeyLocks } from "../../db/key-lock";
import type { CitedQuestion, Engine, GradeOutcome } from "../../engine";
import { isModelUnavailable } from "../../engine";
import { AppError } from "../../http/app-error";
import { artefactJobSpec, artefactPayload, type ArtefactJobs } from "../artefacts/artefact-kind";
import type { ArtefactCopier, StudyNotes } from "../notes/study-notes";
import { quizRepo, type QuestionInsert, type QuestionRow, type QuizListRow } from "./quiz.repo";

/** The quiz generation job: the note, the quiz row waiting for its questions, the chosen types and count. */
export const generateQuizJob = artefactJobSpec(
  "quiz",
  artefactPayload.extend({
    quizId: z.string(),
    types: z.array(z.enum(QUESTION_TYPES)).min(1),
    count: z.number().int().min(1),
  }),
  "quiz",
);

/** Copies a note's quizzes, with their answers, to a copy of the note. */
export const copyQuizzes: ArtefactCopier = (tx, from, to) => quizRepo.copyNote(tx, from, to, randomUUID);

const OPTION_IDS = ["a", "b", "c", "d", "e", "f"];

/** Checked drafts as question rows: options get ids, the key is kept as ids, the citation as page columns. */
export function questionRows(
  quizId: string,
  questions: CitedQuestion[],
  newId: () => string,
): QuestionInsert[] {
  return questions.map((q, i) => ({
    id: newId(),
    quizId,
    position: i + 1,
    type: q.type,
    question: q.question,
    options: q.options.map((text, j) => ({ optionId: OPTION_IDS[j]!, text })),
    correctOptions: q.correct.map((j) => OPTION_IDS[j]!),
    statementTrue: q.type === "judgment" ? (q.statementTrue ?? null) : null,
    referenceAnswer: q.referenceAnswer,
    keyPoints: q.keyPoints,
    explanation: q.explanation,
    citeSource: q.citation?.source ?? null,
    citePage: q.citation?.page ?? null,
    context: q.context,
  }));
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const typesOf = (types: string[]) => QUESTION_TYPES.filter((t) => types.includes(t));

/** A quiz as lists show it (and the head of its detail): its state, counts and score. */
export function presentSummary({ quiz, noteTitle, ...t }: QuizListRow): QuizSummary {
  const started = quiz.startedAt?.getTime();
  const finished = quiz.finishedAt?.getTime();
  return {
    quizId: quiz.id,
    noteId: quiz.noteId,
    noteTitle,
    status: quiz.status as QuizSummary["status"],
    types: typesOf(quiz.types),
    count: quiz.requestedCount,
    questionCount: t.questionCount,
    answeredCount: t.answeredCount,
    correctCount: t.correctCount,
    score: t.answeredCount > 0 && t.questionCount > 0 ? round2(t.scoreSum / t.questionCount) : null,
    createdAt: quiz.createdAt.toISOString(),
    startedAt: quiz.startedAt?.toISOString() ?? null,
    finishedAt: quiz.finishedAt?.toISOString() ?? null,
    durationMs: started !== undefined && finished !== undefined ? Math.max(0, finished - started) : null,
    retryOf: quiz.retryOf,
  };
}

/** The key of a question as the student may see it once answered. */
function rightAnswer(row: QuestionRow): QuestionResult["rightAnswer"] {
  if (row.type === "choice") return row.correctOptions[0] ?? null;
  if (row.type === "multiple_choice") return row.correctOptions;
  if (row.type === "judgment") return row.statementTrue;
  return null;
}

function presentResult(row: QuestionRow): QuestionResult {
  return {
    correct: row.correct ?? false,
    score: row.score ?? 0,
    rightAnswer: rightAnswer(row),
    referenceAnswer: row.referenceAnswer,
    explanation: row.explanation,
    source: row.citeSource && row.citePage ? { source: row.citeSource, page: row.citePage } : null,
    found: row.grading?.found ?? [],
    missed: row.grading?.missed ?? [],
    reason: row.grading?.reason ?? null,
    gradedBy: (row.grading?.gradedBy as QuestionResult["gradedBy"] | undefined) ?? "exact",
  };
}

/** A question without its key until it is answered. */
function presentQuestion(row: QuestionRow): QuizQuestion {
  return {
    questionId: row.id,
    position: row.position,
    type: row.type as QuestionType,
    question: row.question,
    options: row.options,
    answered:
      row.answeredAt && row.answer !== null
        ? { answer: row.answer, answeredAt: row.answeredAt.toISOString(), result: presentResult(row) }
        : null,
  };
}

/** The answer in the form its type takes, else QUIZ_ANSWER_INVALID. */
function checkedAnswer(row: QuestionRow, answer: QuizAnswerValue): QuizAnswerValue {
  const ids = new Set(row.options.map((o) => o.optionId));
  switch (row.type) {
    case "choice":
      if (typeof answer === "string" && ids.has(answer)) return answer;
      break;
    case "multiple_choice":
      if (Array.isArray(answer) && answer.length > 0 && new Set(answer).size === answer.length) {
        if (answer.every((a) => ids.has(a))) return [...answer].sort();
      }
      break;
    case "judgment":
      if (typeof answer === "boolean") return answer;
      break;
    default:
      if (typeof answer === "string") return answer.trim();
  }
  throw new AppError("QUIZ_ANSWER_INVALID");
}

/** Exact grading: the one right option, all and only the right options, or the statement's truth. */
function gradeExactly(row: QuestionRow, answer: QuizAnswerValue): boolean {
  if (row.type === "choice") return answer === row.correctOptions[0];
  if (row.type === "multiple_choice") {
    const given = answer as string[];
    return given.length === row.correctOptions.length && row.correctOptions.every((id) => given.includes(id));
  }
  return answer === row.statementTrue;
}

export function createQuizService(deps: {
  db: Db;
  notes: StudyNotes;
  artefacts: ArtefactJobs;
  engine: Engine;
  now?: () => Date;
}) {
  const { db, notes } = deps;
  const now = deps.now ?? (() => new Date());

  async function owned(userId: string, quizId: string): Promise<QuizListRow> {
    const row = await quizRepo.findOwned(db, userId, quizId);
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  }

  return {
    /** Starts a quiz: the row waits for its questions, written by a job enqueued (and charged) with it. */
    async create(userId: string, noteId: string, input: CreateQuizRequest): Promise<CreateQuizResponse> {
      await notes.ready(userId, noteId);
      const types = typesOf(input.types);
      const quizId = randomUUID();
      const { jobId } = await deps.artefacts.start(
        generateQuizJob,
        { noteId, userId, quizId, types, count: input.count },
        (tx, id) =>
          quizRepo.insertQuiz(tx, {
            id: quizId,
            noteId,
            userId,
            status: "generating",
            types,
            requestedCount: input.count,
            jobId: id,
            createdAt: now(),
          }),
      );
      return { quizId, jobId };
    },

    /** The quiz and its questions (keys only of answered ones); the first look starts its clock. */
    async detail(userId: string, quizId: string): Promise<QuizDetail> {
      const row = await owned(userId, quizId);
      if (row.quiz.status === "ready" && !row.quiz.startedAt) {
        const at = now();
        await quizRepo.markStarted(db, quizId, at);
        row.quiz.startedAt = at;
      }
      const questions = row.quiz.status === "ready" ? await quizRepo.questions(db, quizId) : [];
      return {
        ...presentSummary(row),
        questions: questions.map(presentQuestion),
        // a quiz's own job (a note has many quizzes), presented as every artefact's generation is
        generation: await deps.artefacts.generation(row.quiz.jobId),
      };
    },

    /** Grades and stores one answer; a question is answered once (QUIZ_ALREADY_ANSWERED). */
    async answer(userId: string, quizId: string, input: AnswerQuizRequest): Promise<AnswerQuizResponse> {
      const { quiz } = await owned(userId, quizId);
      if (quiz.status !== "ready") throw new AppError("QUIZ_NOT_READY");
      const row = await quizRepo.question(db, quizId, input.questionId);
      if (!row) throw new AppError("NOT_FOUND");
      if (row.answeredAt) throw new AppError("QUIZ_ALREADY_ANSWERED");
      const answer = checkedAnswer(row, input.answer);

      let correct: boolean;
      let score: number;
      let grading: GradeOutcome | null = null;
      if (isFreeTextType(row.type as QuestionType)) {
        const note = await notes.owned(userId, quiz.noteId);
        try {
          grading = await deps.engine.gradeAnswer({
            question: { ...row, type: row.type as QuestionType },
            answer: answer as string,
            outputLanguage: note.outputLanguage,
          });
        } catch (e) {
          if (isModelUnavailable(e)) throw new AppError("QUIZ_NETWORK_ERROR");
          throw e;
        }
        score = grading.score;
        correct = score >= QUIZ_PASS_SCORE;
      } else {
        correct = gradeExactly(row, answer);
        score = correct ? 1 : 0;
      }

      const at = now();
      const saved = await quizRepo.saveAnswer(db, row.id, {
        answer,
        correct,
        score,
        grading: grading
          ? {
              found: grading.found,
              missed: grading.missed,
              reason: grading.reason,
              gradedBy: grading.gradedBy,
            }
          : null,
        answeredAt: at,
      });
      if (!saved) throw new AppError("QUIZ_ALREADY_ANSWERED");
      if (!quiz.startedAt) await quizRepo.markStarted(db, quizId, at);
      await quizRepo.finishIfComplete(db, quizId, at);
      const finished = (await quizRepo.byId(db, quizId))?.finishedAt != null;
      const stored = { ...row, answer, correct, score, answeredAt: at, grading: grading && { ...grading } };
      return { ...presentResult(stored), questionId: row.id, quizFinished: finished };
    },

    /**
     * A new quiz of the questions answered wrong (free text: below the pass mark), same questions and keys. A
     * retry of this quiz still open (a question unanswered) is answered instead of a second one: the check and
     * the write hold a lock on the quiz, so concurrent calls in any number of processes make one retry.
     */
    async retry(userId: string, quizId: string): Promise<{ quizId: string }> {
      const { quiz } = await owned(userId, quizId);
      if (quiz.status !== "ready") throw new AppError("QUIZ_NOT_READY");
      const wrong = (await quizRepo.questions(db, quizId)).filter(
        (q) =>
          q.answeredAt &&
          (isFreeTextType(q.type as QuestionType) ? (q.score ?? 0) < QUIZ_PASS_SCORE : !q.correct),
      );
      if (wrong.length === 0) throw new AppError("QUIZ_NOTHING_TO_RETRY");
      return withKeyLocks(db, [`quiz-retry:${quizId}`], async (tx) => {
        const open = await quizRepo.openRetry(tx, userId, quizId);
        if (open) return { quizId: open.id };
        const id = randomUUID();
        await quizRepo.insertQuiz(tx, {
          id,
          noteId: quiz.noteId,
          userId,
          status: "ready",
          types: typesOf(wrong.map((q) => q.type)),
          requestedCount: wrong.length,
          engine: quiz.engine,
          retryOf: quiz.id,
          createdAt: now(),
        });
        await quizRepo.insertQuestions(
          tx,
          wrong.map((q, i) => ({
            ...q,
            id: randomUUID(),
            quizId: id,
            position: i + 1,
            answer: null,
            correct: null,
            score: null,
            grading: null,
            answeredAt: null,
          })),
        );
        return { quizId: id };
      });
    },

    /** The note's quizzes, newest first, and a generation still running (so a reload can follow it). */
    async noteHistory(userId: string, noteId: string, limit: number): Promise<QuizHistoryResponse> {
      await notes.owned(userId, noteId);
      const [rows, pending] = await Promise.all([
        quizRepo.list(db, { userId, noteId, statuses: ["ready"], limit }),
        quizRepo.generating(db, userId, noteId),
      ]);
      return {
        quizzes: rows.map(presentSummary),
        generating: pending?.jobId ? { quizId: pending.id, jobId: pending.jobId } : null,
      };
    },

    /** Every quiz of the user across notes, newest first. */
    async history(userId: string, limit: number): Promise<QuizHistoryResponse> {
      const rows = await quizRepo.list(db, { userId, statuses: ["ready"], limit });
      return { quizzes: rows.map(presentSummary), generating: null };
    },
  };
}

export type QuizService = ReturnType<typeof createQuizService>;
