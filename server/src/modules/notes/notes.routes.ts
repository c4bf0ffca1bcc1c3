import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  API_ROUTES,
  emptyData,
  generateNoteRequest,
  generateNoteResponse,
  NOTE_MARKDOWN_MAX,
  noteDetail,
  noteIdParams,
  noteListQuery,
  noteListResponse,
  okResponse,
  updateNoteRequest,
} from "@beannote/contract";
import { clientSignal } from "../../http/client-signal";
import { ok } from "../../http/envelope";
import { languageOf } from "../../http/messages";
import type { NoteService } from "./notes.service";

export function notesRoutes(notes: NoteService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      API_ROUTES.noteGenerate,
      { schema: { body: generateNoteRequest, response: okResponse(generateNoteResponse) } },
      async (request) => ok(request, await notes.generate(request.user.userId, request.body)),
    );

    app.get(
      API_ROUTES.noteList,
      { schema: { querystring: noteListQuery, response: okResponse(noteListResponse) } },
      async (request, reply) =>
        ok(request, await notes.list(request.user.userId, request.query, clientSignal(reply))),
    );

    app.get(
      API_ROUTES.note,
      { schema: { params: noteIdParams, response: okResponse(noteDetail) } },
      async (request, reply) =>
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
      API_ROUTES.note,
      {
        bodyLimit: NOTE_MARKDOWN_MAX * 4,
        schema: { params: noteIdParams, body: updateNoteRequest, response: okResponse(noteDetail) },
      },
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

    app.post(
      API_ROUTES.noteReset,
      { schema: { params: noteIdParams, response: okResponse(noteDetail) } },
      async (request) =>
        ok(
          request,
          await notes.reset(request.user.userId, request.params.noteId, languageOf(request.headers.language)),
        ),
    );

    app.post(
      API_ROUTES.noteCopy,
      { schema: { params: noteIdParams, response: okResponse(noteDetail) } },
      async (request) =>
        ok(
          request,
          await notes.copy(request.user.userId, request.params.noteId, languageOf(request.headers.language)),
        ),
    );

    app.delete(
      API_ROUTES.note,
      { schema: { params: noteIdParams, response: okResponse(emptyData) } },
      async (request) => {
        await notes.remove(request.user.userId, request.params.noteId);
        return ok(request, {});
      },
    );
  };
}
