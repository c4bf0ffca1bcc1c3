import { joinWords } from "../text";
import { ProcessError, runProcess } from "./run-process";

/** One line that OCR read, in page points (1/72 inch, y grows upwards like a PDF's text). */
export interface OcrLine {
  text: string;
  x0: number;
  x1: number;
  /** Baseline (bottom of the line's box), points from the page's bottom edge. */
  y: number;
  /** Height of the paragraph's lines, points: lines of one paragraph share it. */
  size: number;
  /** Mean word confidence of the line, 0–100, weighted by characters. */
  confidence: number;
}

/** What OCR kept of one image. */
export interface OcrPageText {
  lines: OcrLine[];
  /** Mean word confidence of the kept text, 0–100 (0 when nothing was kept). */
  confidence: number;
  /** Lines read but dropped under the confidence floor. */
  droppedLines: number;
}

export interface TesseractOptions {
  /** The `tesseract` program (default: found on PATH). */
  tesseractPath: string;
  /** Lines whose mean word confidence is below this are dropped (0–100). */
  minConfidence: number;
}

interface TsvWord {
  key: string;
  text: string;
  conf: number;
  left: number;
  top: number;
  width: number;
  height: number;
  par: string;
}

/** A character worth reading: a letter, a digit or a CJK character. */
const READABLE = /[\p{L}\p{N}]/u;

/**
 * Tesseract's TSV (one row per page, block, paragraph, line and word) → the lines worth keeping. A line is
 * kept when its mean word confidence reaches `minConfidence` and it has letters or digits: what OCR reads
 * from a photo, handwriting or a formula is mostly below it, so such a page yields nothing rather than
 * garbage. `dpi` turns pixels into points.
 */
export function linesFromTsv(tsv: string, dpi: number, minConfidence: number): OcrPageText {
  const scale = 72 / dpi;
  let pageHeight = 0;
  const lines = new Map<string, TsvWord[]>();
  for (const row of tsv.split("\n")) {
    const cols = row.split("\t");
    if (cols.length < 12) continue;
    const level = Number(cols[0]);
    if (level === 1) pageHeight = Math.max(pageHeight, Number(cols[9]) || 0);
    if (level !== 5) continue;
    const text = (cols.slice(11).join(" ") ?? "").trim();
    const conf = Number(cols[10]);
    if (!text || !(conf >= 0)) continue;
    const key = `${cols[2]}.${cols[3]}.${cols[4]}`;
    const word: TsvWord = {
      key,
      text,
      conf,
      left: Number(cols[6]),
      top: Number(cols[7]),
      width: Number(cols[8]),
      height: Number(cols[9]),
      par: `${cols[2]}.${cols[3]}`,
    };
    const list = lines.get(key);
    if (list) list.push(word);
    else lines.set(key, [word]);
  }

  type Built = OcrLine & { par: string; chars: number; heightPx: number };
  const built: Built[] = [];
  let dropped = 0;
  for (const words of lines.values()) {
    let text = "";
    let chars = 0;
    let confSum = 0;
    let x0 = Infinity;
    let x1 = -Infinity;
    let top = Infinity;
    let bottom = -Infinity;
    for (const w of words) {
      text = joinWords(text, w.text);
      const n = [...w.text].length;
      chars += n;
      confSum += w.conf * n;
      x0 = Math.min(x0, w.left);
      x1 = Math.max(x1, w.left + w.width);
      top = Math.min(top, w.top);
      bottom = Math.max(bottom, w.top + w.height);
    }
    const confidence = chars > 0 ? confSum / chars : 0;
    if (confidence < minConfidence || !READABLE.test(text)) {
      dropped++;
      continue;
    }
    built.push({
      text,
      x0: x0 * scale,
      x1: x1 * scale,
      y: (pageHeight - bottom) * scale,
      size: 0,
      confidence,
      par: words[0]!.par,
      chars,
      heightPx: bottom - top,
    });
  }
  // Lines with and without descenders differ in height: one size per paragraph keeps them one paragraph.
  const byPar = new Map<string, Built[]>();
  for (const l of built) byPar.set(l.par, [...(byPar.get(l.par) ?? []), l]);
  for (const group of byPar.values()) {
    const heights = group.map((l) => l.heightPx).sort((a, b) => a - b);
    const median = heights[Math.floor(heights.length / 2)] ?? 0;
    for (const l of group) l.size = Math.max(1, Math.round(median * scale * 0.8 * 2) / 2);
  }
  let chars = 0;
  let confSum = 0;
  for (const l of built) {
    chars += l.chars;
    confSum += l.confidence * l.chars;
  }
  return {
    lines: built.map(({ text, x0, x1, y, size, confidence }) => ({ text, x0, x1, y, size, confidence })),
    confidence: chars > 0 ? Math.round((confSum / chars) * 10) / 10 : 0,
    droppedLines: dropped,
  };
}

