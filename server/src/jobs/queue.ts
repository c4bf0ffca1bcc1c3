import { EventEmitter } from "node:events";
import { randomUUID } from "node:crypto";
import type { JobEventType, JobProgress } from "@beannote/contract";
import type { Db, DbOrTx } from "../db/client";
import type { JobSpec } from "./definition";
import { jobsRepo, type JobEventRow, type JobRow } from "./jobs.repo";

export type { JobEventRow, JobRow };

/** Wakes SSE streams of this process as soon as a worker of this process writes an event. */
const notifiers = new WeakMap<object, EventEmitter>();
function notifierFor(db: object): EventEmitter {
  let emitter = notifiers.get(db);
  if (!emitter) {
    emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    notifiers.set(db, emitter);
  }
  return emitter;
}

const ENQUEUED = Symbol("enqueued");
const CANCEL_REQUESTED = Symbol("cancel-requested");

export interface EnqueueOptions {
  userId?: string | null;
  maxAttempts?: number;
  /** Run no earlier than this. */
  runAt?: Date;
  /** A chosen id (e.g. to link the job from another row before it is inserted). */
  id?: string;
  /** Enqueue inside this transaction (commits with the caller's other writes). */
  tx?: DbOrTx;
}

export interface JobReason {
  code: string;
  message: string;
}

export const TERMINAL_STATUSES = ["done", "failed", "cancelled"] as const;
export const isTerminal = (status: string) => (TERMINAL_STATUSES as readonly string[]).includes(status);

export interface JobQueueDeps {
  db: Db;
  now?: () => Date;
}

