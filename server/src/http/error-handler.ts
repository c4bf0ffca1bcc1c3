import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { ERROR_STATUS, isErrorCode, type Envelope, type ErrorCode } from "@beannote/contract";
import { isDatabaseUnavailable } from "../db/unavailable";
import { StorageUnavailableError } from "../storage/storage";
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
  // Every 429 (and any answer that knows when to come back) says so in the standard header too.
  const retryAfter = details?.retryAfterSeconds;
  if (typeof retryAfter === "number" && retryAfter > 0) reply.header("retry-after", Math.ceil(retryAfter));
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
      // A contract schema may name its own code as the issue's message (e.g. TITLE_TOO_LONG, TEXT_INVALID).
      const ownCode = issues.map((issue) => issue.message).find(isErrorCode);
      const routeCodes = request.routeOptions.config?.fieldCodes ?? {};
      const fieldCode = issues
        .map((issue) => {
          const field = issue.field.split(".")[0] ?? "";
          return routeCodes[field] ?? FIELD_CODES[field];
        })
        .find(Boolean);
      return sendError(request, reply, ownCode ?? fieldCode ?? "VALIDATION_FAILED", { issues });
    }
    if (error instanceof StorageUnavailableError) {
      request.log.error({ err: error, requestId: request.id }, "storage unavailable");
      return sendError(request, reply, "STORAGE_UNAVAILABLE");
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error, requestId: request.id }, "database unavailable");
      return sendError(request, reply, "SERVICE_UNAVAILABLE", { retryAfterSeconds: 5 });
    }
    const mapped = fromFastifyError(error);
    if (mapped) return sendError(request, reply, mapped);
    request.log.error({ err: error, requestId: request.id }, "unhandled error");
    return sendError(request, reply, "INTERNAL");
  });
}

/** Errors the router meets before a route is found (a malformed percent-escape, an overlong parameter). */
export function frameworkErrorHandler(
  _error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void sendError(request, reply, "BAD_REQUEST");
}

const CLIENT_ERRORS: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: "HEADERS_TOO_LARGE",
  ERR_HTTP_REQUEST_TIMEOUT: "REQUEST_TIMEOUT",
};

/**
 * Requests Node refuses before Fastify sees them (headers too large, too slow): still the envelope, in English
 * since no header could be read.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const code = CLIENT_ERRORS[error.code ?? ""] ?? "BAD_REQUEST";
  const status = ERROR_STATUS[code];
  const body = JSON.stringify({ status, code, message: ERROR_MESSAGES[code].en, data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
