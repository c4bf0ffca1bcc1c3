import { createHash } from "node:crypto";
import { rm, stat, symlink } from "node:fs/promises";
import { createReadStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import path from "node:path";
import { z } from "zod";
import type { SourceDocument } from "@beannote/contract";
import type { Db, DbOrTx } from "../../db/client";
import type { Storage } from "../../storage/storage";
import { defineJob, PermanentJobError, type JobDefinition, type JobSpec } from "../../jobs/definition";
import type { WorkerLogger } from "../../jobs/worker";
import { makeTempDir } from "../../ingest/temp-dirs";
import { filesRepo } from "./files.repo";

export const parseFileJobSpec: JobSpec<{ fileId: string }> = {
  name: "file.parse",
  payload: z.object({ fileId: z.string() }),
  maxAttempts: 3,
  backoff: { baseMs: 2000, maxMs: 60_000 },
};

/** Turns a file into a SourceDocument off the main thread (the ingest worker pool). */
export interface FileParser {
  parse(
    filePath: string,
    options?: {
      fileName?: string;
      /** OCR's language hint: the note's output language or the user's. */
      languageHint?: string | null;
      /** Cancels OCR (its child processes are killed). */
      signal?: AbortSignal;
      onOcrProgress?: (page: number, of: number) => void;
    },
  ): Promise<SourceDocument>;
}

/** Renders an office file to PDF (LibreOffice); resolves with the PDF's path, or null when it cannot. */
export type PreviewRenderer = (inputPath: string, outDir: string) => Promise<string | null>;

/**
 * What waits for a file's parse to end (the notes feature's note jobs): woken in the transaction that marks the
 * file ready or failed, so a worker killed after it leaves no waiter asleep.
 */
export interface ParseWaiters {
  wake(tx: DbOrTx, fileId: string): Promise<void>;
  /** Once that transaction has committed: wakes this process's idle workers for the waiters. */
  committed(): void;
}

export interface ParseFileJobDeps {
  db: Db;
  storage: Storage;
  parser: FileParser;
  renderPreview?: PreviewRenderer;
  logger: WorkerLogger;
  waiters?: ParseWaiters;
}

export const documentKeyOf = (userId: string, fileId: string) => `documents/${userId}/${fileId}.json`;
const previewKeyOf = (userId: string, fileId: string) => `previews/${userId}/${fileId}.pdf`;

async function sha256Of(filePath: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(filePath), hash);
  return hash.digest("hex");
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Parses an uploaded file, stores its SourceDocument (and an office file's PDF preview), marks it ready. */
export function createParseFileJob(deps: ParseFileJobDeps): JobDefinition {
  const { db, storage } = deps;

  /** Writes a file's end (ready or failed) and wakes what waits for it, in one transaction. */
  async function settle<T>(fileId: string, write: (tx: DbOrTx) => Promise<T>): Promise<T> {
    const { waiters } = deps;
    if (!waiters) return write(db);
    const written = await db.transaction(async (tx) => {
      const result = await write(tx);
      await waiters.wake(tx, fileId);
      return result;
    });
    waiters.committed();
    return written;
  }

  async function renderPreview(
    filePath: string,
    format: string,
    userId: string,
    fileId: string,
  ): Promise<string | null> {
    if (!deps.renderPreview) return null;
    const outDir = await makeTempDir("preview");
    try {
      // Stored objects have no extension; the converter is given the real one (decided by the bytes).
      const named = path.join(outDir, `source.${format}`);
      await symlink(filePath, named);
      const pdfPath = await deps.renderPreview(named, outDir);
      if (!pdfPath || !(await stat(pdfPath).catch(() => null))) return null;
      const key = previewKeyOf(userId, fileId);
      await storage.put(key, createReadStream(pdfPath), { contentType: "application/pdf" });
      return key;
    } catch (error) {
      deps.logger.warn({ err: error, fileId }, "preview rendering failed");
      return null;
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }

  return defineJob({
    ...parseFileJobSpec,
    async handler({ payload, signal, progress }) {
      const file = await filesRepo.find(db, payload.fileId);
      // Idempotent: a file deleted meanwhile, or already parsed by an earlier attempt, needs nothing more.
      if (!file || !file.storageKey) return { fileId: payload.fileId, status: "gone" };
      if (file.status === "ready") {
        return { fileId: file.id, status: "ready", format: file.format, pageCount: file.pageCount };
      }
      await progress("parse", 5, "progress.parsing");
      // On object storage the file is downloaded (streamed) to a temporary file for the parser and LibreOffice.
      const parsed = await storage.withLocalFile(file.storageKey, async (filePath) => {
        const languageHint = await filesRepo.languageHint(db, file.id);
        // "Recognising page i of n" for scans; OCR is slow, so the user sees each page start.
        let ocrProgress = Promise.resolve();
        const onOcrProgress = (page: number, pages: number) => {
          ocrProgress = ocrProgress
            .then(() =>
              progress("ocr", 5 + Math.round((60 * (page - 1)) / pages), "progress.ocr", { page, pages }),
            )
            .catch(() => undefined);
        };
        const document = await abortable(
          deps.parser.parse(filePath, { fileName: file.fileName, languageHint, signal, onOcrProgress }),
          signal,
        );
        await ocrProgress;
        // A direct upload's bytes never passed through the API: they are hashed here.
        const sha256 = file.sha256 ?? (await sha256Of(filePath));

        await progress("store", 70, "progress.storing");
        const documentKey = documentKeyOf(file.userId, file.id);
        await storage.put(documentKey, Buffer.from(JSON.stringify(document)), {
          contentType: "application/json",
        });

        // Ready as soon as the text is: notes can start while an office file's preview is still rendered.
        const ready = await settle(file.id, (tx) =>
          filesRepo.update(tx, file.id, {
            status: "ready",
            format: document.format,
            pageCount: document.pageCount,
            ocrPages: document.ocr?.pages.length ? document.ocr.pages.map((p) => p.page) : null,
            sha256,
            documentKey,
            previewKey: document.format === "pdf" ? file.storageKey : null,
            errorCode: null,
            errorMessage: null,
          }),
        );
        if (!ready) {
          // Deleted while it was parsed: nothing may stay behind in storage.
          await storage.delete(documentKey);
          return document;
        }
        if (document.format !== "pdf" && deps.renderPreview) {
          await progress("preview", 80, "progress.preview");
          const previewKey = await abortable(
            renderPreview(filePath, document.format, file.userId, file.id),
            signal,
          );
          if (previewKey) await filesRepo.update(db, file.id, { previewKey });
        }
        return document;
      });
      if (!parsed) throw new PermanentJobError("UPLOAD_INCOMPLETE", "the uploaded bytes are not in storage");
      return { fileId: file.id, status: "ready", format: parsed.format, pageCount: parsed.pageCount };
    },
    async onFailed(_job, reason, payload) {
      if (!payload) return;
      await settle(payload.fileId, (tx) =>
        filesRepo.update(tx, payload.fileId, {
          status: "failed",
          errorCode: reason.code,
          errorMessage: reason.message,
        }),
      );
    },
  });
}
