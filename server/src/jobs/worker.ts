import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { ERROR_STATUS, isErrorCode, type ErrorCode } from "@beannote/contract";
import { backoffDelay, DeferJob, PermanentJobError, type JobContext, type JobDefinition } from "./definition";
import type { JobQueue, JobReason, JobRow } from "./queue";
import { isDatabaseUnavailable } from "../db/unavailable";

export interface WorkerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface WorkerOptions {
  queue: JobQueue;
  definitions: JobDefinition[];
  logger: WorkerLogger;
  workerId?: string;
  /** Jobs run at the same time by this worker. */
  concurrency?: number;
  /** How often an idle worker looks for work (a job enqueued by this process wakes it at once). */
  pollMs?: number;
  /** How long a claim holds without a heartbeat; a killed worker's job is taken again after this. */
  leaseMs?: number;
  heartbeatMs?: number;
  /** How long stop() waits for running jobs to give up before leaving them to their lease. */
  stopTimeoutMs?: number;
  /** Replaces every job's backoff base (its cap stays): tests retry in milliseconds instead of seconds. */
  retryBaseMs?: number;
  random?: () => number;
}

export interface Worker {
  readonly workerId: string;
  start(): void;
  stop(): Promise<void>;
  /** Jobs running now (for tests and health). */
  readonly running: number;
}

type AbortCause = "cancelled" | "lease-lost" | "shutdown";

class AbortedError extends Error {
  constructor(readonly why: AbortCause) {
    super(`job aborted: ${why}`);
  }
}

/**
 * The failure reason of an error: its contract code when it has one, else the job's own failure code
 * (a system error's code, such as ECONNRESET, is not a contract code: it stays in the message).
 */
export function reasonOf(error: unknown, fallback: ErrorCode = "INTERNAL"): JobReason {
  const message = error instanceof Error ? error.message : String(error);
  if (error && typeof error === "object" && "code" in error && isErrorCode(error.code)) {
    return { code: error.code, message };
  }
  return { code: fallback, message };
}

/** A retry cannot fix bad input: permanent errors, and errors carrying a contract code below 500. */
function isPermanent(error: unknown): boolean {
  if (error instanceof PermanentJobError) return true;
  if (error && typeof error === "object" && "code" in error && isErrorCode(error.code)) {
    return ERROR_STATUS[error.code] < 500;
  }
  return false;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });

