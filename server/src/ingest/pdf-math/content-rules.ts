import { OPS, Util } from "pdfjs-dist/legacy/build/pdf.mjs";
import {
  isBreak,
  isStream,
  isWhite,
  PdfName,
  PdfObjects,
  PdfRef,
  Unsupported,
  type PdfDict,
  type PdfValue,
} from "./pdf-objects";

/**
 * A page's rules (fraction bars, radical overbars) read from its content streams without pdf.js's operator
 * list, which parses every stream again and builds a glyph object for each character shown (most of what
 * formula recovery cost). The reader lexes the stream as pdf.js does and emits, for the operators that
 * matter, the operations pdf.js would (q, Q, cm, w, a path with its paint and float32 bounding box; the
 * API's operator list is never optimised, so no `q cm <path> Q` is fused), which `rulesOf` then reads as it
 * reads an operator list. Whatever it
 * is unsure of (an unknown operator, a wrong operand count, an annotation's appearance, a transparency
 * group, a filter other than Flate) makes it give up: the caller then reads the operator list.
 */

/** pdf.js's content operators: number of operands, and whether fewer are allowed. Keys with null are keywords pdf.js's lexer knows but no operator. */
const OPERATORS: Record<string, [args: number, variable: boolean] | null> = {
  w: [1, false],
  J: [1, false],
  j: [1, false],
  M: [1, false],
  d: [2, false],
  ri: [1, false],
  i: [1, false],
  gs: [1, false],
  q: [0, false],
  Q: [0, false],
  cm: [6, false],
  m: [2, false],
  l: [2, false],
  c: [6, false],
  v: [4, false],
  y: [4, false],
  h: [0, false],
  re: [4, false],
  S: [0, false],
  s: [0, false],
  f: [0, false],
  F: [0, false],
  "f*": [0, false],
  B: [0, false],
  "B*": [0, false],
  b: [0, false],
  "b*": [0, false],
  n: [0, false],
  W: [0, false],
  "W*": [0, false],
  BT: [0, false],
  ET: [0, false],
  Tc: [1, false],
  Tw: [1, false],
  Tz: [1, false],
  TL: [1, false],
  Tf: [2, false],
  Tr: [1, false],
  Ts: [1, false],
  Td: [2, false],
  TD: [2, false],
  Tm: [6, false],
  "T*": [0, false],
  Tj: [1, false],
  TJ: [1, false],
  "'": [1, false],
  '"': [3, false],
  d0: [2, false],
  d1: [6, false],
  CS: [1, false],
  cs: [1, false],
  SC: [4, true],
  SCN: [33, true],
  sc: [4, true],
  scn: [33, true],
  G: [1, false],
  g: [1, false],
  RG: [3, false],
  rg: [3, false],
  K: [4, false],
  k: [4, false],
  sh: [1, false],
  BI: [0, false],
  ID: [0, false],
  EI: [1, false],
  Do: [1, false],
  MP: [1, false],
  DP: [2, false],
  BMC: [1, false],
  BDC: [2, false],
  EMC: [0, false],
  BX: [0, false],
  EX: [0, false],
  BM: null,
  BD: null,
  true: null,
  fa: null,
  fal: null,
  fals: null,
  false: null,
  nu: null,
  nul: null,
  null: null,
};
const known = (word: string): boolean => Object.hasOwn(OPERATORS, word);

const PAINT_OPS: Record<string, number> = {
  S: OPS.stroke,
  s: OPS.closeStroke,
  f: OPS.fill,
  F: OPS.fill,
  "f*": OPS.eoFill,
  B: OPS.fillStroke,
  "B*": OPS.eoFillStroke,
  b: OPS.closeFillStroke,
  "b*": OPS.closeEOFillStroke,
  n: OPS.endPath,
};
/** Operators pdf.js adds nothing to an operator list for (paths wait for their paint). */
const SILENT = new Set(["m", "l", "c", "v", "y", "h", "re", "MP", "DP", "BX", "EX"]);
/** Any operation that is none of those `rulesOf` reads. */
const OTHER = -1;

