import { z } from "zod";
import { entityId } from "./text";

export const JOB_STATUSES = ["queued", "running", "done", "failed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** `restart` ({attempt}) opens a new attempt of a retried job: what earlier attempts sent no longer holds. */
export const JOB_EVENT_TYPES = ["progress", "partial", "restart", "done", "error"] as const;
export type JobEventType = (typeof JOB_EVENT_TYPES)[number];

export const jobIdParams = z.object({ jobId: entityId });

/** `progress` event data, also the job's last progress in its status. */
export const jobProgress = z.object({
  step: z.string(),
  percent: z.number().min(0).max(100),
  /** An i18n key the web app translates, e.g. `progress.parsing`. */
  messageKey: z.string(),
  /** Values for the message's placeholders, e.g. `{ page: 3, pages: 12 }` for `progress.ocr`. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type JobProgress = z.infer<typeof jobProgress>;

/**
 * The steps the server's jobs report, each as the `messageKey` `progress.<step>` of a `progress` event, that
 * the web app words; a step not listed ("progress.sweeping", "progress.done") reads as `working`.
 */
export const PROGRESS_STEPS = [
  "queued",
  "ocr",
  "parsing",
  "podcastAudio",
  "podcastScript",
  "preview",
  "reading",
  "saving",
  "storing",
  "working",
  "writing",
] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

/** The steps of an artefact job (flashcards, quiz, slides, translation…): read, write, save. */
export const ARTEFACT_PROGRESS_STEPS = [
  "queued",
  "reading",
  "writing",
  "saving",
] as const satisfies readonly ProgressStep[];

/** The step of a progress `messageKey` (`progress.reading` → `reading`) among `steps`, else `working`. */
export function progressStep<S extends ProgressStep>(
  messageKey: string | undefined,
  steps: readonly S[],
): S | "working" {
  const step = messageKey?.replace(/^progress\./, "") ?? "";
  return (steps as readonly string[]).includes(step) ? (step as S) : "working";
}

export const jobError = z.object({ code: z.string(), message: z.string() });
export type JobError = z.infer<typeof jobError>;

// GET /job/:jobId, POST /job/:jobId/cancel
export const jobStatusResponse = z.object({
  jobId: z.string(),
  name: z.string(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  cancelRequested: z.boolean(),
  progress: jobProgress.nullable(),
  result: z.unknown().optional(),
  error: jobError.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobStatusResponse = z.infer<typeof jobStatusResponse>;

// POST /job/:jobId/events — answered with text/event-stream; resume after `Last-Event-ID` or this body field.
export const jobEventsRequest = z
  .object({ lastEventId: z.union([z.string(), z.number()]).optional() })
  .passthrough();
export type JobEventsRequest = z.infer<typeof jobEventsRequest>;

/** One SSE message: `id:` is `id`, `event:` is `type`, `data:` is JSON of `data`. */
export interface JobEvent {
  id: number;
  type: JobEventType;
  data: unknown;
}