const CHILD_ENV = {
  ...process.env,
  // Tesseract's OpenMP threads fight each other (and the server) on a small machine: the pool gives
  // parallelism, one thread per process (measured 5 s a page instead of 40 s under load).
  OMP_THREAD_LIMIT: "1",
};

/** Reads the text of one image (PNG, JPEG, TIFF… bytes) with Tesseract. */
export async function recogniseImage(
  image: Buffer,
  args: {
    languages: string;
    dpi: number;
    signal?: AbortSignal;
    timeoutMs?: number;
    onSpawn?: (pid: number) => void;
  },
  opts: TesseractOptions,
): Promise<OcrPageText> {
  const tsv = await runProcess(
    opts.tesseractPath,
    ["stdin", "stdout", "-l", args.languages, "--psm", "3", "--dpi", String(Math.round(args.dpi)), "tsv"],
    { input: image, signal: args.signal, timeoutMs: args.timeoutMs, env: CHILD_ENV, onSpawn: args.onSpawn },
  );
  return linesFromTsv(tsv.toString("utf8"), args.dpi, opts.minConfidence);
}

/** The script Tesseract sees on an image ("Han", "Latin", "Cyrillic", "Japanese", "Hangul"…), or null. */
export async function detectScript(
  image: Buffer,
  args: { signal?: AbortSignal; timeoutMs?: number },
  opts: Pick<TesseractOptions, "tesseractPath">,
  /** OSD's script confidence needed (a Chinese page with English words scores ~0.9, handwriting ~0.75). */
  minConfidence = 1,
): Promise<string | null> {
  try {
    const out = await runProcess(opts.tesseractPath, ["stdin", "stdout", "--psm", "0"], {
      input: image,
      signal: args.signal,
      timeoutMs: args.timeoutMs,
      env: CHILD_ENV,
    });
    const text = out.toString("utf8");
    const script = /^Script:\s*(\S+)/m.exec(text)?.[1] ?? null;
    const confidence = Number(/^Script confidence:\s*([\d.]+)/m.exec(text)?.[1] ?? 0);
    return script && confidence > 0 && confidence >= minConfidence ? script : null;
  } catch (error) {
    if (error instanceof ProcessError && error.kind === "aborted") throw error;
    return null; // too little text to tell: the caller falls back to its hint
  }
}

/** The languages this Tesseract has data for (`--list-langs`), or null when it cannot run. */
export async function listLanguages(tesseractPath: string): Promise<Set<string> | null> {
  try {
    const out = await runProcess(tesseractPath, ["--list-langs"], { timeoutMs: 10_000, env: CHILD_ENV });
    const langs = out
      .toString("utf8")
      .split("\n")
      .slice(1)
      .map((l) => l.trim())
      .filter((l) => /^[a-z_]+$/i.test(l) && l !== "osd");
    return new Set(langs);
  } catch {
    return null;
  }
}

/** Renders one PDF page to a grey PNG with poppler's pdftoppm. */
export function rasterisePdfPage(
  filePath: string,
  page: number,
  args: {
    dpi: number;
    pdftoppmPath: string;
    signal?: AbortSignal;
    timeoutMs?: number;
    onSpawn?: (pid: number) => void;
  },
): Promise<Buffer> {
  return runProcess(
    args.pdftoppmPath,
    ["-f", String(page), "-l", String(page), "-r", String(Math.round(args.dpi)), "-gray", "-png", filePath],
    { signal: args.signal, timeoutMs: args.timeoutMs, onSpawn: args.onSpawn },
  );
}
