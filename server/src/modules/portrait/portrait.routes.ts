import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { API_ROUTES, okResponse, PORTRAIT_MAX_BYTES, portraitResponse } from "@beannote/contract";
import { AppError } from "../../http/app-error";
import { ok } from "../../http/envelope";
import type { AppDeps } from "../../http/app-deps";
import { createPortraitService } from "./portrait.service";

export const portraitUrl = (publicUrl: string | undefined, iconKey: string | null) =>
  iconKey ? `${publicUrl?.replace(/\/$/, "") ?? ""}/media/${iconKey}` : "";

export function portraitRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const portraits = createPortraitService(deps);
  return async (app) => {
    app.post(
      API_ROUTES.portraitUpload,
      { schema: { response: okResponse(portraitResponse) } },
      async (request) => {
        if (!request.isMultipart()) throw new AppError("FILE_REQUIRED");
        const file = await request.file({ limits: { fileSize: PORTRAIT_MAX_BYTES, files: 1 } });
        if (!file || file.fieldname !== "file") throw new AppError("FILE_REQUIRED");
        const bytes = await file.toBuffer().catch((error: { code?: string }) => {
          if (error.code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("IMAGE_TOO_LARGE");
          throw error;
        });
        if (file.file.truncated) throw new AppError("IMAGE_TOO_LARGE");
        if (bytes.length === 0) throw new AppError("IMAGE_INVALID");
        const key = await portraits.replace(request.user.userId, bytes);
        return ok(request, { iconUrl: portraitUrl(deps.config.PUBLIC_URL, key) });
      },
    );

    app.get(
      API_ROUTES.portraitMedia,
      {
        config: { public: true },
        schema: {
          params: z.object({
            userId: z.string().regex(/^\d+$/),
            name: z.string().regex(/^[0-9a-f]+\.webp$/),
          }),
        },
      },
      async (request, reply) => {
        const stream = await deps.storage.get(`portraits/${request.params.userId}/${request.params.name}`);
        if (!stream) throw new AppError("NOT_FOUND");
        return reply
          .type("image/webp")
          .header("cache-control", "public, max-age=31536000, immutable")
          .send(stream);
      },
    );
  };
}