type Token =
  | { kind: "num"; value: number; end: number }
  | { kind: "str" | "name" | "cmd"; text: string; end: number }
  | { kind: "eof"; end: number };

const unsure = (why: string): never => {
  throw new Unsupported(why);
};

/** One token as pdf.js's Lexer reads it (strings and names are not decoded: their text is raw). */
function lex(b: Uint8Array, pos: number, end: number): Token {
  for (;;) {
    if (pos >= end) return { kind: "eof", end };
    const c = b[pos]!;
    if (isWhite(c)) pos++;
    else if (c === 0x25) {
      while (pos < end && b[pos] !== 0x0a && b[pos] !== 0x0d) pos++;
    } else break;
  }
  const c = b[pos]!;
  if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) return number(b, pos, end);
  if (c === 0x28) {
    let depth = 0;
    for (let i = pos; i < end; i++) {
      const x = b[i];
      if (x === 0x5c) i++;
      else if (x === 0x28) depth++;
      else if (x === 0x29 && --depth === 0) return { kind: "str", text: "", end: i + 1 };
    }
    return { kind: "str", text: "unterminated", end };
  }
  if (c === 0x2f) {
    let i = pos + 1;
    while (i < end && !isBreak(b[i]!)) i++;
    return {
      kind: "name",
      text: String.fromCharCode(...b.subarray(pos + 1, Math.min(i, pos + 128))),
      end: i,
    };
  }
  if (c === 0x3c) {
    if (b[pos + 1] === 0x3c) return { kind: "cmd", text: "<<", end: pos + 2 };
    const close = b.indexOf(0x3e, pos);
    return close < 0 || close >= end
      ? { kind: "str", text: "unterminated", end }
      : { kind: "str", text: "", end: close + 1 };
  }
  if (c === 0x3e)
    return b[pos + 1] === 0x3e
      ? { kind: "cmd", text: ">>", end: pos + 2 }
      : { kind: "cmd", text: ">", end: pos + 1 };
  if (c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x29)
    return { kind: "cmd", text: String.fromCharCode(c), end: pos + 1 };
  if (c < 0x21 || c > 0x7f) return { kind: "cmd", text: "\u0000", end: pos + 1 }; // pdf.js reads it oddly
  // a keyword: pdf.js stops where a known operator would stop being one ("Qq" is Q then q)
  let str = String.fromCharCode(c);
  let knownFound = known(str);
  let i = pos + 1;
  while (i < end && !isBreak(b[i]!)) {
    const longer = str + String.fromCharCode(b[i]!);
    if (knownFound && !known(longer)) break;
    if (str.length >= 128) return { kind: "cmd", text: "\u0000", end: i };
    str = longer;
    knownFound = known(str);
    i++;
  }
  return { kind: "cmd", text: str, end: i };
}

/** The position after a literal string (balanced parentheses, escapes); unsure when it never ends. */
function skipString(b: Uint8Array, pos: number, end: number): number {
  let depth = 0;
  for (let i = pos; i < end; i++) {
    const x = b[i];
    if (x === 0x5c) i++;
    else if (x === 0x28) depth++;
    else if (x === 0x29 && --depth === 0) return i + 1;
  }
  return unsure("unterminated string");
}

/**
 * The position after an array operand (a TJ's strings and spacings), read byte by byte: strings, hex strings,
 * names, numbers, nested arrays; an operator or a dictionary inside makes the reader unsure.
 */
