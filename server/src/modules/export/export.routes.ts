import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { API_ROUTES, exportNoteRequest, noteIdParams } from "@beannote/contract";
import { sendAttachment } from "../../http/attachment";
import type { ExportService } from "./export.service";

// "" is the body itself (missing, or not an object): it lacks a format too.
const fieldCodes = { "": "EXPORT_FORMAT_INVALID", format: "EXPORT_FORMAT_INVALID" } as const;

/** `POST /note/:noteId/export {format}` answers with the file itself (a download), errors in the envelope. */
export function exportRoutes(exports: ExportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      API_ROUTES.noteExport,
      { config: { fieldCodes }, schema: { params: noteIdParams, body: exportNoteRequest } },
      async (request, reply) =>
        sendAttachment(
          reply,
          await exports.export(request.user.userId, request.params.noteId, request.body.format),
        ),
    );
  };
}
