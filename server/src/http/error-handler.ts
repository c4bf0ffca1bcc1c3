import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ERROR_STATUS, type Envelope, type ErrorCode } from "@beannote/contract";
import { AppError } from "./app-error";
import { ERROR_MESSAGES, languageOf } from "./messages";

/** A schema violation on one of these fields gets the field's own error code instead of VALIDATION_FAILED. */
const FIELD_CODES: Record<string, ErrorCode> = {
  email: "EMAIL_INVALID",
  code: "CODE_INVALID",
  nickname: "NICKNAME_INVALID",
  captchaCode: "CAPTCHA_INVALID",
  captchaId: "CAPTCHA_INVALID",
  title: "TITLE_REQUIRED",
  outputLanguage: "LANGUAGE_REQUIRED",
  detailLevel: "DETAIL_REQUIRED",
  fileIds: "FILE_REQUIRED",
};

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  details?: Record<string, unknown>,
): FastifyReply {
  const status = ERROR_STATUS[code];
  const body: Envelope<Record<string, unknown> | null> = {
    status,
    code,
    message: ERROR_MESSAGES[code][languageOf(request.headers.language)],
    data: details ?? null,
    requestId: request.id,
  };
  return reply.code(status).type("application/json; charset=utf-8").send(body);
}

function fromFastifyError(error: FastifyError): ErrorCode | undefined {
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE" || error.code === "FST_REQ_FILE_TOO_LARGE") {
    return "PAYLOAD_TOO_LARGE";
  }
  if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError) return "BAD_JSON";
  if (error.code?.startsWith("FST_ERR_CTP") || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY")
    return "BAD_REQUEST";
  if (error.statusCode === 429) return "RATE_LIMITED";
  if (error.statusCode === 404) return "NOT_FOUND";
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return "BAD_REQUEST";
  return undefined;
}

/** One error handler: every failure leaves as the envelope; a 5xx never shows its internals. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // 501 PREVIEW_UNAVAILABLE is an expected answer on servers without LibreOffice, not a fault.
      if (error.status >= 500 && error.status !== 501) {
        request.log.error({ err: error, requestId: request.id }, "request failed");
      }
      return sendError(request, reply, error.code, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, "").replace(/\//g, "."),
        message: issue.message,
      }));
      const fieldCode = issues.map((issue) => FIELD_CODES[issue.field.split(".")[0] ?? ""]).find(Boolean);
      return sendError(request, reply, fieldCode ?? "VALIDATION_FAILED", { issues });
    }
    const mapped = fromFastifyError(error);
    if (mapped) return sendError(request, reply, mapped);
    request.log.error({ err: error, requestId: request.id }, "unhandled error");
    return sendError(request, reply, "INTERNAL");
  });
}
