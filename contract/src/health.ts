import { z } from "zod";

/** `GET /health`: the process answers. */
export const healthResponse = z.object({ status: z.literal("ok") });
export type HealthResponse = z.infer<typeof healthResponse>;

/** `GET /ready`: the database takes a query and storage a write (else 503 SERVICE_UNAVAILABLE with the checks). */
export const readyChecks = z.object({ database: z.boolean(), storage: z.boolean() });
export const readyResponse = z.object({ status: z.literal("ready"), checks: readyChecks });
export type ReadyResponse = z.infer<typeof readyResponse>;
