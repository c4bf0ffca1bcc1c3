import { OPS, Util } from "pdfjs-dist/legacy/build/pdf.mjs";
import { latexChecker } from "../omml";
import { fontRole } from "./glyphs";
import type { Rule } from "./layout";
import { recoverFormulas, type LatexCheck, type MathTextItem, type PageFont } from "./regions";
import { ensureFastToBase64, ensureTransferToFixedLength } from "./pdfjs-compat";

ensureTransferToFixedLength();
ensureFastToBase64();

/** A page's operations as rulesOf reads them: pdf.js's operator list, or content-rules.ts' pageOperations. */
export interface PageOperations {
  fnArray: number[];
  argsArray: unknown[];
}

/** Formula recovery on or off (bench:math compares the parse with and without it). */
export const mathRecovery = { enabled: true };

interface PdfPageLike {
  rotate: number;
  /** The page's object in the file (pdf.js's PDFPageProxy.ref). */
  ref?: { num: number; gen: number } | null;
  getOperatorList(): Promise<{ fnArray: number[]; argsArray: unknown[] }>;
  commonObjs: { has(id: string): boolean; get(id: string): unknown };
  /** Frees what pdf.js keeps of the page for drawing it: its operator list, once read. */
  cleanup?(): unknown;
}

/** The operator list being read for a document, if any. */
const inFlight = new WeakMap<object, Promise<void>>();

/** Fonts already read, per document's font id: most pages reuse them, so most pages need no operator list. */
const knownFonts = new WeakMap<object, Map<string, PageFont>>();

function fontOfPage(page: PdfPageLike, cache: Map<string, PageFont>, id: string): PageFont | undefined {
  const known = cache.get(id);
  if (known) return known;
  if (!page.commonObjs.has(id)) return undefined;
  const font = page.commonObjs.get(id) as { name?: string; isType3Font?: boolean } | null;
  if (!font) return undefined;
  const read = { name: font.name ?? "", type3: font.isType3Font === true };
  cache.set(id, read);
  return read;
}

/** Reads a page's operator list; while it is read, other pages of the document may wait for it (it names fonts). */
async function readOperatorList(page: PdfPageLike): Promise<{ fnArray: number[]; argsArray: unknown[] }> {
  const reading = page.getOperatorList();
  const settled = reading.then(
    () => undefined,
    () => undefined,
  );
  inFlight.set(page.commonObjs, settled);
  try {
    return await reading;
  } finally {
    if (inFlight.get(page.commonObjs) === settled) inFlight.delete(page.commonObjs);
  }
}

/**
 * The page's text items with its formulas as LaTeX (see recoverFormulas). The operator list names the
 * fonts and holds the rules drawn (fraction bars, radical overbars): it is read on a page set in a font not
 * seen before (to name it), and on every page set in a maths font (for its rules), so what a page gives
 * never depends on which other pages were read before it or at the same time.
 */
export async function recoverPageMath<T extends MathTextItem>(
  page: PdfPageLike,
  items: T[],
  /** The page's operations from its content streams (content-rules.ts' pageOperations), null where unsure. */
  operationsOf?: () => Promise<PageOperations | null>,
): Promise<T[]> {
  if (!mathRecovery.enabled || items.length === 0 || page.rotate % 360 !== 0) return items;
  let cache = knownFonts.get(page.commonObjs);
  if (!cache) {
    cache = new Map();
    knownFonts.set(page.commonObjs, cache);
  }
  const ids = new Set<string>();
  for (const it of items) if (it.fontName) ids.add(it.fontName);
  // Pages read at once wait for an operator list in flight: it may name their fonts too (this saves a
  // read on a page in text fonts only; it changes nothing a page gives).
  const pending = inFlight.get(page.commonObjs);
  if (pending && [...ids].some((id) => !fontOfPage(page, cache, id))) await pending;
  let ops: { fnArray: number[]; argsArray: unknown[] } | null = null;
  if ([...ids].some((id) => !fontOfPage(page, cache, id))) {
    try {
      ops = await readOperatorList(page);
    } catch {
      return items;
    }
  }
  const fonts = new Map<string, PageFont>();
  for (const id of ids) {
    const font = fontOfPage(page, cache, id);
    if (font) fonts.set(id, font);
  }
  if (![...fonts.values()].some((f) => !f.type3 && fontRole(f.name) !== "text")) return items;
  // The rules from the page's content streams (content-rules.ts: the same operations, without a glyph for
  // every character shown); the operator list where that reader is unsure.
  if (!ops && operationsOf) ops = await operationsOf();
  if (!ops) {
    try {
      ops = await readOperatorList(page);
    } catch {
      return items;
    }
  }
  const rules = rulesOf(ops);
  // the rules are all this page needs of its operator list (~1,300 operators and their glyphs): free it now
  // rather than when the page's lines are built, eight pages at a time (less for the collector to copy)
  page.cleanup?.();
  const check = remembered(await latexChecker());
  return recoverFormulas(items, (id) => fonts.get(id), rules, check) as T[];
}

