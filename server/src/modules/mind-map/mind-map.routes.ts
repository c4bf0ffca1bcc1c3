import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { API_ROUTES, mindMap, noteIdParams, okResponse } from "@beannote/contract";
import { ok } from "../../http/envelope";
import type { MindMapService } from "./mind-map.service";

export function mindMapRoutes(maps: MindMapService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      API_ROUTES.noteMindMap,
      { schema: { params: noteIdParams, response: okResponse(mindMap) } },
      async (request) => ok(request, await maps.map(request.user.userId, request.params.noteId)),
    );
  };
}
