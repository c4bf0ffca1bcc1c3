import type { Readable } from "node:stream";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import {
  API_ROUTES,
  emptyData,
  fileIdParams,
  fileInfo,
  okResponse,
  uploadUrlRequest,
  uploadUrlResponse,
} from "@beannote/contract";
import { ok } from "../../http/envelope";
import { languageOf } from "../../http/messages";
import type { FilesService } from "./files.service";

export function fileRoutes(files: FilesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      API_ROUTES.fileUploadUrl,
      { schema: { body: uploadUrlRequest, response: okResponse(uploadUrlResponse) } },
      async (request) => ok(request, await files.createUpload(request.user.userId, request.body)),
    );

    app.get(
      API_ROUTES.file,
      { schema: { params: fileIdParams, response: okResponse(fileInfo) } },
      async (request) =>
        ok(
          request,
          await files.info(request.user.userId, request.params.fileId, languageOf(request.headers.language)),
        ),
    );

    // After a PUT straight to object storage: the server checks the bytes and starts parsing.
    app.post(
      API_ROUTES.fileComplete,
      { schema: { params: fileIdParams, response: okResponse(fileInfo) } },
      async (request) =>
        ok(
          request,
          await files.completeUpload(
            request.user.userId,
            request.params.fileId,
            languageOf(request.headers.language),
          ),
        ),
    );

    app.delete(
      API_ROUTES.file,
      { schema: { params: fileIdParams, response: okResponse(emptyData) } },
      async (request) => {
        await files.remove(request.user.userId, request.params.fileId);
        return ok(request, {});
      },
    );

    app.get(API_ROUTES.filePreview, { schema: { params: fileIdParams } }, async (request, reply) => {
      const preview = await files.openPreview(request.user.userId, request.params.fileId);
      return reply
        .type("application/pdf")
        .header("content-length", preview.size)
        .header("content-disposition", "inline")
        .header("cache-control", "private, max-age=3600")
        .send(preview.stream);
    });

    // The raw upload: any content type is accepted and the body reaches the handler as a stream.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
      raw
        .withTypeProvider<ZodTypeProvider>()
        .put(
          API_ROUTES.fileContent,
          { schema: { params: fileIdParams, response: okResponse(fileInfo) } },
          async (request, reply) => {
            const body = (request.body as Readable | undefined) ?? request.raw;
            const header = request.headers["content-length"];
            const contentLength = header === undefined ? undefined : Number(header);
            try {
              const info = await files.receiveContent(
                request.user.userId,
                request.params.fileId,
                body,
                Number.isFinite(contentLength) ? contentLength : undefined,
                languageOf(request.headers.language),
              );
              return ok(request, info);
            } catch (error) {
              // The rest of a refused body is not read: close the connection after the answer.
              if (!body.readableEnded) reply.header("connection", "close");
              throw error;
            }
          },
        );
    });
  };
}
