import { randomUUID } from "node:crypto";
import type { Db, DbOrTx } from "../../db/client";
import {
  checkQuiz,
  isModelUnavailable,
  materialVocabulary,
  questionKey,
  type CitedQuestion,
  type Engine,
} from "../../engine";
import { PermanentJobError } from "../../jobs/definition";
import { artefactPercent, defineArtefactJob } from "../artefacts/artefact-kind";
import type { StudyNotes } from "../notes/study-notes";
import { quizRepo } from "./quiz.repo";
import { generateQuizJob, questionRows } from "./quiz.service";

/** An error that carries the code the job fails with (retried: it is not the quiz's fault). */
const failure = (code: string, cause: unknown) =>
  Object.assign(new Error(cause instanceof Error ? cause.message : String(cause)), { code });

/**
 * Writes a quiz's questions: the engine drafts them, the answer-key checker keeps only consistent ones (whatever
 * the engine), and the questions and the quiz's `ready` state are stored together. Failing or cancelled, the
 * quiz says so with the job's code.
 */
export function createGenerateQuizJob(deps: { db: Db; notes: StudyNotes; engine: Engine }) {
  const { db } = deps;
  return defineArtefactJob({
    spec: generateQuizJob,
    notes: deps.notes,
    async run({ ctx, note, material }) {
      const { quizId, types, count } = ctx.payload;
      const quiz = await quizRepo.byId(db, quizId);
      if (!quiz || quiz.noteId !== note.id) throw new PermanentJobError("NOT_FOUND");
      if (quiz.status === "ready")
        return { quizId, questions: (await quizRepo.questions(db, quizId)).length };
      const recent = await quizRepo.recentQuestions(db, note.id);
      let drafts;
      try {
        drafts = await deps.engine.quiz({
          material,
          types,
          count,
          seed: quizId,
          avoid: new Set(recent.map((q) => questionKey(q.type, q.question))),
          signal: ctx.signal,
          onProgress: (done, total) =>
            void ctx.progress("write", artefactPercent(done, total), "progress.writing"),
        });
      } catch (e) {
        if (ctx.signal.aborted) throw e;
        throw failure(isModelUnavailable(e) ? "QUIZ_NETWORK_ERROR" : "QUIZ_GENERATION_FAILED", e);
      }
      if (drafts.length === 0) throw new PermanentJobError("QUIZ_EMPTY");
      const { accepted } = checkQuiz(
        drafts.map((d) => ({ ...d, citation: material.cite(d.sectionIndex, d.quote) })),
        { vocabulary: materialVocabulary(material), locale: material.bodyLanguage },
      );
      if (accepted.length === 0) throw new PermanentJobError("QUIZ_GENERATION_FAILED");
      await ctx.progress("save", 96, "progress.saving");
      await db.transaction((tx) => saveQuestions(tx, quizId, accepted, deps.engine.name));
      return { quizId, questions: accepted.length };
    },
    async onFailed(_job, reason, payload) {
      if (!payload?.quizId) return;
      await quizRepo.update(db, payload.quizId, {
        status: reason.code === "JOB_CANCELLED" ? "cancelled" : "failed",
        errorCode: reason.code,
      });
    },
  });
}

/** Stores a quiz's checked questions (in place of any earlier attempt's) and marks the quiz ready. */
export async function saveQuestions(
  tx: DbOrTx,
  quizId: string,
  accepted: CitedQuestion[],
  engine: Engine["name"],
): Promise<void> {
  await quizRepo.deleteQuestions(tx, quizId);
  await quizRepo.insertQuestions(tx, questionRows(quizId, accepted, randomUUID));
  await quizRepo.update(tx, quizId, { status: "ready", engine, errorCode: null });
}
