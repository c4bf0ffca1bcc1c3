import type { z } from "zod";
import type { ErrorCode, JobEventType } from "@beannote/contract";
import type { JobReason, JobRow } from "./queue";

export interface JobContext<P> {
  job: JobRow;
  payload: P;
  /** Aborted when the job is cancelled, its lease is lost, or the worker stops. */
  signal: AbortSignal;
  /** Records progress on the job row and sends a `progress` event; `params` fill the message's placeholders. */
  progress(
    step: string,
    percent: number,
    messageKey: string,
    params?: Record<string, string | number>,
  ): Promise<void>;
  /** Sends a `partial` event (or another type) to the job's SSE watchers. */
  emit(type: Exclude<JobEventType, "done" | "error" | "restart">, data: unknown): Promise<void>;
  /** Renews the lease now (the worker also does it on a timer); throws when the job was cancelled. */
  heartbeat(): Promise<void>;
}

export interface BackoffOptions {
  /** Delay before the second attempt; doubles each attempt. */
  baseMs: number;
  maxMs: number;
}

/** What both the enqueuing side and the worker know of a job; the worker adds the handler. */
export interface JobSpec<P = unknown> {
  name: string;
  /** Validates the payload: ids, never contents. */
  payload: z.ZodType<P>;
  maxAttempts: number;
  backoff: BackoffOptions;
  /** The code of a failure that carries none of its own (a model down, a bug); INTERNAL unless given. */
  failureCode?: ErrorCode;
}

export interface JobDefinition<P = unknown> extends JobSpec<P> {
  /** Must be idempotent: a job whose worker died runs again from the start. Its return value is `done`'s data. */
  handler(ctx: JobContext<P>): Promise<unknown>;
  /** Called once when the job ends failed or cancelled (after its last attempt), e.g. to mark a file failed. */
  onFailed?(job: JobRow, reason: JobReason, payload: P | undefined): Promise<void>;
}

/** Keeps the payload type of a definition while storing it in a list of `JobDefinition`s. */
export function defineJob<P>(definition: JobDefinition<P>): JobDefinition {
  return definition as unknown as JobDefinition;
}

/** The delay before attempt `attempt + 1`, after `attempt` failed: base·2^(attempt-1), capped, ±20 % jitter. */
export function backoffDelay(
  backoff: BackoffOptions,
  attempt: number,
  random: () => number = Math.random,
): number {
  const raw = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(raw * (0.8 + 0.4 * random()));
}

/**
 * Thrown by a handler that must wait for something outside itself (a file still being parsed): the worker puts
 * the job back in the queue until `delayMs` from now without counting an attempt, and its slot runs other work.
 * What it waits for may bring it forward (`JobQueue.runNow`); `stillWaiting`, asked once the job is back in the
 * queue, catches what came while it ran (then it runs again at once).
 */
export class DeferJob extends Error {
  constructor(
    readonly delayMs: number,
    readonly stillWaiting?: () => Promise<boolean>,
  ) {
    super(`job deferred by ${delayMs} ms`);
  }
}

/** An error a retry cannot fix (bad input, a hostile file); the job fails at once. */
export class PermanentJobError extends Error {
  constructor(
    readonly code: string,
    message?: string,
  ) {
    super(message ?? code);
  }
}
