import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { API_ROUTES, healthResponse, okResponse, readyResponse } from "@beannote/contract";
import type { Db } from "../../db/client";
import type { Storage } from "../../storage/storage";
import { AppError } from "../../http/app-error";
import { ok } from "../../http/envelope";
import { healthRepo } from "./health.repo";

const READY_TIMEOUT_MS = 3000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * For load balancers and orchestrators: `GET /health` says the process answers (liveness, touches nothing);
 * `GET /ready` says it can serve (the database answers a query, storage takes a write), else 503.
 */
export function healthRoutes(deps: { db: Db; storage: Storage }): FastifyPluginAsyncZod {
  const probeKey = () => `health/ready-${randomUUID()}`;
  return async (app) => {
    // Probes come every few seconds: log only their failures.
    const quiet = { config: { public: true }, logLevel: "warn" } as const;

    app.get(
      API_ROUTES.health,
      { ...quiet, schema: { response: okResponse(healthResponse) } },
      async (request) => ok(request, { status: "ok" }),
    );

    app.get(
      API_ROUTES.ready,
      { ...quiet, schema: { response: okResponse(readyResponse) } },
      async (request) => {
        const checks = { database: false, storage: false };
        await Promise.all([
          within(healthRepo.ping(deps.db), READY_TIMEOUT_MS).then(
            () => (checks.database = true),
            (error: unknown) => request.log.warn({ err: error }, "readiness: database unreachable"),
          ),
          within(
            (async () => {
              const key = probeKey();
              await deps.storage.put(key, Buffer.from("ok"));
              await deps.storage.delete(key);
            })(),
            READY_TIMEOUT_MS,
          ).then(
            () => (checks.storage = true),
            (error: unknown) => request.log.warn({ err: error }, "readiness: storage unwritable"),
          ),
        ]);
        if (!checks.database || !checks.storage) throw new AppError("SERVICE_UNAVAILABLE", { checks });
        return ok(request, { status: "ready", checks });
      },
    );
  };
}
