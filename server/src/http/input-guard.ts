import type { FastifyInstance, FastifyRequest } from "fastify";
import { isStorableText } from "@beannote/contract";
import { AppError } from "./app-error";

/** Parsed data (JSON, query and params objects, whatever their prototype), not a raw upload stream or buffer. */
const isRecord = (value: object) =>
  !ArrayBuffer.isView(value) && typeof (value as { pipe?: unknown }).pipe !== "function";

/** True when some string (value or key) in parsed JSON, query or params cannot be stored as text. */
export function holdsUnstorableText(value: unknown): boolean {
  // Iterative: a deeply nested body must not exhaust the stack.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") {
      if (!isStorableText(item)) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) stack.push(element);
    } else if (item && typeof item === "object" && isRecord(item)) {
      for (const [key, element] of Object.entries(item)) {
        if (!isStorableText(key)) return true;
        stack.push(element);
      }
    }
  }
  return false;
}

/**
 * Refuses NUL and lone surrogates anywhere in a request's params, query and JSON body with TEXT_INVALID, for
 * every route, before its schema runs: PostgreSQL cannot store the one and UTF-8 cannot encode the other, so
 * either would otherwise surface as a 500 (or silently change) wherever a route forgot to check.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request: FastifyRequest) => {
    if (holdsUnstorableText(request.params) || holdsUnstorableText(request.query)) {
      throw new AppError("TEXT_INVALID");
    }
    if (holdsUnstorableText(request.body)) throw new AppError("TEXT_INVALID");
  });
}
