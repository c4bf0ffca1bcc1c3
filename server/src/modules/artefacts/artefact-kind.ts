import type { ArtefactGeneration, BeanAction, KindContract } from "@beannote/contract";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config";
import type { Db, DbOrTx } from "../../db/client";
import {
  defineJob,
  PermanentJobError,
  type JobContext,
  type JobDefinition,
  type JobSpec,
} from "../../jobs/definition";
import { isTerminal, type JobQueue, type JobReason, type JobRow } from "../../jobs/queue";
import type { Engine, EngineGenerators, NoteMaterial } from "../../engine";
import { AppError } from "../../http/app-error";
import type { RenderPool } from "../export/render-pool";
import type { Speech } from "../../speech";
import type { Storage } from "../../storage/storage";
import type { NoteObjectReleaser } from "../files/note-release";
import type { ArtefactCopier, StudyNote, StudyNotes } from "../notes/study-notes";
import type { Throttle } from "../throttle/throttle.service";

/*
 * An artefact kind (flashcards, podcast, mind map, quiz, slides, translation) is one declared object in its own
 * folder (`<kind>.kind.ts`), listed once in `artefact-kinds.ts`; the API's routes, the worker's jobs, the note
 * copier and the note's object releasers are read from that list. This file is all a kind imports from
 * `modules/artefacts/`: the type, and the job machinery every generated artefact shares. It imports no kind.
 */

/** What a kind's routes (and the service behind them) are built from, once per API process. */
export interface ArtefactApiDeps {
  db: Db;
  storage: Storage;
  config: Config;
  notes: StudyNotes;
  /** Starts (and charges) generations, and reports the latest one of a note. */
  artefacts: ArtefactJobs;
  queue: JobQueue;
  /** The configured engine, for work done on a request (grading a free-text answer). */
  engine: Engine;
  /** Render threads and the per-user counter of heavy reads, shared with the export feature. */
  render: Pick<RenderPool, "run">;
  throttle: Pick<Throttle, "take">;
  /** Beancoin's charge (absent: everything is free). */
  beans?: ArtefactCharges;
}

/** What a kind's job handler is built from, once per worker process. */
export interface ArtefactWorkerDeps {
  db: Db;
  storage: Storage;
  notes: StudyNotes;
  engine: Engine;
  speech: Speech;
}

/** How a kind is generated: its generators (declared in `engine/<kind>/generator.ts`, each an `Engine` method
 * of both engines, offline and LLM, once listed in engine/artefact-generators.ts), or a function that derives it
 * whatever the engine. */
export type ArtefactGenerator =
  { engine: EngineGenerators } | { derive(material: NoteMaterial, noteId: string): unknown };

/**
 * One artefact kind, declared in its folder. Every field is required: `null` says "this kind has none" (the mind
 * map is derived on every read, so it has no job, no save and nothing to copy).
 */
export interface ArtefactKind {
  /** The kind's name: its folder, its tab, and its job's name (`<name>.generate`). */
  readonly name: string;
  /** Its part of the contract (contract/src/<kind>.ts, listed in ARTEFACT_KIND_CONTRACTS): its paths, route
   * summaries, error codes and price, which the central lists (API_ROUTES, ERROR_STATUS, BEAN_COSTS, ROUTE_DOCS)
   * are composed from. */
  readonly contract: KindContract;
  /** Its Beancoin price key (see BEAN_COSTS, the key of its contract's `price`); null: free. */
  readonly price: BeanAction | null;
  /** The job that writes it: the spec both sides know, and the handler a worker builds. Null: derived on read. */
  readonly job: {
    readonly spec: JobSpec<unknown> & { action?: BeanAction };
    create(deps: ArtefactWorkerDeps): JobDefinition;
  } | null;
  /** Where its content comes from (see ArtefactGenerator). */
  readonly generate: ArtefactGenerator;
  /** Stores what the generator wrote (in the job, in its transaction); null: nothing is stored. */
  readonly save: ((tx: DbOrTx, ...args: never[]) => Promise<unknown>) | null;
  /** Turns its stored rows (or the derived value) into the contract's shape; null: presented as a note (a
   * translation is a new note). */
  readonly present: ((...args: never[]) => unknown) | null;
  /** Copies it to a copy of its note, in the copy's transaction; null: nothing to copy. */
  readonly copy: ArtefactCopier | null;
  /** Before its note is deleted: what storage objects to delete after (see NoteObjectReleaser); null: none. */
  readonly release: ((deps: { db: Db; storage: Storage }) => NoteObjectReleaser) | null;
  /** Its routes, with the service behind them. */
  routes(deps: ArtefactApiDeps): FastifyPluginAsyncZod;
}

/** Declares a kind (checked against ArtefactKind, its own types kept for its tests). */
export const defineArtefactKind = <K extends ArtefactKind>(kind: K): K => kind;

/** The name of a kind's generation job. One style for every job: `<subject>.<verb>` (`file.parse`). */
export const generateJobName = (kind: string) => `${kind}.generate`;

/** Every artefact job's payload: the note it is drawn from (ids only), plus the artefact's own options. */
export const artefactPayload = z.object({ noteId: z.string(), userId: z.string() });
export type ArtefactPayload = z.infer<typeof artefactPayload>;

/** An artefact job's spec; `action` names what it costs in Beancoin (see BEAN_COSTS), none: free. */
export interface ArtefactJobSpec<P> extends JobSpec<P> {
  action?: BeanAction;
}

/** The spec of a kind's generation job (`<kind>.generate`), known to the API (to enqueue and charge) and the
 * worker (to run). */
export function artefactJobSpec<P extends ArtefactPayload>(
  kind: string,
  payload: z.ZodType<P>,
  action?: BeanAction,
): ArtefactJobSpec<P> {
  return {
    name: generateJobName(kind),
    payload,
    maxAttempts: 3,
    backoff: { baseMs: 2000, maxMs: 30_000 },
    action,
  };
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

/** A generation's job as the artefact's tab sees it: its state, and its code once it failed or was cancelled. */
function presentGeneration(job: JobRow | undefined): ArtefactGeneration {
  if (!job) return null;
  return {
    jobId: job.id,
    status: job.status as NonNullable<ArtefactGeneration>["status"],
    errorCode: job.status === "failed" || job.status === "cancelled" ? job.errorCode : null,
  };
}

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
      return presentGeneration(await queue.latestForNote(name, userId, noteId));
    },

    /** One generation by its job, for an artefact that keeps its own job id (a quiz: many per note). */
    async generation(jobId: string | null): Promise<ArtefactGeneration> {
      return presentGeneration(jobId ? await queue.get(jobId) : undefined);
    },
  };
}

export type ArtefactJobs = ReturnType<typeof createArtefactJobs>;
