import { TRANSPORT_ERRORS, isErrorCode, type ErrorCode } from "@beannote/contract/errors";

export type TransportErrorName = keyof typeof TRANSPORT_ERRORS | "network";

/**
 * Why a call failed: either the server answered with a body whose `status` is not 200 (then `code`
 * is its stable error key), or the transport failed (then `transport` names the §8 error).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: ErrorCode;
  readonly transport?: TransportErrorName;
  readonly transportCode?: number;
  /** The body's `data` on failure (e.g. BEANS_INSUFFICIENT says how many Beancoins were needed). */
  readonly details?: Record<string, unknown>;

  constructor(init: {
    status: number;
    message: string;
    code?: string;
    transport?: TransportErrorName;
    details?: Record<string, unknown>;
  }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    if (init.details) this.details = init.details;
    if (isErrorCode(init.code)) this.code = init.code;
    if (init.transport) {
      this.transport = init.transport;
      if (init.transport !== "network") this.transportCode = TRANSPORT_ERRORS[init.transport];
    }
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
