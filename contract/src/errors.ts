/** Stable error keys sent by the server in `code`; the web app translates each into all 14 locales. */
export const ERROR_STATUS = {
  // generic
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  BAD_JSON: 400,
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  TOKEN_INVALID: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  INTERNAL: 500,
  // accounts
  CAPTCHA_INVALID: 400,
  EMAIL_INVALID: 400,
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  CODE_TOO_MANY_TRIES: 400,
  CODE_TOO_FREQUENT: 429,
  PASSWORD_WEAK: 400,
  PASSWORD_MISMATCH: 400,
  LOGIN_FAILED: 401,
  LOGIN_BLOCKED: 429,
  ACCOUNT_DISABLED: 403,
  EMAIL_TAKEN: 409,
  NICKNAME_INVALID: 400,
  IMAGE_INVALID: 400,
  IMAGE_TOO_LARGE: 413,
  // files
  FILE_REQUIRED: 400,
  FILE_TOO_LARGE: 413,
  FILE_UNSUPPORTED: 415,
  FILE_EMPTY: 400,
  FILE_ENCRYPTED: 422,
  FILE_CORRUPT: 422,
  FILE_NO_TEXT: 422,
  FILE_NOT_READY: 409,
  UPLOAD_INCOMPLETE: 400,
  UPLOAD_ALREADY_DONE: 409,
  PREVIEW_UNAVAILABLE: 501,
  PARSE_TIMEOUT: 422,
  // notes and jobs
  TITLE_REQUIRED: 400,
  LANGUAGE_REQUIRED: 400,
  DETAIL_REQUIRED: 400,
  GENERATION_FAILED: 500,
  JOB_CANCELLED: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && value in ERROR_STATUS;
}

/** Transport error codes of spec §8, produced by the web client, never by the server. */
export const TRANSPORT_ERRORS = {
  timeout: 5,
  abort: 600003,
  uploadNetwork: 602001,
  socketNotOpen: 10002,
  socketCreate: 600009,
} as const;