function skipArray(b: Uint8Array, pos: number, end: number): number {
  let depth = 0;
  let i = pos;
  while (i < end) {
    const x = b[i]!;
    if (x === 0x5b) {
      depth++;
      i++;
    } else if (x === 0x5d) {
      i++;
      if (--depth === 0) return i;
    } else if (x === 0x28) i = skipString(b, i, end);
    else if (isWhite(x) || (x >= 0x30 && x <= 0x39) || x === 0x2e || x === 0x2d || x === 0x2b) i++;
    else if (x === 0x2f) {
      i++;
      while (i < end && !isBreak(b[i]!)) i++;
    } else if (x === 0x3c && b[i + 1] !== 0x3c) {
      const close = b.indexOf(0x3e, i);
      if (close < 0 || close >= end) unsure("unterminated hex string");
      i = close + 1;
    } else if (x === 0x25) {
      while (i < end && b[i] !== 0x0a && b[i] !== 0x0d) i++;
    } else unsure("unexpected in an array");
  }
  return unsure("unterminated array");
}

/** A number as pdf.js's Lexer.getNumber reads it (same digits, same arithmetic, same value). */
function number(b: Uint8Array, pos: number, end: number): Token {
  // no closure here: tsx's keepNames names each closure made, and this runs for every number of a page
  let p = pos;
  let ch = p < end ? b[p]! : -1;
  let sign = 1;
  let divideBy = 0;
  if (ch === 0x2d) {
    sign = -1;
    ch = ++p < end ? b[p]! : -1;
    if (ch === 0x2d) ch = ++p < end ? b[p]! : -1;
  } else if (ch === 0x2b) ch = ++p < end ? b[p]! : -1;
  while (ch === 0x0a || ch === 0x0d) ch = ++p < end ? b[p]! : -1;
  if (ch === 0x2e) {
    divideBy = 10;
    ch = ++p < end ? b[p]! : -1;
  }
  if (ch < 0x30 || ch > 0x39) {
    if (ch === -1 || isWhite(ch) || ch === 0x28 || ch === 0x3c) return { kind: "num", value: 0, end: p };
    return { kind: "cmd", text: "\u0000", end: p }; // pdf.js throws: an invalid number
  }
  let base = ch - 0x30;
  for (;;) {
    ch = ++p < end ? b[p]! : -1;
    if (ch >= 0x30 && ch <= 0x39) {
      if (divideBy !== 0) divideBy *= 10;
      base = base * 10 + (ch - 0x30);
    } else if (ch === 0x2e) {
      if (divideBy === 0) divideBy = 1;
      else break;
    } else if (ch !== 0x2d) break;
  }
  if (divideBy !== 0) base /= divideBy;
  return { kind: "num", value: sign * base, end: p };
}

/** An operand: a number's value, a name's text, or NaN for anything else (a string, an array, a dictionary). */
type Operand = number | string;

/** Reads one operand that starts with `t` (arrays and dictionaries whole); returns its value and end. */
function operand(b: Uint8Array, t: Token, end: number, depth = 0): [Operand, number] {
  if (t.kind === "num") return [t.value, t.end];
  if (t.kind === "name") return [t.text, t.end];
  if (t.kind === "str") return t.text === "" ? [NaN, t.end] : unsure("unterminated string");
  if (t.kind === "cmd" && (t.text === "[" || t.text === "<<") && depth < 32) {
    const close = t.text === "[" ? "]" : ">>";
    let pos = t.end;
    for (;;) {
      const next = lex(b, pos, end);
      if (next.kind === "eof") return unsure("unterminated array");
      if (next.kind === "cmd" && next.text === close) return [NaN, next.end];
      if (next.kind === "cmd" && next.text !== "[" && next.text !== "<<") {
        if (next.text === "true" || next.text === "false" || next.text === "null") {
          pos = next.end;
          continue;
        }
        return unsure(`operator in array: ${next.text}`);
      }
      pos = operand(b, next, end, depth + 1)[1];
    }
  }
  return unsure(`operand ${t.kind === "cmd" ? t.text : t.kind}`);
}

/** What the operator list is built of here: only what rulesOf reads, the rest as OTHER. */
interface OpList {
  fnArray: number[];
  argsArray: unknown[];
}

/** The worker's graphics state as far as paths go: the path is shared by q/Q, the current point is not. */
interface PathState {
  x: number;
  y: number;
  path: { ops: number; minMax: Float32Array };
}

const newPath = () => ({ ops: 0, minMax: new Float32Array([Infinity, Infinity, -Infinity, -Infinity]) });

