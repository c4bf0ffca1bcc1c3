import { setMaxListeners } from "node:events";
import { chooseOcrLanguages, cjkInstalled, CJK_SCRIPTS, readsCjk } from "./languages";
import { createSlots } from "../../slots";
import { runProcess } from "./run-process";
import {
  detectScript,
  listLanguages,
  rasterisePdfPage,
  recogniseImage,
  type OcrLine,
  type OcrPageText,
} from "./tesseract";

/** How OCR runs; from the OCR_* variables of the config. */
export interface OcrOptions {
  /** OCR=off: pages without a text layer stay unread. */
  enabled: boolean;
  tesseractPath?: string;
  pdftoppmPath?: string;
  /** Tesseract processes at once in this server process (OCR_WORKERS). */
  workers?: number;
  /** Pages recognised per file at most (OCR_MAX_PAGES); the rest is skipped with a notice. */
  maxPages?: number;
  /** Time limit per page, rasterising included (OCR_PAGE_TIMEOUT_S). */
  pageTimeoutMs?: number;
  /** Lines below this mean word confidence (0–100) are dropped. */
  minConfidence?: number;
  /** Resolution pages are rendered at for the engine (capped for very large pages). */
  dpi?: number;
}

/** A page of a PDF without a usable text layer, with its size in points. */
export interface OcrPageRequest {
  page: number;
  width: number;
  height: number;
}

/** A page that OCR read: its kept lines and their mean confidence. */
export interface OcrPageResult {
  page: number;
  lines: OcrLine[];
  confidence: number;
}

/** What OCR made of a file's pages without a text layer. */
export interface OcrFileResult {
  /** The `-l` languages used, e.g. "chi_sim+eng" (several, comma-separated, when pages differ). */
  languages: string;
  /** Pages with text kept, in page order. */
  pages: OcrPageResult[];
  /** Pages read but with nothing above the confidence floor (a photo, handwriting). */
  unreadablePages: number[];
  /** Pages not read: past OCR_MAX_PAGES, the page's or the file's time limit. */
  skippedPages: number[];
}

/** What every OCR run is told: language evidence, cancel, time limit, progress. */
export interface OcrRunRequest {
  /** The language of the document's text layer (`detectLanguage`), "und" or null without one. */
  documentLanguage?: string | null;
  /** The note's output language or the user's interface language. */
  languageHint?: string | null;
  /** Cancels: running children are killed and the call rejects. */
  signal?: AbortSignal;
  /** The file's parse time limit (epoch ms): pages not finished by then are skipped. */
  deadline?: number;
  /** "recognising page i of n": called as each page starts. */
  onProgress?: (page: number, of: number) => void;
  /** Sees every child process started (tests check that cancelling kills them). */
  onSpawn?: (pid: number) => void;
}

/** The pages of a PDF without a usable text layer. */
export interface OcrFileRequest extends OcrRunRequest {
  filePath: string;
  pages: OcrPageRequest[];
}

/** The pictures of slides without text (PPTX), by slide. */
export interface OcrImagesRequest extends OcrRunRequest {
  pages: { page: number; images: Buffer[] }[];
}

interface OcrItem {
  page: number;
  /** The resolution Tesseract is told the images have. */
  dpi: number;
  images(signal: AbortSignal): Promise<Buffer[]>;
}

export type OcrStatus = "ready" | "off" | "missing";

export interface Ocr {
  /** "missing" when Tesseract or pdftoppm cannot run (checked once, then remembered). */
  status(): Promise<OcrStatus>;
  recognisePdf(request: OcrFileRequest): Promise<OcrFileResult>;
  /** Reads pictures (a slide's images); a slide with several gets their lines in order. */
  recogniseImages(request: OcrImagesRequest): Promise<OcrFileResult>;
}

export const OCR_DEFAULTS = {
  workers: 1,
  maxPages: 200,
  pageTimeoutMs: 60_000,
  minConfidence: 60,
  dpi: 300,
} as const;

