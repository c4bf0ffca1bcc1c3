import { createRequire } from "node:module";
import path from "node:path";
import type { SourceBlock, SourceDocument, SourceSection } from "@beannote/contract";
// Must come before pdf.js: it keeps the native Array.prototype.push that pdf.js's polyfills replace.
import { restoreNativeArrayPush } from "./native-array-push";
import { getDocument, OPS, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { finishDocument, type ParseInput } from "./document";
import { IngestError } from "./errors";
import { isDisplayLine, recoverPageMath, type PageOperations } from "./pdf-math/recover";
import { withoutGlyphOutlines } from "./pdf-math/pdfjs-compat";
import { pageOperations, pdfObjects } from "./pdf-math/content-rules";
import type { PdfObjects } from "./pdf-math/pdf-objects";
import { sideColumnHeadings } from "./pdf-side-headings";
import { findTableGrids, tableRows } from "./pdf-tables";
import type { OcrFileResult, OcrPageRequest } from "./ocr/ocr";
import {
  cleanText,
  composeAccents,
  isCjkCode,
  isGarbledText,
  joinLines,
  meaningfulTitle,
  resolveHyphens,
} from "./text";

restoreNativeArrayPush();

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve("pdfjs-dist/package.json"));
const CMAP_URL = path.join(PDFJS_DIR, "cmaps") + path.sep;
const STANDARD_FONTS_URL = path.join(PDFJS_DIR, "standard_fonts") + path.sep;

/** One visual line of text on a page. */
export interface Line {
  text: string;
  x0: number;
  x1: number;
  /** Baseline, PDF user space (grows upwards). */
  y: number;
  size: number;
  page: number;
  /** Set when the line opened with a raised, smaller footnote marker ("²We fixed …"), which was dropped. */
  marked?: boolean;
  /** pdf.js's name of the font that sets the line (its first or longest piece); page-local. */
  font?: string;
  /**
   * The size of its Chinese or Japanese pieces, when that is not the line's: LibreOffice sets a heading's Asian
   * text smaller than its Western text (22 and 24 pt), and a wrapped heading's second line may hold only the former.
   */
  cjkSize?: number;
  /** A side column's heading, or its margin note: a line of its own, never merged or joined with the text. */
  role?: "heading" | "aside" | "table";
  /** A ruled table (role "table"): its rows of cells, and its column boundaries (to join it across a page break). */
  table?: { rows: string[][]; xs: number[] };
}

interface Paragraph {
  text: string;
  size: number;
  page: number;
  /** Baseline of the first line. */
  y: number;
  lines: number;
  /** A side column's heading (pdf-side-headings.ts). */
  heading?: boolean;
  /** A ruled table's rows and column boundaries (pdf-tables.ts). */
  table?: { rows: string[][]; xs: number[] };
}

interface OutlineEntry {
  title: string;
  level: number;
  page: number;
  y: number | null;
}

interface PdfTextItem {
  str: string;
  fontName?: string;
  transform: number[];
  width: number;
  height: number;
}

/** The lines of some pages of a PDF, as one worker thread read them (structured-clone friendly). */
export interface PdfPagesPart {
  pageCount: number;
  pages: [page: number, lines: Line[]][];
  twoColumnPages: number[];
  /** Pages without a usable text layer that show something (a scan, unmapped glyphs): for OCR. */
  ocrPages: OcrPageRequest[];
}

/**
 * What became of the pages without a text layer: OCR's result, or why there is none. "unavailable"
 * (OCR off or not installed) leaves them unread; a file with no other text then fails with
 * FILE_NO_TEXT_NO_OCR.
 */
export type PdfOcrOutcome = { kind: "read"; result: OcrFileResult } | { kind: "unavailable" };

/** Either the finished document, or (OCR wanted, pages without text found) the pages read so far. */
export type PdfFirstPass = { doc: SourceDocument } | { part: PdfPagesPart };

/**
 * pdf.js's options for reading a PDF. Without `images`, an operator list (read for formula recovery: fonts'
 * names, rules) leaves out the page's pictures instead of decoding them: decoding them was a third of what
 * recovery cost a formula-dense lecture with figures. A page's pictures are looked for (a scan to OCR) in a
 * document opened with them.
 */
function pdfOptions(data: Uint8Array, images: boolean): Parameters<typeof getDocument>[0] {
  return {
    // pdf.js may transfer (detach) the array it is given: hand it a copy, never a view of a pooled Buffer.
    data: new Uint8Array(data),
    cMapUrl: CMAP_URL,
    cMapPacked: true,
    standardFontDataUrl: STANDARD_FONTS_URL,
    verbosity: VerbosityLevel.ERRORS,
    // operator lists (read for formula recovery) without the glyph outlines only drawing needs
    ...withoutGlyphOutlines(),
    useSystemFonts: false,
    stopAtErrors: false,
    // a picture of more pixels than this is left out of an operator list, undecoded
    maxImageSize: images ? -1 : 4,
  };
}

async function withPdf<T>(data: Buffer, use: (doc: PDFDocumentProxy) => Promise<T>): Promise<T> {
  let doc: PDFDocumentProxy;
  const task = getDocument(pdfOptions(data, false));
  try {
    doc = await task.promise;
  } catch (err) {
    void task.destroy();
    throw mapPdfError(err);
  }
  restoreNativeArrayPush(); // pdf.js's worker code has loaded by now
  try {
    return await use(doc);
  } catch (err) {
    throw mapPdfError(err);
  } finally {
    void task.destroy();
  }
}

/** Parse a PDF with pdf.js: text lines → columns → paragraphs → sections (outline, else font sizes). */
export async function parsePdf(input: ParseInput): Promise<SourceDocument> {
  return withPdf(input.data, async (doc) =>
    assembleDocument(doc, [await readPages(doc, () => true)], input.fileName, { kind: "unavailable" }),
  );
}

/**
 * Parse a PDF, or stop after reading its pages when some have no usable text layer, so that the caller
 * can OCR them (child processes, off this thread) and finish with `assemblePdf`. A text PDF costs the
 * same as `parsePdf`.
 */
export async function parsePdfForOcr(input: ParseInput): Promise<PdfFirstPass> {
  return withPdf(input.data, async (doc) => {
    const part = await readPages(doc, () => true);
    if (part.ocrPages.length > 0) return { part };
    return { doc: await assembleDocument(doc, [part], input.fileName, { kind: "unavailable" }) };
  });
}

/** Reads every `of`-th page starting at page `index + 1`: one share of a PDF split across threads. */
export async function parsePdfPart(
  input: ParseInput,
  part: { index: number; of: number },
): Promise<PdfPagesPart> {
  return withPdf(input.data, (doc) => readPages(doc, (p) => (p - 1) % part.of === part.index));
}

/** Builds the document from the page shares that other threads read, and OCR's lines for the rest. */
export async function assemblePdf(
  input: ParseInput,
  parts: PdfPagesPart[],
  ocr: PdfOcrOutcome = { kind: "unavailable" },
): Promise<SourceDocument> {
  return withPdf(input.data, (doc) => assembleDocument(doc, parts, input.fileName, ocr));
}

function mapPdfError(err: unknown): IngestError {
  if (err instanceof IngestError) return err;
  const name = (err as { name?: string } | null)?.name ?? "";
  if (name === "PasswordException") return new IngestError("FILE_ENCRYPTED", "pdf password");
  return new IngestError("FILE_CORRUPT", `pdf: ${name} ${String((err as Error)?.message ?? err)}`);
}