const verdicts = new Map<string, boolean>();
const MAX_VERDICTS = 5000;

/** Forgets KaTeX's verdicts: a benchmark's parse then costs what a document's first upload does. */
export function forgetFormulaVerdicts(): void {
  verdicts.clear();
}

/** KaTeX's verdict on a formula, remembered: a lecture writes $x$ and $f(z)$ hundreds of times (~1 ms a check). */
function remembered(check: LatexCheck): LatexCheck {
  return (latex, display) => {
    const key = `${display ? "D" : "I"}${latex}`;
    const known = verdicts.get(key);
    if (known !== undefined) return known;
    const verdict = check(latex, display);
    if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
    verdicts.set(key, verdict);
    return verdict;
  };
}

type Matrix = [number, number, number, number, number, number];

const PAINTS = new Set<number>([
  OPS.stroke,
  OPS.closeStroke,
  OPS.fill,
  OPS.eoFill,
  OPS.fillStroke,
  OPS.eoFillStroke,
]);

/** Thin horizontal rules (fraction bars, radical overbars) of an operator list, in user space. */
export function rulesOf(ops: { fnArray: number[]; argsArray: unknown[] }): Rule[] {
  const rules: Rule[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let lineWidth = 1;
  const stack: [Matrix, number][] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[] | null;
    if (fn === OPS.save) stack.push([ctm, lineWidth]);
    else if (fn === OPS.restore) [ctm, lineWidth] = stack.pop() ?? [ctm, lineWidth];
    else if (fn === OPS.transform && args) ctm = Util.transform(ctm, args) as Matrix;
    else if (fn === OPS.setLineWidth && args) lineWidth = Number(args[0]) || 0;
    else if (fn === OPS.constructPath && args) {
      const paint = args[0] as number;
      const box = args[2] as Record<number, number> | null;
      if (!PAINTS.has(paint) || !box) continue;
      if (Math.abs(ctm[1]) > 1e-3 || Math.abs(ctm[2]) > 1e-3) continue;
      const xa = ctm[0] * box[0]! + ctm[4];
      const xb = ctm[0] * box[2]! + ctm[4];
      const ya = ctm[3] * box[1]! + ctm[5];
      const yb = ctm[3] * box[3]! + ctm[5];
      const stroked = paint === OPS.stroke || paint === OPS.closeStroke;
      const thickness = Math.abs(yb - ya) + (stroked ? lineWidth * Math.abs(ctm[3]) : 0);
      const width = Math.abs(xb - xa);
      if (width >= 1.5 && thickness > 0.05 && thickness < 2 && width > thickness * 3)
        rules.push({ x0: Math.min(xa, xb), x1: Math.max(xa, xb), y: (ya + yb) / 2 });
    }
  }
  return rules;
}

/** A line that is a displayed formula (`$$…$$`, its equation number beside it). */
export const isDisplayLine = (text: string): boolean => text.startsWith("$$") && text.lastIndexOf("$$") > 1;
