import type { JobEventType, JobStatusResponse } from "@beannote/contract";
import type { Db } from "../../db/client";
import { AppError } from "../../http/app-error";
import { isTerminal, type JobEventRow, type JobQueue, type JobRow } from "../../jobs/queue";

export interface JobsServiceDeps {
  db: Db;
  queue: JobQueue;
}

export function presentJob(job: JobRow): JobStatusResponse {
  return {
    jobId: job.id,
    name: job.name,
    status: job.status as JobStatusResponse["status"],
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    cancelRequested: job.cancelRequested,
    progress: (job.progress as JobStatusResponse["progress"]) ?? null,
    ...(job.status === "done" ? { result: job.result } : {}),
    ...((job.status === "failed" || job.status === "cancelled") && job.errorCode
      ? { error: { code: job.errorCode, message: job.errorMessage ?? job.errorCode } }
      : {}),
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

export interface StreamedEvent {
  id?: number;
  type: JobEventType;
  data: unknown;
}

/** How long a stream waits for the final event of a job whose row is already terminal. */
const FINAL_EVENT_GRACE_MS = 10_000;

/** The job's last word when its stream holds none (the process died between the row and the event). */
function closingEvent(job: JobRow): StreamedEvent {
  if (job.status === "done") return { type: "done", data: job.result ?? {} };
  return {
    type: "error",
    data: { code: job.errorCode ?? "INTERNAL", message: job.errorMessage ?? job.status },
  };
}

export function createJobsService(deps: JobsServiceDeps) {
  const { queue } = deps;

  async function owned(userId: string, jobId: string): Promise<JobRow> {
    const job = await queue.getOwned(jobId, userId);
    if (!job) throw new AppError("NOT_FOUND");
    return job;
  }

  return {
    queue,

    async status(userId: string, jobId: string): Promise<JobStatusResponse> {
      return presentJob(await owned(userId, jobId));
    },

    async cancel(userId: string, jobId: string): Promise<JobStatusResponse> {
      await owned(userId, jobId);
      const job = await queue.requestCancel(jobId);
      if (!job) throw new AppError("NOT_FOUND");
      return presentJob(job);
    },

    /** Checks ownership before the stream starts, so a stranger gets a plain 404. */
    assertOwner: (userId: string, jobId: string) => owned(userId, jobId).then(() => undefined),

    /**
     * Yields the job's events after `afterId` as they are written (by any process), ending after `done` or
     * `error`. Wakes at once for events of this process, else polls every `pollMs`.
     */
    async *events(
      jobId: string,
      afterId: number,
      options: { pollMs: number; signal: AbortSignal },
    ): AsyncGenerator<StreamedEvent> {
      let last = afterId;
      let wake: (() => void) | undefined;
      const unsubscribe = queue.onEvent(jobId, () => wake?.());
      const onAbort = () => wake?.();
      options.signal.addEventListener("abort", onAbort);
      try {
        while (!options.signal.aborted) {
          const rows: JobEventRow[] = await queue.eventsAfter(jobId, last);
          for (const row of rows) {
            last = row.id;
            yield { id: row.id, type: row.type as JobEventType, data: row.data };
            if (row.type === "done" || row.type === "error") return;
          }
          if (rows.length > 0) continue;
          const job = await queue.get(jobId);
          if (!job) return;
          if (isTerminal(job.status)) {
            const late = await queue.eventsAfter(jobId, last);
            if (late.length > 0) continue;
            // The client may resume after the final event (then nothing more comes); else close with the row.
            if (await queue.hasFinalEvent(jobId)) {
              // Written just now (read it on the next turn), or seen before this resume (nothing more).
              if ((await queue.eventsAfter(jobId, last)).length > 0) continue;
              return;
            }
            // A failed job's hook updates its own rows between the job's row and its final event: wait for
            // the event, so a client that reacts to it finds them updated. Only a worker that died in
            // between leaves no event; after the grace the row's word closes the stream.
            const finished = job.finishedAt?.getTime() ?? 0;
            if (Date.now() - finished >= FINAL_EVENT_GRACE_MS) {
              yield closingEvent(job);
              return;
            }
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(done, options.pollMs);
            function done() {
              clearTimeout(timer);
              wake = undefined;
              resolve();
            }
            wake = done;
          });
        }
      } finally {
        unsubscribe();
        options.signal.removeEventListener("abort", onAbort);
      }
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
