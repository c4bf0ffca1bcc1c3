import { z } from "zod";
import { isStorableText } from "./text";

/** Where an artefact item came from: the note's source file (1-based, as in note citations) and its page. */
export const citation = z.object({ source: z.number().int().min(1), page: z.number().int().min(1) });
export type Citation = z.infer<typeof citation>;

/** Every artefact generation answers with the job that writes it (progress over `POST /job/:jobId/events`). */
export const artefactJobResponse = z.object({ jobId: z.string() });
export type ArtefactJobResponse = z.infer<typeof artefactJobResponse>;

/** The state of an artefact's latest generation, shown by its tab while the job runs or after it failed. */
export const artefactGeneration = z
  .object({
    jobId: z.string(),
    status: z.enum(["queued", "running", "done", "failed", "cancelled"]),
    errorCode: z.string().nullable(),
  })
  .nullable();
export type ArtefactGeneration = z.infer<typeof artefactGeneration>;

/** Text typed by a student: trimmed, 1..max characters, storable (no NUL, no lone surrogate). */
export const studentText = (max: number) =>
  z.string().trim().min(1).max(max).refine(isStorableText, "TEXT_INVALID");
