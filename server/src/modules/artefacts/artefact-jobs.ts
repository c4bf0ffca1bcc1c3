import type { ArtefactGeneration, BeanAction } from "@beannote/contract";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "../../db/client";
import {
  defineJob,
  PermanentJobError,
  type JobContext,
  type JobDefinition,
  type JobSpec,
} from "../../jobs/definition";
import { isTerminal, type JobQueue, type JobReason, type JobRow } from "../../jobs/queue";
import type { NoteMaterial } from "../../engine";
import { AppError } from "../../http/app-error";
import type { StudyNote, StudyNotes } from "../notes/study-notes";

/** Every artefact job's payload: the note it is drawn from (ids only), plus the artefact's own options. */
export const artefactPayload = z.object({ noteId: z.string(), userId: z.string() });
export type ArtefactPayload = z.infer<typeof artefactPayload>;

/** An artefact job's spec; `action` names what it costs in Beancoin (see BEAN_COSTS), none: free. */
export interface ArtefactJobSpec<P> extends JobSpec<P> {
  action?: BeanAction;
}

/** The spec of an artefact job, known to the API (to enqueue and charge) and the worker (to run). */
export function artefactJobSpec<P extends ArtefactPayload>(
  name: string,
  payload: z.ZodType<P>,
  action?: BeanAction,
): ArtefactJobSpec<P> {
  return { name, payload, maxAttempts: 3, backoff: { baseMs: 2000, maxMs: 30_000 }, action };
}

/** Debits an artefact's price in the transaction that enqueues its job (the Beancoin feature's `charge`). */
export interface ArtefactCharges {
  charge(
    tx: DbOrTx,
    charge: { userId: string; action: BeanAction; jobId: string; noteId: string },
  ): Promise<number>;
}

/** What an artefact's handler gets: the job context, the note and its material (already read). */
export interface ArtefactRun<P> {
  ctx: JobContext<P>;
  note: StudyNote;
  material: NoteMaterial;
}

/**
 * An artefact job: reads the note (which must still be ready) and its material, reports progress, then
 * runs the artefact's own handler. Percentages of the handler are mapped into 10–95 %.
 */
export function defineArtefactJob<P extends ArtefactPayload>(options: {
  spec: JobSpec<P>;
  notes: StudyNotes;
  run(run: ArtefactRun<P>): Promise<unknown>;
  onFailed?(job: JobRow, reason: JobReason, payload: P | undefined): Promise<void>;
}): JobDefinition {
  return defineJob<P>({
    ...options.spec,
    async handler(ctx) {
      const note = await options.notes.byId(ctx.payload.noteId);
      if (!note || note.userId !== ctx.payload.userId) throw new PermanentJobError("NOT_FOUND");
      if (note.status === "generating") throw new PermanentJobError("NOTE_NOT_READY");
      if (note.status !== "ready") throw new PermanentJobError("NOTE_FAILED");
      await ctx.progress("read", 5, "progress.reading");
      const material = await options.notes.material(note);
      await ctx.progress("write", 10, "progress.writing");
      return options.run({ ctx, note, material });
    },
    onFailed: options.onFailed,
  });
}

/** Maps an artefact's own progress (done of total) into the 10–95 % band of its job. */
export const artefactPercent = (done: number, total: number) =>
  Math.round(10 + (85 * Math.min(done, total)) / Math.max(1, total));

/** Starting and following artefact generations on the API side. */
export function createArtefactJobs(deps: { db: Db; queue: JobQueue; beans?: ArtefactCharges }) {
  const { db, queue } = deps;
  return {
    /**
     * Enqueues a generation unless one for the same note and kind is still queued or running (ARTEFACT_BUSY).
     * The check and the enqueue hold a lock on (kind, note), so two requests at once cannot both start one.
     * The spec's action is charged in the same transaction (402 BEANS_INSUFFICIENT enqueues nothing); a job
     * that fails or is cancelled is refunded by its failure hook (`refundOnFailure`).
     */
    async start<P extends ArtefactPayload>(
      spec: ArtefactJobSpec<P>,
      payload: P,
      /** Writes the artefact's own rows (e.g. a quiz waiting for its questions) in the enqueue's transaction. */
      within?: (tx: DbOrTx, jobId: string) => Promise<void>,
    ): Promise<{ jobId: string }> {
      const started = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${spec.name}:${payload.noteId}`}))`);
        const latest = await queue.latestForNote(spec.name, payload.userId, payload.noteId, tx);
        if (latest && !isTerminal(latest.status)) throw new AppError("ARTEFACT_BUSY", { jobId: latest.id });
        const job = await queue.enqueue(spec, payload, { userId: payload.userId, tx });
        await within?.(tx, job.id);
        if (spec.action && deps.beans) {
          await deps.beans.charge(tx, {
            userId: payload.userId,
            action: spec.action,
            jobId: job.id,
            noteId: payload.noteId,
          });
        }
        return { jobId: job.id };
      });
      queue.wake(spec.name);
      return started;
    },

    /** The note's latest generation of this kind, for the tab to show progress or the failure. */
    async latest(name: string, userId: string, noteId: string): Promise<ArtefactGeneration> {
      const job = await queue.latestForNote(name, userId, noteId);
      if (!job) return null;
      return {
        jobId: job.id,
        status: job.status as NonNullable<ArtefactGeneration>["status"],
        errorCode: job.status === "failed" || job.status === "cancelled" ? job.errorCode : null,
      };
    },
  };
}

export type ArtefactJobs = ReturnType<typeof createArtefactJobs>;
