import { z } from "zod";
import { FILE_FORMATS } from "./limits";
import { entityId, plainText } from "./text";

export const FILE_STATUSES = ["uploading", "parsing", "ready", "failed"] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** Content types a browser may give the five formats; an unknown type with a known extension is accepted too. */
export const FILE_CONTENT_TYPES = [
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/msword",
  "application/vnd.ms-powerpoint",
] as const;

export const fileIdParams = z.object({ fileId: entityId });

// POST /file/upload-url
export const uploadUrlRequest = z.object({
  fileName: plainText().trim().min(1).max(255),
  size: z.number().int().min(0),
  contentType: plainText().max(255).optional().default(""),
});
export type UploadUrlRequest = z.input<typeof uploadUrlRequest>;

export const uploadUrlResponse = z.object({
  fileId: z.string(),
  /**
   * Where to PUT the raw bytes: this server's `/file/:fileId/content` (which answers with the FileInfo), or a
   * presigned object-storage URL bound to the declared size and content type; after a PUT there, POST
   * `/file/:fileId/complete` so the server checks the bytes and starts parsing.
   */
  uploadUrl: z.string(),
  method: z.literal("PUT"),
  headers: z.record(z.string(), z.string()),
});
export type UploadUrlResponse = z.infer<typeof uploadUrlResponse>;

// GET /file/:fileId (and the answer to PUT /file/:fileId/content)
export const fileInfo = z.object({
  fileId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  format: z.enum(FILE_FORMATS).nullable(),
  status: z.enum(FILE_STATUSES),
  pageCount: z.number().int().nullable(),
  /** Pages read by OCR (they had no usable text layer); absent when none were. */
  ocrPages: z.array(z.number().int()).optional(),
  /** The parse job: watch it with POST /job/:jobId/events. */
  jobId: z.string().nullable(),
  sha256: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type FileInfo = z.infer<typeof fileInfo>;
