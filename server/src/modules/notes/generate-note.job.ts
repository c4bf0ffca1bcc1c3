import { z } from "zod";
import type { DetailLevel, OutputLanguage } from "@beannote/contract";
import { isErrorCode } from "@beannote/contract";
import type { Db } from "../../db/client";
import type { Engine } from "../../engine";
import { DeferJob, defineJob, PermanentJobError } from "../../jobs/definition";
import type { JobQueue } from "../../jobs/queue";
import type { ParseWaiters } from "../files/parse-file.job";
import { notesRepo } from "./notes.repo";
import { GENERATE_NOTE_JOB, type NoteFiles } from "./notes.service";

/** How long a note waits for its files to be parsed before it fails with FILE_NOT_READY. */
const FILE_WAIT_MS = 10 * 60 * 1000;

type Described = Awaited<ReturnType<NoteFiles["describe"]>>;
/** A file whose parse has not ended yet (neither ready nor failed). */
const parsing = (files: Described) =>
  [...files.values()].some((file) => file.status !== "ready" && file.status !== "failed");

/**
 * Wakes the note jobs waiting for a file, in the transaction in which its parse job marks it ready or failed
 * (given to the parse job as its `waiters`).
 */
export function noteJobsWaitingForFiles(queue: Pick<JobQueue, "runNow" | "wake">): ParseWaiters {
  return {
    async wake(tx, fileId) {
      await queue.runNow(GENERATE_NOTE_JOB, await notesRepo.generatingJobIds(tx, fileId), tx);
    },
    committed: () => queue.wake(GENERATE_NOTE_JOB),
  };
}

/** Charges what a note's price lacks once all its pages are known (the Beancoin feature's `settle`). */
export interface NoteSettlement {
  settle(charge: {
    userId: string;
    action: "note";
    jobId: string;
    noteId: string;
    pages: number;
  }): Promise<number>;
}

/** Writes a note from its parsed files, streaming each section to watchers as it is finished. */
export function generateNoteJob(deps: {
  db: Db;
  files: NoteFiles;
  engine: Engine;
  beans?: NoteSettlement;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  return defineJob({
    name: GENERATE_NOTE_JOB,
    payload: z.object({ noteId: z.string() }),
    maxAttempts: 3,
    backoff: { baseMs: 2000, maxMs: 30_000 },
    failureCode: "GENERATION_FAILED",
    async handler(ctx) {
      const note = await notesRepo.findById(deps.db, ctx.payload.noteId);
      if (!note) throw new PermanentJobError("NOT_FOUND");
      if (note.status === "ready") return { noteId: note.id };
      const fileIds = await notesRepo.sourceFileIds(deps.db, note.id);

      // Once per attempt, not again each time the job comes back from waiting for its files.
      if (!ctx.job.progress) await ctx.progress("read", 5, "progress.reading");
      const files = await deps.files.describe(note.userId, fileIds);
      const failed = [...files.values()].find((file) => file.status === "failed");
      if (failed)
        throw new PermanentJobError(isErrorCode(failed.errorCode) ? failed.errorCode : "FILE_CORRUPT");
      if (files.size < fileIds.length) throw new PermanentJobError("NOT_FOUND");
      if (![...files.values()].every((file) => file.status === "ready")) {
        // Waiting must not hold a worker slot (a parse job may need it): back to the queue until the deadline.
        // Each file's parse job wakes it when it ends (`noteJobsWaitingForFiles`); one that ended while this
        // ran is seen once it is back in the queue (`stillWaiting`).
        const waited = now() - ctx.job.createdAt.getTime();
        if (waited >= FILE_WAIT_MS) throw new PermanentJobError("FILE_NOT_READY");
        throw new DeferJob(FILE_WAIT_MS - waited, async () =>
          parsing(await deps.files.describe(note.userId, fileIds)),
        );
      }
      // Files still being read when the note was asked for were not charged then (402 here fails the job,
      // and its failure hook refunds what was paid).
      const pages = [...files.values()].reduce((sum, file) => sum + (file.pageCount ?? 0), 0);
      await deps.beans?.settle({
        userId: note.userId,
        action: "note",
        jobId: ctx.job.id,
        noteId: note.id,
        pages,
      });

      const sources = await Promise.all(
        fileIds.map(async (fileId) => ({
          doc: await deps.files.loadDocument(note.userId, fileId),
          fileName: files.get(fileId)?.fileName ?? "",
        })),
      );
      await ctx.progress("write", 15, "progress.writing");

      // Events leave in the order the sections were finished.
      let events = Promise.resolve();
      const generated = await deps.engine.generateNote(
        {
          sources,
          title: note.title,
          outputLanguage: note.outputLanguage as OutputLanguage,
          detailLevel: note.detailLevel as DetailLevel,
          signal: ctx.signal,
        },
        (section, index, total) => {
          events = events
            .then(() =>
              ctx.emit("partial", { index, total, heading: section.heading, markdown: section.markdown }),
            )
            .then(() =>
              ctx.progress("write", Math.round(15 + (80 * (index + 1)) / total), "progress.writing"),
            );
        },
      );
      await events;
      await ctx.progress("save", 98, "progress.saving");
      await notesRepo.update(deps.db, note.id, {
        markdown: generated.markdown,
        generatedMarkdown: generated.markdown,
        engine: generated.engine,
        status: "ready",
        errorCode: null,
      });
      return { noteId: note.id };
    },
    async onFailed(job, reason, payload) {
      if (!payload) return;
      const cancelled = job.status === "cancelled" || reason.code === "JOB_CANCELLED";
      await notesRepo.update(deps.db, payload.noteId, {
        status: cancelled ? "cancelled" : "failed",
        errorCode: cancelled ? "JOB_CANCELLED" : isErrorCode(reason.code) ? reason.code : "GENERATION_FAILED",
      });
    },
  });
}
