import { ARTEFACT_KIND_CONTRACTS } from "./artefact-kinds";
import { composed, type KindContract } from "./kind-contract";

/** The error codes of no artefact kind (each kind declares its own in its contract file), with their status. */
const BASE_ERROR_STATUS = {
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
  TEXT_INVALID: 400,
  ID_INVALID: 400,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  SERVICE_UNAVAILABLE: 503,
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
  /** No text layer, and this server has no OCR (OCR=off or Tesseract not installed) to read the pages. */
  FILE_NO_TEXT_NO_OCR: 422,
  FILE_NOT_READY: 409,
  UPLOAD_INCOMPLETE: 400,
  UPLOAD_ALREADY_DONE: 409,
  PREVIEW_UNAVAILABLE: 501,
  PARSE_TIMEOUT: 422,
  UPLOAD_SLOTS_FULL: 429,
  UPLOAD_RATE_LIMITED: 429,
  UPLOAD_EXPIRED: 410,
  FILE_IN_USE: 409,
  STORAGE_UNAVAILABLE: 503,
  // notes and jobs
  TITLE_REQUIRED: 400,
  TITLE_TOO_LONG: 400,
  LANGUAGE_REQUIRED: 400,
  DETAIL_REQUIRED: 400,
  GENERATION_FAILED: 500,
  JOB_CANCELLED: 409,
  // study artefacts (shared)
  NOTE_NOT_READY: 409,
  NOTE_FAILED: 409,
  ARTEFACT_BUSY: 409,
  // Beancoin and the student discount
  BEANS_INSUFFICIENT: 402,
  STUDENT_ALREADY_VERIFIED: 409,
  STUDENT_ID_TOO_LARGE: 413,
  IMAGE_NOT_JPG_PNG: 400,
  // feedback
  FEEDBACK_TYPE_REQUIRED: 400,
  FEEDBACK_SUGGESTION_REQUIRED: 400,
  FEEDBACK_SUGGESTION_TOO_LONG: 400,
  FEEDBACK_IMAGE_REQUIRED: 400,
  FEEDBACK_IMAGES_TOO_MANY: 400,
  FEEDBACK_IMAGE_USED: 409,
  // export
  EXPORT_FORMAT_INVALID: 400,
  EXPORT_UNAVAILABLE: 501,
  EXPORT_BUSY: 503,
  EXPORT_FAILED: 500,
  /** The export would pass the page or time bound of one file (e.g. a PDF of thousands of pages). */
  EXPORT_TOO_LARGE: 413,
  /** One user started more exports (or heavy mind-map reads) than the per-user limit allows. */
  EXPORT_RATE_LIMITED: 429,
  // ask the document
  QUESTION_INVALID: 400,
  ASK_FAILED: 500,
} as const;

/** Every error code with its status: those of no kind, then each artefact kind's (a code declared twice throws). */
export const errorStatusOf = <Kinds extends readonly KindContract[]>(kinds: Kinds) =>
  composed(BASE_ERROR_STATUS, kinds, "errors");

/** Stable error keys sent by the server in `code`; the web app translates each into all 14 locales. */
export const ERROR_STATUS = errorStatusOf(ARTEFACT_KIND_CONTRACTS);

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
