import { z } from "zod";
import type { ErrorCode } from "./errors";

/** Every JSON body: `status` 200 on success, else the HTTP status with a stable `code`. */
export interface Envelope<T> {
  status: number;
  message: string;
  data: T;
  code?: ErrorCode;
  requestId?: string;
}

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number(), message: z.string(), data, code: z.string().optional() });

export const emptyData = z.object({}).strict();
export type EmptyData = z.infer<typeof emptyData>;

/**
 * A JSON route's `schema.response`: the success envelope around the contract's `data`. Fastify's serializer
 * checks the answer against it and sends only the fields it declares; failures leave through the error handler.
 */
export const okResponse = <T extends z.ZodType>(data: T) => ({ 200: envelope(data) });
