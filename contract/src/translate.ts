import { z } from "zod";
import { OUTPUT_LANGUAGES } from "./limits";
import { defineKindContract } from "./kind-contract";

/** Translation's part of the central lists (see kind-contract.ts): its path, route summary, errors, price. */
export const translateContract = defineKindContract({
  name: "translate",
  paths: { noteTranslate: "/note/:noteId/translate" },
  routes: { "POST /note/:noteId/translate": { summary: "Translate into a new note" } },
  errors: {
    TRANSLATE_LANGUAGE_INVALID: 400,
    TRANSLATE_SAME_LANGUAGE: 400,
    TRANSLATE_NEEDS_MODEL: 501,
    TRANSLATE_FAILED: 500,
  },
  price: { translation: 3 },
});

// POST /note/:noteId/translate — writes a new note "<title> (<language>)"; the original stays as it is.
export const translateNoteRequest = z.object({ targetLanguage: z.enum(OUTPUT_LANGUAGES) });
export type TranslateNoteRequest = z.infer<typeof translateNoteRequest>;

/** The new note (status `generating` until the job is done) and the job writing it, followed over SSE. */
export const translateNoteResponse = z.object({ noteId: z.string(), jobId: z.string() });
export type TranslateNoteResponse = z.infer<typeof translateNoteResponse>;

/** Whether an action can be used on this server, and the error code that says why not. */
export const featureAvailability = z.object({ available: z.boolean(), reason: z.string().nullable() });
export type FeatureAvailability = z.infer<typeof featureAvailability>;