/** The job table seen from the API and from workers: enqueue, claim, lease, events, cancel. */
export function createJobQueue(deps: JobQueueDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const notifier = notifierFor(db);

  const queue = {
    now,

    /** Adds a job; with a spec (not a bare name) its payload is validated and its maxAttempts kept. */
    async enqueue<P>(spec: string | JobSpec<P>, payload: P, options: EnqueueOptions = {}): Promise<JobRow> {
      const name = typeof spec === "string" ? spec : spec.name;
      const job = await jobsRepo.insert(options.tx ?? db, {
        id: options.id ?? randomUUID(),
        name,
        payload: typeof spec === "string" ? payload : spec.payload.parse(payload),
        userId: options.userId ?? null,
        maxAttempts: options.maxAttempts ?? (typeof spec === "string" ? 3 : spec.maxAttempts),
        runAt: options.runAt ?? now(),
      });
      notifier.emit(ENQUEUED, name);
      return job;
    },

    /**
     * Wakes this process's idle workers for `name`: call it once the transaction that enqueued a job has
     * committed (a worker woken by `enqueue` inside it may have looked before the row was visible).
     */
    wake(name: string): void {
      notifier.emit(ENQUEUED, name);
    },

    /** Calls `listener` when this process enqueues a job (workers of this process then claim at once). */
    onEnqueue(listener: (name: string) => void): () => void {
      notifier.on(ENQUEUED, listener);
      return () => notifier.off(ENQUEUED, listener);
    },

    /** Calls `listener` when this process asks a running job to stop (its worker, if here, aborts at once). */
    onCancelRequested(listener: (jobId: string) => void): () => void {
      notifier.on(CANCEL_REQUESTED, listener);
      return () => notifier.off(CANCEL_REQUESTED, listener);
    },

    async release(jobId: string, workerId: string): Promise<void> {
      await jobsRepo.release(db, jobId, workerId, now());
    },

    /**
     * Puts a held job back in the queue until `runAt` without counting the attempt (see `DeferJob`). Then asks
     * `stillWaiting`: what it waited for may have come while it ran (its waker found it running and left it),
     * so a job no longer waiting is brought forward at once instead of sleeping until `runAt`.
     */
    async defer(
      jobId: string,
      workerId: string,
      runAt: Date,
      stillWaiting?: () => Promise<boolean>,
    ): Promise<void> {
      await jobsRepo.release(db, jobId, workerId, now(), runAt);
      if (!stillWaiting || (await stillWaiting())) return;
      const job = await jobsRepo.find(db, jobId);
      if (job) await queue.runNow(job.name, [jobId]);
    },

    /**
     * Brings queued jobs of `name` forward to run now (jobs waiting until a deadline, whose wait is over).
     * Inside `tx` the workers of this process are not woken: call `wake(name)` once it has committed.
     */
    async runNow(name: string, jobIds: string[], tx?: DbOrTx): Promise<string[]> {
      const moved = await jobsRepo.runNow(tx ?? db, name, jobIds, now());
      if (moved.length > 0 && !tx) notifier.emit(ENQUEUED, name);
      return moved;
    },

    /**
     * Retention: deletes the events of jobs ended more than `eventsDays` ago, and the jobs ended more than
     * `jobsDays` ago that nothing still reads (see `jobsRepo.deleteJobsEndedBefore`). `dryRun` only counts.
     */
    async deleteEnded(options: {
      eventsDays: number;
      jobsDays: number;
      dryRun?: boolean;
    }): Promise<{ events: number; jobs: number }> {
      const at = now().getTime();
      const daysAgo = (days: number) => new Date(at - days * 24 * 60 * 60 * 1000);
      const dryRun = options.dryRun;
      const events = await jobsRepo.deleteEventsOfJobsEndedBefore(db, daysAgo(options.eventsDays), {
        dryRun,
      });
      const jobs = await jobsRepo.deleteJobsEndedBefore(db, daysAgo(options.jobsDays), { dryRun });
      return { events, jobs };
    },

    get: (jobId: string) => jobsRepo.find(db, jobId),

    /** The job when `userId` owns it, else undefined (the API answers 404 either way). */
    async getOwned(jobId: string, userId: string): Promise<JobRow | undefined> {
      const job = await jobsRepo.find(db, jobId);
      return job && job.userId === userId ? job : undefined;
    },

    async claim(names: string[], workerId: string, leaseMs: number): Promise<JobRow | undefined> {
      const at = now();
      return jobsRepo.claim(db, { names, workerId, now: at, leaseUntil: new Date(at.getTime() + leaseMs) });
    },

    /** Renews the lease; undefined when the worker no longer holds the job. */
    async heartbeat(jobId: string, workerId: string, leaseMs: number) {
      const at = now();
      return jobsRepo.renewLease(db, {
        id: jobId,
        workerId,
        now: at,
        leaseUntil: new Date(at.getTime() + leaseMs),
      });
    },

    async setProgress(jobId: string, workerId: string, progress: JobProgress): Promise<void> {
      await jobsRepo.updateHeld(db, jobId, workerId, { progress, updatedAt: now() });
    },

    async appendEvent(jobId: string, type: JobEventType, data: unknown): Promise<JobEventRow> {
      const row = await jobsRepo.insertEvent(db, { jobId, type, data: data ?? {} });
      notifier.emit(jobId);
      return row;
    },

    /** The user's latest job of `name` for a note (queued, running or ended). */
    latestForNote: (name: string, userId: string, noteId: string, tx?: DbOrTx) =>
      jobsRepo.latestForNote(tx ?? db, name, userId, noteId),

    eventsAfter: (jobId: string, afterId: number) => jobsRepo.eventsAfter(db, jobId, afterId),
    hasFinalEvent: (jobId: string) => jobsRepo.hasFinalEvent(db, jobId),

    /** Calls `listener` when this process appends an event to `jobId`; returns the unsubscribe. */
    onEvent(jobId: string, listener: () => void): () => void {
      notifier.on(jobId, listener);
      return () => notifier.off(jobId, listener);
    },

    /** Starts a retried job's attempt on a clean stream (see `jobsRepo.restartEvents`); false if already. */
    async restart(jobId: string, attempt: number): Promise<boolean> {
      const opened = await jobsRepo.restartEvents(db, jobId, attempt, now());
      if (opened) notifier.emit(jobId);
      return Boolean(opened);
    },

    async complete(jobId: string, workerId: string, result: unknown): Promise<boolean> {
      const at = now();
      return jobsRepo.updateHeld(db, jobId, workerId, {
        status: "done",
        // Finished is 100 %, whatever step the handler reported last.
        progress: { step: "done", percent: 100, messageKey: "progress.done" },
        result: result ?? null,
        lockedBy: null,
        leaseUntil: null,
        finishedAt: at,
        updatedAt: at,
      });
    },

    async retryLater(jobId: string, workerId: string, reason: JobReason, runAt: Date): Promise<boolean> {
      return jobsRepo.updateHeld(db, jobId, workerId, {
        status: "queued",
        runAt,
        lockedBy: null,
        leaseUntil: null,
        errorCode: reason.code,
        errorMessage: reason.message,
        updatedAt: now(),
      });
    },

    async fail(
      jobId: string,
      workerId: string,
      reason: JobReason,
      status: "failed" | "cancelled" = "failed",
    ): Promise<boolean> {
      const at = now();
      return jobsRepo.updateHeld(db, jobId, workerId, {
        status,
        lockedBy: null,
        leaseUntil: null,
        errorCode: reason.code,
        errorMessage: reason.message,
        finishedAt: at,
        updatedAt: at,
      });
    },

    /**
     * Asks a job to stop. A worker ends it (a running one through its heartbeat and signal, a queued one as
     * soon as it claims it), so the job's own failure hook always runs. Returns the job as it now stands.
     */
    async requestCancel(jobId: string): Promise<JobRow | undefined> {
      const flagged = await jobsRepo.requestCancel(db, jobId, now());
      if (!flagged) return jobsRepo.find(db, jobId);
      if (flagged.status === "queued") notifier.emit(ENQUEUED, flagged.name);
      else notifier.emit(CANCEL_REQUESTED, flagged.id);
      return flagged;
    },
  };
  return queue;
}

export type JobQueue = ReturnType<typeof createJobQueue>;