async function readPages(doc: PDFDocumentProxy, wanted: (page: number) => boolean): Promise<PdfPagesPart> {
  const pageCount = doc.numPages;
  const pages: [number, Line[]][] = [];
  const twoColumnPages: number[] = [];
  const ocrPages: OcrPageRequest[] = [];
  // the document with its pictures, opened for the first page without text (a scan, or a blank page)
  let imageTask: ReturnType<typeof getDocument> | undefined;
  const withImages = async (p: number) => {
    imageTask ??= getDocument(pdfOptions(await doc.getData(), true));
    return (await imageTask.promise).getPage(p);
  };
  // the file's objects, read once for the pages whose rules formula recovery wants (pdf-math/content-rules.ts)
  let objects: Promise<PdfObjects | null> | undefined;
  const objectsOf = () => (objects ??= doc.getData().then(pdfObjects, () => null));
  const readPage = async (p: number): Promise<void> => {
    let lines: Line[] = [];
    try {
      const page = await doc.getPage(p);
      // Work in the page's viewport space so that rotated pages (/Rotate 90) read upright.
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      // the page's operations from its content streams, read once for formula recovery's rules and the tables'
      let operations: Promise<PageOperations | null> | undefined;
      const operationsOf = () =>
        (operations ??= objectsOf().then((objects) =>
          objects && page.ref ? pageOperations(objects, page.ref) : null,
        ));
      const recovered = await recoverPageMath(page, content.items as PdfTextItem[], operationsOf);
      const { items, tables } =
        page.rotate % 360 === 0
          ? await readTables(page, recovered, operationsOf, p, viewport.transform, viewport.height)
          : { items: recovered, tables: [] };
      const built = buildLines(items, p, viewport.transform, viewport.height);
      const ordered = orderLines(built, 0, viewport.width);
      const withTables = tables.length > 0 ? placeTables(ordered.lines, tables) : ordered.lines;
      // A text layer that is not text (a font without a usable Unicode map): the page has no text layer.
      const garbled = isGarbledText(withTables.map((l) => l.text).join("\n"));
      lines = garbled ? [] : withTables;
      if (ordered.twoColumns && !garbled) twoColumnPages.push(p);
      // Only pages that show something are worth OCR: garbled glyphs, or a picture (a scan) without text.
      if (garbled || (lines.length === 0 && (await paintsImage(await withImages(p)))))
        ocrPages.push({ page: p, width: viewport.width, height: viewport.height });
      page.cleanup();
    } catch (err) {
      // A damaged page: keep the rest of the document (recovery).
      if ((err as { name?: string })?.name === "PasswordException") throw err;
      lines = [];
    }
    pages.push([p, lines]);
  };
  const numbers = Array.from({ length: pageCount }, (_, i) => i + 1).filter(wanted);
  // A few pages in flight at once keeps pdf.js busy while we build lines (measured ~15% faster).
  const WINDOW = 8;
  try {
    for (let i = 0; i < numbers.length; i += WINDOW) {
      await Promise.all(numbers.slice(i, i + WINDOW).map(readPage));
    }
  } finally {
    if (imageTask) void imageTask.destroy();
  }
  ocrPages.sort((a, b) => a.page - b.page);
  return { pageCount, pages, twoColumnPages, ocrPages };
}

const IMAGE_OPS = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintInlineImageXObjectGroup,
  OPS.paintImageXObjectRepeat,
  OPS.paintImageMaskXObject,
  OPS.paintImageMaskXObjectGroup,
  OPS.paintImageMaskXObjectRepeat,
]);

/** True when a page paints a picture: a page without text and without one is blank, not a scan. */
async function paintsImage(page: { getOperatorList(): Promise<{ fnArray: number[] }> }): Promise<boolean> {
  try {
    const ops = await page.getOperatorList();
    return ops.fnArray.some((fn) => IMAGE_OPS.has(fn));
  } catch {
    return false;
  }
}

/**
 * The page's ruled tables (pdf-tables.ts), each as one line holding its rows, and the text items outside them.
 * The rules come from the page's content streams (pdf-math/content-rules.ts), from pdf.js's operator list
 * where that reader gives up. A cell's text is its items built into lines as the page's are, joined top down.
 */
async function readTables(
  page: {
    ref?: { num: number; gen: number } | null;
    getOperatorList(): Promise<{ fnArray: number[]; argsArray: unknown[] }>;
  },
  items: PdfTextItem[],
  operationsOf: () => Promise<PageOperations | null>,
  pageNumber: number,
  vt: number[],
  height: number,
): Promise<{ items: PdfTextItem[]; tables: Line[] }> {
  const none = { items, tables: [] };
  // a table has text in two columns of two rows: three pieces of text at least
  let pieces = 0;
  for (let i = 0; i < items.length && pieces < 3; i++) if (items[i]!.str.trim()) pieces++;
  if (pieces < 3) return none;
  let ops = await operationsOf();
  if (!ops) {
    try {
      ops = await page.getOperatorList();
    } catch {
      return none;
    }
  }
  const [va = 1, vb = 0, vc = 0, vd = -1, ve = 0, vf = height] = vt;
  const grids = findTableGrids(ops, [va, -vb, vc, -vd, ve, height - vf]);
  if (grids.length === 0) return none;
  // pdf.js joins the words of neighbouring cells into one item ("150mM 10mM"): split at the spaces nearest the edges
  const parts = splitAtCellEdges(items, grids, (it) => {
    const t = it.transform;
    return [va * (t[4] ?? 0) + vc * (t[5] ?? 0) + ve, height - (vb * (t[4] ?? 0) + vd * (t[5] ?? 0) + vf)];
  });
  const split = parts.map((p) => p.item);
  // each item's table and cell (row * columns + column), by the middle of its first glyphs
  const straddling = new Set<number>();
  const cellOf: (readonly [table: number, cell: number] | null)[] = split.map((it) => {
    const t = it.transform;
    const x = va * (t[4] ?? 0) + vc * (t[5] ?? 0) + ve;
    const y = height - (vb * (t[4] ?? 0) + vd * (t[5] ?? 0) + vf);
    const size = Math.abs(vb * (t[2] ?? 0) + vd * (t[3] ?? 0)) || it.height || 10;
    const xm = x + Math.min(it.width, size) / 2;
    const ym = y + size * 0.3;
    for (let g = 0; g < grids.length; g++) {
      const at = grids[g]!.cellAt(xm, ym);
      if (!at) continue;
      // text that runs over a cell's edge (a formula recovery joined across cells): the grid is not read as a table
      const end = grids[g]!.cellAt(Math.max(xm, x + it.width - 1), ym);
      if ((!end || end[0] !== at[0] || end[1] !== at[1]) && it.str.trim()) straddling.add(g);
      return [g, at[0] * (grids[g]!.xs.length - 1) + at[1]] as const;
    }
    return null;
  });
  const tables: Line[] = [];
  const taken = new Set<number>();
  for (let g = 0; g < grids.length; g++) {
    const grid = grids[g]!;
    if (straddling.has(g)) continue;
    const cellItems = new Map<number, PdfTextItem[]>();
    split.forEach((it, i) => {
      const at = cellOf[i];
      if (at?.[0] !== g) return;
      let list = cellItems.get(at[1]);
      if (!list) cellItems.set(at[1], (list = []));
      list.push(it);
    });
    const cells = new Map<number, string>();
    const sizes: number[] = [];
    for (const [cell, its] of cellItems) {
      const cellLines = buildLines(its, pageNumber, vt, height).sort((a, b) =>
        Math.abs(a.y - b.y) > Math.min(a.size, b.size) * 0.4 ? b.y - a.y : a.x0 - b.x0,
      );
      for (const l of cellLines) sizes.push(l.size);
      const text = cellLines.reduce((acc, l) => joinLines(acc, l.text), "");
      if (text) cells.set(cell, text);
    }
    const rows = tableRows(grid, cells);
    // a grid whose text fills one row or one column is a box around a paragraph or a list: the page's text
    if (rows.length < 2 || rows[0]!.length < 2) continue;
    split.forEach((_, i) => cellOf[i]?.[0] === g && taken.add(parts[i]!.from));
    sizes.sort((a, b) => a - b);
    tables.push({
      text: rows.flatMap((r) => r.filter(Boolean)).join(" "),
      x0: grid.xs[0]!,
      x1: grid.xs[grid.xs.length - 1]!,
      y: grid.ys[0]!,
      size: sizes[sizes.length >> 1] ?? 10,
      page: pageNumber,
      role: "table",
      table: { rows, xs: grid.xs },
    });
  }
  if (tables.length === 0) return none;
  return { items: items.filter((_, i) => !taken.has(i)), tables };
}

/**
 * The items with each one that runs from a table's cell into the next on its row cut at the space nearest each
 * cell edge it crosses (where its characters, spread evenly over its width, put that edge): pdf.js makes one
 * item of a row's cells when they are set close ("extracellular environment 150mM 5mM"). `from` is the item's
 * index in `items`. An item without a space at each edge stays whole (it straddles: the grid is no table).
 */
