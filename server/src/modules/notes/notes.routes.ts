import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  generateNoteRequest,
  NOTE_MARKDOWN_MAX,
  noteIdParams,
  noteListQuery,
  updateNoteRequest,
} from "@beannote/contract";
import { clientSignal } from "../../http/client-signal";
import { ok } from "../../http/envelope";
import { languageOf } from "../../http/messages";
import type { NoteService } from "./notes.service";

export function notesRoutes(notes: NoteService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post("/note/generate", { schema: { body: generateNoteRequest } }, async (request) =>
      ok(request, await notes.generate(request.user.userId, request.body)),
    );

    app.get("/note/list", { schema: { querystring: noteListQuery } }, async (request, reply) =>
      ok(request, await notes.list(request.user.userId, request.query, clientSignal(reply))),
    );

    app.get("/note/:noteId", { schema: { params: noteIdParams } }, async (request, reply) =>
      ok(
        request,
        await notes.detail(
          request.user.userId,
          request.params.noteId,
          languageOf(request.headers.language),
          clientSignal(reply),
        ),
      ),
    );

    app.put(
      "/note/:noteId",
      { bodyLimit: NOTE_MARKDOWN_MAX * 4, schema: { params: noteIdParams, body: updateNoteRequest } },
      async (request) =>
        ok(
          request,
          await notes.update(
            request.user.userId,
            request.params.noteId,
            request.body,
            languageOf(request.headers.language),
          ),
        ),
    );

    app.post("/note/:noteId/reset", { schema: { params: noteIdParams } }, async (request) =>
      ok(
        request,
        await notes.reset(request.user.userId, request.params.noteId, languageOf(request.headers.language)),
      ),
    );

    app.post("/note/:noteId/copy", { schema: { params: noteIdParams } }, async (request) =>
      ok(
        request,
        await notes.copy(request.user.userId, request.params.noteId, languageOf(request.headers.language)),
      ),
    );

    app.delete("/note/:noteId", { schema: { params: noteIdParams } }, async (request) => {
      await notes.remove(request.user.userId, request.params.noteId);
      return ok(request, {});
    });
  };
}
