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

  constructor(init: { status: number; message: string; code?: string; transport?: TransportErrorName }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    if (isErrorCode(init.code)) this.code = init.code;
    if (init.transport) {
      this.transport = init.transport;
      if (init.transport !== "network") this.transportCode = TRANSPORT_ERRORS[init.transport];
    }
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