function splitAtCellEdges(
  items: PdfTextItem[],
  grids: ReturnType<typeof findTableGrids>,
  origin: (it: PdfTextItem) => [x: number, y: number],
): { item: PdfTextItem; from: number }[] {
  const out: { item: PdfTextItem; from: number }[] = [];
  items.forEach((it, from) => {
    const str = it.str;
    const t = it.transform;
    // (a formula recovery made, "$…$", is one piece whatever it crosses: the grid is then no table)
    const whole = !str.includes(" ") || str.includes("$") || it.width <= 0;
    if (whole || (t[0] ?? 0) <= 0 || (t[1] ?? 0) !== 0 || (t[2] ?? 0) !== 0)
      return out.push({ item: it, from });
    const [x0, y] = origin(it);
    const x1 = x0 + it.width;
    // the column edges the item crosses, of the grid whose rows its baseline falls in
    const edges = new Set<number>();
    for (const grid of grids)
      if (y < grid.ys[0]! && y > grid.ys[grid.ys.length - 1]!)
        for (const x of grid.xs.slice(1, -1)) if (x > x0 + 1 && x < x1 - 1) edges.add(x);
    if (edges.size === 0) return out.push({ item: it, from });
    const perChar = it.width / str.length;
    const cuts: number[] = [];
    const sorted = [...edges].sort((a, b) => a - b);
    for (const edge of sorted) {
      let best = -1;
      for (let k = 0; k < str.length; k++)
        if (
          str[k] === " " &&
          (best < 0 ||
            Math.abs(x0 + (k + 0.5) * perChar - edge) < Math.abs(x0 + (best + 0.5) * perChar - edge))
        )
          best = k;
      if (best < 0 || (cuts.length > 0 && best <= cuts[cuts.length - 1]!))
        return out.push({ item: it, from });
      cuts.push(best);
    }
    let start = 0;
    [...cuts, str.length].forEach((cut, k) => {
      const text = str.slice(start, cut);
      if (text.trim()) {
        // between the edges around it, where its characters put it (their widths differ: it is kept inside)
        const left = k === 0 ? x0 : sorted[k - 1]! + 0.5;
        const right = k === cuts.length ? x1 : sorted[k]! - 0.5;
        const at = Math.min(Math.max(x0 + start * perChar, left), right - 1);
        const width = Math.max(0.5, Math.min(text.length * perChar, right - at));
        // the page is upright (tables are read only then): x grows with the text matrix's
        const transform = [...t];
        transform[4] = (t[4] ?? 0) + (at - x0);
        out.push({ item: { ...it, str: text, width, transform }, from });
      }
      start = cut + 1;
    });
  });
  return out;
}

/** The page's lines in reading order with each table before the first line below it in its column. */
function placeTables(lines: Line[], tables: Line[]): Line[] {
  const out = [...lines];
  for (const t of tables) {
    const overlaps = (l: Line) => l.x0 < t.x1 && t.x0 < l.x1;
    let at = out.findIndex((l) => l.role !== "table" && l.y < t.y && overlaps(l));
    if (at < 0) at = out.length;
    out.splice(at, 0, t);
  }
  return out;
}

/** OCR's lines as the lines of a page: already in reading order (Tesseract finds the columns). */
function ocrLines(page: number, lines: OcrFileResult["pages"][number]["lines"]): Line[] {
  return lines.map((l) => ({ text: l.text, x0: l.x0, x1: l.x1, y: l.y, size: l.size, page }));
}

async function assembleDocument(
  doc: PDFDocumentProxy,
  parts: PdfPagesPart[],
  fileName: string | undefined,
  ocr: PdfOcrOutcome,
): Promise<SourceDocument> {
  const pageCount = doc.numPages;
  const pages: Line[][] = Array.from({ length: pageCount }, () => []);
  const twoColumnPages = new Set<number>();
  const ocrPages: number[] = [];
  let totalChars = 0;
  for (const part of parts) {
    for (const [page, lines] of part.pages) {
      pages[page - 1] = lines;
      for (const l of lines) totalChars += l.text.length;
    }
    for (const page of part.twoColumnPages) twoColumnPages.add(page);
    for (const p of part.ocrPages) ocrPages.push(p.page);
  }
  if (ocr.kind === "read") {
    for (const { page, lines } of ocr.result.pages) {
      if (page < 1 || page > pageCount) continue;
      pages[page - 1] = ocrLines(page, lines);
      for (const l of lines) totalChars += l.text.length;
    }
  }
  if (totalChars === 0 || (pageCount >= 3 && totalChars < pageCount * 3)) {
    const noOcr = ocr.kind === "unavailable" && ocrPages.length > 0;
    throw new IngestError(
      noOcr ? "FILE_NO_TEXT_NO_OCR" : "FILE_NO_TEXT",
      `${totalChars} characters on ${pageCount} pages${ocrPages.length ? `, ${ocrPages.length} without a text layer` : ""}`,
    );
  }
  settleLatinCjkGaps(pages);
  dropRunningHeaders(pages);
  dropFootnotes(pages);
  const paragraphs = buildParagraphs(pages);
  for (const p of paragraphs) p.text = withoutSpacesBetweenHan(p.text);

  let metaTitle: string | null = null;
  let metaSubject: string | null = null;
  try {
    const meta = await doc.getMetadata();
    const info = meta.info as { Title?: unknown; Subject?: unknown } | undefined;
    const dcTitle = meta.metadata?.get("dc:title");
    metaTitle = typeof info?.Title === "string" ? info.Title : typeof dcTitle === "string" ? dcTitle : null;
    metaSubject = typeof info?.Subject === "string" ? info.Subject : null;
  } catch {
    metaTitle = null;
  }
  let outline: OutlineEntry[] = [];
  try {
    outline = await readOutline(doc);
  } catch {
    outline = [];
  }
  if (!outlineAgrees(outline, paragraphs, pageCount)) outline = [];
  const sections =
    outline.length > 0
      ? sectionsFromOutline(paragraphs, outline, twoColumnPages)
      : sectionsFromFonts(paragraphs);
  const ocrCover = ocr.kind === "read" && ocr.result.pages.some((p) => p.page === 1);
  // OCR's font sizes are estimates: on a scanned cover only a short line, not a large paragraph, is a title.
  const cover = ocrCover ? shortTitle(coverTitle(paragraphs)) : coverTitle(paragraphs);
  // the cover names the text before the first entry, unless that is only the first entry's title again
  const opening = sections[0];
  if (outline.length > 0 && cover && opening && !opening.heading && opening.blocks.length > 0)
    if (normKey(cover) !== normKey(sections[1]?.heading ?? "")) opening.heading = cover;
  const finished = finishDocument({
    format: "pdf",
    pageCount,
    sections,
    metaTitle,
    metaSubject,
    coverTitle: cover,
    fileName,
  });
  if (ocrPages.length === 0) return finished;
  ocrPages.sort((a, b) => a - b);
  return {
    ...finished,
    ocr:
      ocr.kind === "read"
        ? {
            pages: ocr.result.pages.map((p) => ({ page: p.page, confidence: p.confidence })),
            unreadablePages: ocr.result.unreadablePages,
            skippedPages: ocr.result.skippedPages,
            unavailable: false,
          }
        : { pages: [], unreadablePages: [], skippedPages: ocrPages, unavailable: true },
  };
}

/** A footnote marker: a number, a few numbers, or a dagger or asterisk. */
const FOOTNOTE_MARK = /^(?:\d{1,3}(?:[,–-]\d{1,3})*|[*∗†‡§¶]{1,3})$/u;
/** Where a footnote marker follows: a word of three letters or more, or a sentence's punctuation. */
const MARKED_WORD_END = /(?:\p{L}{3,}|[\p{L}\d][.,;:!?"”’»。，；：！？])$/u;

/** A line of mathematics: its raised glyphs are exponents and numerators, not footnote markers. */
const MATH_LINE = /[=<>≤≥±−∫∑∏√∂∞^_\p{Script=Greek}]/u;
/** A function name an exponent follows ("cosh²", "log²"). */
const MATH_FUNCTION_END =
  /(?:^|[^\p{L}])(?:sin|cos|tan|cot|sec|csc|sinh|cosh|tanh|log|exp|lim|max|min|det|arg)$/iu;

/** A word or number of a spaced script: Latin, Cyrillic, Greek letters, digits. */
const SPACED_WORD_CHAR = /[\p{L}\p{N}]/u;
/** A Han, kana or hangul letter (not CJK punctuation, whose glyph holds its own space). */
const CJK_LETTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]/u;

/** Where a line holds a word-wide gap between a Latin and a CJK run (settleLatinCjkGaps makes it a space or not). */
const LATIN_CJK_GAP = "\u2063";

/**
 * Whether a gap between a Latin (Cyrillic, digit) run and a CJK one is as wide as a word space, a quarter of the
 * size or more ("cytosol サイトゾル"). The narrower gap LibreOffice sets between Asian and Western text itself
 * (a fifth of the size: "Membraneとは") is none, and two CJK characters never have one.
 */
function latinCjkGap(last: number, first: number, gap: number, size: number): boolean {
  if (gap < size * 0.25) return false;
  const a = String.fromCodePoint(last);
  const b = String.fromCodePoint(first);
  if (isCjkCode(last) === isCjkCode(first)) return false;
  return isCjkCode(last)
    ? CJK_LETTER.test(a) && SPACED_WORD_CHAR.test(b)
    : SPACED_WORD_CHAR.test(a) && CJK_LETTER.test(b);
}

/** A Latin (Cyrillic, Greek) letter or digit right beside a Han or kana letter, no gap between them. */
const LATIN_CJK_TOUCH =
  /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}](?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー])|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー](?=[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}])/gu;

/**
 * The word-wide gaps between Latin and CJK runs become spaces, or nothing: xeCJK (ctex) sets such a gap between
 * every Chinese character and Latin word whatever the source holds ("Cauchy判别法", "例1"), while a
 * LibreOffice or Word document sets a narrower one of its own and shows a word's width only where its text has
 * a space ("cytosol サイトゾル" beside "Membraneとは"). So the gaps are spaces when fewer than half the
 * document's Latin–CJK boundaries have one; otherwise they are the typesetter's and the runs join as before.
 */
