import { z } from "zod";
import { OUTPUT_LANGUAGES } from "./limits";

// POST /note/:noteId/translate — writes a new note "<title> (<language>)"; the original stays as it is.
export const translateNoteRequest = z.object({ targetLanguage: z.enum(OUTPUT_LANGUAGES) });
export type TranslateNoteRequest = z.infer<typeof translateNoteRequest>;

/** The new note (status `generating` until the job is done) and the job writing it, followed over SSE. */
export const translateNoteResponse = z.object({ noteId: z.string(), jobId: z.string() });
export type TranslateNoteResponse = z.infer<typeof translateNoteResponse>;

/** Whether an action can be used on this server, and the error code that says why not. */
export const featureAvailability = z.object({ available: z.boolean(), reason: z.string().nullable() });
export type FeatureAvailability = z.infer<typeof featureAvailability>;