interface Reading {
  objects: PdfObjects;
  ops: OpList;
  /** Bytes read so far, all streams: a bound on the work. */
  budget: number;
  forms: Set<number>;
}

function emit(reading: Reading, fn: number, args: unknown): void {
  reading.ops.fnArray.push(fn);
  reading.ops.argsArray.push(args);
}

/** A numeric operand; unsure when it is not a number. */
function num(args: Operand[], k: number): number {
  const v = args[k];
  // NaN stands for a string, an array or a dictionary
  return typeof v === "number" && !Number.isNaN(v) ? v : unsure("operand not a number");
}

/** Reads one content stream (a page's, or a form's) into the operator list being built. */
function readContent(
  reading: Reading,
  b: Uint8Array,
  resources: PdfDict | null,
  depth: number,
  start: { x: number; y: number } = { x: 0, y: 0 },
): void {
  reading.budget -= b.length;
  if (reading.budget < 0) unsure("too much content");
  const end = b.length;
  let state: PathState = { x: start.x, y: start.y, path: newPath() };
  const stack: PathState[] = [];
  // operands in a reused array (its length is never reset: setting it costs more than the reading)
  const args: Operand[] = new Array<Operand>(34).fill(0);
  let nArgs = 0;
  let pos = 0;
  let op = "";
  for (;;) {
    // operands the common way, without a token object (most of a page is numbers, strings and arrays)
    while (pos < end && isWhite(b[pos]!)) pos++;
    if (pos >= end) break;
    const c = b[pos]!;
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) {
      const t = number(b, pos, end);
      if (t.kind !== "num") unsure("number");
      args[nArgs++] = (t as { value: number }).value;
      pos = t.end;
    } else if (c === 0x28) {
      pos = skipString(b, pos, end);
      args[nArgs++] = NaN;
    } else if (c === 0x5b) {
      pos = skipArray(b, pos, end);
      args[nArgs++] = NaN;
    } else {
      const t = lex(b, pos, end);
      if (t.kind === "eof") break;
      if (t.kind !== "cmd" || t.text === "<<") {
        const [value, next] = operand(b, t, end);
        args[nArgs++] = value;
        pos = next;
      } else {
        pos = t.end;
        op = t.text;
      }
    }
    if (nArgs > 33) unsure("too many operands");
    if (op === "") continue;
    const spec = OPERATORS[op];
    if (!spec) unsure(`operator ${op}`);
    const [count, variable] = spec!;
    if (variable ? nArgs > count : nArgs !== count) unsure(`operands of ${op}`);
    if (op === "BI") {
      pos = skipInlineImage(b, pos, end);
      emit(reading, OTHER, null);
      nArgs = 0;
      op = "";
      continue;
    }
    const paint = PAINT_OPS[op];
    if (paint !== undefined) {
      const path = state.path;
      if (path.ops === 0 && op !== "s" && op !== "b" && op !== "b*")
        emit(reading, OPS.constructPath, [paint, null, null]);
      else {
        emit(reading, OPS.constructPath, [paint, null, path.minMax.slice()]);
        path.ops = 0;
        path.minMax.set([Infinity, Infinity, -Infinity, -Infinity]);
      }
    } else if (op === "q") {
      stack.push(state);
      state = { ...state };
      emit(reading, OPS.save, null);
    } else if (op === "Q") {
      state = stack.pop() ?? state;
      emit(reading, OPS.restore, null);
    } else if (op === "cm") {
      emit(reading, OPS.transform, [
        num(args, 0),
        num(args, 1),
        num(args, 2),
        num(args, 3),
        num(args, 4),
        num(args, 5),
      ]);
    } else if (op === "w") {
      // pdf.js leaves out a width that is no number
      const width = args[0];
      if (typeof width === "number" && !Number.isNaN(width))
        emit(reading, OPS.setLineWidth, [Math.abs(width)]);
    } else if (op === "re") {
      const [x, y, w, h] = [num(args, 0), num(args, 1), num(args, 2), num(args, 3)];
      state.x = x;
      state.y = y;
      Util.rectBoundingBox(x, y, x + w, y + h, state.path.minMax);
      state.path.ops++;
    } else if (op === "m" || op === "l") {
      state.x = num(args, 0);
      state.y = num(args, 1);
      Util.pointBoundingBox(state.x, state.y, state.path.minMax);
      state.path.ops++;
    } else if (op === "c" || op === "v" || op === "y") {
      const [x0, y0] = [state.x, state.y];
      const p: number[] = [];
      for (let k = 0; k < nArgs; k++) p.push(num(args, k));
      const [x1, y1, x2, y2, x3, y3] =
        op === "c"
          ? p
          : op === "v"
            ? [x0, y0, p[0]!, p[1]!, p[2]!, p[3]!]
            : [p[0]!, p[1]!, p[2]!, p[3]!, p[2]!, p[3]!];
      state.x = x3!;
      state.y = y3!;
      Util.bezierBoundingBox(x0, y0, x1!, y1!, x2!, y2!, x3!, y3!, state.path.minMax);
      state.path.ops++;
    } else if (op === "h") {
      state.path.ops++;
    } else if (op === "Do") {
      const name = args[0];
      if (typeof name !== "string") unsure("Do without a name");
      readForm(reading, resources, name as string, state, depth);
    } else if (!SILENT.has(op)) emit(reading, OTHER, null);
    nArgs = 0;
    op = "";
  }
  // pdf.js closes the saves a stream left open
  for (let k = 0; k < stack.length; k++) emit(reading, OPS.restore, null);
}

