import { open } from "node:fs/promises";
import { Worker } from "node:worker_threads";
import type { SourceDocument } from "@beannote/contract";
import { IngestError, isIngestErrorCode } from "./errors";
import type { Ocr } from "./ocr/ocr";
import { recognisePptSlides } from "./ocr/ppt-slides";
import { mergeSlideOcr, type PptxForOcr } from "./ocr/slide-pictures";
import type { PptForOcr } from "./parse-ppt";
import type { ParseReply, ParseRequest } from "./parse-worker";
import type { PdfPagesPart } from "./parse-pdf";
import { detectLanguage } from "./text";
import { workerEntry, workerSource } from "../worker-entry";

/** Moved to worker-entry.ts (kept here for its importers). */
export { workerSource };

const SPLIT_PDF_BYTES = 1_500_000;

type Reply = { doc?: SourceDocument; part?: PdfPagesPart; slides?: PptxForOcr; pptSlides?: PptForOcr };

export interface ParserPoolOptions {
  /** Number of worker threads (default 2). */
  size?: number;
  /** Time limit per file in ms (default 120 s): past it the worker is killed and the file fails with PARSE_TIMEOUT. */
  timeoutMs?: number;
  /** V8 heap cap per worker in MB (default 1024): a worker that runs out dies and its file fails with FILE_CORRUPT. */
  maxOldGenerationSizeMb?: number;
  /** Largest file accepted, in bytes (default: the contract's upload limit). */
  maxBytes?: number;
  /** PDFs from this size on are read by every thread at once, each taking every n-th page (default 1.5 MB). */
  splitPdfBytes?: number;
  /** The worker script (default ./parse-worker.ts); injectable for tests. */
  workerUrl?: URL;
  /** Reads PDF pages without a usable text layer (absent: they stay unread, like OCR=off). */
  ocr?: Ocr;
}

export interface ParseJobOptions {
  /** The original file name (used only as a fallback title). */
  fileName?: string;
  /** The language the user reads and writes in (note output or interface language): a hint for OCR. */
  languageHint?: string | null;
  /** Cancels the file's OCR (its Tesseract processes are killed). */
  signal?: AbortSignal;
  /** OCR progress: "recognising page i of n". */
  onOcrProgress?: (page: number, of: number) => void;
  /** Sees each OCR child process started (tests). */
  onOcrSpawn?: (pid: number) => void;
}

export interface ParserPool {
  parse(filePath: string, opts?: ParseJobOptions): Promise<SourceDocument>;
  close(): Promise<void>;
  /** Counts for monitoring and tests. */
  stats(): { workers: number; busy: number; queued: number; restarts: number };
}

interface Job {
  req: ParseRequest;
  resolve: (reply: Reply) => void;
  reject: (err: IngestError) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/**
 * A pool of worker threads that parse files, so that no file can stall or crash the server: each
 * worker has a heap cap and each file a time limit; a worker that dies or overruns is terminated and
 * replaced, and its file fails cleanly (FILE_CORRUPT / PARSE_TIMEOUT) while the queue keeps moving.
 */
export function createParserPool(opts: ParserPoolOptions = {}): ParserPool {
  const size = Math.max(1, opts.size ?? 2);
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const workerUrl = opts.workerUrl ?? workerEntry(new URL("./parse-worker.ts", import.meta.url));
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let restarts = 0;
  let closed = false;
  let startFailures = 0;

  const spawn = (): Slot => {
    const worker = new Worker(workerSource(workerUrl), {
      eval: workerUrl.pathname.endsWith(".ts"),
      resourceLimits: { maxOldGenerationSizeMb: opts.maxOldGenerationSizeMb ?? 1024 },
      stdout: false,
      stderr: false,
    });
    const slot: Slot = { worker, ready: false, job: null, timer: null };
    worker.on("message", (msg: ParseReply) => {
      if ("ready" in msg) {
        slot.ready = true;
        startFailures = 0;
        pump();
        return;
      }
      const job = slot.job;
      if (!job || job.req.id !== msg.id) return;
      finish(slot);
      if (msg.ok) job.resolve(msg);
      else job.reject(new IngestError(isIngestErrorCode(msg.code) ? msg.code : "FILE_CORRUPT", msg.detail));
      pump();
    });
    worker.on("error", (err) => {
      if (!slot.ready) startFailures++;
      replace(slot, new IngestError("FILE_CORRUPT", `worker died: ${String(err)}`));
    });
    worker.on("exit", (code) => replace(slot, new IngestError("FILE_CORRUPT", `worker exited with ${code}`)));
    return slot;
  };

  const finish = (slot: Slot) => {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  };

  /** Retire a dead or overrunning worker: fail its file, start a fresh worker in its place. */
  const replace = (slot: Slot, error: IngestError) => {
    const i = slots.indexOf(slot);
    if (i < 0) return;
    const job = slot.job;
    finish(slot);
    slot.worker.removeAllListeners();
    slot.worker.on("error", () => undefined);
    void slot.worker.terminate();
    if (closed || startFailures >= 3) {
      // Workers that cannot even start (a broken install) are not respawned forever.
      slots.splice(i, 1);
      if (slots.length === 0) for (const q of queue.splice(0)) q.reject(error);
    } else {
      slots[i] = spawn();
      restarts++;
    }
    if (job) job.reject(error);
    pump();
  };

  const pump = () => {
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (!slot.ready || slot.job) continue;
      const job = queue.shift()!;
      slot.job = job;
      slot.timer = setTimeout(
        () => replace(slot, new IngestError("PARSE_TIMEOUT", `over ${timeoutMs} ms`)),
        timeoutMs,
      );
      slot.worker.postMessage(job.req);
    }
  };

