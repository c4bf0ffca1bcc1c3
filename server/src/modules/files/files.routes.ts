import type { Readable } from "node:stream";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { fileIdParams, uploadUrlRequest } from "@beannote/contract";
import { ok } from "../../http/envelope";
import { languageOf } from "../../http/messages";
import type { AppDeps } from "../../http/app-deps";
import { createFilesService, type FilesService } from "./files.service";

export function fileRoutes(
  deps: AppDeps,
  files: FilesService = createFilesService({
    db: deps.db,
    storage: deps.storage,
    uploadMaxBytes: deps.config.uploadMaxBytes,
  }),
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post("/file/upload-url", { schema: { body: uploadUrlRequest } }, async (request) =>
      ok(request, await files.createUpload(request.user.userId, request.body)),
    );

    app.get("/file/:fileId", { schema: { params: fileIdParams } }, async (request) =>
      ok(
        request,
        await files.info(request.user.userId, request.params.fileId, languageOf(request.headers.language)),
      ),
    );

    // After a PUT straight to object storage: the server checks the bytes and starts parsing.
    app.post("/file/:fileId/complete", { schema: { params: fileIdParams } }, async (request) =>
      ok(
        request,
        await files.completeUpload(
          request.user.userId,
          request.params.fileId,
          languageOf(request.headers.language),
        ),
      ),
    );

    app.delete("/file/:fileId", { schema: { params: fileIdParams } }, async (request) => {
      await files.remove(request.user.userId, request.params.fileId);
      return ok(request, {});
    });

    app.get("/file/:fileId/preview", { schema: { params: fileIdParams } }, async (request, reply) => {
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
        .put("/file/:fileId/content", { schema: { params: fileIdParams } }, async (request, reply) => {
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
        });
    });
  };
}
