import { createHash, randomUUID } from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import {
  FILE_CONTENT_TYPES,
  FILE_FORMATS,
  isErrorCode,
  sourceDocument,
  type FileFormat,
  type FileInfo,
  type SourceDocument,
  type UploadUrlRequest,
  type UploadUrlResponse,
} from "@beannote/contract";
import type { Db } from "../../db/client";
import type { Storage } from "../../storage/storage";
import { AppError } from "../../http/app-error";
import { ERROR_MESSAGES, type ServerLanguage } from "../../http/messages";
import { createJobQueue, isTerminal, type JobQueue } from "../../jobs/queue";
import { IngestError } from "../../ingest/errors";
import { sniffFormat } from "../../ingest/sniff";
import { filesRepo, type FileRow } from "./files.repo";
import { parseFileJobSpec } from "./parse-file.job";

export interface FilesServiceDeps {
  db: Db;
  storage: Storage;
  uploadMaxBytes: number;
  queue?: JobQueue;
}

const HEAD_BYTES = 8192;
const PDF_MAGIC = Buffer.from("%PDF-");
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const extensionOf = (fileName: string) => path.extname(fileName).slice(1).toLowerCase();
const isFormat = (value: string): value is FileFormat => (FILE_FORMATS as readonly string[]).includes(value);

/**
 * The format as far as the first bytes tell (PDF, or which container), refusing everything else.
 * The parse job reads the whole file (in a worker thread) and settles DOCX vs PPTX and DOC vs PPT.
 */
export function sniffHead(head: Buffer, fileName: string): FileFormat | null {
  if (head.subarray(0, 1024 + PDF_MAGIC.length).includes(PDF_MAGIC)) return "pdf";
  const extension = extensionOf(fileName);
  if (head.subarray(0, 4).equals(ZIP_MAGIC))
    return extension === "docx" || extension === "pptx" ? extension : null;
  if (head.subarray(0, 8).equals(CFB_MAGIC))
    return extension === "doc" || extension === "ppt" ? extension : null;
  return sniffFormat(head); // throws FILE_EMPTY (blank bytes) or FILE_UNSUPPORTED
}

function errorMessage(code: string, stored: string | null, language: ServerLanguage): string {
  return isErrorCode(code) ? ERROR_MESSAGES[code][language] : (stored ?? code);
}

export function presentFile(file: FileRow, language: ServerLanguage): FileInfo {
  return {
    fileId: file.id,
    fileName: file.fileName,
    size: file.size,
    format: file.format && isFormat(file.format) ? file.format : null,
    status: file.status as FileInfo["status"],
    pageCount: file.pageCount,
    jobId: file.parseJobId,
    sha256: file.sha256,
    ...(file.status === "failed" && file.errorCode
      ? {
          error: { code: file.errorCode, message: errorMessage(file.errorCode, file.errorMessage, language) },
        }
      : {}),
  };
}