/** Claims jobs of the given definitions and runs them with a heartbeat-renewed lease. */
export function createWorker(options: WorkerOptions): Worker {
  const { queue, logger } = options;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const concurrency = options.concurrency ?? 1;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 30_000;
  // Often enough that a cancel asked in another process is seen within about two seconds.
  const heartbeatMs = options.heartbeatMs ?? Math.max(200, Math.min(2_000, Math.floor(leaseMs / 3)));
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const definitions = new Map(options.definitions.map((definition) => [definition.name, definition]));
  const names = [...definitions.keys()];

  // A stopped worker can start again (a test holds jobs in the queue between stop and start).
  let stopping = new AbortController();
  const active = new Map<string, AbortController>();
  const wakers = new Set<() => void>();
  const wake = () => {
    for (const waker of wakers) waker();
  };
  const loops: Promise<void>[] = [];
  /** Wake-ups for deferred jobs, so one comes back on time without waiting for the next poll. */
  const deferTimers = new Set<NodeJS.Timeout>();
  let unsubscribe: (() => void) | undefined;
  let unsubscribeCancel: (() => void) | undefined;

  async function finishFailed(
    job: JobRow,
    definition: JobDefinition,
    reason: JobReason,
    status: "failed" | "cancelled",
  ) {
    if (!(await queue.fail(job.id, workerId, reason, status))) return;
    const parsed = definition.payload.safeParse(job.payload);
    try {
      // Before the event: a watcher that reacts to `error` must find the job's own rows already updated.
      await definition.onFailed?.(job, reason, parsed.success ? parsed.data : undefined);
    } finally {
      await queue.appendEvent(job.id, "error", reason);
    }
  }

  async function run(job: JobRow): Promise<void> {
    const definition = definitions.get(job.name)!;
    const maxAttempts = definition.maxAttempts;
    if (job.attempts > maxAttempts) {
      // Its earlier workers died holding it (lease ran out): give up with a reason instead of looping.
      const message = `gave up after ${maxAttempts} attempts whose workers stopped`;
      await finishFailed(job, definition, { code: "INTERNAL", message }, "failed");
      return;
    }
    const controller = new AbortController();
    active.set(job.id, controller);
    const abort = (cause: AbortCause) => {
      if (!controller.signal.aborted) controller.abort(new AbortedError(cause));
    };
    const checkAborted = () => {
      if (controller.signal.aborted) throw controller.signal.reason;
    };
    const beat = async () => {
      const state = await queue.heartbeat(job.id, workerId, leaseMs);
      if (!state) abort("lease-lost");
      else if (state.cancelRequested) abort("cancelled");
    };
    const timer = setInterval(() => {
      beat().catch((error) => logger.warn({ err: error, jobId: job.id }, "job heartbeat failed"));
    }, heartbeatMs);
    if (job.cancelRequested) abort("cancelled");

    // Progress and events are written in the order they were asked for, even when a handler does not await
    // them (a progress callback), so a stream never steps back.
    let written: Promise<unknown> = Promise.resolve();
    const inOrder = (write: () => Promise<void>): Promise<void> => {
      const next = written.then(write, write);
      written = next.catch(() => {});
      return next;
    };
    const ctx: JobContext<unknown> = {
      job,
      payload: undefined,
      signal: controller.signal,
      async progress(step, percent, messageKey, params) {
        checkAborted();
        const progress = {
          step,
          percent: Math.max(0, Math.min(100, Math.round(percent))),
          messageKey,
          ...(params ? { params } : {}),
        };
        await inOrder(async () => {
          await queue.setProgress(job.id, workerId, progress);
          await queue.appendEvent(job.id, "progress", progress);
        });
      },
      async emit(type, data) {
        checkAborted();
        await inOrder(async () => void (await queue.appendEvent(job.id, type, data)));
      },
      async heartbeat() {
        await beat();
        checkAborted();
      },
    };

    try {
      checkAborted();
      const parsed = definition.payload.safeParse(job.payload);
      if (!parsed.success)
        throw new PermanentJobError("BAD_REQUEST", `invalid payload: ${parsed.error.message}`);
      ctx.payload = parsed.data;
      // A retry (or a takeover from a dead worker) starts over, so its watchers start over too.
      if (job.attempts > 1 && (await queue.restart(job.id, job.attempts))) job.progress = null;
      const result = await definition.handler(ctx);
      checkAborted();
      if (await queue.complete(job.id, workerId, result)) {
        await queue.appendEvent(job.id, "done", result ?? {});
      }
    } catch (thrown) {
      const cause = controller.signal.aborted ? (controller.signal.reason as AbortedError).why : undefined;
      if (cause === "lease-lost") {
        logger.warn({ jobId: job.id }, "job lease lost; another worker has it");
      } else if (cause === "shutdown") {
        await queue.release(job.id, workerId);
      } else if (cause === "cancelled") {
        await finishFailed(job, definition, { code: "JOB_CANCELLED", message: "cancelled" }, "cancelled");
      } else if (thrown instanceof DeferJob) {
        await queue.defer(
          job.id,
          workerId,
          new Date(queue.now().getTime() + thrown.delayMs),
          thrown.stillWaiting,
        );
        const timer = setTimeout(() => {
          deferTimers.delete(timer);
          wake();
        }, thrown.delayMs);
        deferTimers.add(timer);
      } else {
        const reason = reasonOf(thrown, definition.failureCode);
        if (!isPermanent(thrown) && job.attempts < maxAttempts) {
          const backoff =
            options.retryBaseMs === undefined
              ? definition.backoff
              : { ...definition.backoff, baseMs: options.retryBaseMs };
          const delay = backoffDelay(backoff, job.attempts, options.random);
          logger.warn({ jobId: job.id, attempt: job.attempts, delay, reason }, "job failed; will retry");
          await queue.retryLater(job.id, workerId, reason, new Date(queue.now().getTime() + delay));
        } else {
          if (!isErrorCode((thrown as { code?: unknown } | undefined)?.code))
            logger.error({ err: thrown, jobId: job.id }, "job failed");
          await finishFailed(job, definition, reason, "failed");
        }
      }
    } finally {
      clearInterval(timer);
      active.delete(job.id);
    }
  }

  async function loop(stopped: AbortSignal): Promise<void> {
    while (!stopped.aborted) {
      let job: JobRow | undefined;
      try {
        job = await queue.claim(names, workerId, leaseMs);
      } catch (error) {
        if (stopped.aborted) break;
        // A database restart is said once a poll in one line; anything else is a fault worth its stack.
        if (isDatabaseUnavailable(error)) logger.warn({ workerId }, "job claim failed: database unavailable");
        else logger.error({ err: error }, "job claim failed");
      }
      if (job) {
        await run(job).catch((error) =>
          logger.error({ err: error, jobId: job.id }, "job bookkeeping failed"),
        );
        continue;
      }
      const idle = new AbortController();
      const waker = () => idle.abort();
      wakers.add(waker);
      await sleep(pollMs, AbortSignal.any([stopped, idle.signal]));
      wakers.delete(waker);
    }
  }

  return {
    workerId,
    get running() {
      return active.size;
    },
    start() {
      if (loops.length > 0 || names.length === 0) return;
      if (stopping.signal.aborted) stopping = new AbortController();
      unsubscribe = queue.onEnqueue((name) => {
        if (definitions.has(name)) wake();
      });
      unsubscribeCancel = queue.onCancelRequested((jobId) => {
        const controller = active.get(jobId);
        if (controller && !controller.signal.aborted) controller.abort(new AbortedError("cancelled"));
      });
      for (let i = 0; i < concurrency; i++) loops.push(loop(stopping.signal));
    },
    async stop() {
      unsubscribe?.();
      unsubscribeCancel?.();
      stopping.abort();
      for (const timer of deferTimers) clearTimeout(timer);
      deferTimers.clear();
      wake();
      for (const controller of active.values()) {
        if (!controller.signal.aborted) controller.abort(new AbortedError("shutdown"));
      }
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(loops),
        new Promise<void>((resolve) => (timeout = setTimeout(resolve, stopTimeoutMs))),
      ]);
      clearTimeout(timeout);
      loops.length = 0;
    },
  };
}