  const run = (req: ParseRequest) =>
    new Promise<Reply>((resolve, reject) => {
      queue.push({ req, resolve, reject });
      pump();
    });

  for (let i = 0; i < size; i++) slots.push(spawn());

  return {
    async parse(filePath, jobOpts = {}) {
      if (closed) throw new Error("parser pool is closed");
      if (slots.length === 0) throw new IngestError("FILE_CORRUPT", "no parser worker could start");
      const deadline = Date.now() + timeoutMs;
      const base = { filePath, fileName: jobOpts.fileName, maxBytes: opts.maxBytes };
      const ocrReady = opts.ocr ? (await opts.ocr.status()) === "ready" : false;
      const of = slots.length;
      let parts: PdfPagesPart[];
      if (of < 2 || !(await isLargePdf(filePath, opts.splitPdfBytes ?? SPLIT_PDF_BYTES))) {
        const reply = await run({ ...base, id: nextId++, ocr: ocrReady });
        if (reply.doc) return reply.doc;
        if (reply.slides && opts.ocr) {
          const result = await opts.ocr.recogniseImages({
            pages: reply.slides.slides.map((s) => ({ page: s.slide, images: s.images })),
            documentLanguage: reply.slides.doc?.language,
            languageHint: jobOpts.languageHint,
            signal: jobOpts.signal,
            deadline,
            onProgress: jobOpts.onOcrProgress,
            onSpawn: jobOpts.onOcrSpawn,
          });
          return mergeSlideOcr(reply.slides, result, jobOpts.fileName);
        }
        if (reply.pptSlides && opts.ocr) {
          return recognisePptSlides(reply.pptSlides, filePath, opts.ocr, {
            fileName: jobOpts.fileName,
            languageHint: jobOpts.languageHint,
            signal: jobOpts.signal,
            deadline,
            onProgress: jobOpts.onOcrProgress,
            onSpawn: jobOpts.onOcrSpawn,
          });
        }
        parts = [reply.part!];
      } else {
        parts = await Promise.all(
          Array.from({ length: of }, (_, index) =>
            run({ ...base, id: nextId++, kind: "pdf-part", part: { index, of } }).then(
              (reply) => reply.part!,
            ),
          ),
        );
      }
      const ocrPages = parts.flatMap((part) => part.ocrPages).sort((a, b) => a.page - b.page);
      if (!opts.ocr || !ocrReady || ocrPages.length === 0)
        return (await run({ ...base, id: nextId++, kind: "pdf-assemble", parts })).doc!;
      // Tesseract runs as child processes of this thread, bounded by the OCR pool, not in a parser thread.
      const result = await opts.ocr.recognisePdf({
        filePath,
        pages: ocrPages,
        documentLanguage: detectLanguage(partsText(parts)),
        languageHint: jobOpts.languageHint,
        signal: jobOpts.signal,
        deadline,
        onProgress: jobOpts.onOcrProgress,
        onSpawn: jobOpts.onOcrSpawn,
      });
      if (result.pages.length === 0 && Date.now() >= deadline && result.skippedPages.length > 0)
        throw new IngestError("PARSE_TIMEOUT", `OCR read no page in ${timeoutMs} ms`);
      return (
        await run({ ...base, id: nextId++, kind: "pdf-assemble", parts, ocr: { kind: "read", result } })
      ).doc!;
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new IngestError("PARSE_TIMEOUT", "pool closed"));
      const all = slots.splice(0);
      await Promise.all(
        all.map(async (slot) => {
          const job = slot.job;
          finish(slot);
          slot.worker.removeAllListeners();
          slot.worker.on("error", () => undefined);
          await slot.worker.terminate();
          if (job) job.reject(new IngestError("PARSE_TIMEOUT", "pool closed"));
        }),
      );
    },
    stats() {
      return {
        workers: slots.length,
        busy: slots.filter((s) => s.job).length,
        queued: queue.length,
        restarts,
      };
    },
  };
}

/** A sample of the text layer of some pages, for the OCR language hint. */
function partsText(parts: PdfPagesPart[], limit = 20_000): string {
  let text = "";
  for (const part of parts)
    for (const [, lines] of part.pages)
      for (const line of lines) {
        text += line.text + "\n";
        if (text.length > limit) return text;
      }
  return text;
}

/** A PDF big enough that splitting its pages across threads pays for opening it once per thread. */
async function isLargePdf(filePath: string, minBytes: number): Promise<boolean> {
  const handle = await open(filePath, "r").catch(() => null);
  if (!handle) return false;
  try {
    const { size } = await handle.stat();
    if (size < minBytes) return false;
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead).includes("%PDF-");
  } finally {
    await handle.close();
  }
}
