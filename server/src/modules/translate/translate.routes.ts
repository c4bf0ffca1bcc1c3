import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  API_ROUTES,
  noteIdParams,
  okResponse,
  translateNoteRequest,
  translateNoteResponse,
} from "@beannote/contract";
import { ok } from "../../http/envelope";
import type { TranslateService } from "./translate.service";

// "" is the body itself (missing, or not an object): it names no language either.
const fieldCodes = {
  "": "TRANSLATE_LANGUAGE_INVALID",
  targetLanguage: "TRANSLATE_LANGUAGE_INVALID",
} as const;

/** `POST /note/:noteId/translate {targetLanguage}` → `{noteId, jobId}`: the new note and the job writing it. */
export function translateRoutes(translations: TranslateService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      API_ROUTES.noteTranslate,
      {
        config: { fieldCodes },
        schema: {
          params: noteIdParams,
          body: translateNoteRequest,
          response: okResponse(translateNoteResponse),
        },
      },
      async (request) =>
        ok(
          request,
          await translations.start(request.user.userId, request.params.noteId, request.body.targetLanguage),
        ),
    );
  };
}
