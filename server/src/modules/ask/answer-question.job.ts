import { z } from "zod";
import { isErrorCode, type SourceDocument } from "@beannote/contract";
import type { Db } from "../../db/client";
import { defineJob, PermanentJobError, type JobSpec } from "../../jobs/definition";
import type { StudyNotes } from "../notes/study-notes";
import { notesRepo } from "../notes/notes.repo";
import { askRepo } from "./ask.repo";
import { presentAnswer } from "./ask-present";
import type { IndexCache } from "./index-cache";
import { answerWithModel, HISTORY_TURNS, type AskModelSettings, type Turn } from "./llm-answer";
import { answerOffline, retrieve } from "./offline-answer";
import { questionLanguage } from "./question-kind";
import { nlpReady } from "../../engine/nlp";

/** The answer job's payload: the assistant message to write, its owner and note. */
export const answerQuestionPayload = z.object({
  messageId: z.string(),
  conversationId: z.string(),
  userId: z.string(),
  noteId: z.string(),
});
export type AnswerQuestionPayload = z.infer<typeof answerQuestionPayload>;

/** Known to the API (to enqueue, and to charge as `question` on a model) and the worker (to run). */
export const answerQuestionJob: JobSpec<AnswerQuestionPayload> & { action: "question" } = {
  name: "question.answer",
  payload: answerQuestionPayload,
  maxAttempts: 2,
  backoff: { baseMs: 1000, maxMs: 5000 },
  failureCode: "ASK_FAILED",
  action: "question",
};

/** What answering needs: the note's parsed files (read once per file into the index cache) and the model, if any. */
export interface AnswerDeps {
  db: Db;
  notes: Pick<StudyNotes, "byId">;
  loadDocument: (userId: string, fileId: string) => Promise<SourceDocument>;
  indexes: IndexCache;
  model?: AskModelSettings;
}

/**
 * Writes the answer to a question: retrieval over the note's parsed sources, then the offline answer or the
 * model's (its tokens streamed as `partial` events, the offline answer as one).
 */
export function createAnswerQuestionJob(deps: AnswerDeps) {
  return defineJob<AnswerQuestionPayload>({
    ...answerQuestionJob,
    async handler(ctx) {
      const { messageId, conversationId, userId, noteId } = ctx.payload;
      const message = await askRepo.findMessage(deps.db, messageId);
      const note = await deps.notes.byId(noteId);
      if (!message || !note || note.userId !== userId) throw new PermanentJobError("NOT_FOUND");
      if (message.status === "done") return presentAnswer({ id: conversationId }, message);
      const earlier = await askRepo.messagesBefore(
        deps.db,
        conversationId,
        message.position,
        HISTORY_TURNS + 1,
      );
      const question = earlier.pop();
      if (!question || question.role !== "user") throw new PermanentJobError("NOT_FOUND");
      await ctx.progress("search", 10, "progress.reading");

      const fileIds = await notesRepo.sourceFileIds(deps.db, noteId);
      const indexes = await Promise.all(
        fileIds.map((fileId) =>
          deps.indexes.get(fileId, () => deps.loadDocument(userId, fileId).catch(() => undefined)),
        ),
      );
      await nlpReady(questionLanguage(question.text, indexes[0]?.language ?? "en"));
      const retrieval = retrieve(indexes, question.text);
      let answer;
      if (deps.model) {
        await ctx.progress("write", 30, "progress.writing");
        const history: Turn[] = earlier.map((m) => ({
          role: m.role === "user" ? "user" : "assistant",
          text: m.text,
        }));
        let events = Promise.resolve();
        answer = await answerWithModel({
          model: deps.model,
          retrieval,
          question: question.text,
          history,
          language: note.outputLanguage,
          signal: ctx.signal,
          onToken: (delta) => {
            events = events.then(() => ctx.emit("partial", { delta }));
          },
        });
        await events;
      } else {
        answer = answerOffline(indexes, question.text, note.outputLanguage, retrieval);
        await ctx.emit("partial", { answer: answer.answer });
      }
      await askRepo.updateMessage(deps.db, messageId, {
        text: answer.answer,
        citations: answer.citations,
        found: answer.found,
        nearestSections: answer.nearestSections,
        status: "done",
        errorCode: null,
      });
      await askRepo.touch(deps.db, conversationId, new Date());
      const saved = await askRepo.findMessage(deps.db, messageId);
      return presentAnswer({ id: conversationId }, saved!);
    },
    async onFailed(job, reason, payload) {
      if (!payload) return;
      const cancelled = job.status === "cancelled" || reason.code === "JOB_CANCELLED";
      const code = cancelled
        ? "JOB_CANCELLED"
        : isErrorCode(reason.code) && reason.code !== "INTERNAL"
          ? reason.code
          : "ASK_FAILED";
      await askRepo.failMessage(deps.db, payload.messageId, code);
    },
  });
}
