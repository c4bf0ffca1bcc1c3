import {
  ACCENTS,
  STRAY_ACCENTS,
  charLatex,
  extensionGlyphsNamed,
  fontRole,
  glyphMeaning,
  type FontRole,
} from "./glyphs";
import { inferBars, joinLatex, layoutLatex, wordLatex, type MathGlyph, type Rule } from "./layout";

/** A pdf.js text item, as getTextContent gives it. */
export interface MathTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  fontName?: string;
  hasEOL?: boolean;
}

/** What the page tells of a font: its PostScript name; Type 3 (bitmap) fonts are never read as maths. */
export interface PageFont {
  name: string;
  type3: boolean;
}

/** One piece of a text item: a glyph of a math font, or a word, number or sign of a text font. */
interface Piece {
  item: number;
  /** Offsets in the item's string. */
  start: number;
  end: number;
  text: string;
  glyph: MathGlyph | null;
  /** Set by a maths font: it starts a formula. */
  strong: boolean;
  /** May join a formula next to it (digits, operators, function names, accents, scripts). */
  mathy: boolean;
  /** A single letter of a text font: joins a formula only when it touches one ("d" of dx). */
  touching: boolean;
  x0: number;
  x1: number;
  y: number;
  size: number;
}

export type LatexCheck = (latex: string, display: boolean) => boolean;

