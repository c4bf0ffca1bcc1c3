import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { noteIdParams } from "@beannote/contract";
import { ok } from "../../http/envelope";
import type { MindMapService } from "./mind-map.service";

export function mindMapRoutes(maps: MindMapService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/note/:noteId/mind-map", { schema: { params: noteIdParams } }, async (request) =>
      ok(request, await maps.map(request.user.userId, request.params.noteId)),
    );
  };
}
