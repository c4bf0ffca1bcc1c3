import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  API_ROUTES,
  askAnswer,
  askRequest,
  conversationDetail,
  conversationIdParams,
  conversationListResponse,
  deleteConversationResponse,
  noteIdParams,
  okResponse,
} from "@beannote/contract";
import { ok } from "../../http/envelope";
import type { AskService } from "./ask.service";

// "" is the body itself (missing, or not an object): it holds no question either.
const fieldCodes = { "": "QUESTION_INVALID", question: "QUESTION_INVALID" } as const;

/** Ask the document: questions answered from the note's sources with page citations, kept as conversations. */
export function askRoutes(ask: AskService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      API_ROUTES.noteAsk,
      {
        config: { fieldCodes },
        schema: { params: noteIdParams, body: askRequest, response: okResponse(askAnswer) },
      },
      async (request) => ok(request, await ask.ask(request.user.userId, request.params.noteId, request.body)),
    );
    app.get(
      API_ROUTES.noteConversations,
      { schema: { params: noteIdParams, response: okResponse(conversationListResponse) } },
      async (request) => ok(request, await ask.list(request.user.userId, request.params.noteId)),
    );
    app.get(
      API_ROUTES.conversation,
      { schema: { params: conversationIdParams, response: okResponse(conversationDetail) } },
      async (request) => ok(request, await ask.detail(request.user.userId, request.params.conversationId)),
    );
    app.delete(
      API_ROUTES.conversation,
      { schema: { params: conversationIdParams, response: okResponse(deleteConversationResponse) } },
      async (request) => ok(request, await ask.remove(request.user.userId, request.params.conversationId)),
    );
  };
}
