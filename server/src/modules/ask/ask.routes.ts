import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { askRequest, conversationIdParams, noteIdParams } from "@beannote/contract";
import { ok } from "../../http/envelope";
import type { AskService } from "./ask.service";

// "" is the body itself (missing, or not an object): it holds no question either.
const fieldCodes = { "": "QUESTION_INVALID", question: "QUESTION_INVALID" } as const;

/** Ask the document: questions answered from the note's sources with page citations, kept as conversations. */
export function askRoutes(ask: AskService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/note/:noteId/ask",
      { config: { fieldCodes }, schema: { params: noteIdParams, body: askRequest } },
      async (request) => ok(request, await ask.ask(request.user.userId, request.params.noteId, request.body)),
    );
    app.get("/note/:noteId/conversations", { schema: { params: noteIdParams } }, async (request) =>
      ok(request, await ask.list(request.user.userId, request.params.noteId)),
    );
    app.get("/conversation/:conversationId", { schema: { params: conversationIdParams } }, async (request) =>
      ok(request, await ask.detail(request.user.userId, request.params.conversationId)),
    );
    app.delete(
      "/conversation/:conversationId",
      { schema: { params: conversationIdParams } },
      async (request) => ok(request, await ask.remove(request.user.userId, request.params.conversationId)),
    );
  };
}
