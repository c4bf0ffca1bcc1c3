import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  API_ROUTES,
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_IMAGES_MAX,
  feedbackImagesResponse,
  feedbackRequest,
  feedbackResponse,
  okResponse,
} from "@beannote/contract";
import { AppError } from "../../http/app-error";
import { ok } from "../../http/envelope";
import type { Storage } from "../../storage/storage";
import type { FeedbackService } from "./feedback.service";

const fieldCodes = {
  type: "FEEDBACK_TYPE_REQUIRED",
  suggestion: "FEEDBACK_SUGGESTION_REQUIRED",
  images: "FEEDBACK_IMAGE_REQUIRED",
  email: "EMAIL_INVALID",
} as const;

const MULTIPART_ERRORS: Record<string, AppError["code"]> = {
  FST_REQ_FILE_TOO_LARGE: "IMAGE_TOO_LARGE",
  FST_FILES_LIMIT: "FEEDBACK_IMAGES_TOO_MANY",
};

export function feedbackRoutes(feedback: FeedbackService, storage: Storage): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart: 1–6 image files (any field name), each a JPG or PNG of at most 2 MB.
    app.post(
      API_ROUTES.feedbackImages,
      { schema: { response: okResponse(feedbackImagesResponse) } },
      async (request) => {
        if (!request.isMultipart()) throw new AppError("FEEDBACK_IMAGE_REQUIRED");
        await feedback.admitImageUpload(request.user.userId);
        const files: Buffer[] = [];
        try {
          for await (const part of request.files({
            limits: { files: FEEDBACK_IMAGES_MAX, fileSize: FEEDBACK_IMAGE_MAX_BYTES },
          })) {
            const bytes = await part.toBuffer();
            if (part.file.truncated) throw new AppError("IMAGE_TOO_LARGE");
            files.push(bytes);
          }
        } catch (error) {
          const code = MULTIPART_ERRORS[(error as { code?: string }).code ?? ""];
          throw code ? new AppError(code) : error;
        }
        return ok(request, { images: await feedback.uploadImages(request.user.userId, files) });
      },
    );

    app.post(
      API_ROUTES.feedback,
      { config: { fieldCodes }, schema: { body: feedbackRequest, response: okResponse(feedbackResponse) } },
      async (request) => ok(request, await feedback.submit(request.user.userId, request.body)),
    );

    // Public by an unguessable name (128 random bits), like avatars: the operator's mail links here.
    app.get(
      API_ROUTES.feedbackMedia,
      {
        config: { public: true },
        schema: {
          params: z.object({
            userId: z.string().regex(/^\d+$/),
            name: z.string().regex(/^[0-9a-f]{32}\.(jpg|png)$/),
          }),
        },
      },
      async (request, reply) => {
        const { userId, name } = request.params;
        const stream = await storage.get(`feedback/${userId}/${name}`);
        if (!stream) throw new AppError("NOT_FOUND");
        return reply
          .type(name.endsWith(".png") ? "image/png" : "image/jpeg")
          .header("cache-control", "private, max-age=86400")
          .send(stream);
      },
    );
  };
}