function settleLatinCjkGaps(pages: Line[][]): void {
  let gaps = 0;
  let touching = 0;
  const count = (text: string) => {
    for (let i = text.indexOf(LATIN_CJK_GAP); i >= 0; i = text.indexOf(LATIN_CJK_GAP, i + 1)) gaps++;
    touching += text.match(LATIN_CJK_TOUCH)?.length ?? 0;
  };
  for (const lines of pages)
    for (const l of lines) {
      if (l.table) l.table.rows.forEach((r) => r.forEach(count));
      else count(l.text);
    }
  if (gaps === 0) return;
  const by = gaps < touching ? " " : "";
  const settle = (text: string) => (text.includes(LATIN_CJK_GAP) ? text.split(LATIN_CJK_GAP).join(by) : text);
  for (const lines of pages)
    for (const l of lines) {
      l.text = settle(l.text);
      if (l.table) l.table = { ...l.table, rows: l.table.rows.map((r) => r.map(settle)) };
    }
}

/** Group pdf.js text items into lines: same baseline, left to right, no large horizontal gap. */
function buildLines(items: PdfTextItem[], page: number, vt: number[], height: number): Line[] {
  const [va = 1, vb = 0, vc = 0, vd = -1, ve = 0, vf = height] = vt;
  const lines: Line[] = [];
  let cur: Line | null = null;
  let pendingSpace = false;
  // A marker stands apart from what follows it: a space, punctuation, a gap or the line's end ("units³ and",
  // "practice², indicating"); a raised glyph run into the next ("cosh²2yt", a fraction's "1" over "t") is math.
  const standsApart = (i: number, end: number, line: Line): boolean => {
    let spaced = false;
    for (let j = i + 1; j < items.length; j++) {
      const n = items[j];
      if (!n?.str) continue;
      if (!n.str.trim()) {
        spaced = true;
        continue;
      }
      const t = n.transform;
      const ny = height - (vb * (t[4] ?? 0) + vd * (t[5] ?? 0) + vf);
      if (Math.abs(ny - line.y) > line.size * 0.6) return true;
      const nx = va * (t[4] ?? 0) + vc * (t[5] ?? 0) + ve;
      // after a CJK sentence's end and before the next sentence, which has no space to stand apart by ("…降低方差。¹套索…")
      if (/[。；！？]$/u.test(line.text) && isCjkCode(n.str.charCodeAt(0))) return true;
      // an operator after it: an exponent ("LCp² + 1")
      if (/^\s*[+\-−=<>≤≥×·/^]/u.test(n.str)) return false;
      return spaced || nx - end > line.size * 0.15 || /^[\s,.;:!?)\]”’"，。；：、]/u.test(n.str);
    }
    return true;
  };
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    if (!it || it.str === undefined) continue;
    const str = it.str;
    const t = it.transform;
    const t0 = t[0] ?? 0;
    const t1 = t[1] ?? 0;
    const t2 = t[2] ?? 0;
    const t3 = t[3] ?? 0;
    const t4 = t[4] ?? 0;
    const t5 = t[5] ?? 0;
    // Text matrix → viewport (device) space, y flipped back to grow upwards.
    const a = va * t0 + vc * t1;
    const b = vb * t0 + vd * t1;
    const d = vb * t2 + vd * t3;
    const x = va * t4 + vc * t5 + ve;
    const y = height - (vb * t4 + vd * t5 + vf);
    if (str.length === 0) continue;
    // Rotated text (margin stamps such as arXiv identifiers) is not part of the reading flow.
    if (Math.abs(b) > Math.abs(a) * 0.1) continue;
    const size = Math.abs(d) || Math.abs(a) || it.height || 10;
    let blank = true;
    for (let k = 0; k < str.length; k++) {
      const c = str.charCodeAt(k);
      if (c !== 0x20 && c !== 0x09 && c !== 0xa0) {
        blank = false;
        break;
      }
    }
    if (blank) {
      pendingSpace = true;
      continue;
    }
    if (cur !== null) {
      const ref = Math.max(size, cur.size);
      const dy = Math.abs(y - cur.y);
      const gap = x - cur.x1;
      // a prose accent TeX set over the letter after it ("Schr", "¨", "odinger"): its item reaches over that
      // letter, further back than items of a line overlap; the two compose ("ö") when nothing stands between
      const accentOver =
        dy < ref * 0.6 &&
        gap > -ref &&
        gap <= -ref * 0.5 &&
        /[¨´`ˆ˜¸˚ˇ]$/u.test(cur.text) &&
        /^[ıȷ\p{L}]/u.test(str);
      if (accentOver || (dy < ref * 0.6 && gap > -ref * 0.5 && gap < ref * 2.5)) {
        // A footnote marker set as a superscript after a word or its punctuation ("performance.⁴"): smaller,
        // raised, digits or a dagger. An exponent after a variable ("x²", "(a+b)²", "10³") stays.
        if (
          size < cur.size * 0.85 &&
          y - cur.y > cur.size * 0.2 &&
          FOOTNOTE_MARK.test(str.trim()) &&
          MARKED_WORD_END.test(cur.text) &&
          !MATH_LINE.test(cur.text) &&
          !MATH_FUNCTION_END.test(cur.text) &&
          standsApart(i, x + it.width, cur)
        ) {
          cur.x1 = Math.max(cur.x1, x + it.width);
          continue;
        }
        // A line opening with a marker (a footnote at the page's bottom: "²We fixed …"): the marker goes.
        if (
          size > cur.size * 1.15 &&
          cur.y - y > size * 0.2 &&
          !cur.marked &&
          FOOTNOTE_MARK.test(cur.text) &&
          cur.x1 - cur.x0 < size * 2 &&
          /^(?:[\p{L}"“(]\p{L}|\p{Script=Han})/u.test(str)
        ) {
          cur = { text: str, x0: cur.x0, x1: x + it.width, y, size, page, marked: true, font: it.fontName };
          pendingSpace = false;
          continue;
        }
        const needSpace = pendingSpace || gap > ref * 0.18;
        const last = cur.text.codePointAt(cur.text.length - 1) ?? 0;
        const first = str.codePointAt(0) ?? 0;
        if (needSpace && (isCjkCode(last) || isCjkCode(first)) && latinCjkGap(last, first, gap, ref)) {
          // a space or the typesetter's own spacing: the whole document decides (settleLatinCjkGaps)
          cur.text += LATIN_CJK_GAP + str;
        } else if (needSpace && !isCjkCode(last) && !isCjkCode(first)) {
          cur.text += " " + str;
        } else {
          cur.text += str;
        }
        cur.x1 = Math.max(cur.x1, x + it.width);
        if (it.fontName && str.length * 2 > cur.text.length) cur.font = it.fontName;
        if (CJK_LETTER.test(str)) cur.cjkSize = Math.max(cur.cjkSize ?? 0, size);
        // Superscripts and subscripts do not define the line's size or baseline.
        if (size > cur.size) {
          cur.size = size;
          cur.y = y;
        }
        pendingSpace = false;
        continue;
      }
      lines.push(cur);
    }
    cur = { text: str, x0: x, x1: x + it.width, y, size, page, font: it.fontName };
    if (CJK_LETTER.test(str)) cur.cjkSize = size;
    pendingSpace = false;
  }
  if (cur !== null) lines.push(cur);
  for (const l of lines) {
    l.text = l.text.trim();
    if (l.cjkSize !== undefined && Math.abs(l.cjkSize - l.size) <= l.size * 0.01) delete l.cjkSize;
  }
  return lines.filter((l) => l.text.length > 0);
}

/**
 * Put the lines of a page in reading order. A page with two columns is read band by band: lines
 * spanning the page (titles, wide figures) separate bands; inside a band, the left column first.
 */
function orderLines(read: Line[], pageX0: number, pageX1: number): { lines: Line[]; twoColumns: boolean } {
  const lines = sideColumnHeadings(read);
  if (lines.length < 2) return { lines, twoColumns: false };
  const mid = (pageX0 + pageX1) / 2;
  const slack = (pageX1 - pageX0) * 0.02;
  let leftChars = 0;
  let rightChars = 0;
  let leftLines = 0;
  let rightLines = 0;
  const side = new Int8Array(lines.length); // -1 left, 1 right, 0 spanning
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.x1 <= mid + slack) {
      side[i] = -1;
      leftChars += l.text.length;
      leftLines++;
    } else if (l.x0 >= mid - slack) {
      side[i] = 1;
      rightChars += l.text.length;
      rightLines++;
    }
  }
  const total = leftChars + rightChars;
  const twoColumns =
    leftLines >= 6 && rightLines >= 6 && rightChars > total * 0.25 && leftChars > total * 0.25;
  const idx = lines.map((_, i) => i);
  idx.sort((a, b) => {
    const la = lines[a]!;
    const lb = lines[b]!;
    const dy = lb.y - la.y;
    if (Math.abs(dy) > Math.min(la.size, lb.size) * 0.4) return dy;
    return la.x0 - lb.x0;
  });
  if (!twoColumns) return { lines: mergeSameBaseline(idx.map((i) => lines[i]!)), twoColumns: false };
  const out: Line[] = [];
  let left: Line[] = [];
  let right: Line[] = [];
  const flush = () => {
    out.push(...mergeSameBaseline(left), ...mergeSameBaseline(right));
    left = [];
    right = [];
  };
  for (const i of idx) {
    const s = side[i];
    if (s === -1) left.push(lines[i]!);
    else if (s === 1) right.push(lines[i]!);
    else {
      flush();
      out.push(lines[i]!);
    }
  }
  flush();
  return { lines: out, twoColumns: true };
}

/** Lines sorted top-down that share a baseline (table cells, dot leaders) become one line. */
function mergeSameBaseline(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (const l of lines) {
    const prev = out[out.length - 1];
    if (
      prev &&
      !prev.role &&
      !l.role &&
      Math.abs(prev.y - l.y) < Math.min(prev.size, l.size) * 0.4 &&
      l.x0 >= prev.x1 - 1
    ) {
      prev.text = prev.text + " " + l.text;
      prev.x1 = l.x1;
      prev.size = Math.max(prev.size, l.size);
    } else {
      out.push({ ...l });
    }
  }
  return out;
}

const PAGE_NUMBER =
  /^(?:page\s*)?[-–—(]?\s*(?:\d{1,4}|[ivxlcdm]{1,7})\s*[-–—)]?(?:\s*(?:of|\/)\s*\d{1,4})?$|^第\s*\d+\s*页(?:\s*共\s*\d+\s*页)?$/i;

/**
 * Drop running headers and footers (the same text, digits aside, at the top or bottom of many pages)
 * and page numbers.
 */
function dropRunningHeaders(pages: Line[][]): void {
  const keyOf = (l: Line) => l.text.toLowerCase().replace(/[^\p{L}]+/gu, "");
  const counts = new Map<string, number>();
  const candidates: Line[][] = pages.map((lines) => edgeLines(lines));
  for (const cands of candidates) {
    const seen = new Set<string>();
    for (const l of cands) seen.add(keyOf(l));
    for (const k of seen) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  // a short handout's header stands on every page but the first (a held-out 3-page lecture kept
  // "Математический анализ Конспект лекций" on pages 2 and 3): there, all pages but one make a running line
  // (a header naming the current section, on two of four pages, is not one)
  const threshold =
    pages.length <= 5 ? Math.max(2, pages.length - 1) : Math.max(3, Math.ceil(pages.length * 0.2));
  const band = bandLines(pages);
  for (let p = 0; p < pages.length; p++) {
    const drop = new Set<Line>();
    for (const l of pages[p]!) if (band.has(l)) drop.add(l);
    for (const l of candidates[p]!) {
      if (l.table) continue;
      if (PAGE_NUMBER.test(l.text) || (pages.length >= 3 && (counts.get(keyOf(l)) ?? 0) >= threshold))
        drop.add(l);
    }
    if (drop.size > 0) pages[p] = pages[p]!.filter((l) => !drop.has(l));
  }
}

/**
 * Lines in a running header's or footer's band: short body-sized lines set apart from the text (a gap of two
 * lines or more) at one height on many pages. Their text changes with the section ("4 EXPERIMENTAL SETUP",
 * "3.2 Decoder"), so counting repeats misses them, and they would otherwise become headings where they are.
 */
function bandLines(pages: Line[][]): Set<Line> {
  const out = new Set<Line>();
  const sizes = new Map<number, number>();
  for (const lines of pages)
    for (const l of lines)
      sizes.set(Math.round(l.size), (sizes.get(Math.round(l.size)) ?? 0) + l.text.length);
  let body = 0;
  for (const [size, n] of sizes) if (n > (sizes.get(body) ?? 0)) body = size;
  const candidates: [top: Line | null, bottom: Line | null][] = pages.map((lines) => {
    if (lines.length < 3) return [null, null];
    const byY = [...lines].sort((a, b) => b.y - a.y);
    const apart = (edge: Line, from: number, step: number): Line | null => {
      for (let k = from; k >= 0 && k < byY.length; k += step) {
        const l = byY[k]!;
        if (Math.abs(l.y - edge.y) < edge.size * 0.4) continue;
        const short = edge.text.length <= 100 && edge.size <= body * 1.05;
        return short && Math.abs(l.y - edge.y) >= Math.max(edge.size, l.size) * 1.8 ? edge : null;
      }
      return null;
    };
    return [apart(byY[0]!, 1, 1), apart(byY[byY.length - 1]!, byY.length - 2, -1)];
  });
  const need = Math.max(Math.min(3, pages.length), Math.ceil(pages.length * 0.25));
  if (pages.length < 2) return out;
  for (const side of [0, 1] as const) {
    const ys = candidates.flatMap((c) => (c[side] ? [c[side].y] : []));
    for (const c of candidates) {
      const l = c[side];
      if (!l || out.has(l) || l.table) continue;
      if (ys.filter((y) => Math.abs(y - l.y) <= 1.5).length >= need) out.add(l);
    }
  }
  return out;
}

/** A footnote's first line: a marker (dropped already, or joined: "2We fixed", "* Work done at …") and text. */
const FOOTNOTE_START = /^(?:\d{1,3}|[*∗†‡§¶]{1,3})\s?[\p{L}\p{Lo}(“"]/u;

/**
 * Drop footnotes: at a page's bottom, set smaller than the body text, starting with a marker, with only
 * small lines below them in their column (the footnote's own lines and the next footnotes).
 */
function dropFootnotes(pages: Line[][]): void {
  const chars = new Map<number, number>();
  for (const lines of pages)
    for (const l of lines)
      chars.set(Math.round(l.size * 2) / 2, (chars.get(Math.round(l.size * 2) / 2) ?? 0) + l.text.length);
  let body = 0;
  for (const [size, n] of chars) if (n > (chars.get(body) ?? 0)) body = size;
  if (body === 0) return;
  const small = (l: Line) => l.size <= body * 0.9;
  const overlaps = (a: Line, b: Line) => a.x0 < b.x1 && b.x0 < a.x1;
  for (let p = 0; p < pages.length; p++) {
    const lines = pages[p]!;
    if (lines.length < 3) continue;
    let top = -Infinity;
    let bottom = Infinity;
    for (const l of lines) {
      top = Math.max(top, l.y);
      bottom = Math.min(bottom, l.y);
    }
    const lowBand = bottom + (top - bottom) * 0.4;
    const drop = new Set<Line>();
    for (const l of lines) {
      if (drop.has(l) || !small(l) || l.y > lowBand || l.table) continue;
      if (!l.marked && !FOOTNOTE_START.test(l.text)) continue;
      // body text above it in its column, and nothing but small lines below it
      const column = lines.filter((o) => o !== l && overlaps(o, l));
      if (!column.some((o) => o.y > l.y && !small(o))) continue;
      const below = column.filter((o) => o.y < l.y);
      if (below.some((o) => !small(o))) continue;
      drop.add(l);
      for (const o of below) drop.add(o);
    }
    if (drop.size > 0) pages[p] = lines.filter((l) => !drop.has(l));
  }
}

/** The three top-most and three bottom-most lines of a page. */
function edgeLines(lines: Line[]): Line[] {
  if (lines.length === 0) return [];
  const byY = [...lines].sort((a, b) => b.y - a.y);
  const picked = new Set<Line>([...byY.slice(0, 3), ...byY.slice(-3)]);
  return [...picked];
}

const SENTENCE_END = /[.!?:;。！？：；]["'”’)]?$/;

/** Join lines into paragraphs: same size, normal line spacing; line-end hyphens are decided by the whole document. */
/**
 * No space between two Han characters outside formulas: Chinese and Japanese set none, and one left where the
 * formula recovery took a formula out of the line (to a display, or to the formula TeX broke it from) is no word gap.
 */
function withoutSpacesBetweenHan(text: string): string {
  if (!/\p{Script=Han}[ \u00a0]+\p{Script=Han}/u.test(text)) return text;
  return text
    .split(/(\$\$[\s\S]*?\$\$|\$[^$]*\$)/)
    .map((part, i) => (i % 2 ? part : part.replace(/(\p{Script=Han})[ \u00a0]+(?=\p{Script=Han})/gu, "$1")))
    .join("");
}

/** A line that ends in a word broken by a hyphen, and the next line that goes on with the word's rest. */
const hyphenatedOn = (line: string, next: string) =>
  /\p{L}[-\u2010\u00ad]$/u.test(line) && /^\p{Ll}/u.test(next);

function buildParagraphs(pages: Line[][]): Paragraph[] {
  const paras: Paragraph[] = [];
  let cur: Paragraph | null = null;
  let prev: Line | null = null;
  for (const lines of pages) {
    for (const l of lines) {
      let join = false;
      if (cur !== null && prev !== null) {
        const close = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.6, b * 0.08);
        // a line of Asian text under one that sets it at the same size beside larger Western text (a wrapped heading)
        const sameSize =
          close(l.size, prev.size) ||
          ((l.cjkSize !== undefined || prev.cjkSize !== undefined) &&
            close(l.cjkSize ?? l.size, prev.cjkSize ?? prev.size));
        if (sameSize) {
          const gap = prev.y - l.y;
          const ended = SENTENCE_END.test(prev.text);
          if (l.page === prev.page && gap > 0 && gap < prev.size * 1.75) {
            const indented = l.x0 - prev.x0 > prev.size * 0.8 && l.x0 < prev.x1;
            join = !(ended && indented);
          } else if (!ended) {
            // A paragraph that runs on into the next column or page.
            const c = l.text.charCodeAt(0);
            join = (c >= 0x61 && c <= 0x7a) || isCjkCode(c);
          }
        }
      }
      // A displayed formula is a block of its own, and so is a side column's heading or note.
      if (join && prev !== null && (isDisplayLine(l.text) || isDisplayLine(prev.text))) join = false;
      if (l.role || prev?.role) join = false;
      // Headings set in the body font ("I. INTRODUCTION", "3.1 Traces", "References") stand alone.
      // (a heading hyphenated at its line's end goes on: "4.1 Арифметические действия с … последовательно-" "стей")
      if (join && cur !== null && prev !== null && !hyphenatedOn(prev.text, l.text)) {
        if (
          (cur.lines === 1 && isHeadingLine(prev.text)) ||
          (SENTENCE_END.test(prev.text) && isHeadingLine(l.text))
        )
          join = false;
      }
      if (join && cur !== null) {
        cur.text = joinLines(cur.text, l.text);
        cur.lines++;
      } else {
        cur = { text: l.text, size: l.size, page: l.page, y: l.y, lines: 1 };
        if (l.role === "heading") cur.heading = true;
        if (l.table) cur.table = continuedTable(paras[paras.length - 1], l) ?? l.table;
        if (cur.table === l.table || !l.table) paras.push(cur);
      }
      prev = l;
    }
  }
  // a table's cells are read with the document's words too (hyphens), and cleaned as paragraphs are
  const cells = paras.flatMap((p) => (p.table ? p.table.rows.flat() : []));
  const texts = resolveHyphens(
    [...paras.map((p) => p.text), ...cells].map((t) => composeAccents(cleanText(t))),
  );
  paras.forEach((p, i) => (p.text = texts[i]!));
  let next = paras.length;
  for (const p of paras) {
    if (!p.table) continue;
    const rows = p.table.rows.map((r) => r.map(() => withoutSpacesBetweenHan(texts[next++]!)));
    p.table = { rows, xs: p.table.xs };
  }
  return paras.filter((p) => p.text.length > 0);
}

/**
 * A table that goes on from the previous page: the previous paragraph is a table with the same columns. Its
 * rows join that table's (a header row repeated at the top of the page is left out); returns the table joined.
 */
function continuedTable(prev: Paragraph | undefined, l: Line): Paragraph["table"] | undefined {
  const before = prev?.table;
  const table = l.table;
  if (!before || !table || prev.page !== l.page - 1 || before.xs.length !== table.xs.length) return undefined;
  if (before.rows[0]!.length !== table.rows[0]!.length) return undefined;
  if (before.xs.some((x, i) => Math.abs(x - table.xs[i]!) > 2)) return undefined;
  const first = before.rows[0]!;
  const repeated = table.rows[0]!.length === first.length && table.rows[0]!.every((c, i) => c === first[i]);
  before.rows.push(...table.rows.slice(repeated ? 1 : 0));
  prev.text = `${prev.text} ${l.text}`;
  return before;
}

async function readOutline(doc: PDFDocumentProxy): Promise<OutlineEntry[]> {
  const outline = await doc.getOutline();
  if (!outline || outline.length === 0) return [];
  type Item = { title: string; dest: unknown; items: Item[] };
  // in tree order; `end` is the index of the entry's last descendant
  const tree: (OutlineEntry & { end: number })[] = [];
  const destOf = async (item: Item): Promise<{ page: number; y: number | null }> => {
    let dest = item.dest;
    if (typeof dest === "string") dest = await doc.getDestination(dest);
    let page = -1;
    let y: number | null = null;
    if (Array.isArray(dest) && dest.length > 0) {
      const ref = dest[0] as unknown;
      try {
        if (typeof ref === "number") page = ref + 1;
        else if (ref && typeof ref === "object")
          page = (await doc.getPageIndex(ref as { num: number; gen: number })) + 1;
      } catch {
        page = -1;
      }
      const kind = (dest[1] as { name?: string } | undefined)?.name;
      if (kind === "XYZ" && typeof dest[3] === "number") y = dest[3];
      else if ((kind === "FitH" || kind === "FitBH") && typeof dest[2] === "number") y = dest[2];
    }
    return { page: page >= 1 && page <= doc.numPages ? page : -1, y };
  };
  const walk = async (items: Item[], level: number) => {
    for (const item of items) {
      let at = { page: -1, y: null as number | null };
      try {
        at = await destOf(item);
      } catch {
        // a destination that does not resolve: the entry may still take its first section's page
      }
      const index = tree.length;
      tree.push({ title: cleanText(item.title ?? ""), level: Math.min(level, 6), ...at, end: index });
      if (item.items?.length) await walk(item.items, level + 1);
      tree[index]!.end = tree.length - 1;
    }
  };
  await walk(outline as Item[], 1);
  // A chapter whose own destination points nowhere starts where its first section does.
  for (let i = tree.length - 1; i >= 0; i--) {
    const e = tree[i]!;
    if (e.page >= 1) continue;
    const child = tree.slice(i + 1, e.end + 1).find((c) => c.page >= 1);
    if (child) {
      e.page = child.page;
      e.y = child.y === null ? null : child.y + 1;
    }
  }
  const order = tree.map((_, i) => i).filter((i) => tree[i]!.title && tree[i]!.page >= 1);
  // Document order: by page, and on a page in the outline's own order (the author's reading order; heights
  // mislead on two-column pages, and a chapter's anchor may sit below its first section's).
  order.sort((i, j) => tree[i]!.page - tree[j]!.page || i - j);
  const entries = order.map((i) => {
    const { title, level, page, y } = tree[i]!;
    return { title, level, page, y };
  });
  // A flat outline of numbered titles ("2.3.59.1 Scope", "2.3.59.1.1 Background"): levels from the numbers.
  const depths = entries.map((e) => headingNumberDepth(e.title));
  const numbered = depths.filter((d) => d > 0);
  if (entries.every((e) => e.level === 1) && new Set(numbered).size >= 2 && numbered.length >= 3) {
    const top = Math.min(...numbered);
    entries.forEach((e, i) => (e.level = depths[i] ? Math.min(6, depths[i]! - top + 1) : 1));
  }
  return entries;
}

/**
 * An outline worth following: its entries are distinct, spread over the document, and mostly found in the
 * text near the page they point to. Otherwise (a generator's bogus outline, one entry per page named
 * alike, titles of another document) the text's own headings are better.
 */
function outlineAgrees(outline: OutlineEntry[], paras: Paragraph[], pageCount: number): boolean {
  const n = outline.length;
  if (n === 0) return false;
  const keys = outline.map((e) => normKey(e.title));
  if (n >= 4 && new Set(keys).size < n * 0.6) return false;
  if (n >= 3 && pageCount >= 4 && outline.every((e) => e.page === outline[0]!.page)) return false;
  const pageText: string[] = Array.from({ length: pageCount + 2 }, () => "");
  for (const p of paras) if (p.page <= pageCount) pageText[p.page] += normKey(p.text);
  let found = 0;
  for (let i = 0; i < n; i++) {
    const e = outline[i]!;
    if (!keys[i]) continue;
    const near = (pageText[e.page - 1] ?? "") + (pageText[e.page] ?? "") + (pageText[e.page + 1] ?? "");
    // most of its words near its page (the text may add a number or a date: "Exhibit 2.3.59-5 (01-01-2006)")
    const words = e.title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    if (words.filter((w) => near.includes(w)).length >= words.length * 0.6) found++;
  }
  return n >= 3 ? found >= n * 0.4 : found > 0;
}

const normKey = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** Bigram overlap of two keys (Dice, 0–1): a heading the text layer garbled still resembles its outline title. */
function likeness(a: string, b: string): number {
  if (a.length < 2 || b.length < 2) return a === b ? 1 : 0;
  const grams = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++)
    grams.set(a.slice(i, i + 2), (grams.get(a.slice(i, i + 2)) ?? 0) + 1);
  let shared = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const g = b.slice(i, i + 2);
    const c = grams.get(g) ?? 0;
    if (c > 0) {
      shared++;
      grams.set(g, c - 1);
    }
  }
  return (2 * shared) / (a.length + b.length - 2);
}

/** The label LaTeX and Word set above a chapter's title: "Chapter 2", "Lecture IV", "第3章". */
const CHAPTER_LABEL =
  /^(?:chapter|part|lecture|unit|lesson|appendix|kapitel|chapitre|cap[ií]tulo|глава|第\s*[\d一二三四五六七八九十百]+\s*[章讲课篇编部])\s*[\dIVXLC一二三四五六七八九十]*\.?$/iu;

/** A heading's number or chapter label, which outline titles often leave out ("5.1 ", "第五章 ", "Chapter 3 "). */
const HEADING_NUMBER =
  /^(?:第\s*[\d一二三四五六七八九十百]+\s*[章节讲课篇编部]|(?:chapter|section|part|lecture)\s+[\dIVXLC]+\.?|\d+(?:\.\d+)*\.?)\s*/iu;

/**
 * The heading as the page sets it, when the outline's title is it without its formulas ("函数，B函数，函数" for
 * "Γ函数，B函数，δ函数": a bookmark holds no maths): the page's text without its number, or null when the two
 * differ otherwise (any other word, any Han character more).
 */
export function richerTitle(text: string, title: string): string | null {
  const body = text.trim().replace(HEADING_NUMBER, "").trim();
  if (!body || body === title.trim() || body.length > title.length + 40) return null;
  const a = normKey(body);
  const b = normKey(title);
  // what the page adds is a formula's letters: Greek, or a few Latin ones ("$\Gamma$" is "gamma")
  if (a === b || !addsOnlyLetters(a, b) || !/[\p{Script=Greek}$\\]/u.test(body)) return null;
  return body;
}

/**
 * Whether the key `longer` is the key `shorter` with at most 12 letters inserted, none of them Han or a digit:
 * a title whose bookmark lost its formulas, against the page's own.
 */
export function addsOnlyLetters(longer: string, shorter: string): boolean {
  if (!shorter || longer.length - shorter.length > 12) return false;
  let j = 0;
  let extra = "";
  for (const ch of longer) {
    if (j < shorter.length && ch === shorter[j]) j++;
    else extra += ch;
  }
  return j === shorter.length && !/\p{Script=Han}|\d/u.test(extra);
}

/**
 * How many paragraphs from `at` spell the outline title `eKey`: one ("3.1 Traces"), or up to four on one
 * page when the text layer split the heading ("3.1" / "Traces", "第3章" / "留数定理"); 0 when they do not.
 */
function headingSpan(paras: Paragraph[], at: number, eKey: string): number {
  let joined = "";
  for (let k = at; k < paras.length && k < at + 4; k++) {
    const p = paras[k]!;
    if (p.table || (k > at && (p.page !== paras[at]!.page || p.lines > 2))) break;
    const key = normKey(p.text);
    if (k > at && !key) break;
    joined += key;
    if (joined.length > eKey.length + 12) break;
    if (joined.endsWith(eKey) || joined.startsWith(eKey)) return k - at + 1;
    if (k === at && joined.length >= 8 && joined.length >= eKey.length * 0.5 && eKey.endsWith(joined))
      return 1;
    if (!eKey.includes(key) && !/^\d+$/.test(key) && !(k === at && CHAPTER_LABEL.test(p.text))) break;
  }
  return 0;
}

/**
 * Sections from the outline: a section starts where its heading text appears, or at its page. The outline's
 * title is the heading; the text's own (split over lines, or garbled) is not kept as a paragraph.
 */
function sectionsFromOutline(
  paras: Paragraph[],
  outline: OutlineEntry[],
  twoColumnPages: Set<number>,
): SourceSection[] {
  const sections: SourceSection[] = [{ heading: "", level: 1, blocks: [] }];
  let next = 0;
  for (let i = 0; i < paras.length; i++) {
    const p = paras[i]!;
    let skip = 0;
    // Catch up on entries whose page we have passed without seeing their heading.
    while (next < outline.length) {
      const e = outline[next]!;
      const eKey = normKey(e.title);
      const span = eKey.length > 0 && p.page >= e.page - 1 ? headingSpan(paras, i, eKey) : 0;
      if (span > 0) {
        const text = paras
          .slice(i, i + span)
          .map((q) => q.text)
          .join(" ");
        sections.push({ heading: richerTitle(text, e.title) ?? e.title, level: e.level, blocks: [] });
        next++;
        skip = span;
        break;
      }
      // Not seen by its text: the section starts at its destination (page, and height on one-column pages).
      const reached =
        p.page > e.page ||
        (p.page === e.page && e.y !== null && !twoColumnPages.has(p.page) && p.y <= e.y + 2);
      if (!reached) break;
      sections.push({ heading: e.title, level: e.level, blocks: [] });
      next++;
      // the heading itself, garbled by the text layer, right at the destination
      const key = normKey(p.text);
      const richer = p.page === e.page && p.lines <= 2 && !p.table ? richerTitle(p.text, e.title) : null;
      if (richer) {
        // the page's heading, with the formulas its bookmark lost
        sections[sections.length - 1]!.heading = richer;
        skip = 1;
      } else if (
        !p.table &&
        p.page === e.page &&
        p.lines <= 2 &&
        key.length <= eKey.length * 1.5 + 4 &&
        likeness(key, eKey) >= 0.5
      )
        skip = 1;
    }
    if (skip > 0) {
      i += skip - 1;
      continue;
    }
    sections[sections.length - 1]!.blocks.push(...toBlocks(p));
  }
  for (; next < outline.length; next++) {
    const e = outline[next]!;
    sections.push({ heading: e.title, level: e.level, blocks: [] });
  }
  // a heading found by a neighbour's title leaves its own line as the section's first paragraph: the page's
  // heading, formulas and all, when it is the title with what the bookmark lost
  for (const section of sections) {
    const first = section.blocks[0];
    const richer =
      first?.type === "paragraph" && first.text && section.heading
        ? richerTitle(first.text, section.heading)
        : null;
    if (richer) {
      section.heading = richer;
      section.blocks.shift();
    }
  }
  return sections;
}

// Word, PowerPoint and LibreOffice set their bullets in the Symbol or Wingdings fonts, whose glyphs sit in the
// private-use area: Symbol's • (U+F0B7), Wingdings' ▪ ❖ ➢ ✓ ■ ◻ ● ❑ ◆ ◉ and Wingdings 3's triangles (U+F07D,
// U+F0C4, U+F0C6, U+F0D0, U+F0E0, U+F0E8), which a deck saved as PDF keeps
const SYMBOL_BULLETS =
  "\uf0b7\uf0a7\uf076\uf0d8\uf0fc\uf06e\uf0a8\uf06c\uf071\uf075\uf0a4\uf07d\uf0c4\uf0c6\uf0d0\uf0e0\uf0e8";
/** Kana, Han, hangul and full-width punctuation: text set without spaces, a bullet's neighbour with none between. */
const CJK = "\\u2e80-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff\\ufe30-\\ufe4f\\uff00-\\uffef";
// a bullet stands apart by a space, or (Chinese, Japanese: joined lines get no space) a CJK neighbour
const BULLET = new RegExp(
  `^\\s*(?:[•●○◦▪■□◆◇►▶✓✔\\-–*·${SYMBOL_BULLETS}]\\s+|[•●○◦▪■□◆◇►▶✓✔${SYMBOL_BULLETS}](?=[${CJK}]))`,
  "u",
);

/** Bullets run into one paragraph when their lines join ("• We explain … • We validate …", "…ゾル• lumen …"). */
const INNER_BULLET = new RegExp(`(?:\\s+|(?<=[${CJK}]))[•●▪■◆►▶${SYMBOL_BULLETS}](?:\\s+|(?=[${CJK}]))`, "u");

/** A list that a paragraph's last sentence leads into, its bullets joined to it ("… when we exit a loop. • If …"). */
const LIST_AFTER_SENTENCE = new RegExp(`(?<=[.:;!?。：；！？])${INNER_BULLET.source}`, "u");

function toBlocks(p: Paragraph): SourceBlock[] {
  if (p.table) return [{ type: "table", rows: p.table.rows, page: p.page }];
  if (BULLET.test(p.text)) {
    const items = p.text.replace(BULLET, "").split(INNER_BULLET).filter(Boolean);
    return [{ type: "list", items, page: p.page }];
  }
  const lead = LIST_AFTER_SENTENCE.exec(p.text);
  if (lead && !insideFormula(p.text, lead.index)) {
    const items = p.text
      .slice(lead.index + lead[0].length)
      .split(INNER_BULLET)
      .filter(Boolean);
    return [
      { type: "paragraph", text: p.text.slice(0, lead.index), page: p.page },
      { type: "list", items, page: p.page },
    ];
  }
  return [{ type: "paragraph", text: p.text, page: p.page }];
}

/** Whether `at` falls inside a `$…$` formula of `text`. */
function insideFormula(text: string, at: number): boolean {
  return ((text.slice(0, at).match(/(?<!\\)\$/g) ?? []).length & 1) === 1;
}

const NUMBERED_HEADING = /^((?:\d{1,2}\.)*\d{1,2})\.?\s+\p{Lu}[^.!?]{0,80}$/u;
/** IEEE style: "I. INTRODUCTION", "IV. EXPERIMENTAL RESULTS". */
const ROMAN_HEADING = /^[IVX]{1,5}\.\s+[\p{Lu}\d][\p{Lu}\d\s,:&-]{2,80}$/u;

const KNOWN_HEADING =
  /^(?:abstract|references|bibliography|acknowledge?ments?|appendix(?: [a-z\d]+)?|conclusions?|introduction|summary|参考文献|摘要|致谢|引言|附录)$/iu;

function isHeadingLine(text: string): boolean {
  if (text.length > 90) return false;
  if (KNOWN_HEADING.test(text) || ROMAN_HEADING.test(text)) return true;
  return NUMBERED_HEADING.test(text) && text.split(" ").length <= 10;
}

/** The largest short text on page 1, when it stands out from the body: the document's title. */
function coverTitle(paras: Paragraph[]): string | null {
  let best: Paragraph | null = null;
  for (const p of paras) {
    if (p.page > 1) break;
    if (!p.table && (!best || p.size > best.size)) best = p;
  }
  if (!best || best.text.length > 200 || best.size < 12) return null;
  return meaningfulTitle(best.text);
}

/** A title that reads as one: a few words, mostly letters, not a sentence. */
function shortTitle(title: string | null): string | null {
  if (!title || title.length > 60 || SENTENCE_END.test(title)) return null;
  const letters = title.match(/[\p{L}]/gu)?.length ?? 0;
  return letters >= 4 && letters >= title.length * 0.6 ? title : null;
}

const HAN_NUMBER = "[\\d一二三四五六七八九十百零〇两]{1,4}";
/** A chapter or section numbered the Chinese way ("第3章 留数定理", "第二节"): 章 and 编/篇/部 are chapters. */
const HAN_NUMBERED = new RegExp(`^第\\s*${HAN_NUMBER}\\s*([章节讲课篇编部])`, "u");
/** "§2 Groups", "§ 2.1 Cosets". */
const SECTION_SIGN = /^§\s*((?:\d{1,2}\.)*\d{1,2})\.?(?:\s|$)/u;

/**
 * The depth a heading's own number gives it: "4 Experimental Setup" 1, "4.1" 2, "第3章" 1, "第2节" 2, "§2" 1;
 * 0 when it carries none.
 */
export function headingNumberDepth(text: string): number {
  const t = text.trim();
  const han = HAN_NUMBERED.exec(t);
  if (han) return /[节讲课]/u.test(han[1]!) ? 2 : 1;
  const sign = SECTION_SIGN.exec(t);
  if (sign) return sign[1]!.split(".").length;
  const num = NUMBERED_HEADING.exec(t);
  return num ? num[1]!.split(".").length : 0;
}

const PAGE_LABEL =
  /^(?:(?:page|p\.|seite|página|pagina|страница|стр\.)\s*\d{1,4}(?:\s*(?:of|\/|von|de|sur|из)\s*\d{1,4})?|第\s*\d{1,4}\s*页(?:\s*共\s*\d{1,4}\s*页)?|\d{1,4}\s*(?:ページ|쪽|页))$/iu;
/** A picture's name or placeholder left in the text layer: "Jimage", "image12.png", "Picture 3". */
const IMAGE_NAME =
  /^(?:\S{1,12}(?:image|img)\d{0,4}|(?:image|img|picture|figure|grafik|imagen|图片)\s*\d{1,4}|\S{1,60}\.(?:png|jpe?g|gif|bmp|tiff?|svg|emf|wmf|eps))$/iu;

/** True for a line that may look like a heading but never is one: a page number or a picture's name. */
export function isNeverHeading(text: string): boolean {
  const t = text.trim();
  return PAGE_NUMBER.test(t) || PAGE_LABEL.test(t) || IMAGE_NAME.test(t);
}

/** Sections from font sizes: short paragraphs set larger than the body text are headings. */
function sectionsFromFonts(paras: Paragraph[]): SourceSection[] {
  // Body size: the size carrying the most characters.
  const weight = new Map<number, number>();
  for (const p of paras) {
    const s = Math.round(p.size * 2) / 2;
    weight.set(s, (weight.get(s) ?? 0) + p.text.length);
  }
  let body = 10;
  let best = -1;
  for (const [s, w] of weight) {
    if (w > best) {
      best = w;
      body = s;
    }
  }
  const isHeadingSized = (p: Paragraph) =>
    !p.table &&
    p.size >= body * 1.15 &&
    !isNeverHeading(p.text) &&
    p.text.length <= 150 &&
    p.lines <= 3 &&
    !SENTENCE_END.test(p.text) &&
    /\p{L}/u.test(p.text);
  const headingSizes = [...new Set(paras.filter(isHeadingSized).map((p) => Math.round(p.size * 2) / 2))].sort(
    (a, b) => b - a,
  );
  const levelOfSize = (size: number) => Math.min(3, headingSizes.indexOf(Math.round(size * 2) / 2) + 1);
  // Numbered headings take their level from their number ("4" over "4.1"), starting at the size level of
  // the document's first-level numbers: a size shared by "4 Setup" and "3.2 Method" does not make them peers.
  const topRanks = paras
    .filter((p) => isHeadingSized(p) && headingNumberDepth(p.text) === 1)
    .map((p) => levelOfSize(p.size));
  const numberedBase = topRanks.length >= 2 ? Math.min(...topRanks) : 0;
  // A side column's headings (body-sized): levels from their numbers ("2.3.59.1" over "2.3.59.1.1"), under the
  // size-ranked headings when there are some besides a lone title.
  const sideDepths = paras
    .flatMap((p) => (p.heading ? [headingNumberDepth(p.text)] : []))
    .filter((d) => d > 0);
  const sideTop = sideDepths.length ? Math.min(...sideDepths) : 1;
  const sideBelow = paras.filter(isHeadingSized).length >= 2 ? 1 : 0;
  const sections: SourceSection[] = [{ heading: "", level: 1, blocks: [] }];
  for (const p of paras) {
    if (p.table) {
      sections[sections.length - 1]!.blocks.push(...toBlocks(p));
      continue;
    }
    if (p.heading && !isNeverHeading(p.text)) {
      const depth = headingNumberDepth(p.text);
      const level = depth
        ? numberedBase
          ? numberedBase + depth - 1
          : depth - sideTop + 1 + sideBelow
        : 1 + sideBelow;
      sections.push({ heading: p.text, level: Math.min(6, Math.max(1, level)), blocks: [] });
      continue;
    }
    if (isHeadingSized(p)) {
      const depth = headingNumberDepth(p.text);
      const level = numberedBase && depth ? numberedBase + depth - 1 : levelOfSize(p.size);
      sections.push({ heading: p.text, level: Math.min(6, Math.max(1, level)), blocks: [] });
      continue;
    }
    const bodySized = p.lines === 1 && Math.abs(p.size - body) < body * 0.15;
    const numbered = bodySized ? NUMBERED_HEADING.exec(p.text) : null;
    // "第3章 留数定理", "§2 Groups" set in the body font: short, and not a sentence
    const marked =
      bodySized &&
      !numbered &&
      p.text.length <= 40 &&
      !SENTENCE_END.test(p.text) &&
      (HAN_NUMBERED.test(p.text) || SECTION_SIGN.test(p.text))
        ? headingNumberDepth(p.text)
        : 0;
    if (marked) {
      sections.push({
        heading: p.text,
        level: Math.min(
          6,
          numberedBase ? numberedBase + marked - 1 : marked + (headingSizes.length > 0 ? 1 : 0),
        ),
        blocks: [],
      });
      continue;
    }
    if (p.lines === 1 && (ROMAN_HEADING.test(p.text) || KNOWN_HEADING.test(p.text))) {
      sections.push({ heading: p.text, level: headingSizes.length > 0 ? 2 : 1, blocks: [] });
      continue;
    }
    if (numbered && p.text.split(/\s+/).length <= 10) {
      const depth = numbered[1]!.split(".").length;
      sections.push({
        heading: p.text,
        level: Math.min(
          6,
          numberedBase ? numberedBase + depth - 1 : depth + (headingSizes.length > 0 ? 1 : 0),
        ),
        blocks: [],
      });
      continue;
    }
    sections[sections.length - 1]!.blocks.push(...toBlocks(p));
  }
  return sections;
}
