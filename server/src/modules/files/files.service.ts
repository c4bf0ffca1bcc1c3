import { createHash, randomUUID } from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import {
  apiPath,
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
import { QUOTA_DEFAULTS, type Config } from "../../config";
import type { Db } from "../../db/client";
import { withKeyLocks } from "../../db/key-lock";
import { StorageUnavailableError, type Storage } from "../../storage/storage";
import { AppError } from "../../http/app-error";
import { ERROR_MESSAGES, type ServerLanguage } from "../../http/messages";
import { isTerminal, type JobQueue } from "../../jobs/queue";
import { IngestError } from "../../ingest/errors";
import { sniffFormat } from "../../ingest/sniff";
import { filesRepo, type FileRow } from "./files.repo";
import { parseFileJobSpec } from "./parse-file.job";

/** Per user: open upload slots, the bytes they may announce together, and uploads started per hour. */
export interface UploadLimits {
  openMax: number;
  openBytes: number;
  perHour: number;
}

const MB = 1024 * 1024;
const HOUR_MS = 60 * 60 * 1000;
/** An upload slot whose bytes have not arrived within this time is expired and no longer counts. */
export const UPLOAD_SLOT_TTL_MS = HOUR_MS;

export const uploadLimitsOf = (
  config: Pick<Config, "UPLOAD_OPEN_MAX" | "UPLOAD_OPEN_MB" | "UPLOADS_PER_HOUR">,
): UploadLimits => ({
  openMax: config.UPLOAD_OPEN_MAX,
  openBytes: Math.floor(config.UPLOAD_OPEN_MB * MB),
  perHour: config.UPLOADS_PER_HOUR,
});

export interface FilesServiceDeps {
  db: Db;
  storage: Storage;
  uploadMaxBytes: number;
  /** Defaults to the configuration's defaults. */
  uploadLimits?: UploadLimits;
  queue: JobQueue;
  now?: () => Date;
}

const HEAD_BYTES = 8192;
const PDF_MAGIC = Buffer.from("%PDF-");
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Where a client's direct (presigned) upload lands; the verified bytes are then copied to a source key. */
export const directUploadKeyOf = (userId: string, fileId: string) => `uploads/${userId}/${fileId}`;
const sourceKeyOf = (userId: string, fileId: string) => `sources/${userId}/${fileId}/${randomUUID()}`;

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
    ...(file.ocrPages?.length ? { ocrPages: file.ocrPages } : {}),
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
  const { db, storage, queue } = deps;
  const limits = deps.uploadLimits ?? uploadLimitsOf(QUOTA_DEFAULTS);
  const now = deps.now ?? (() => new Date());
  const secondsUntil = (at: Date, from: Date) =>
    Math.max(1, Math.ceil((at.getTime() - from.getTime()) / 1000));

  async function owned(userId: string, fileId: string): Promise<FileRow> {
    const file = await filesRepo.findOwned(db, userId, fileId);
    if (!file) throw new AppError("NOT_FOUND");
    return file;
  }

  async function fail(file: FileRow, code: string, message: string): Promise<void> {
    await filesRepo.update(db, file.id, { status: "failed", errorCode: code, errorMessage: message });
  }

  /** A slot past its hour is expired (and says so from then on). */
  async function checkOpen(file: FileRow): Promise<void> {
    if (file.status === "uploading" && file.createdAt.getTime() <= now().getTime() - UPLOAD_SLOT_TTL_MS) {
      await filesRepo.expireUploads(db, file.userId, new Date(now().getTime() - UPLOAD_SLOT_TTL_MS));
      throw new AppError("UPLOAD_EXPIRED");
    }
    if (file.status === "failed" && file.errorCode === "UPLOAD_EXPIRED") throw new AppError("UPLOAD_EXPIRED");
  }

  /** The stored bytes of an upload: refused by their first bytes, or the file moves on to parsing. */
  async function settleUpload(
    file: FileRow,
    key: string,
    head: Buffer,
    stored: { size: number; sha256: string | null },
    language: ServerLanguage,
  ): Promise<FileInfo> {
    let format: FileFormat | null;
    try {
      format = sniffHead(head, file.fileName);
    } catch (error) {
      await storage.delete(key);
      const code = error instanceof IngestError ? error.code : "FILE_UNSUPPORTED";
      const updated = await filesRepo.finishUpload(db, file.id, {
        status: "failed",
        sha256: stored.sha256,
        size: stored.size,
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
        sha256: stored.sha256,
        size: stored.size,
        format,
        parseJobId: jobId,
      });
      if (row)
        await queue.enqueue(parseFileJobSpec, { fileId: file.id }, { id: jobId, userId: file.userId, tx });
      return row;
    });
    if (!updated) {
      await storage.delete(key);
      throw new AppError("UPLOAD_ALREADY_DONE");
    }
    queue.wake(parseFileJobSpec.name);
    return presentFile(updated, language);
  }

  /** Deletes the objects of deleted file rows; storage being down leaves them to the orphan sweep. */
  async function deleteObjects(rows: FileRow[]): Promise<void> {
    const keys = rows.flatMap((row) => [
      row.storageKey,
      row.documentKey,
      row.previewKey,
      directUploadKeyOf(row.userId, row.id),
    ]);
    await Promise.allSettled(
      [...new Set(keys)].filter((key) => key !== null).map((key) => storage.delete(key)),
    );
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
      // With direct uploads the API never sees the bytes: check the bucket answers before handing out a slot.
      if (storage.createDirectUpload) await storage.ping();
      const fileId = randomUUID();
      const storedType = contentType || "application/octet-stream";
      // Counted and inserted under the user's lock: N concurrent requests against a quota of Q open exactly Q.
      await withKeyLocks(db, [`uploads:${userId}`], async (tx) => {
        const at = now();
        await filesRepo.expireUploads(tx, userId, new Date(at.getTime() - UPLOAD_SLOT_TTL_MS));
        const open = await filesRepo.openUploads(tx, userId);
        if (open.count >= limits.openMax || open.bytes + input.size > limits.openBytes) {
          const freeAt = new Date((open.oldest ?? at).getTime() + UPLOAD_SLOT_TTL_MS);
          throw new AppError("UPLOAD_SLOTS_FULL", {
            openUploads: open.count,
            maxOpenUploads: limits.openMax,
            maxOpenBytes: limits.openBytes,
            retryAfterSeconds: secondsUntil(freeAt, at),
          });
        }
        const recent = await filesRepo.startedSince(tx, userId, new Date(at.getTime() - HOUR_MS));
        if (recent.count >= limits.perHour) {
          const freeAt = new Date((recent.oldest ?? at).getTime() + HOUR_MS);
          throw new AppError("UPLOAD_RATE_LIMITED", {
            maxPerHour: limits.perHour,
            retryAfterSeconds: secondsUntil(freeAt, at),
          });
        }
        await filesRepo.insert(tx, {
          id: fileId,
          userId,
          fileName: input.fileName,
          size: input.size,
          contentType: storedType,
          status: "uploading",
          createdAt: at,
          updatedAt: at,
        });
      });
      if (storage.createDirectUpload) {
        const direct = await storage.createDirectUpload(directUploadKeyOf(userId, fileId), {
          size: input.size,
          contentType: storedType,
          expiresInSeconds: UPLOAD_SLOT_TTL_MS / 1000,
        });
        return { fileId, uploadUrl: direct.url, method: "PUT", headers: direct.headers };
      }
      return {
        fileId,
        uploadUrl: apiPath("fileContent", { fileId }),
        method: "PUT",
        headers: { "content-type": "application/octet-stream" },
      };
    },

    /**
     * After a direct upload to object storage: checks the object (its size, then its first bytes by a ranged
     * read), moves it to its source key and queues the parse job. Answers with the file as it is when the
     * upload was already completed (by this call or by a PUT through the API).
     */
    async completeUpload(userId: string, fileId: string, language: ServerLanguage): Promise<FileInfo> {
      const file = await owned(userId, fileId);
      await checkOpen(file);
      if (file.status !== "uploading") return presentFile(file, language);
      const uploadKey = directUploadKeyOf(userId, fileId);
      const stored = await storage.stat(uploadKey);
      if (!stored) throw new AppError("UPLOAD_INCOMPLETE", { receivedBytes: 0 });
      if (stored.size > file.size) {
        await storage.delete(uploadKey);
        await fail(file, "FILE_TOO_LARGE", "object longer than declared");
        throw new AppError("FILE_TOO_LARGE", { declaredBytes: file.size });
      }
      // Shorter: the slot stays open for another PUT.
      if (stored.size < file.size) throw new AppError("UPLOAD_INCOMPLETE", { receivedBytes: stored.size });

      // Later PUTs to the presigned URL (valid for the slot's hour) land on the upload key, never on the
      // bytes that were checked and parsed.
      const key = sourceKeyOf(userId, fileId);
      const asItIs = async () => presentFile(await owned(userId, fileId), language);
      if (!(await storage.copy(uploadKey, key))) {
        // A concurrent completion moved it first.
        if ((await owned(userId, fileId)).status !== "uploading") return asItIs();
        throw new AppError("UPLOAD_INCOMPLETE", { receivedBytes: 0 });
      }
      await storage.delete(uploadKey);
      const headStream = await storage.get(key, { start: 0, end: Math.min(HEAD_BYTES, file.size) - 1 });
      const headChunks: Buffer[] = [];
      for await (const chunk of headStream ?? []) headChunks.push(chunk as Buffer);
      try {
        return await settleUpload(
          file,
          key,
          Buffer.concat(headChunks),
          { size: stored.size, sha256: null },
          language,
        );
      } catch (error) {
        if (error instanceof AppError && error.code === "UPLOAD_ALREADY_DONE") return asItIs();
        throw error;
      }
    },

    /** Deletes a file that no note uses (the web app's "remove" before a note is made) with its objects. */
    async remove(userId: string, fileId: string): Promise<void> {
      const file = await owned(userId, fileId);
      const deleted = await filesRepo.deleteUnused(db, userId, fileId);
      if (!deleted) throw new AppError("FILE_IN_USE");
      if (file.status === "parsing" && file.parseJobId) await queue.requestCancel(file.parseJobId);
      await deleteObjects([deleted]);
    },

    /** The files a note was written from (read before the note is deleted, to release them after). */
    sourcesOfNote: (noteId: string) => filesRepo.sourcesOfNote(db, noteId),

    /** After a note is deleted: deletes those of its source files no other note uses, with their objects. */
    async releaseUnused(userId: string, fileIds: string[]): Promise<void> {
      const deleted: FileRow[] = [];
      for (const fileId of fileIds) {
        const row = await filesRepo.deleteUnused(db, userId, fileId);
        if (row) deleted.push(row);
      }
      await deleteObjects(deleted);
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
      await checkOpen(file);
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

      const key = sourceKeyOf(userId, fileId);
      try {
        await storage.put(key, Readable.from(metered(), { objectMode: false }));
      } catch (error) {
        if (error instanceof StorageUnavailableError) throw error;
        if (error instanceof AppError) {
          if (error.code === "FILE_TOO_LARGE") await fail(file, error.code, "body longer than declared");
          throw error;
        }
        throw new AppError("UPLOAD_INCOMPLETE", { receivedBytes: received });
      }

      const head = Buffer.concat(headChunks);
      return settleUpload(file, key, head, { size: received, sha256: hash.digest("hex") }, language);
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
