import { ERROR_STATUS, type ErrorCode } from "@beannote/contract";

/** The one error type services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly details?: Record<string, unknown>,
  ) {
    super(code);
    this.status = ERROR_STATUS[code];
  }
}