/** What Tesseract is told of a slide picture's resolution (screen pictures: about 1000–2000 px wide). */
const PICTURE_DPI = 150;

/**
 * A page or slide whose kept lines hold fewer letters and digits than this is unreadable, not read: a stray
 * label of a diagram or two confident guesses in handwriting are no study material.
 */
const MIN_READ_CHARS = 10;
const readChars = (lines: OcrLine[]) =>
  lines.reduce((n, l) => n + (l.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0), 0);

/** A page read without CJK below this mean confidence is checked for a CJK script (clean print reads 85+). */
const RECHECK_BELOW = 80;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/** Longest side of a rendered page, pixels: a poster-sized page is not rendered at full resolution. */
const MAX_SIDE_PX = 4200;

/**
 * OCR with Tesseract (pages rendered by poppler's pdftoppm): a bounded pool of child processes shared by
 * every file this server parses, each page with its own time limit, every child killed on cancel.
 */
export function createOcr(options: OcrOptions): Ocr {
  const tesseractPath = options.tesseractPath ?? "tesseract";
  const pdftoppmPath = options.pdftoppmPath ?? "pdftoppm";
  const maxPages = options.maxPages ?? OCR_DEFAULTS.maxPages;
  const pageTimeoutMs = options.pageTimeoutMs ?? OCR_DEFAULTS.pageTimeoutMs;
  const minConfidence = options.minConfidence ?? OCR_DEFAULTS.minConfidence;
  const baseDpi = options.dpi ?? OCR_DEFAULTS.dpi;
  const slots = createSlots(Math.max(1, options.workers ?? OCR_DEFAULTS.workers));
  let installed: Promise<Set<string> | null> | undefined;

  const languages = () =>
    (installed ??= (async () => {
      const langs = await listLanguages(tesseractPath);
      if (!langs || langs.size === 0) return null;
      const poppler = await runProcess(pdftoppmPath, ["-v"], { timeoutMs: 10_000 }).then(
        () => true,
        () => false,
      );
      return poppler ? langs : null;
    })());

  const status = async (): Promise<OcrStatus> => {
    if (!options.enabled) return "off";
    return (await languages()) ? "ready" : "missing";
  };

  /** Reads each item in the pool: its images (one per PDF page, a slide's pictures) → lines. */
  const run = async (req: OcrRunRequest, items: OcrItem[]): Promise<OcrFileResult> => {
    const langs = await languages();
    if (!options.enabled || !langs) throw new Error(`OCR is ${options.enabled ? "missing" : "off"}`);
    const wanted = items.slice(0, maxPages);
    const skipped = new Set(items.slice(maxPages).map((p) => p.page));
    // The file's time limit stops the work that remains, but keeps what was read.
    const deadline = new AbortController();
    const remaining = req.deadline !== undefined ? req.deadline - Date.now() : Infinity;
    const deadlineTimer = Number.isFinite(remaining)
      ? setTimeout(() => deadline.abort(), Math.max(0, remaining))
      : null;
    const stop = AbortSignal.any([deadline.signal, ...(req.signal ? [req.signal] : [])]);
    // every page waiting for a slot listens to it
    setMaxListeners(0, stop);

    let chosen: Promise<string> | undefined;
    /** Languages from the document's text, else from the script OSD sees on the first page read. */
    const languagesFor = async (image: Buffer, signal: AbortSignal): Promise<string> => {
      chosen ??= (async () => {
        const known = req.documentLanguage && req.documentLanguage !== "und";
        const script = known
          ? null
          : await detectScript(image, { signal, timeoutMs: pageTimeoutMs }, { tesseractPath });
        return chooseOcrLanguages({
          documentLanguage: req.documentLanguage,
          script,
          hint: req.languageHint,
          installed: langs,
        });
      })();
      try {
        return await chosen;
      } catch (error) {
        chosen = undefined; // that page ran out of time: the next one looks again
        throw error;
      }
    };

    const used = new Set<string>();
    const results: OcrPageResult[] = [];
    const unreadable: number[] = [];
    let started = 0;
    const readItem = async (item: OcrItem): Promise<void> => {
      let release: (() => void) | undefined;
      try {
        release = await slots.acquire(stop);
        req.onProgress?.(++started, wanted.length);
        const pageStop = AbortSignal.any([stop, AbortSignal.timeout(pageTimeoutMs)]);
        const lines: OcrLine[] = [];
        let chars = 0;
        let confSum = 0;
        for (const image of await item.images(pageStop)) {
          const langArg = await languagesFor(image, pageStop);
          const read = (languages: string) => {
            used.add(languages);
            return recogniseImage(
              image,
              { languages, dpi: item.dpi, signal: pageStop, timeoutMs: pageTimeoutMs, onSpawn: req.onSpawn },
              { tesseractPath, minConfidence },
            );
          };
          let text: OcrPageText = await read(langArg);
          // Read without CJK, and poorly: if OSD sees a CJK script on this page however unsure (a Chinese
          // page in an English document, a mixed page: ~0.9), it is read again with that language, and that
          // reading is kept when it is confident and holds CJK (handwriting read as Japanese stays unread).
          // A clean English page (85+) costs nothing more.
          if (!readsCjk(langArg) && cjkInstalled(langs) && text.confidence < RECHECK_BELOW) {
            const script = await detectScript(
              image,
              { signal: pageStop, timeoutMs: pageTimeoutMs },
              { tesseractPath },
              0,
            );
            if (script && CJK_SCRIPTS.has(script)) {
              const again = await read(
                chooseOcrLanguages({
                  documentLanguage: req.documentLanguage,
                  script,
                  hint: req.languageHint,
                  installed: langs,
                }),
              );
              const cjkChars = again.lines.reduce((n, l) => n + (l.text.match(CJK_CHAR)?.length ?? 0), 0);
              if (
                again.confidence >= RECHECK_BELOW &&
                cjkChars >= MIN_READ_CHARS &&
                readChars(again.lines) * again.confidence >= readChars(text.lines) * text.confidence
              )
                text = again;
            }
          }
          const n = text.lines.reduce((sum, l) => sum + l.text.length, 0);
          chars += n;
          confSum += text.confidence * n;
          lines.push(...text.lines);
        }
        if (readChars(lines) < MIN_READ_CHARS) unreadable.push(item.page);
        else
          results.push({
            page: item.page,
            lines,
            confidence: Math.round((confSum / Math.max(1, chars)) * 10) / 10,
          });
      } catch (error) {
        if (req.signal?.aborted) throw req.signal.reason ?? error;
        // Over the page's or the file's time limit, or an engine failure on this page: left unread.
        skipped.add(item.page);
      } finally {
        release?.();
      }
    };
    try {
      await Promise.all(wanted.map(readItem));
    } finally {
      if (deadlineTimer) clearTimeout(deadlineTimer);
    }
    return {
      languages: used.size > 0 ? [...used].join(",") : ((await chosen?.catch(() => undefined)) ?? ""),
      pages: results.sort((a, b) => a.page - b.page),
      unreadablePages: unreadable.sort((a, b) => a - b),
      skippedPages: [...skipped].sort((a, b) => a - b),
    };
  };

  const dpiOf = (p: OcrPageRequest) =>
    Math.max(72, Math.min(baseDpi, Math.floor((MAX_SIDE_PX * 72) / Math.max(p.width, p.height, 1))));

  return {
    status,
    recognisePdf: (req) =>
      run(
        req,
        req.pages.map((p) => ({
          page: p.page,
          dpi: dpiOf(p),
          images: async (signal) => [
            await rasterisePdfPage(req.filePath, p.page, {
              dpi: dpiOf(p),
              pdftoppmPath,
              signal,
              timeoutMs: pageTimeoutMs,
              onSpawn: req.onSpawn,
            }),
          ],
        })),
      ),
    recogniseImages: (req) =>
      run(
        req,
        req.pages.map((p) => ({ page: p.page, dpi: PICTURE_DPI, images: async () => p.images })),
      ),
  };
}
