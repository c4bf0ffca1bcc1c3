import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { API_ROUTES, okResponse, STUDENT_ID_MAX_BYTES, studentVerification } from "@beannote/contract";
import { AppError } from "../../http/app-error";
import { ok } from "../../http/envelope";
import type { StudentService } from "./student.service";

export function studentRoutes(students: StudentService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      API_ROUTES.studentVerify,
      { schema: { response: okResponse(studentVerification) } },
      async (request) => ok(request, await students.status(request.user.userId)),
    );

    // Multipart, field `file`: a JPG or PNG of the student ID, at most 5 MB.
    app.post(
      API_ROUTES.studentVerify,
      { schema: { response: okResponse(studentVerification) } },
      async (request) => {
        if (!request.isMultipart()) throw new AppError("FILE_REQUIRED");
        const file = await request.file({ limits: { fileSize: STUDENT_ID_MAX_BYTES, files: 1 } });
        if (!file || file.fieldname !== "file") throw new AppError("FILE_REQUIRED");
        const bytes = await file.toBuffer().catch((error: { code?: string }) => {
          if (error.code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("STUDENT_ID_TOO_LARGE");
          throw error;
        });
        if (file.file.truncated) throw new AppError("STUDENT_ID_TOO_LARGE");
        if (bytes.length === 0) throw new AppError("IMAGE_NOT_JPG_PNG");
        return ok(request, await students.submit(request.user.userId, bytes));
      },
    );

    // Only its owner sees the image (the operator reads it with `npm run admin -- students list`).
    app.get(API_ROUTES.studentVerifyImage, async (request, reply) => {
      const { stream, contentType } = await students.image(request.user.userId);
      return reply.type(contentType).header("cache-control", "private, no-store").send(stream);
    });
  };
}