const TEXT_TOKEN = /\s+|arg\s?(?:max|min)\b|\p{L}+|\p{N}+(?:\.\p{N}+)?|./gsu;
const TEXT_MATHY = /^(?:\p{N}+(?:\.\p{N}+)?|[=+\-−()[\]<>|/:;!'*×·∗≤≥≠±→∞∂∑∫∏√∈⊂∪∩∀∃′∆ΓΔΘΛΞΠΣΥΦΨΩ])$/u;
const EQUATION_NUMBER = /^(?:\((?:\p{L}{0,3}\s?)?\d+(?:[.\-–]\d+)*[a-z]?\)|\[\d+(?:\.\d+)*\])$/u;
const TRAILING_PUNCTUATION = /^[,.;:]$/;
const OPERATOR_WORD =
  /^(?:sin|cos|tan|cot|sec|csc|arcsin|arccos|arctan|sinh|cosh|tanh|coth|log|ln|lg|exp|det|dim|ker|deg|gcd|hom|arg|lim|liminf|limsup|inf|sup|max|min|mod|tr|rank|diag|prox|sgn|sign|span|var|cov|argmax|argmin|dom|im|div|grad|curl|id|Pr|Var|Cov|Tr|Re|Im|E)$/;
const MAX_REGION_GLYPHS = 4000;

interface Box {
  x0: number;
  x1: number;
  y: number;
  size: number;
}

/** Where each item sits in PDF user space; null for rotated or skewed text. */
function boxOf(item: MathTextItem): Box | null {
  const t = item.transform;
  const a = t[0] === undefined ? 0 : t[0];
  const b = t[1] === undefined ? 0 : t[1];
  const c = t[2] === undefined ? 0 : t[2];
  const d = t[3] === undefined ? 0 : t[3];
  const e = t[4] === undefined ? 0 : t[4];
  const f = t[5] === undefined ? 0 : t[5];
  if (Math.abs(b) > 1e-3 || Math.abs(c) > 1e-3 || a <= 0) return null;
  const size = Math.abs(d) || Math.abs(a) || item.height || 10;
  return { x0: e, x1: e + item.width, y: f, size };
}

/** Advance widths (in ems) of Computer Modern's roman, near enough for most text fonts' shapes. */
const LOWER_WIDTHS = [
  0.5, 0.556, 0.444, 0.556, 0.444, 0.306, 0.5, 0.556, 0.278, 0.306, 0.528, 0.278, 0.833, 0.556, 0.5, 0.556,
  0.528, 0.392, 0.394, 0.389, 0.556, 0.528, 0.722, 0.528, 0.528, 0.444,
];
const SIGN_WIDTHS: Record<string, number> = {
  "(": 0.389,
  ")": 0.389,
  "[": 0.278,
  "]": 0.278,
  "{": 0.5,
  "}": 0.5,
  "-": 0.333,
  ",": 0.278,
  ".": 0.278,
  ";": 0.278,
  ":": 0.278,
  "!": 0.278,
  "'": 0.278,
  "’": 0.278,
  "|": 0.278,
  "/": 0.5,
  "*": 0.5,
};

/** emWidthOf by character code below the CJK radicals (NaN: not yet asked). */
const emWidths = new Float64Array(0x2e80).fill(NaN);

/** A character's font-typical width in ems, remembered (a page asks for each of its characters). */
function emWidth(ch: string): number {
  const code = ch.charCodeAt(0);
  // every character from the CJK radicals on (and every astral one) is an em wide: no lookup
  if (code >= 0x2e80) return 1;
  let w = emWidths[code]!;
  if (Number.isNaN(w)) w = emWidths[code] = emWidthOf(ch);
  return w;
}

function emWidthOf(ch: string): number {
  const c = ch.codePointAt(0) ?? 0;
  if (c >= 0x30 && c <= 0x39) return 0.5;
  if (c >= 0x61 && c <= 0x7a) return LOWER_WIDTHS[c - 0x61]!;
  if (c >= 0x41 && c <= 0x5a) return ch === "I" ? 0.361 : ch === "J" ? 0.514 : /[MW]/.test(ch) ? 0.95 : 0.72;
  const sign = SIGN_WIDTHS[ch];
  if (sign) return sign;
  if (/[→←↔⇒⇐⇔↦∞⟶]/u.test(ch)) return 1;
  if (/[·′|]/u.test(ch)) return 0.278;
  if (/[∈∪∩∧∨¬]/u.test(ch)) return 0.667;
  if (/[∇√]/u.test(ch)) return 0.833;
  if (/[=+<>−×±≤≥≠∼≈≡⊂⊃⊆⊇∓]/u.test(ch)) return 0.778;
  if (c >= 0x391 && c <= 0x3a9) return 0.72;
  if (c >= 0x2e80) return 1;
  return 0.55;
}

/**
 * Where each character of an item starts, by its string index (one more for the item's end): a text item
 * gives only its whole width, so each character's share is its font-typical width, and spaces (gaps pdf.js
 * found between glyphs) take what is left. Better than equal shares: "= 0" and ") =" put their = where TeX did.
 */
function charOffsets(str: string, width: number, size: number): number[] {
  let known = 0;
  let spaces = 0;
  for (const ch of str) {
    if (ch.trim()) known += emWidth(ch) * size;
    else spaces++;
  }
  // a gap pdf.js turned into a space is a word's or a relation's space, not more than half an em
  const space = spaces > 0 ? Math.min(Math.max(width - known, 0) / spaces, size * 0.5) : 0;
  const scale = known > 0 ? (width - space * spaces) / known : 1;
  const out: number[] = [];
  let x = 0;
  for (const ch of str) {
    out.push(x);
    if (ch.length === 2) out.push(x);
    x += ch.trim() ? emWidth(ch) * size * scale : space;
  }
  out.push(x);
  return out;
}

/**
 * A character past ASCII (a code unit over 0x7f: a surrogate pair's first one is) outside the private use
 * area: pdf.js names cmex's brace pieces there by their glyph names (bracelefttp → U+F8F1) in a font that
 * gives its other glyphs as codes.
 */
function hasNonAscii(str: string): boolean {
  for (let k = 0; k < str.length; k++) {
    const code = str.charCodeAt(k);
    if (code > 0x7f && (code < 0xe000 || code > 0xf8ff)) return true;
  }
  return false;
}

/** What a word, number or sign of a text font is in a formula; null when it is prose only. */
interface TextToken {
  latex: string;
  kind: "accent" | "ord" | "word";
  mathy: boolean;
  touching: boolean;
}

const textTokens = new Map<string, TextToken | null>();

/** A text font's token read as maths, remembered (a page repeats its words and signs). */
function textToken(text: string): TextToken | null {
  let token = textTokens.get(text);
  if (token === undefined) {
    token = textTokenOf(text);
    if (textTokens.size >= 8192) textTokens.clear();
    textTokens.set(text, token);
  }
  return token;
}

function textTokenOf(text: string): TextToken | null {
  if (text.length === 1 && ACCENTS[text] && STRAY_ACCENTS.test(text))
    return { latex: ACCENTS[text]!, kind: "accent", mathy: true, touching: false };
  if (TEXT_MATHY.test(text)) {
    const latex = /^\p{N}/u.test(text) ? text : charLatex(text);
    return latex ? { latex, kind: "ord", mathy: true, touching: false } : null;
  }
  if (/^arg\s?(?:max|min)$/.test(text))
    return { latex: `\\operatorname*{arg\\,${text.slice(-3)}}`, kind: "word", mathy: true, touching: false };
  if (OPERATOR_WORD.test(text)) return { latex: wordLatex(text), kind: "word", mathy: true, touching: false };
  if (/^[A-Za-z]$/.test(text))
    return { latex: `\\mathrm{${text}}`, kind: "ord", mathy: false, touching: true };
  return null;
}

function mathGlyph(
  latex: string,
  kind: MathGlyph["kind"],
  x0: number,
  x1: number,
  y: number,
  size: number,
  depth?: number,
): MathGlyph {
  if (depth !== undefined && (kind === "bigop" || kind === "intop" || kind === "delim" || kind === "radical"))
    return { latex, kind, x0, x1, y, size, bottom: y - depth * size, top: y + size * 0.1 };
  return { latex, kind, x0, x1, y, size, bottom: y - size * 0.25, top: y + size * 0.75 };
}

function piecesOf(items: MathTextItem[], fontOf: (id: string) => PageFont | undefined): (Piece | null)[][] {
  // An extension font with a Unicode map (xdvipdfmx writes one) gives "∑" and "(", not its codes "X" and "\x12".
  let unicodeMapped: Set<string> | undefined;
  const isUnicodeMapped = (fontName: string): boolean => {
    if (!unicodeMapped) {
      unicodeMapped = new Set();
      for (const item of items) if (item.fontName && hasNonAscii(item.str)) unicodeMapped.add(item.fontName);
    }
    return unicodeMapped.has(fontName);
  };
  return items.map((item, index) => {
    const box = boxOf(item);
    // a space item (a third of a CJK page's items) has no piece: every character of it is skipped below
    if (!box || !item.str || !item.str.trim()) return [];
    const font = item.fontName ? fontOf(item.fontName) : undefined;
    const role: FontRole = font && !font.type3 ? fontRole(font.name) : "text";
    const pieces: (Piece | null)[] = [];
    if (role !== "text") {
      const chars = [...item.str];
      const inked = chars.filter((ch) => ch.trim()).length;
      // a lone sans-serif italic letter is a maths letter (beamer); a word of them may be prose italics
      const lone = role === "sansitalic" && inked === 1 && /^\s*\p{L}\s*$/u.test(item.str);
      const perInked = item.width / Math.max(1, inked);
      let offset = 0;
      let k = 0;
      const mapped =
        role === "extension" && (isUnicodeMapped(item.fontName ?? "") || extensionGlyphsNamed(font!.name));
      // an extension font's glyphs are as wide as they are tall: equal shares of the item
      const offsets = role === "extension" ? null : charOffsets(item.str, item.width, box.size);
      for (const ch of chars) {
        const start = offset;
        offset += ch.length;
        if (!ch.trim()) continue;
        const meaning =
          role === "unicode" && ch.codePointAt(0)! > 0xffff
            ? { latex: charLatex(ch) ?? "", kind: "ord" as const }
            : mapped
              ? extensionByUnicode(ch, perInked / box.size)
              : glyphMeaning(ch, role);
        const x0 = box.x0 + (offsets ? offsets[start]! : perInked * k++);
        const x1 = offsets ? box.x0 + offsets[offset]! : x0 + perInked;
        const glyph = meaning?.latex
          ? mathGlyph(meaning.latex, meaning.kind, x0, x1, box.y, box.size, meaning.depth)
          : null;
        if (glyph && role === "unicode" && meaning?.depth !== undefined) {
          glyph.bottom = box.y - box.size * 0.5;
          glyph.top = box.y + box.size;
        }
        pieces.push({
          item: index,
          start,
          end: offset,
          text: ch,
          glyph,
          strong: role !== "sansitalic" || lone,
          mathy: true,
          touching: false,
          x0,
          x1,
          y: box.y,
          size: box.size,
        });
      }
      return pieces;
    }
    const offsets = charOffsets(item.str, item.width, box.size);
    // most items of a page are one character (a CJK one, a digit, a sign): that is the one token TEXT_TOKEN finds
    if (isOneCodePoint(item.str)) {
      pieces.push(textPiece(index, item.str, 0, box, offsets));
      return pieces;
    }
    // the module's own expression, not the copy matchAll makes per item
    TEXT_TOKEN.lastIndex = 0;
    for (let m = TEXT_TOKEN.exec(item.str); m; m = TEXT_TOKEN.exec(item.str)) {
      const text = m[0];
      if (!text.trim()) continue;
      pieces.push(textPiece(index, text, m.index, box, offsets));
    }
    return pieces;
  });
}

/** A word, number or sign of a text font at `start` of its item, with its glyph if it can be maths. */
function textPiece(item: number, text: string, start: number, box: Box, offsets: number[]): Piece {
  const x0 = box.x0 + offsets[start]!;
  const x1 = box.x0 + offsets[start + text.length]!;
  const token = textToken(text);
  const glyph = token ? mathGlyph(token.latex, token.kind, x0, x1, box.y, box.size) : null;
  return {
    item,
    start,
    end: start + text.length,
    text,
    glyph,
    strong: false,
    mathy: token ? token.mathy : false,
    touching: token ? token.touching : false,
    x0,
    x1,
    y: box.y,
    size: box.size,
  };
}

/** A string of one code point: one UTF-16 unit, or a surrogate pair. */
function isOneCodePoint(str: string): boolean {
  if (str.length === 1) return true;
  if (str.length !== 2) return false;
  const hi = str.charCodeAt(0);
  const lo = str.charCodeAt(1);
  return hi >= 0xd800 && hi <= 0xdbff && lo >= 0xdc00 && lo <= 0xdfff;
}

/** A margin for floating-point rounding: windows are widened by it, then tested as before. */
const EPS = 1e-6;

/** Height of ProseIndex's bands, in points. */
const BAND = 4;

/** The first of pieces sorted by x0 that starts at or after x. */
function firstFrom(sorted: Piece[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.x0 < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** All piece indices sorted by height (ties in index order): sorted once, filtered for each ByHeight. */
function heightOrder(pieces: Piece[]): number[] {
  return sortedByKey(
    pieces.map((_, i) => i),
    pieces.map((p) => p.y),
  );
}

/**
 * `indices` sorted by `key[i]` ascending, ties in their order: what `indices.sort((i, j) => key[i] - key[j])`
 * gives (its sort is stable), by the engine's numeric sort of the distinct keys and a counting sort instead
 * of a call of a comparison per step (a page sorts thousands of pieces by height and by x).
 */
function sortedByKey(indices: number[], key: ArrayLike<number>): number[] {
  const n = indices.length;
  const keys = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const v = key[indices[k]!]!;
    // a key that is no finite number (NaN, ±Infinity) is ordered as the comparison orders it
    if (!Number.isFinite(v)) return indices.sort((i, j) => key[i]! - key[j]!);
    keys[k] = v + 0; // -0 and 0 tie
  }
  if (n < 32) return indices.sort((i, j) => key[i]! - key[j]!);
  // the distinct keys, ascending; a key's rank is found by binary search
  const distinct = keys.slice().sort();
  let count = 0;
  for (let k = 0; k < n; k++)
    if (k === 0 || distinct[k] !== distinct[count - 1]) distinct[count++] = distinct[k]!;
  const starts = new Int32Array(count + 1);
  const ranks = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const v = keys[k]!;
    let lo = 0;
    let hi = count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (distinct[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    ranks[k] = lo;
    starts[lo + 1]!++;
  }
  for (let r = 0; r < count; r++) starts[r + 1]! += starts[r]!;
  const out = new Array<number>(n);
  for (let k = 0; k < n; k++) out[starts[ranks[k]!]!++] = indices[k]!;
  return out;
}

/** Piece indices sorted by height: those within a band of a height, without scanning the page. */
class ByHeight {
  private readonly order: number[];
  private readonly ys: number[];
  /** `byHeight` is heightOrder(pieces); `keep` picks the pieces indexed (all when absent). */
  constructor(byHeight: number[], pieces: Piece[], keep?: (i: number) => boolean) {
    this.order = keep ? byHeight.filter(keep) : byHeight;
    this.ys = this.order.map((i) => pieces[i]!.y);
  }
  /** The indices (ascending) of pieces with lo < y < hi. */
  within(lo: number, hi: number): number[] {
    let a = 0;
    let b = this.ys.length;
    while (a < b) {
      const mid = (a + b) >> 1;
      if (this.ys[mid]! <= lo) a = mid + 1;
      else b = mid;
    }
    const out: number[] = [];
    for (let k = a; k < this.ys.length && this.ys[k]! < hi; k++) out.push(this.order[k]!);
    return out.sort((i, j) => i - j);
  }
}

/** Words of prose on the page, by position: a formula never reaches across one. */
class ProseIndex {
  private readonly sorted: Piece[];
  /** The pieces by height band (BAND points each), each band's sorted by x: a line's prose, not the page's. */
  private readonly bands = new Map<number, Piece[]>();
  constructor(pieces: Piece[]) {
    this.sorted = sortedByKey(
      pieces.map((_, i) => i),
      pieces.map((p) => p.x0),
    ).map((i) => pieces[i]!);
    for (const p of this.sorted) {
      const key = Math.floor(p.y / BAND);
      const band = this.bands.get(key);
      if (band) band.push(p);
      else this.bands.set(key, [p]);
    }
  }
  private from(x: number): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid]!.x0 < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  /** A word of prose on the line between two glyphs. */
  between(a: MathGlyph, b: MathGlyph): boolean {
    const [left, right] = a.x0 <= b.x0 ? [a, b] : [b, a];
    if (right.x0 - left.x1 < left.size * 0.1) return false;
    const y = (a.y + b.y) / 2;
    const size = Math.max(a.size, b.size);
    const from = left.x1 - size * 3;
    for (let key = Math.floor((y - size * 0.6) / BAND); key <= Math.floor((y + size * 0.6) / BAND); key++) {
      const band = this.bands.get(key);
      if (!band) continue;
      for (let k = firstFrom(band, from); k < band.length; k++) {
        const p = band[k]!;
        if (p.x0 >= right.x0) break;
        if (p.x1 > left.x1 && Math.abs(p.y - y) < size * 0.6) return true;
      }
    }
    return false;
  }
  /** A word of prose (letters) on the glyph's baseline, at its size, within twenty ems of it. */
  onBaseline(g: MathGlyph): boolean {
    const tolerance = g.size * 0.06;
    for (let key = Math.floor((g.y - tolerance) / BAND); key <= Math.floor((g.y + tolerance) / BAND); key++) {
      const band = this.bands.get(key);
      if (!band) continue;
      for (let k = firstFrom(band, g.x0 - g.size * 20); k < band.length; k++) {
        const p = band[k]!;
        if (p.x0 > g.x1 + g.size * 20) break;
        if (
          Math.abs(p.y - g.y) < tolerance &&
          Math.abs(p.size - g.size) < g.size * 0.1 &&
          /\p{L}/u.test(p.text)
        )
          return true;
      }
    }
    return false;
  }
  /** A word of prose close over or under a rule. */
  crosses(rule: Rule): boolean {
    for (let k = this.from(rule.x0 - 40); k < this.sorted.length; k++) {
      const p = this.sorted[k]!;
      if (p.x0 >= rule.x1) break;
      if (p.x1 > rule.x0 && Math.abs(p.y - rule.y) < p.size * 1.1) return true;
    }
    return false;
  }
}

const UNICODE_DELIMS: Record<string, string> = {
  "(": "(",
  ")": ")",
  "[": "[",
  "]": "]",
  "{": "\\{",
  "}": "\\}",
  "|": "|",
  // the repeated piece of an extensible bar (xdvipdfmx maps it to U+2223)
  "∣": "|",
  "‖": "\\|",
  "⟨": "\\langle",
  "⟩": "\\rangle",
  "⌊": "\\lfloor",
  "⌋": "\\rfloor",
  "⌈": "\\lceil",
  "⌉": "\\rceil",
};

/**
 * A glyph of an extension font that has a Unicode map: the character names the symbol, the glyph's width
 * (in font sizes) tells a display operator (∑ 1.44, ∫ 0.56) from a text one, and so how far it hangs.
 */
function extensionByUnicode(ch: string, widthRatio: number): ReturnType<typeof glyphMeaning> {
  // cmex's sizes of a parenthesis are 0.46, 0.60, 0.74 and 0.79 em wide (\big … \Bigg), 1.2, 1.8, 2.4 and
  // 3.0 em tall: its width tells its height
  const delim = UNICODE_DELIMS[ch];
  if (delim)
    return {
      latex: delim,
      kind: "delim",
      depth: widthRatio > 0.765 ? 3.0 : widthRatio > 0.7 ? 2.4 : widthRatio > 0.56 ? 1.8 : 1.2,
    };
  const meaning = glyphMeaning(ch, "symbol");
  if (meaning?.kind === "bigop") return { ...meaning, depth: widthRatio > 1.25 ? 1.4 : 1.0 };
  if (meaning?.kind === "intop") return { ...meaning, depth: widthRatio > 0.5 ? 2.2 : 1.1 };
  if (meaning?.kind === "radical") return { ...meaning, depth: 1.2 };
  return meaning;
}

/** Union–find over pieces. */
class Groups {
  parent: Int32Array;
  constructor(n: number) {
    this.parent = new Int32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
  }
  find(i: number): number {
    while (this.parent[i] !== i) {
      this.parent[i] = this.parent[this.parent[i]!]!;
      i = this.parent[i]!;
    }
    return i;
  }
  join(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[ra] = rb;
  }
}

/** Two glyphs of one formula: side by side on overlapping heights, or stacked as limits are. */
function adjacent(
  a: MathGlyph,
  b: MathGlyph,
  pa: Piece,
  pb: Piece,
  sideOf: Map<MathGlyph, MathGlyph>,
): boolean {
  const s = Math.max(a.size, b.size);
  const gap = Math.max(a.x0, b.x0) - Math.min(a.x1, b.x1);
  const overlap = Math.min(a.top, b.top) - Math.max(a.bottom, b.bottom);
  const minHeight = Math.min(a.top - a.bottom, b.top - b.bottom);
  if (pa.touching || pb.touching)
    return gap < s * 0.08 && overlap > minHeight * 0.5 && (pa.strong || pb.strong);
  // a tall delimiter's script stands between it and what follows: "\big)^{n} \to 0"
  const bigNeighbour =
    a.kind === "bigop" ||
    a.kind === "intop" ||
    b.kind === "bigop" ||
    b.kind === "intop" ||
    isTall(a) ||
    isTall(b);
  if (gap < s * (bigNeighbour ? 1.2 : 0.8) && overlap > minHeight * 0.2) return true;
  // eqnarray's columns set its relation an em off both sides (2\arraycolsep): "\theta(\xi) &=& 1-…"
  if (
    gap >= 0 &&
    gap < s * 1.25 &&
    (a.kind === "ord" || b.kind === "ord") &&
    (EQUATING.has(a.latex) || EQUATING.has(b.latex)) &&
    Math.abs(a.y - b.y) < s * 0.05 &&
    Math.abs(a.size - b.size) < s * 0.05
  )
    return true;
  if (gap >= 0) return false;
  // stacked: limits under and over a big operator, under lim/max/min
  const [big, small] = a.size >= b.size ? [a, b] : [b, a];
  // limits are script-sized: a full-size glyph over an integral is the line above
  // and centred on it: a script of the line below ends where the operator starts ("|u_n|^{∞}" under "∑")
  const centre = (small.x0 + small.x1) / 2;
  const under = centre >= big.x0 - s * 0.1 && centre <= big.x1 + s * 0.1;
  // a script at the side of another operator is that one's (the lower limit of the row above)
  const side = sideOf.get(small);
  if (side && side !== big) return false;
  if ((big.kind === "bigop" || big.kind === "intop") && small.size < big.size * 0.9)
    return (
      under &&
      (small.y >= big.top - s * 0.4 ? small.bottom - big.top < s * 0.6 : big.bottom - small.top < s * 0.6)
    );
  if (big.kind === "word" && small.size < big.size * 0.9)
    return under && small.y < big.y && big.bottom - small.top < s * 0.4;
  if (small.kind === "accent" || big.kind === "accent") return Math.abs(a.y - b.y) < s * 0.6;
  return false;
}

export interface MathRegion {
  pieces: number[];
  latex: string;
  display: boolean;
  x0: number;
  x1: number;
  y: number;
  size: number;
  /** A displayed row's alignment point: the left edge of its first relation on the baseline. */
  align?: number;
  /** Displayed rows under this one that share its alignment point: one `aligned` block. */
  below?: MathRegion[];
  /** The rest of this inline formula, broken onto the next line after a relation or an operator. */
  next?: MathRegion;
  /** This region is the rest of the one before it. */
  continues?: boolean;
}

/**
 * The page's text items with its formulas rebuilt: each formula's items give way to one item holding
 * `$…$` (inline) or `$$…$$` (display, on its own line). What cannot be rebuilt, or what KaTeX refuses,
 * keeps its items as they were.
 */
export function recoverFormulas(
  items: MathTextItem[],
  fontOf: (id: string) => PageFont | undefined,
  /** The page's rules; null when its operator list was not read: fraction bars are then inferred. */
  rules: Rule[] | null,
  check: LatexCheck,
): MathTextItem[] {
  const perItem = piecesOf(items, fontOf);
  const pieces: Piece[] = [];
  for (const list of perItem) for (const p of list) if (p) pieces.push(p);
  if (!pieces.some((p) => p.strong)) return items;
  scriptWords(perItem);
  joinExtensiblePieces(pieces);
  const numberItems = equationNumberItems(items);
  markEquationNumbers(numberItems, perItem);
  wordsInCases(pieces);
  let candidates = pieces
    .map((_, i) => i)
    .filter((i) => pieces[i]!.glyph && (pieces[i]!.mathy || pieces[i]!.touching));
  const startOf = new Float64Array(pieces.length);
  for (const i of candidates) startOf[i] = pieces[i]!.glyph!.x0;
  candidates = sortedByKey(candidates, startOf);
  const groups = new Groups(pieces.length);
  const prose = new ProseIndex(pieces.filter((p) => !p.glyph || (!p.mathy && !p.touching)));
  const sideOf = sideScripts(candidates, pieces);
  joinAdjacent(candidates, pieces, groups, prose, sideOf);
  // relations between the sides of an equation, at the text size: not a limit's "t=\tau" beside an integral,
  // level with a denominator, nor the arrow of "\lim_{h\to 0}"
  const related = candidates
    .map((i) => pieces[i]!.glyph!)
    .filter((g) => EQUATING.has(g.latex) && !sideOf.has(g));
  const textSize = Math.max(0, ...related.map((g) => g.size));
  const relations = related.filter((g) => g.size >= textSize * 0.85);
  // a bar joins what stands over and under it; a radical's overbar joins the radical and its radicand
  const usedRules: Rule[] = [];
  const nearRules = rules?.length ? new NearRules(candidates, pieces) : null;
  for (const rule of rules ?? []) {
    // candidates are sorted by x0: none starting far left of the rule has its centre over it
    const from = firstCandidate(candidates, pieces, rule.x0 - MAX_GLYPH_WIDTH);
    let touching = nearRules!.window(rule, from);
    let largest = 0;
    for (const i of touching) largest = Math.max(largest, pieces[i]!.glyph!.size);
    touching = touching.filter((i) => {
      const g = pieces[i]!.glyph!;
      const c = (g.x0 + g.x1) / 2;
      const near = g.size * 1.3;
      if (g.kind === "radical")
        return Math.abs(g.x1 - rule.x0) < g.size * 0.4 && g.bottom < rule.y && g.top + near > rule.y;
      return (
        c >= rule.x0 - 0.5 && c <= rule.x1 + 0.5 && Math.abs(g.y - rule.y) < near && nearBar(g, rule, largest)
      );
    });
    const radical = touching.some((i) => pieces[i]!.glyph!.kind === "radical");
    // a numerator or a denominator is shifted off its line's baseline: a glyph on a line of prose is the line
    // above or below (\overline{\lim} under a line whose "lim" stands over the bar), not part of a fraction
    if (!radical)
      touching = touching.filter((i) => {
        const g = pieces[i]!.glyph!;
        return !prose.onBaseline(g) && !onRelationLine(g, rule, relations);
      });
    if (touching.length < 2) continue;
    const over = touching.some((i) => pieces[i]!.glyph!.y > rule.y);
    const under = touching.some((i) => pieces[i]!.glyph!.y < rule.y);
    // a box's border or an underline near a line of prose is not a fraction bar; a bar between digits
    // (\frac{1}{3}) is one, though no glyph of a maths font touches it: its formula needs one elsewhere
    if ((!radical && !(over && under)) || prose.crosses(rule)) continue;
    usedRules.push(rule);
    for (let k = 1; k < touching.length; k++) groups.join(touching[0]!, touching[k]!);
  }
  joinDelimiterSpans(candidates, pieces, groups);
  joinBesideBars(candidates, pieces, groups, usedRules);
  joinPastScripts(candidates, pieces, groups);
  const components = new Map<number, number[]>();
  for (const i of candidates) {
    const root = groups.find(i);
    const list = components.get(root);
    if (list) list.push(i);
    else components.set(root, [i]);
  }
  const regions: MathRegion[] = [];
  for (const members of components.values()) {
    if (!members.some((i) => pieces[i]!.strong)) continue;
    const trimmed = trimPunctuation(members, pieces);
    if (trimmed.length === 0 || trimmed.length > MAX_REGION_GLYPHS) continue;
    if (isProseInMathFont(trimmed, pieces)) continue;
    regions.push(regionOf(trimmed, pieces, usedRules));
  }
  if (regions.length === 0) return items;
  const byHeight = heightOrder(pieces);
  wordsOfDisplayLines(regions, pieces, usedRules, byHeight);
  markDisplays(regions, pieces, byHeight);
  // footnote marks after a name ("Gal∗+ ∗"), a list's bullet, braces round e-mail names: no operand, no
  // formula (a display's "\ldots," between its formulas has joined them by now); a word of a text font
  // is no operand ("{edwsmith,rreitmai}@adobe.com"), nor is an e-mail address or a URL a formula
  for (let k = regions.length - 1; k >= 0; k--)
    if (!regions[k]!.pieces.some((i) => isOperandPiece(pieces[i]!)) || isAddress(regions[k]!, pieces))
      regions.splice(k, 1);
  if (regions.length === 0) return items;
  alignRows(regions, pieces);
  joinBrokenLines(regions, pieces);
  // bars unknown (the operator list was not read): the layout infers them
  return rewrite(items, perItem, pieces, regions, rules === null ? null : usedRules, check, numberItems);
}

/**
 * A word of a text font set right after a maths glyph, smaller and off its baseline, is that glyph's script
 * (E_{\mathrm{grav}}, T_{\mathrm{eff}}, N_{\mathrm{A}}): it joins the formula as \mathrm{…} where it touches
 * it, as a text font's lone letter does. TeX shows a script right after its base, so it is the next item.
 */
function scriptWords(perItem: (Piece | null)[][]): void {
  let prev: Piece | null | undefined;
  for (const list of perItem) {
    if (list.length === 0) continue;
    const word = list.length === 1 ? list[0] : null;
    if (
      word &&
      prev?.glyph &&
      prev.strong &&
      !word.glyph &&
      /^\p{L}{2,}$/u.test(word.text) &&
      word.size <= prev.size * 0.8 &&
      word.x0 - prev.x1 > -prev.size * 0.2 &&
      word.x0 - prev.x1 < prev.size * 0.25 &&
      Math.abs(word.y - prev.y) > prev.size * 0.1 &&
      Math.abs(word.y - prev.y) < prev.size * 0.7
    ) {
      word.glyph = mathGlyph(`\\mathrm{${word.text}}`, "ord", word.x0, word.x1, word.y, word.size);
      word.touching = true;
    }
    prev = list[list.length - 1];
  }
}

/**
 * Joins the glyphs that are adjacent() with no prose between them. Sweep by x: only pieces that start before
 * this one's end (plus a gap) can touch it; and by height bands as tall as the reach up and down (3.5 sizes
 * of the largest glyph), so that a glyph meets only the lines near its own, not every line of its column.
 * Which pairs are joined is all that counts (union–find), not in what order.
 */
function joinAdjacent(
  candidates: number[],
  pieces: Piece[],
  groups: Groups,
  prose: ProseIndex,
  sideOf: Map<MathGlyph, MathGlyph>,
): void {
  const glyphs = candidates.map((i) => pieces[i]!.glyph!);
  let maxSize = 0;
  for (const g of glyphs) if (g.size > maxSize) maxSize = g.size;
  const height = maxSize * 3.5;
  const pair = (k: number, l: number): void => {
    const a = glyphs[k]!;
    const b = glyphs[l]!;
    if (Math.abs(a.y - b.y) > Math.max(a.size, b.size) * 3.5) return;
    const i = candidates[k]!;
    const j = candidates[l]!;
    if (adjacent(a, b, pieces[i]!, pieces[j]!, sideOf) && !prose.between(a, b)) groups.join(i, j);
  };
  // (the sweep's order is by x0, so its break is sound only where every x0 is a number)
  const finite = glyphs.every(
    (g) => Number.isFinite(g.x0) && Number.isFinite(g.x1) && Number.isFinite(g.y) && Number.isFinite(g.size),
  );
  if (!(height > 0) || !Number.isFinite(height) || !finite) {
    for (let k = 0; k < glyphs.length; k++) {
      const reach = glyphs[k]!.x1 + glyphs[k]!.size * 1.2;
      for (let l = k + 1; l < glyphs.length; l++) {
        if (glyphs[l]!.x0 > reach) break;
        pair(k, l);
      }
    }
    return;
  }
  // each band's glyphs by their place in the sweep (so by x)
  const bands = new Map<number, number[]>();
  for (let k = 0; k < glyphs.length; k++) {
    const key = Math.floor(glyphs[k]!.y / height);
    const band = bands.get(key);
    if (band) band.push(k);
    else bands.set(key, [k]);
  }
  // a little over the reach: a pair within it by floating-point subtraction is within these bands
  const margin = height * (1 + 1e-9) + EPS;
  for (let k = 0; k < glyphs.length; k++) {
    const a = glyphs[k]!;
    const reach = a.x1 + a.size * 1.2;
    const last = Math.floor((a.y + margin) / height);
    for (let key = Math.floor((a.y - margin) / height); key <= last; key++) {
      const band = bands.get(key);
      if (!band) continue;
      // the first of the band after this glyph in the sweep
      let lo = 0;
      let hi = band.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (band[mid]! <= k) lo = mid + 1;
        else hi = mid;
      }
      for (let m = lo; m < band.length; m++) {
        const l = band[m]!;
        if (glyphs[l]!.x0 > reach) break;
        pair(k, l);
      }
    }
  }
}

/**
 * The candidates a rule may touch, from the `from`-th on (by x) to the rule's right end: those of the height
 * bands within 1.3 sizes (of the largest glyph) of the rule, and the radicals (a radical touches its overbar
 * from below, however tall it is), in the sweep's order: of the candidates the whole window held, all that
 * can pass the rule's test of nearness (1.3 sizes of each glyph's own), not a column of lines.
 */
class NearRules {
  private readonly height: number;
  private readonly bands = new Map<number, number[]>();
  private readonly radicals: number[] = [];
  private readonly glyphs: MathGlyph[];
  constructor(
    private readonly candidates: number[],
    pieces: Piece[],
  ) {
    this.glyphs = candidates.map((i) => pieces[i]!.glyph!);
    let size = 0;
    let finite = true;
    for (const g of this.glyphs) {
      if (!Number.isFinite(g.x0) || !Number.isFinite(g.y) || !Number.isFinite(g.size)) finite = false;
      if (g.kind !== "radical" && g.size > size) size = g.size;
    }
    this.height = finite ? size * 1.3 : NaN;
    if (!(this.height > 0) || !Number.isFinite(this.height)) return;
    this.glyphs.forEach((g, k) => {
      if (g.kind === "radical") {
        this.radicals.push(k);
        return;
      }
      const key = Math.floor(g.y / this.height);
      const band = this.bands.get(key);
      if (band) band.push(k);
      else this.bands.set(key, [k]);
    });
  }
  /** The places of a list (ascending) from `from` on whose glyphs start at or before `end`. */
  private take(list: number[], from: number, end: number, places: number[]): void {
    for (let m = firstAtOrAfter(list, from); m < list.length; m++) {
      if (this.glyphs[list[m]!]!.x0 > end) break;
      places.push(list[m]!);
    }
  }
  /** Candidates (piece indices) from the `from`-th on that start at or before the rule's end (+0.5). */
  window(rule: Rule, from: number): number[] {
    const end = rule.x1 + 0.5;
    const out: number[] = [];
    if (!(this.height > 0) || !Number.isFinite(this.height) || !Number.isFinite(rule.y)) {
      for (let k = from; k < this.glyphs.length; k++) {
        if (this.glyphs[k]!.x0 > end) break;
        out.push(this.candidates[k]!);
      }
      return out;
    }
    const places: number[] = [];
    const margin = this.height * (1 + 1e-9) + EPS;
    const last = Math.floor((rule.y + margin) / this.height);
    for (let key = Math.floor((rule.y - margin) / this.height); key <= last; key++) {
      const band = this.bands.get(key);
      if (band) this.take(band, from, end, places);
    }
    this.take(this.radicals, from, end, places);
    for (const k of Int32Array.from(places).sort()) out.push(this.candidates[k]!);
    return out;
  }
}

/** The first place in an ascending list of places that is at or after `from`. */
function firstAtOrAfter(list: number[], from: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Wider than any glyph whose centre can stand over a rule it starts left of (a brace, a long arrow). */
const MAX_GLYPH_WIDTH = 200;

/** The first of candidates (sorted by their glyph's x0) whose glyph starts at or after x. */
function firstCandidate(candidates: number[], pieces: Piece[], x: number): number {
  let lo = 0;
  let hi = candidates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pieces[candidates[mid]!]!.glyph!.x0 < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Script-sized glyphs set at the side of a tall big operator (\int_{0}^{1} in display, \sum_{n}^{\infty} in a
 * line), by the operator they belong to. Candidates are sorted by x.
 */
function sideScripts(candidates: number[], pieces: Piece[]): Map<MathGlyph, MathGlyph> {
  const out = new Map<MathGlyph, MathGlyph>();
  for (let k = 0; k < candidates.length; k++) {
    const op = pieces[candidates[k]!]!.glyph!;
    if ((op.kind !== "bigop" && op.kind !== "intop") || op.top - op.bottom < op.size * 0.9) continue;
    for (let l = k + 1; l < candidates.length; l++) {
      const g = pieces[candidates[l]!]!.glyph!;
      if (g.x0 > op.x1 + op.size * 0.8) break;
      if (g.x0 < op.x1 - op.size * 0.5 || g.size >= op.size * 0.9) continue;
      if (g.bottom < op.bottom - op.size * 0.3 || g.top > op.top + op.size * 0.3) continue;
      if (!out.has(g)) out.set(g, op);
    }
  }
  return out;
}

/**
 * A glyph on the baseline of a relation of its line, beside a rule (not over or under it): "\underline{\lim}"
 * on a displayed row, whose limits under the rule are no denominator of it.
 */
function onRelationLine(g: MathGlyph, rule: Rule, relations: MathGlyph[]): boolean {
  return relations.some(
    (r) =>
      (r.x1 <= rule.x0 || r.x0 >= rule.x1) &&
      Math.abs(r.y - g.y) < g.size * 0.06 &&
      Math.abs(r.size - g.size) < g.size * 0.1 &&
      Math.abs((r.x0 + r.x1) / 2 - (g.x0 + g.x1) / 2) < g.size * 20,
  );
}

const isTall = (g: MathGlyph) => g.kind === "delim" && g.top - g.bottom > g.size * 1.6;
const OPENERS = new Set(["(", "[", "\\{", "|", "\\|", "\\langle", "\\lfloor", "\\lceil"]);

/**
 * What a tall delimiter encloses is one formula: a matrix's columns, the rows of cases, stand further
 * apart than the glyphs of a line.
 */
function joinDelimiterSpans(candidates: number[], pieces: Piece[], groups: Groups): void {
  const tall = candidates.filter((i) => isTall(pieces[i]!.glyph!));
  for (const i of tall) {
    const open = pieces[i]!.glyph!;
    if (!OPENERS.has(open.latex)) continue;
    const close = tall
      .map((j) => pieces[j]!.glyph!)
      .find(
        (g) =>
          g !== open &&
          g.x0 > open.x1 &&
          Math.abs(g.bottom - open.bottom) < open.size * 0.5 &&
          g.x0 - open.x1 < open.size * 40,
      );
    let end = close ? close.x1 : open.x1;
    const inside = candidates
      .filter((j) => {
        const g = pieces[j]!.glyph!;
        return (
          g.x0 >= open.x0 &&
          g.y >= open.bottom - open.size * 0.1 &&
          g.y <= open.top &&
          (close ? g.x1 <= close.x1 + 0.5 : true)
        );
      })
      .sort((a, b) => pieces[a]!.glyph!.x0 - pieces[b]!.glyph!.x0);
    for (const j of inside) {
      const g = pieces[j]!.glyph!;
      if (!close && g.x0 - end > open.size * 3) break;
      end = Math.max(end, g.x1);
      groups.join(i, j);
    }
  }
}

/** How far a glyph's foot (over a bar) or head (under it) is from the bar. */
const offBar = (g: MathGlyph, bar: Rule): number => (g.y > bar.y ? g.bottom - bar.y : bar.y - g.top);

/**
 * Whether a glyph over or under a bar stands close enough to be in its numerator or denominator: a glyph of the
 * largest size near the bar (`largest`) within 0.6 of its size, a script (an exponent in a numerator) within 1.2
 * of its own. A full-sized glyph an em off it is the line above or below: a display's denominator over the next
 * line's inline fraction ("\Big(1+\frac{1}{n}\Big)" over "$x_n=(1+{1\over n})^n$").
 */
function nearBar(g: MathGlyph, bar: Rule, largest: number): boolean {
  return offBar(g, bar) < g.size * (g.size >= largest * 0.85 ? 0.6 : 1.2);
}

/**
 * A fraction bar stands on the maths axis between what precedes and follows the fraction, though its
 * numerator is raised and its denominator lowered away from their neighbours' heights ("\lim_{h\to 0}\frac{…}{h}").
 */
function joinBesideBars(candidates: number[], pieces: Piece[], groups: Groups, bars: Rule[]): void {
  if (bars.length === 0) return;
  // candidates are sorted by x0: a glyph whose centre is over a bar, or that stands within 0.8 of its size of
  // one, starts within the widest glyph and the largest size of the bar's ends (a margin for rounding)
  let reach = 0;
  for (const i of candidates) {
    const g = pieces[i]!.glyph!;
    reach = Math.max(reach, Math.abs(g.x1 - g.x0) + Math.abs(g.size));
  }
  if (!Number.isFinite(reach)) reach = Infinity;
  for (const bar of bars) {
    let from = 0;
    let to = candidates.length;
    if (Number.isFinite(bar.x0) && Number.isFinite(bar.x1) && reach < Infinity) {
      from = firstCandidate(candidates, pieces, bar.x0 - reach - 1);
      to = firstCandidate(candidates, pieces, bar.x1 + reach + 1);
    }
    // the fraction's glyph nearest the bar (a line's glyph above or below it may be within reach too)
    let inside: number | undefined;
    let nearest = Infinity;
    for (let k = from; k < to; k++) {
      const g = pieces[candidates[k]!]!.glyph!;
      const c = (g.x0 + g.x1) / 2;
      if (c < bar.x0 || c > bar.x1 || !(Math.abs(g.y - bar.y) < g.size * 1.3)) continue;
      const off = offBar(g, bar);
      if (inside === undefined || off < nearest) {
        inside = candidates[k]!;
        nearest = off;
      }
    }
    if (inside === undefined) continue;
    for (let k = from; k < to; k++) {
      const i = candidates[k]!;
      const g = pieces[i]!.glyph!;
      if (g.bottom > bar.y || g.top + g.size * 0.3 < bar.y) continue;
      const gap = g.x1 <= bar.x0 + 0.5 ? bar.x0 - g.x1 : g.x0 >= bar.x1 - 0.5 ? g.x0 - bar.x1 : Infinity;
      if (gap >= -0.5 && gap < g.size * 0.8) groups.join(inside, i);
    }
  }
}

/**
 * A big operator, or a tall delimiter, with scripts at its side (\iint_{x^2+y^2\le 1}, \big)^{n}) and what
 * follows the scripts on its line: the scripts reach below or above the line's glyphs, so nothing else ties them.
 */
function joinPastScripts(candidates: number[], pieces: Piece[], groups: Groups): void {
  const byX = [...candidates].sort((i, j) => pieces[i]!.glyph!.x0 - pieces[j]!.glyph!.x0);
  for (const i of candidates) {
    const op = pieces[i]!.glyph!;
    const tall = op.top - op.bottom > op.size * 1.6;
    if (!tall || (op.kind !== "bigop" && op.kind !== "intop" && op.kind !== "delim")) continue;
    let end = op.x1;
    let scripted = false;
    for (const j of byX) {
      const g = pieces[j]!.glyph!;
      if (g.x0 < end - 0.5) continue;
      if (g.x0 > end + op.size * 0.3) break;
      if (g.size >= op.size * 0.9 || g.y < op.bottom - op.size * 0.3 || g.y > op.top + op.size * 0.3)
        continue;
      end = Math.max(end, g.x1);
      scripted = true;
    }
    if (!scripted) continue;
    for (const j of byX) {
      const g = pieces[j]!.glyph!;
      if (g.x0 < end - 0.5) continue;
      if (g.x0 > end + op.size * 0.8) break;
      if (g.size >= op.size * 0.9 && g.y > op.bottom && g.y < op.top) {
        groups.join(i, j);
        break;
      }
    }
  }
}

/**
 * A delimiter TeX builds from pieces of the extension font (a brace's top, middle, bottom and repeats, for
 * cases of three rows or more): one tall glyph, which every piece shares.
 */
function joinExtensiblePieces(pieces: Piece[]): void {
  const parts = pieces.filter((p) => p.glyph?.kind === "delim").sort((a, b) => b.glyph!.top - a.glyph!.top);
  const used = new Set<Piece>();
  for (const first of parts) {
    if (used.has(first)) continue;
    const g = first.glyph!;
    let bottom = g.bottom;
    for (const p of parts) {
      if (p === first || used.has(p)) continue;
      const h = p.glyph!;
      if (
        family(h.latex) !== family(g.latex) ||
        Math.abs(h.x0 - g.x0) > 0.6 ||
        h.top < bottom - g.size * 1.2 ||
        h.top > g.top
      )
        continue;
      bottom = Math.min(bottom, h.bottom);
      used.add(p);
      p.glyph = g;
    }
    g.bottom = bottom;
  }
}

/** Which delimiter a piece belongs to, either side: a brace's repeated middle serves both. */
const family = (latex: string) => ({ "\\}": "\\{", ")": "(", "]": "[" })[latex] ?? latex;

/** Pieces of an item that is an equation number ("(1)", "(3.27)") are no part of a formula. */
const numberPieces = new WeakSet<Piece>();
function markEquationNumbers(numberItems: number[], perItem: (Piece | null)[][]): void {
  for (const i of numberItems) for (const p of perItem[i] ?? []) if (p) numberPieces.add(p);
}

/** The indices of the page's items that read as equation numbers ("(1)", "(3.27)"), found once a page. */
function equationNumberItems(items: MathTextItem[]): number[] {
  const out: number[] = [];
  items.forEach((item, i) => {
    if (EQUATION_NUMBER.test(item.str.trim())) out.push(i);
  });
  return out;
}

/** A word of prose set inside a formula: \text{…}. */
function textGlyph(p: Piece): MathGlyph {
  const escaped = p.text.replace(/[\\{}$&#%_^~]/g, (c) => (c === "\\" ? "\\textbackslash{}" : `\\${c}`));
  return mathGlyph(`\\text{${escaped}}`, "ord", p.x0, p.x1, p.y, p.size);
}

const isWord = (p: Piece) => !p.strong && (!p.glyph || (!p.mathy && !p.touching)) && !numberPieces.has(p);

/**
 * The words of cases' rows ("1 if x > 0", "−1 otherwise"): right of a brace without a partner, within its
 * height, and near its other entries, they are \text of the formula.
 */
function wordsInCases(pieces: Piece[]): void {
  const braces = pieces.filter(
    (p) =>
      p.glyph?.kind === "delim" && p.glyph.latex === "\\{" && p.glyph.top - p.glyph.bottom > p.size * 1.6,
  );
  for (const b of braces) {
    const brace = b.glyph!;
    const inside = pieces
      .filter((p) => p !== b && p.x0 >= brace.x1 - 0.5 && p.y > brace.bottom && p.y < brace.top)
      .sort((p, q) => p.x0 - q.x0);
    if (inside.some((p) => p.glyph?.kind === "delim" && p.glyph.latex === "\\}")) continue;
    let end = brace.x1;
    for (const p of inside) {
      if (p.x0 > end + brace.size * 3) break;
      end = Math.max(end, p.x1);
      if (!isWord(p)) continue;
      p.glyph = textGlyph(p);
      p.mathy = true;
      p.touching = false;
    }
  }
}

/**
 * A displayed formula with words on its line ("\bar X_n \to \mu \quad \text{almost surely}", "u = 0 \quad
 * \text{on } \partial\Omega"): when the line starts with the formula, indented well past the neighbouring lines'
 * left edge, its words are \text of the display, not prose around an inline formula.
 */
function wordsOfDisplayLines(
  regions: MathRegion[],
  pieces: Piece[],
  rules: Rule[],
  byHeight: number[],
): void {
  const inRegion = new Uint8Array(pieces.length);
  for (const r of regions) for (const i of r.pieces) inRegion[i] = 1;
  const done = new Set<MathRegion>();
  const outside = new ByHeight(byHeight, pieces, (i) => !inRegion[i]);
  const everything = new ByHeight(byHeight, pieces);
  for (const r of [...regions].sort((a, b) => a.x0 - b.x0)) {
    if (done.has(r)) continue;
    const band = r.size * 0.4;
    const line = outside
      .within(r.y - band - EPS, r.y + band + EPS)
      .filter((i) => Math.abs(pieces[i]!.y - r.y) < band && pieces[i]!.size >= r.size * 0.8);
    const words = line.filter((i) => isWord(pieces[i]!) && /[\p{L}\p{N}]/u.test(pieces[i]!.text));
    if (words.length === 0) continue;
    // nothing but an equation number before the formula
    if (line.some((i) => pieces[i]!.x1 <= r.x0 + 0.5 && !numberPieces.has(pieces[i]!))) continue;
    // a few words ("almost surely", "for all"), not a sentence; not a list item's label ("1.", "(a)")
    const chars = words.reduce((n, i) => n + pieces[i]!.text.length, 0);
    if (words.length > 8 || chars > 30) continue;
    const first = [...r.pieces].sort((a, b) => pieces[a]!.x0 - pieces[b]!.x0).map((i) => pieces[i]!.text);
    if (/^(?:\d+[.)]|\(\w\))/u.test(first.slice(0, 3).join(""))) continue;
    // a display is indented (centred) and stops short of the right edge; a list item's line runs on to it
    let left = Infinity;
    let right = -Infinity;
    for (const i of everything.within(r.y - r.size * 6 - EPS, r.y + r.size * 6 + EPS)) {
      const p = pieces[i]!;
      if (Math.abs(p.y - r.y) > r.size * 1.2 && Math.abs(p.y - r.y) < r.size * 6 && !p.strong) {
        left = Math.min(left, p.x0);
        right = Math.max(right, p.x1);
      }
    }
    const end = Math.max(
      r.x1,
      ...line.filter((i) => !numberPieces.has(pieces[i]!)).map((i) => pieces[i]!.x1),
    );
    if (!(r.x0 - left > r.size * 2.5) || !(right - end > r.size)) continue;
    const others = regions.filter((o) => o !== r && Math.abs(o.y - r.y) < band);
    const members = [...r.pieces, ...others.flatMap((o) => o.pieces)];
    for (const i of line) {
      const p = pieces[i]!;
      if (numberPieces.has(p) || !/[\p{L}\p{N}\p{P}\p{S}]/u.test(p.text)) continue;
      if (!p.glyph || isWord(p)) p.glyph = textGlyph(p);
      members.push(i);
    }
    const merged = regionOf(members, pieces, rules);
    Object.assign(r, merged);
    for (const o of others) {
      o.pieces = [];
      done.add(o);
    }
  }
  for (let i = regions.length - 1; i >= 0; i--) if (regions[i]!.pieces.length === 0) regions.splice(i, 1);
}

/** Sentence punctuation at a formula's ends stays in the prose ("… point $x$, such that"). */
function trimPunctuation(members: number[], pieces: Piece[]): number[] {
  const sorted = [...members].sort((i, j) => pieces[i]!.glyph!.x0 - pieces[j]!.glyph!.x0);
  while (sorted.length) {
    const last = pieces[sorted[sorted.length - 1]!]!;
    if (!last.strong && (TRAILING_PUNCTUATION.test(last.text) || last.text === "-")) sorted.pop();
    else break;
  }
  while (sorted.length) {
    const first = pieces[sorted[0]!]!;
    if (!first.strong && /^[,.;:)\]]$/.test(first.text)) sorted.shift();
    else break;
  }
  return sorted;
}

const RELATIONS = new Set([
  "=",
  "<",
  ">",
  "\\le",
  "\\ge",
  "\\neq",
  "\\approx",
  "\\equiv",
  "\\sim",
  "\\to",
  "\\in",
  "\\subset",
  "\\subseteq",
  "\\Rightarrow",
  "\\Leftrightarrow",
  ":",
]);

/** The relations that stand between an equation's sides (a limit's arrow or \in stands under an operator). */
const EQUATING = new Set(["=", "<", ">", "\\le", "\\ge", "\\neq", "\\approx", "\\equiv", "\\sim"]);

/** Operators, relations, punctuation and marks: what a formula joins, not what it is about. */
const NOT_OPERANDS = new Set([
  ...RELATIONS,
  "+",
  "-",
  ",",
  ".",
  ";",
  "!",
  "'",
  "''",
  "|",
  "\\|",
  "/",
  "*",
  "\\ast",
  "\\star",
  "\\dagger",
  "\\ddagger",
  "\\S",
  "\\P",
  "\\bullet",
  "\\circ",
  "\\cdot",
  "\\times",
  "\\div",
  "\\pm",
  "\\mp",
  "\\not",
  "\\prime",
  "\\ldots",
  "\\cdots",
  "\\vdots",
  "\\ddots",
  "\\diamond",
  "\\diamondsuit",
  "\\clubsuit",
  "\\heartsuit",
  "\\spadesuit",
  "\\square",
  "\\sharp",
  "\\flat",
  "\\natural",
  "\\mid",
  "(",
  ")",
  "[",
  "]",
  "\\{",
  "\\}",
  "\\langle",
  "\\rangle",
]);

/** A glyph a formula is about: a letter, a digit, a symbol standing for a value, a big operator, a root. */
function isOperand(g: MathGlyph): boolean {
  if (g.kind === "delim" || g.kind === "accent") return false;
  return !NOT_OPERANDS.has(g.latex);
}

/** An operand set in a maths font, or a digit or sign of a text font; not a text font's word or lone letter. */
const isOperandPiece = (p: Piece): boolean =>
  isOperand(p.glyph!) && !p.touching && !p.glyph!.latex.startsWith("\\text{");

const ADDRESS = /[\w.+}-]@[\w-]+\.[\w.-]|https?:\/\/|www\.\w/u;

/** A region whose characters, read left to right, are an e-mail address or a URL ("{gal,brendan}@mozilla.com"). */
function isAddress(r: MathRegion, pieces: Piece[]): boolean {
  if (!r.pieces.some((i) => pieces[i]!.text.includes("@") || pieces[i]!.text.includes("/"))) return false;
  const text = [...r.pieces]
    .sort((i, j) => pieces[i]!.x0 - pieces[j]!.x0)
    .map((i) => pieces[i]!.text)
    .join("");
  return ADDRESS.test(text);
}

/** Several words set in math italic with spaces between (an author's emphasis): prose, not a formula. */
function isProseInMathFont(members: number[], pieces: Piece[]): boolean {
  if (members.length < 8) return false;
  const letters = members.filter((i) => /^\p{L}$/u.test(pieces[i]!.text) && pieces[i]!.strong).length;
  if (letters < members.length * 0.9) return false;
  let words = 1;
  for (let k = 1; k < members.length; k++) {
    const a = pieces[members[k - 1]!]!.glyph!;
    const b = pieces[members[k]!]!.glyph!;
    if (b.x0 - a.x1 > a.size * 0.2) words++;
  }
  return words >= 3;
}

/** A glyph over or under a rule: a numerator or a denominator. */
const stacked = (g: MathGlyph, rules: Rule[]): boolean =>
  rules.some(
    (r) => (g.x0 + g.x1) / 2 >= r.x0 && (g.x0 + g.x1) / 2 <= r.x1 && Math.abs(g.y - r.y) < g.size * 1.3,
  );

/** A glyph in the rows of a matrix or of cases: right of a tall opener, within its height, before its closer. */
const inRows = (g: MathGlyph, tallOpeners: MathGlyph[], glyphs: MathGlyph[]): boolean =>
  tallOpeners.some(
    (d) =>
      g.x0 >= d.x1 - 0.5 &&
      g.y > d.bottom &&
      g.y < d.top &&
      !glyphs.some(
        (c) =>
          c.kind === "delim" &&
          c !== d &&
          c.x0 >= d.x1 &&
          c.x1 <= g.x0 &&
          Math.abs(c.bottom - d.bottom) < d.size * 0.5,
      ),
  );

function regionOf(members: number[], pieces: Piece[], rules: Rule[]): MathRegion {
  const glyphs = members.map((i) => pieces[i]!.glyph!);
  let x0 = Infinity;
  let x1 = -Infinity;
  let size = 0;
  for (const g of glyphs) {
    x0 = Math.min(x0, g.x0);
    x1 = Math.max(x1, g.x1);
    if (g.kind !== "delim" && g.kind !== "radical" && g.kind !== "bigop" && g.kind !== "intop")
      size = Math.max(size, g.size);
  }
  size ||= glyphs[0]!.size;
  // the baseline: where most full-size glyphs sit, numerators and denominators aside
  // rows of a matrix or of cases, inside a tall delimiter, are not the formula's baseline
  const tallOpeners = glyphs.filter(
    (g) => g.kind === "delim" && g.top - g.bottom > g.size * 1.6 && OPENERS.has(g.latex),
  );
  const votes = new Map<number, number>();
  let y = glyphs[0]!.y;
  let best = -1;
  for (const g of glyphs) {
    if (
      inRows(g, tallOpeners, glyphs) ||
      stacked(g, rules) ||
      g.size < size * 0.9 ||
      g.kind === "delim" ||
      g.kind === "bigop" ||
      g.kind === "intop" ||
      g.kind === "radical"
    )
      continue;
    const key = Math.round(g.y);
    // relations sit on the baseline; a numerator rarely holds one
    const v = (votes.get(key) ?? 0) + (RELATIONS.has(g.latex) ? 5 : 1);
    votes.set(key, v);
    if (v > best) {
      best = v;
      y = g.y;
    }
  }
  // nothing on a baseline of its own (a fraction in parentheses, a matrix): the axis, a quarter em over it
  if (best < 0) {
    const bottom = Math.min(...glyphs.map((g) => g.bottom));
    const top = Math.max(...glyphs.map((g) => g.top));
    y = (bottom + top) / 2 - size * 0.25;
  }
  return { pieces: members, latex: "", display: false, x0, x1, y, size };
}

/**
 * A formula is displayed when nothing but other formulas and an equation number share its baseline;
 * formulas of one displayed line ("a = b, \quad c = d") become one.
 */
function markDisplays(regions: MathRegion[], pieces: Piece[], byHeight: number[]): void {
  const inRegion = new Uint8Array(pieces.length);
  for (const r of regions) for (const i of r.pieces) inRegion[i] = 1;
  const others = new ByHeight(byHeight, pieces, (i) => !inRegion[i]);
  for (const r of regions) {
    const band = r.size * 0.4;
    const sameLine = others
      .within(r.y - band - EPS, r.y + band + EPS)
      .map((i) => pieces[i]!)
      .filter((p) => Math.abs(p.y - r.y) < band);
    const rest = sameLine
      .sort((a, b) => a.x0 - b.x0)
      .map((p) => p.text)
      .join("");
    r.display = rest === "" || EQUATION_NUMBER.test(rest);
  }
  // merge displayed formulas on one line
  const displays = regions.filter((r) => r.display).sort((a, b) => a.x0 - b.x0);
  for (let i = 0; i < displays.length; i++) {
    const a = displays[i]!;
    if (!a.pieces.length) continue;
    for (let j = i + 1; j < displays.length; j++) {
      const b = displays[j]!;
      if (!b.pieces.length || Math.abs(a.y - b.y) > Math.min(a.size, b.size) * 0.3) continue;
      a.pieces.push(...b.pieces);
      a.x1 = Math.max(a.x1, b.x1);
      b.pieces = [];
    }
  }
  for (let i = regions.length - 1; i >= 0; i--) if (regions[i]!.pieces.length === 0) regions.splice(i, 1);
}

const BREAKS_AFTER = new Set([...RELATIONS, "+", "-", "\\pm", "\\times", "\\cdot", ","]);

/**
 * TeX breaks an inline formula after a relation or a binary operator: a formula that ends its line so, at the
 * column's right edge, goes on with the formula that starts the next line at its left edge.
 */
function joinBrokenLines(regions: MathRegion[], pieces: Piece[]): void {
  const inline = regions.filter((r) => !r.display && r.pieces.length);
  if (inline.length < 2) return;
  for (const r of inline) {
    if (r.continues) continue;
    const last = r.pieces.reduce((a, b) => (pieces[a]!.glyph!.x1 >= pieces[b]!.glyph!.x1 ? a : b));
    if (!BREAKS_AFTER.has(pieces[last]!.glyph!.latex)) continue;
    let left = Infinity;
    let right = -Infinity;
    for (const p of pieces)
      if (Math.abs(p.y - r.y) < r.size * 4) {
        left = Math.min(left, p.x0);
        right = Math.max(right, p.x1);
      }
    if (right - r.x1 > r.size * 0.8) continue;
    // the rest starts its line: nothing of the line before it
    const startsLine = (o: MathRegion): boolean => {
      const own = new Set(o.pieces);
      for (let k = 0; k < pieces.length; k++) {
        const p = pieces[k]!;
        if (Math.abs(p.y - o.y) < o.size * 0.4 && p.x1 <= o.x0 + 0.5 && p.x0 >= left - 0.5 && !own.has(k))
          return false;
      }
      return true;
    };
    const rest = inline.find(
      (o) =>
        o !== r &&
        !o.continues &&
        r.y - o.y > r.size * 0.9 &&
        r.y - o.y < r.size * 1.8 &&
        o.x0 - left < r.size * 0.8 &&
        startsLine(o),
    );
    if (!rest) continue;
    r.next = rest;
    rest.continues = true;
  }
}

/** Vertical extent of a region's glyphs. */
function extentOf(r: MathRegion, pieces: Piece[]): [bottom: number, top: number] {
  let bottom = Infinity;
  let top = -Infinity;
  for (const i of r.pieces) {
    const g = pieces[i]!.glyph!;
    bottom = Math.min(bottom, g.bottom);
    top = Math.max(top, g.top);
  }
  return [bottom, top];
}

/**
 * Displayed rows set one under the other with their relations in one column (align, aligned, eqnarray:
 * "(a+b)² = …" over "= a² + 2ab + b²") are one formula, `\begin{aligned}…\end{aligned}`. Rows of a
 * gather or separate displays (centred, further apart, their relations wherever they fall) stay apart.
 */
function alignRows(regions: MathRegion[], pieces: Piece[]): void {
  const displays = regions.filter((r) => r.display && r.pieces.length);
  for (const r of displays) {
    let align: number | undefined;
    for (const i of r.pieces) {
      const g = pieces[i]!.glyph!;
      if (!RELATIONS.has(g.latex) || g.latex === ":" || g.size < r.size * 0.9) continue;
      if (Math.abs(g.y - r.y) > r.size * 0.15) continue;
      if (align === undefined || g.x0 < align) align = g.x0;
    }
    r.align = align;
  }
  displays.sort((a, b) => b.y - a.y);
  let head: MathRegion | null = null;
  for (let k = 1; k < displays.length; k++) {
    const upper = displays[k - 1]!;
    const lower = displays[k]!;
    const size = Math.max(upper.size, lower.size);
    const same =
      upper.align !== undefined &&
      lower.align !== undefined &&
      Math.abs(upper.align - lower.align) < size * 0.15 &&
      upper.y - lower.y < size * 3 &&
      extentOf(upper, pieces)[0] - extentOf(lower, pieces)[1] < size * 0.8;
    if (!same) {
      head = null;
      continue;
    }
    head ??= upper;
    (head.below ??= []).push(lower);
  }
}

/**
 * The LaTeX of a display's rows as one `aligned` block, each row split at its alignment point; null when a
 * row cannot be rebuilt.
 */
function alignedLatex(rows: MathRegion[], pieces: Piece[], inferred: boolean, rules: Rule[]): string | null {
  const out: string[] = [];
  for (const r of rows) {
    const glyphs = [...new Set(r.pieces.map((i) => pieces[i]!.glyph!))].map((g) => ({ ...g }));
    const left = glyphs.filter((g) => (g.x0 + g.x1) / 2 < r.align!);
    const right = glyphs.filter((g) => (g.x0 + g.x1) / 2 >= r.align!);
    const bars = (part: MathGlyph[]) =>
      inferred
        ? inferBars(part)
        : rules.filter(
            (rule) =>
              part.some((g) => (g.x0 + g.x1) / 2 >= rule.x0 && (g.x0 + g.x1) / 2 <= rule.x1) &&
              part.some((g) => Math.abs(g.y - rule.y) < g.size * 1.5),
          );
    const l = left.length ? layoutLatex(left, bars(left)) : "";
    const rt = layoutLatex(right, bars(right));
    if (l === null || rt === null) return null;
    out.push(`${l}&${rt}`);
  }
  return `\\begin{aligned}${out.join("\\\\")}\\end{aligned}`;
}

function rewrite(
  items: MathTextItem[],
  perItem: (Piece | null)[][],
  pieces: Piece[],
  regions: MathRegion[],
  rules: Rule[] | null,
  check: LatexCheck,
  /** The indices of the items that read as equation numbers (equationNumberItems). */
  numberIndices: number[],
): MathTextItem[] {
  const regionOfPiece = new Map<Piece, MathRegion>();
  const merged = new Set<MathRegion>();
  for (const r of regions) {
    if (!r.below?.length || merged.has(r)) continue;
    const latex = alignedLatex([r, ...r.below], pieces, rules === null, rules ?? []);
    if (!latex || !check(latex, true)) continue;
    r.latex = latex;
    for (const row of [r, ...r.below]) {
      merged.add(row);
      for (const i of row.pieces) regionOfPiece.set(pieces[i]!, r);
    }
  }
  const barsOf = (r: MathRegion, glyphs: MathGlyph[]) =>
    rules === null
      ? null
      : rules.filter(
          (rule) =>
            rule.x0 >= r.x0 - 1 &&
            rule.x1 <= r.x1 + 1 &&
            glyphs.some((g) => Math.abs(g.y - rule.y) < g.size * 1.5),
        );
  // an inline formula broken over two lines: its rest is set after it, then read as one
  for (const r of regions) {
    const rest = r.next;
    if (!rest || merged.has(r)) continue;
    const own = [...new Set(r.pieces.map((i) => pieces[i]!.glyph!))];
    const theirs = [...new Set(rest.pieces.map((i) => pieces[i]!.glyph!))];
    const dx = r.x1 + r.size * 0.2 - rest.x0;
    const dy = r.y - rest.y;
    const shift = <T extends { x0: number; x1: number; y: number }>(g: T): T => ({
      ...g,
      x0: g.x0 + dx,
      x1: g.x1 + dx,
      y: g.y + dy,
      ...("bottom" in g
        ? { bottom: (g as unknown as MathGlyph).bottom + dy, top: (g as unknown as MathGlyph).top + dy }
        : {}),
    });
    const glyphs = [...own.map((g) => ({ ...g })), ...theirs.map(shift)];
    const ownBars = barsOf(r, own);
    const restBars = barsOf(rest, theirs);
    const bars = ownBars && restBars ? [...ownBars, ...restBars.map(shift)] : inferBars(glyphs);
    const latex = layoutLatex(glyphs, bars);
    if (!latex || !check(latex, false)) continue;
    r.latex = latex;
    for (const part of [r, rest]) {
      merged.add(part);
      for (const i of part.pieces) regionOfPiece.set(pieces[i]!, r);
    }
  }
  for (const r of regions) {
    if (merged.has(r)) continue;
    const glyphs = [...new Set(r.pieces.map((i) => pieces[i]!.glyph!))];
    const latex = layoutLatex(
      glyphs.map((g) => ({ ...g })),
      barsOf(r, glyphs) ?? inferBars(glyphs),
    );
    if (!latex || !check(latex, r.display)) continue;
    r.latex = latex;
    for (const i of r.pieces) regionOfPiece.set(pieces[i]!, r);
  }
  if (regionOfPiece.size === 0) return items.map((item, i) => withoutStrayAccents(item, items[i + 1]));
  const inFormula = new Uint8Array(items.length);
  for (const p of regionOfPiece.keys()) inFormula[p.item] = 1;
  // a display's equation numbers, left (leqno, amsart) or right, and all its rows': after it, "$$…$$ (1) (2)"
  const numbers = new Map<number, MathRegion>();
  const numbersOf = new Map<MathRegion, string[]>();
  // the page's items that read as equation numbers, found once (a page has many displays and many items)
  const numberItems: { item: MathTextItem; index: number; box: Box }[] = [];
  for (const index of numberIndices) {
    const item = items[index]!;
    const box = boxOf(item);
    if (box) numberItems.push({ item, index, box });
  }
  for (const r of regions) {
    if (!r.display || r.latex === "") continue;
    const rows = [r, ...(r.below ?? [])];
    numberItems.forEach(({ item, index, box }) => {
      if (
        rows.some((row) => Math.abs(box.y - row.y) < row.size * 0.4 && (box.x0 > row.x1 || box.x1 < row.x0))
      ) {
        numbers.set(index, r);
        numbersOf.set(r, [...(numbersOf.get(r) ?? []), item.str.trim()]);
      }
    });
  }
  const out: MathTextItem[] = [];
  const emitted = new Set<MathRegion>();
  const emittedByHeight = new EmittedFormulas(regions);
  items.forEach((item, index) => {
    const list = perItem[index] ?? [];
    if (numbers.has(index)) return;
    if (!inFormula[index]) {
      if (!item.str.trim() && emittedByHeight.inside(item)) return; // a space between a formula's glyphs
      out.push(withoutStrayAccents(item, items[index + 1]));
      return;
    }
    const box = boxOf(item)!;
    const total = item.str.length || 1;
    let runStart = -1;
    let runEnd = -1;
    for (const p of list) {
      if (!p) continue;
      const r = regionOfPiece.get(p);
      if (!r) {
        if (runStart < 0) runStart = p.start;
        runEnd = p.end;
        continue;
      }
      if (runStart >= 0) out.push(textRun(item, box, total, runStart, runEnd));
      runStart = -1;
      if (emitted.has(r)) continue;
      emitted.add(r);
      emittedByHeight.add(r);
      const str = r.display ? `$$${r.latex}$$` : `$${r.latex}$`;
      out.push({
        str,
        width: r.x1 - r.x0,
        height: r.size,
        transform: [r.size, 0, 0, r.size, r.x0, r.y],
        fontName: item.fontName,
        hasEOL: false,
      });
      const tags = numbersOf.get(r);
      if (tags) {
        const str = tags.join(" ");
        const width = str.length * r.size * 0.5;
        out.push({
          str,
          width,
          height: r.size,
          transform: [r.size, 0, 0, r.size, r.x1 + r.size, r.y],
          hasEOL: false,
        });
      }
    }
    if (runStart >= 0) out.push(textRun(item, box, total, runStart, runEnd));
  });
  return out;
}

/** The text of an item from `start` to `end` that no formula took, as an item of its own. */
function textRun(item: MathTextItem, box: Box, total: number, start: number, end: number): MathTextItem {
  const x0 = box.x0 + (item.width * start) / total;
  const x1 = box.x0 + (item.width * end) / total;
  return withoutStrayAccents({
    ...item,
    str: item.str.slice(start, end),
    width: x1 - x0,
    transform: [...item.transform.slice(0, 4), x0, box.y],
  });
}

/**
 * The formulas emitted so far, by height band (as tall as the reach of the largest formula's size): is a space
 * item inside one of them? A page's spaces (a third of its items) each asked every formula before.
 */
class EmittedFormulas {
  private readonly height: number;
  private readonly bands = new Map<number, MathRegion[]>();
  private readonly all: MathRegion[] = [];
  /** A formula without a finite height: banding is off, every formula is asked. */
  private unbanded = false;
  constructor(regions: MathRegion[]) {
    let size = 0;
    for (const r of regions) if (r.size > size) size = r.size;
    this.height = size * 1.5;
  }
  private get banded(): boolean {
    return this.height > 0 && Number.isFinite(this.height);
  }
  add(r: MathRegion): void {
    this.all.push(r);
    if (!Number.isFinite(r.y)) this.unbanded = true;
    if (!this.banded || this.unbanded) return;
    const key = Math.floor(r.y / this.height);
    const band = this.bands.get(key);
    if (band) band.push(r);
    else this.bands.set(key, [r]);
  }
  inside(item: MathTextItem): boolean {
    const box = boxOf(item);
    if (!box) return false;
    if (!this.banded || this.unbanded || !Number.isFinite(box.y))
      return this.all.some((r) => spaceInside(box, r));
    // a little over the reach: a formula within it by floating-point subtraction is within these bands
    const margin = this.height * (1 + 1e-9) + EPS;
    const last = Math.floor((box.y + margin) / this.height);
    for (let key = Math.floor((box.y - margin) / this.height); key <= last; key++)
      if (this.bands.get(key)?.some((r) => spaceInside(box, r))) return true;
    return false;
  }
}

const spaceInside = (box: Box, r: MathRegion): boolean =>
  box.x0 >= r.x0 - 0.5 && box.x0 < r.x1 && Math.abs(box.y - r.y) < r.size * 1.5;

function withoutStrayAccents(item: MathTextItem, next?: MathTextItem): MathTextItem {
  if (!STRAY_ACCENTS.test(item.str)) return item;
  // an accent glyph left alone (its letter was not rebuilt, or sits in prose without a letter after it); TeX
  // sets a prose accent before its letter, often as a text item of its own ("na", "¨", "ıve"), which the
  // text layer's cleaning composes ("naïve")
  const letterNext = /^[ıȷ\p{L}]/u.test(next?.str ?? "");
  const str = item.str.replace(/[˜¨ˆ˙¯ˇ˘](?!\p{L})/gu, (accent, at: number) =>
    letterNext && at === item.str.length - 1 ? accent : "",
  );
  return str === item.str ? item : { ...item, str };
}

export { joinLatex };
