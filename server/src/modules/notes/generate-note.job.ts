import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import type { DetailLevel, OutputLanguage } from "@beannote/contract";
import { isErrorCode } from "@beannote/contract";
import type { Db } from "../../db/client";
import type { Engine } from "../../engine";
import { defineJob, PermanentJobError } from "../../jobs/definition";
import { notesRepo } from "./notes.repo";
import { GENERATE_NOTE_JOB, type NoteFiles } from "./notes.service";

const FILE_WAIT_MS = 10 * 60 * 1000;
const FILE_POLL_MS = 100;

/** Writes a note from its parsed files, streaming each section to watchers as it is finished. */
export function generateNoteJob(deps: { db: Db; files: NoteFiles; engine: Engine; now?: () => number }) {
  const now = deps.now ?? Date.now;
  return defineJob({
    name: GENERATE_NOTE_JOB,
    payload: z.object({ noteId: z.string() }),
    maxAttempts: 3,
    backoff: { baseMs: 2000, maxMs: 30_000 },
    async handler(ctx) {
      const note = await notesRepo.findById(deps.db, ctx.payload.noteId);
      if (!note) throw new PermanentJobError("NOT_FOUND");
      if (note.status === "ready") return { noteId: note.id };
      const fileIds = await notesRepo.sourceFileIds(deps.db, note.id);

      await ctx.progress("read", 5, "progress.reading");
      const deadline = now() + FILE_WAIT_MS;
      let files: Awaited<ReturnType<NoteFiles["describe"]>>;
      for (;;) {
        files = await deps.files.describe(note.userId, fileIds);
        const failed = [...files.values()].find((file) => file.status === "failed");
        if (failed)
          throw new PermanentJobError(isErrorCode(failed.errorCode) ? failed.errorCode : "FILE_CORRUPT");
        if (files.size < fileIds.length) throw new PermanentJobError("NOT_FOUND");
        if ([...files.values()].every((file) => file.status === "ready")) break;
        if (now() > deadline) throw new PermanentJobError("FILE_NOT_READY");
        await sleep(FILE_POLL_MS, undefined, { signal: ctx.signal });
        await ctx.heartbeat();
      }

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
