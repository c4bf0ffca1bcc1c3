import type { FastifyRequest } from "fastify";
import type { Envelope } from "@beannote/contract";
import { languageOf, SUCCESS_MESSAGE } from "./messages";

/** Wraps a handler's result in the success envelope of the spec. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { status: 200, message: SUCCESS_MESSAGE[languageOf(request.headers.language)], data };
}
