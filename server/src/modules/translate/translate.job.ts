import { z } from "zod";
import { isErrorCode, OUTPUT_LANGUAGES } from "@beannote/contract";
import type { Db } from "../../db/client";
import { TranslateFailedError, TranslateNeedsModelError, type Engine } from "../../engine";
import { defineJob, PermanentJobError, type JobSpec } from "../../jobs/definition";
import { derivedNotes } from "../notes/derived-notes";
import type { StudyNotes } from "../notes/study-notes";

/** The translation job's payload: the original note (`noteId`), its owner, the new note and its language. */
export const translatePayload = z.object({
  noteId: z.string(),
  userId: z.string(),
  targetNoteId: z.string(),
  targetLanguage: z.enum(OUTPUT_LANGUAGES),
});
export type TranslatePayload = z.infer<typeof translatePayload>;

/** Known to the API (to enqueue, and to charge as `translation`) and the worker (to run). */
export const translateNoteJob: JobSpec<TranslatePayload> & { action: "translation" } = {
  name: "note.translate",
  payload: translatePayload,
  maxAttempts: 3,
  backoff: { baseMs: 2000, maxMs: 30_000 },
  failureCode: "TRANSLATE_FAILED",
  action: "translation",
};

/**
 * Writes the new note: the original's current Markdown translated part by part, each part streamed to
 * watchers as a `partial` event (the note page shows them as it does for a note being generated).
 */
export function createTranslateNoteJob(deps: { db: Db; notes: StudyNotes; engine: Engine }) {
  return defineJob<TranslatePayload>({
    ...translateNoteJob,
    async handler(ctx) {
      const { noteId, userId, targetNoteId, targetLanguage } = ctx.payload;
      const source = await deps.notes.byId(noteId);
      if (!source || source.userId !== userId) throw new PermanentJobError("NOT_FOUND");
      const state = await derivedNotes.status(deps.db, targetNoteId);
      if (!state) throw new PermanentJobError("NOT_FOUND");
      if (state === "ready") return { noteId: targetNoteId };
      await ctx.progress("read", 5, "progress.reading");

      let events = Promise.resolve();
      let translated;
      try {
        translated = await deps.engine.translate({
          markdown: source.markdown,
          targetLanguage,
          signal: ctx.signal,
          onPart: (part, index, total) => {
            events = events.then(() => ctx.emit("partial", { index, total, ...part }));
          },
          onProgress: (done, total) => {
            events = events.then(() =>
              ctx.progress("write", Math.round(10 + (85 * done) / Math.max(1, total)), "progress.writing"),
            );
          },
        });
      } catch (error) {
        if (error instanceof TranslateNeedsModelError || error instanceof TranslateFailedError)
          throw new PermanentJobError(error.code, error.message);
        throw error;
      }
      await events;
      await ctx.progress("save", 97, "progress.saving");
      await derivedNotes.finish(deps.db, targetNoteId, translated.markdown, deps.engine.name);
      return { noteId: targetNoteId, sourceNoteId: noteId, parts: translated.parts };
    },
    async onFailed(job, reason, payload) {
      if (!payload) return;
      const cancelled = job.status === "cancelled" || reason.code === "JOB_CANCELLED";
      const code = cancelled
        ? "JOB_CANCELLED"
        : isErrorCode(reason.code) && reason.code !== "INTERNAL"
          ? reason.code
          : "TRANSLATE_FAILED";
      await derivedNotes.fail(deps.db, payload.targetNoteId, code, cancelled);
    },
  });
}
