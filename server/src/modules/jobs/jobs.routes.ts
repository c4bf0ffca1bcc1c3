import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { API_ROUTES, jobEventsRequest, jobIdParams, jobStatusResponse, okResponse } from "@beannote/contract";
import { ok } from "../../http/envelope";
import type { JobsService, StreamedEvent } from "./jobs.service";

export interface JobRoutesOptions {
  /** How often a stream looks for events written by other processes. */
  pollMs?: number;
  /** Interval of `: keep-alive` comments that keep proxies from closing an idle stream. */
  keepAliveMs?: number;
}

const frame = (event: StreamedEvent) =>
  `${event.id !== undefined ? `id: ${event.id}\n` : ""}event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

function lastEventIdOf(header: string | string[] | undefined, body: unknown): number {
  const fromBody =
    body && typeof body === "object" && "lastEventId" in body
      ? (body as { lastEventId?: unknown }).lastEventId
      : undefined;
  const raw = (Array.isArray(header) ? header[0] : header) ?? fromBody;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

export function jobRoutes(jobs: JobsService, options: JobRoutesOptions = {}): FastifyPluginAsyncZod {
  const pollMs = options.pollMs ?? 1000;
  const keepAliveMs = options.keepAliveMs ?? 15_000;
  return async (app) => {
    // A stream lasts as long as its job, which a stopping server will not finish: the server ends the open streams
    // when it closes (the client reconnects to another instance with Last-Event-ID), or its close would wait
    // for them forever.
    const open = new Set<AbortController>();
    app.addHook("preClose", async () => {
      for (const stream of open) stream.abort();
    });

    app.get(
      API_ROUTES.job,
      { schema: { params: jobIdParams, response: okResponse(jobStatusResponse) } },
      async (request) => ok(request, await jobs.status(request.user.userId, request.params.jobId)),
    );

    app.post(
      API_ROUTES.jobCancel,
      { schema: { params: jobIdParams, response: okResponse(jobStatusResponse) } },
      async (request) => ok(request, await jobs.cancel(request.user.userId, request.params.jobId)),
    );

    // A streaming POST (the token travels in headers, which EventSource cannot send).
    app.post(
      API_ROUTES.jobEvents,
      { schema: { params: jobIdParams, body: jobEventsRequest.optional().nullable() } },
      async (request, reply) => {
        const { jobId } = request.params;
        await jobs.assertOwner(request.user.userId, jobId);
        const afterId = lastEventIdOf(request.headers["last-event-id"], request.body);

        reply.hijack();
        const response = reply.raw;
        response.writeHead(200, {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-cache, no-transform",
          connection: "keep-alive",
          "x-accel-buffering": "no",
          "x-request-id": request.id,
        });
        response.write(": stream\n\n");

        const closed = new AbortController();
        open.add(closed);
        response.on("close", () => closed.abort());
        const keepAlive = setInterval(() => response.write(": keep-alive\n\n"), keepAliveMs);
        try {
          for await (const event of jobs.events(jobId, afterId, { pollMs, signal: closed.signal })) {
            response.write(frame(event));
          }
        } catch (error) {
          request.log.error({ err: error, jobId }, "job event stream failed");
          response.write(frame({ type: "error", data: { code: "INTERNAL", message: "stream failed" } }));
        } finally {
          open.delete(closed);
          clearInterval(keepAlive);
          response.end();
        }
      },
    );
  };
}
