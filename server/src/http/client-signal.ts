import type { FastifyReply } from "fastify";
import { AppError } from "./app-error";

/**
 * Aborts when the client closes the connection before its answer is written (a timeout, a closed tab, a
 * navigation away), so that the work done for it can stop. The reason is a 408 AppError: nobody reads it, and it
 * is not logged as a server fault.
 */
export function clientSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const gone = () =>
    controller.abort(new AppError("REQUEST_TIMEOUT", { reason: "client closed the connection" }));
  const response = reply.raw;
  if (response.socket?.destroyed) gone();
  else
    response.once("close", () => {
      if (!response.writableFinished) gone();
    });
  return controller.signal;
}
