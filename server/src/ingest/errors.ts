import type { ErrorCode } from "@beannote/contract";

/** The error codes a parser can end with (all are contract codes). */
export type IngestErrorCode = Extract<
  ErrorCode,
  | "FILE_ENCRYPTED"
  | "FILE_CORRUPT"
  | "FILE_NO_TEXT"
  | "FILE_NO_TEXT_NO_OCR"
  | "FILE_UNSUPPORTED"
  | "FILE_EMPTY"
  | "FILE_TOO_LARGE"
  | "PARSE_TIMEOUT"
>;

export const INGEST_ERROR_CODES: readonly IngestErrorCode[] = [
  "FILE_ENCRYPTED",
  "FILE_CORRUPT",
  "FILE_NO_TEXT",
  "FILE_NO_TEXT_NO_OCR",
  "FILE_UNSUPPORTED",
  "FILE_EMPTY",
  "FILE_TOO_LARGE",
  "PARSE_TIMEOUT",
];

/** User-facing messages per code, in Chinese and English. */
export const ingestMessages: Record<IngestErrorCode, { zh: string; en: string }> = {
  FILE_ENCRYPTED: {
    zh: "文件已加密或受密码保护，请移除密码后重新上传。",
    en: "The file is encrypted or password-protected. Remove the password and upload it again.",
  },
  FILE_CORRUPT: {
    zh: "文件已损坏或格式异常，无法读取。",
    en: "The file is damaged or malformed and cannot be read.",
  },
  FILE_NO_TEXT: {
    zh: "文件中没有可提取的文字（可能是扫描件或纯图片）。",
    en: "The file has no extractable text (it may be scanned or contain only pictures).",
  },
  FILE_NO_TEXT_NO_OCR: {
    zh: "文件中没有可提取的文字（扫描件或纯图片），而此服务器未启用文字识别（OCR），无法读取。",
    en: "The file has no text layer (it is scanned or contains only pictures), and this server has no text recognition (OCR) to read it.",
  },
  FILE_UNSUPPORTED: {
    zh: "不支持的文件类型，请上传 PDF、Word（DOCX/DOC）或 PowerPoint（PPTX/PPT）文件。",
    en: "Unsupported file type. Upload a PDF, Word (DOCX/DOC) or PowerPoint (PPTX/PPT) file.",
  },
  FILE_EMPTY: {
    zh: "文件为空。",
    en: "The file is empty.",
  },
  FILE_TOO_LARGE: {
    zh: "文件过大，超出上传限制。",
    en: "The file is too large for the upload limit.",
  },
  PARSE_TIMEOUT: {
    zh: "文件解析超时，请尝试拆分后重新上传。",
    en: "Parsing the file took too long. Try splitting it into smaller files.",
  },
};

/** A parse failure with a contract error code; `message` is the English text, `detail` is for logs. */
export class IngestError extends Error {
  readonly code: IngestErrorCode;
  readonly detail: string | undefined;

  constructor(code: IngestErrorCode, detail?: string) {
    super(ingestMessages[code].en);
    this.name = "IngestError";
    this.code = code;
    this.detail = detail;
  }
}

export function isIngestErrorCode(value: unknown): value is IngestErrorCode {
  return typeof value === "string" && (INGEST_ERROR_CODES as readonly string[]).includes(value);
}