/** A form XObject's operations, inline as pdf.js puts them (its matrix is not applied: rulesOf never did). */
function readForm(
  reading: Reading,
  resources: PdfDict | null,
  name: string,
  state: PathState,
  depth: number,
): void {
  const { objects } = reading;
  const xobjects = resources && objects.get(resources.get("XObject"));
  const raw = xobjects instanceof Map ? xobjects.get(name) : undefined;
  const xobject = objects.get(raw);
  if (!isStream(xobject)) return unsure("XObject not found");
  const subtype = objects.get(xobject.dict.get("Subtype"));
  if (!(subtype instanceof PdfName)) return unsure("XObject subtype");
  if (subtype.name === "Image" || subtype.name === "PS") {
    if (subtype.name === "Image") emit(reading, OTHER, null);
    return;
  }
  if (subtype.name !== "Form" || xobject.dict.has("Group") || xobject.dict.has("OC"))
    return unsure("form kind");
  const ref = raw instanceof PdfRef ? raw.num : -1;
  if (depth > 12 || reading.forms.has(ref)) return unsure("form nesting");
  reading.forms.add(ref);
  const own = objects.get(xobject.dict.get("Resources"));
  emit(reading, OTHER, null);
  readContent(reading, objects.streamBytes(xobject), own instanceof Map ? own : resources, depth + 1, state);
  emit(reading, OTHER, null);
  reading.forms.delete(ref);
}

/** Skips an inline image (BI … ID data EI) as pdf.js does; returns the position after its EI. */
function skipInlineImage(b: Uint8Array, pos: number, end: number): number {
  let filter: Operand | undefined;
  for (;;) {
    const key = lex(b, pos, end);
    if (key.kind === "cmd" && key.text === "ID") {
      pos = key.end;
      break;
    }
    if (key.kind !== "name") return unsure("inline image key");
    const value = lex(b, key.end, end);
    if (value.kind === "eof") return unsure("inline image");
    const [v, next] =
      value.kind === "cmd" && value.text !== "[" && value.text !== "<<"
        ? [NaN, value.end]
        : operand(b, value, end);
    if (key.text === "F" || key.text === "Filter") filter = v;
    if (value.kind === "cmd" && value.text === "[") filter = "array";
    pos = next;
  }
  if (
    filter !== undefined &&
    !(typeof filter === "number" && Number.isNaN(filter)) &&
    filter !== "Fl" &&
    filter !== "FlateDecode"
  )
    unsure("inline image filter");
  pos++; // the whitespace after ID
  // pdf.js's findDefaultInlineStreamEnd: "EI", a whitespace, then what reads as operators
  let state = 0;
  for (let p = pos; p < end; p++) {
    const ch = b[p]!;
    if (state === 0) state = ch === 0x45 ? 1 : 0;
    else if (state === 1) state = ch === 0x49 ? 2 : 0;
    else if (ch === 0x20 || ch === 0x0a || ch === 0x0d) {
      const after = p + 1;
      if (after >= end) return after;
      if (followsAsOperators(b, after, end)) return after;
      // a rejected candidate: pdf.js goes on the same way, but the image is ambiguous enough to leave to it
      return unsure("inline image end");
    } else state = 0;
  }
  return unsure("inline image without EI");
}