export function createFilesService(deps: FilesServiceDeps) {
  const { db, storage } = deps;
  const queue = deps.queue ?? createJobQueue({ db });

  async function owned(userId: string, fileId: string): Promise<FileRow> {
    const file = await filesRepo.findOwned(db, userId, fileId);
    if (!file) throw new AppError("NOT_FOUND");
    return file;
  }

  async function fail(file: FileRow, code: string, message: string): Promise<void> {
    await filesRepo.update(db, file.id, { status: "failed", errorCode: code, errorMessage: message });
  }

  return {
    async createUpload(userId: string, input: UploadUrlRequest): Promise<UploadUrlResponse> {
      if (input.size > deps.uploadMaxBytes) {
        throw new AppError("FILE_TOO_LARGE", { maxBytes: deps.uploadMaxBytes });
      }
      if (input.size === 0) throw new AppError("FILE_EMPTY");
      const contentType = (input.contentType ?? "").split(";")[0]!.trim().toLowerCase();
      const known =
        isFormat(extensionOf(input.fileName)) ||
        (FILE_CONTENT_TYPES as readonly string[]).includes(contentType);
      if (!known) throw new AppError("FILE_UNSUPPORTED");
      const fileId = randomUUID();
      await filesRepo.insert(db, {
        id: fileId,
        userId,
        fileName: input.fileName,
        size: input.size,
        contentType: contentType || "application/octet-stream",
        status: "uploading",
      });
      return {
        fileId,
        uploadUrl: `/file/${fileId}/content`,
        method: "PUT",
        headers: { "content-type": "application/octet-stream" },
      };
    },

    /**
     * Streams an upload's body to storage, hashing it on the way and cutting it off past the declared size;
     * then decides the type by the bytes and queues the parse job. Nothing is held whole in memory.
     */
    async receiveContent(
      userId: string,
      fileId: string,
      body: Readable,
      contentLength: number | undefined,
      language: ServerLanguage,
    ): Promise<FileInfo> {
      const file = await owned(userId, fileId);
      if (file.status !== "uploading") throw new AppError("UPLOAD_ALREADY_DONE");
      if (contentLength !== undefined && contentLength > file.size) {
        await fail(file, "FILE_TOO_LARGE", "body longer than declared");
        throw new AppError("FILE_TOO_LARGE", { declaredBytes: file.size });
      }
      const hash = createHash("sha256");
      const headChunks: Buffer[] = [];
      let headLength = 0;
      let received = 0;
      // Pulled by the storage write, so the body is read only as fast as it is stored (backpressure).
      // The request is not destroyed on a refusal: the answer still has to go out on its socket.
      async function* metered(): AsyncGenerator<Buffer> {
        for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
          received += chunk.length;
          if (received > file.size) throw new AppError("FILE_TOO_LARGE", { declaredBytes: file.size });
          hash.update(chunk);
          if (headLength < HEAD_BYTES) {
            const part = chunk.subarray(0, HEAD_BYTES - headLength);
            headChunks.push(Buffer.from(part));
            headLength += part.length;
          }
          yield chunk;
        }
        if (received < file.size) throw new AppError("UPLOAD_INCOMPLETE", { receivedBytes: received });
      }

      const key = `sources/${userId}/${fileId}/${randomUUID()}`;
      try {
        await storage.put(key, Readable.from(metered(), { objectMode: false }));
      } catch (error) {
        if (error instanceof AppError) {
          if (error.code === "FILE_TOO_LARGE") await fail(file, error.code, "body longer than declared");
          throw error;
        }
        throw new AppError("UPLOAD_INCOMPLETE", { receivedBytes: received });
      }

      const sha256 = hash.digest("hex");
      let format: FileFormat | null;
      try {
        format = sniffHead(Buffer.concat(headChunks), file.fileName);
      } catch (error) {
        await storage.delete(key);
        const code = error instanceof IngestError ? error.code : "FILE_UNSUPPORTED";
        const updated = await filesRepo.finishUpload(db, file.id, {
          status: "failed",
          sha256,
          size: received,
          errorCode: code,
          errorMessage: error instanceof Error ? error.message : code,
        });
        if (!updated) throw new AppError("UPLOAD_ALREADY_DONE");
        throw new AppError(code);
      }

      const jobId = randomUUID();
      const updated = await db.transaction(async (tx) => {
        const row = await filesRepo.finishUpload(tx, file.id, {
          status: "parsing",
          storageKey: key,
          sha256,
          size: received,
          format,
          parseJobId: jobId,
        });
        if (row) await queue.enqueue(parseFileJobSpec, { fileId: file.id }, { id: jobId, userId, tx });
        return row;
      });
      if (!updated) {
        await storage.delete(key);
        throw new AppError("UPLOAD_ALREADY_DONE");
      }
      return presentFile(updated, language);
    },

    async info(userId: string, fileId: string, language: ServerLanguage): Promise<FileInfo> {
      return presentFile(await owned(userId, fileId), language);
    },

    /** The PDF to show beside a note: the file itself for a PDF, the LibreOffice rendering for the others. */
    async openPreview(userId: string, fileId: string): Promise<{ stream: Readable; size: number }> {
      const file = await owned(userId, fileId);
      if (file.status !== "ready") throw new AppError("FILE_NOT_READY");
      if (!file.previewKey) {
        // The parse job renders an office file's preview after the file is ready: not yet, or never.
        const job = file.parseJobId ? await queue.get(file.parseJobId) : undefined;
        throw new AppError(job && !isTerminal(job.status) ? "FILE_NOT_READY" : "PREVIEW_UNAVAILABLE");
      }
      const [stream, info] = await Promise.all([storage.get(file.previewKey), storage.stat(file.previewKey)]);
      if (!stream || !info) throw new AppError("PREVIEW_UNAVAILABLE");
      return { stream, size: info.size };
    },

    /** The parsed document of a ready file of this user (for the notes module). */
    async getSourceDocument(userId: string, fileId: string): Promise<SourceDocument> {
      const file = await owned(userId, fileId);
      if (file.status !== "ready" || !file.documentKey) throw new AppError("FILE_NOT_READY");
      return readDocument(storage, file.documentKey);
    },

    /** Files of this user by id, for callers that need their names and page counts. */
    async getFile(userId: string, fileId: string): Promise<FileInfo> {
      return presentFile(await owned(userId, fileId), "en");
    },
  };
}

async function readDocument(storage: Storage, key: string): Promise<SourceDocument> {
  const stream = await storage.get(key);
  if (!stream) throw new AppError("FILE_NOT_READY");
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return sourceDocument.parse(JSON.parse(Buffer.concat(chunks).toString("utf8")));
}

export type FilesService = ReturnType<typeof createFilesService>;