function followsAsOperators(b: Uint8Array, pos: number, end: number): boolean {
  const bytes = b.subarray(pos, Math.min(end, pos + 15));
  for (let i = 0; i < bytes.length; i++) {
    const ch = bytes[i]!;
    if (ch === 0 && bytes[i + 1] !== 0) continue;
    if (ch !== 0x0a && ch !== 0x0d && (ch < 0x20 || ch > 0x7f)) return false;
  }
  const window = b.subarray(pos, Math.min(end, pos + 75));
  let at = 0;
  let count = 0;
  for (;;) {
    const t = lex(window, at, window.length);
    if (t.kind === "eof") return false;
    at = t.end;
    if (t.kind !== "cmd") {
      count++;
      continue;
    }
    const spec = OPERATORS[t.text];
    if (!spec) return false;
    if (spec[1] ? count <= spec[0] : count === spec[0]) return true;
    count = 0;
  }
}

/** The most content bytes (a page's streams and its forms') read for a page; more is left to pdf.js. */
const MAX_CONTENT = 16 * 1024 * 1024;

/**
 * A page's operations as `rulesOf` reads them, from its content streams; null where this reader is unsure
 * (the caller then reads pdf.js's operator list).
 */
export function pageOperations(objects: PdfObjects, pageRef: { num: number; gen: number }): OpList | null {
  try {
    const page = objects.get(new PdfRef(pageRef.num, pageRef.gen));
    if (!(page instanceof Map)) return null;
    const annots = objects.get(page.get("Annots"));
    if (Array.isArray(annots)) {
      for (const a of annots) {
        const annot = objects.get(a);
        if (!(annot instanceof Map)) return null;
        const subtype = objects.get(annot.get("Subtype"));
        if (!(subtype instanceof PdfName) || subtype.name !== "Link" || annot.has("AP")) return null;
      }
    } else if (annots !== null) return null;
    let resources: PdfValue = null;
    let node: PdfValue = page;
    for (let up = 0; node instanceof Map && up < 32; up++) {
      if (node.has("Resources")) {
        resources = objects.get(node.get("Resources"));
        break;
      }
      node = objects.get(node.get("Parent"));
    }
    let contents = objects.get(page.get("Contents"));
    if (!Array.isArray(contents)) contents = contents === null ? [] : [contents];
    const parts: Uint8Array[] = [];
    for (const c of contents) {
      const stream = objects.get(c);
      if (!isStream(stream)) return null;
      parts.push(objects.streamBytes(stream));
    }
    // pdf.js reads a page's streams as one, nothing between them
    const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    const reading: Reading = {
      objects,
      ops: { fnArray: [], argsArray: [] },
      budget: MAX_CONTENT,
      forms: new Set(),
    };
    readContent(reading, bytes, resources instanceof Map ? resources : null, 0);
    return reading.ops;
  } catch {
    return null;
  }
}

/** The objects of a PDF for `pageOperations`, or null when this reader cannot follow the file. */
export function pdfObjects(data: Uint8Array): PdfObjects | null {
  try {
    return new PdfObjects(data);
  } catch {
    return null;
  }
}
