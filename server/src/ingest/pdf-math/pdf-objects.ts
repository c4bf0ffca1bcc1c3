import { inflateSync } from "node:zlib";

/**
 * A small reader of a PDF's objects: the cross-reference (tables, streams, object streams), indirect objects
 * and Flate-coded streams — enough to find a page's content streams and resources without pdf.js. Anything it
 * does not follow (encryption, a broken cross-reference, another filter) makes it give up (null or a thrown
 * error), and the caller reads the page with pdf.js instead.
 */

export class PdfName {
  constructor(readonly name: string) {}
}
export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}
/** A string operand: its bytes are never needed here. */
export const PDF_STRING = Symbol("string");
export type PdfDict = Map<string, PdfValue>;
export interface PdfStream {
  dict: PdfDict;
  /** Offset and length of the raw (still coded) bytes in `bytes`. */
  start: number;
  length: number;
  bytes: Uint8Array;
}
export type PdfValue =
  number | boolean | null | typeof PDF_STRING | PdfName | PdfRef | PdfValue[] | PdfDict | PdfStream;

/** Thrown on anything this reader does not follow. */
export class Unsupported extends Error {}

const WHITE = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WHITE[c] = 1;
const DELIM = new Uint8Array(256);
for (const c of "()<>[]{}/%") DELIM[c.charCodeAt(0)] = 1;
/** A byte that ends a keyword or a number: whitespace or a delimiter. */
export const isBreak = (c: number): boolean => WHITE[c] === 1 || DELIM[c] === 1;
export const isWhite = (c: number): boolean => WHITE[c] === 1;

const isDict = (v: PdfValue | undefined): v is PdfDict => v instanceof Map;
export const isStream = (v: PdfValue | undefined): v is PdfStream =>
  typeof v === "object" && v !== null && !Array.isArray(v) && "bytes" in v;

/** Parses objects (not content-stream operators) from bytes. */
class ObjectParser {
  pos: number;
  constructor(
    readonly b: Uint8Array,
    pos: number,
  ) {
    this.pos = pos;
  }

  skipSpace(): void {
    const b = this.b;
    for (;;) {
      const c = b[this.pos];
      if (c === undefined) return;
      if (WHITE[c]) this.pos++;
      else if (c === 0x25) {
        while (this.pos < b.length && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos++;
      } else return;
    }
  }

  /** A keyword or a number's text at the position (after whitespace), not consumed. */
  peekWord(): string {
    this.skipSpace();
    let end = this.pos;
    while (end < this.b.length && !isBreak(this.b[end]!)) end++;
    return String.fromCharCode(...this.b.subarray(this.pos, Math.min(end, this.pos + 32)));
  }

  word(): string {
    const w = this.peekWord();
    this.pos += w.length;
    return w;
  }

  int(): number {
    const w = this.word();
    if (!/^\d+$/.test(w)) throw new Unsupported(`integer expected, got ${w}`);
    return Number(w);
  }

  value(depth = 0): PdfValue {
    if (depth > 64) throw new Unsupported("nesting");
    this.skipSpace();
    const b = this.b;
    const c = b[this.pos];
    if (c === undefined) throw new Unsupported("end of data");
    if (c === 0x2f) {
      let end = this.pos + 1;
      while (end < b.length && !isBreak(b[end]!)) end++;
      const raw = String.fromCharCode(...b.subarray(this.pos + 1, end));
      this.pos = end;
      return new PdfName(
        raw.includes("#")
          ? raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
          : raw,
      );
    }
    if (c === 0x3c && b[this.pos + 1] === 0x3c) {
      this.pos += 2;
      const dict: PdfDict = new Map();
      for (;;) {
        this.skipSpace();
        if (b[this.pos] === 0x3e && b[this.pos + 1] === 0x3e) {
          this.pos += 2;
          break;
        }
        const key = this.value(depth + 1);
        if (!(key instanceof PdfName)) throw new Unsupported("dictionary key");
        dict.set(key.name, this.value(depth + 1));
      }
      return dict;
    }
    if (c === 0x3c) {
      const end = b.indexOf(0x3e, this.pos);
      if (end < 0) throw new Unsupported("hex string");
      this.pos = end + 1;
      return PDF_STRING;
    }
    if (c === 0x28) {
      this.pos = skipLiteralString(b, this.pos);
      return PDF_STRING;
    }
    if (c === 0x5b) {
      this.pos++;
      const array: PdfValue[] = [];
      for (;;) {
        this.skipSpace();
        if (b[this.pos] === 0x5d) {
          this.pos++;
          return array;
        }
        array.push(this.value(depth + 1));
      }
    }
    const w = this.word();
    if (w === "true") return true;
    if (w === "false") return false;
    if (w === "null") return null;
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(w)) throw new Unsupported(`unexpected ${w}`);
    if (/^\d+$/.test(w)) {
      // "n g R": a reference
      const save = this.pos;
      const gen = this.peekWord();
      if (/^\d+$/.test(gen)) {
        this.pos += gen.length;
        if (this.peekWord() === "R") {
          this.pos++;
          return new PdfRef(Number(w), Number(gen));
        }
      }
      this.pos = save;
    }
    return Number(w);
  }
}

/** The position after a literal string starting at `pos` (its parentheses balanced, escapes skipped). */
export function skipLiteralString(b: Uint8Array, pos: number): number {
  let depth = 0;
  for (let i = pos; i < b.length; i++) {
    const c = b[i];
    if (c === 0x5c) i++;
    else if (c === 0x28) depth++;
    else if (c === 0x29 && --depth === 0) return i + 1;
  }
  throw new Unsupported("unterminated string");
}

interface XrefEntry {
  /** Offset of an object in the file, or the number of the object stream holding it. */
  at: number;
  gen: number;
  /** Index in its object stream; -1 for an object at an offset. */
  index: number;
}

/** The most bytes a stream may decode to: a larger one is left to pdf.js. */
const MAX_DECODED = 64 * 1024 * 1024;

/** Indirect objects of a PDF, read on demand. */
export class PdfObjects {
  private readonly xref = new Map<number, XrefEntry>();
  private readonly cache = new Map<number, PdfValue>();
  private readonly objectStreams = new Map<number, { bytes: Uint8Array; offsets: Map<number, number> }>();

  /** Reads the cross-reference; throws Unsupported on anything unusual (then pdf.js reads every page). */
  constructor(readonly bytes: Uint8Array) {
    const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).lastIndexOf("startxref");
    if (tail < 0) throw new Unsupported("no startxref");
    let at = new ObjectParser(bytes, tail + 9).int();
    const seen = new Set<number>();
    let first = true;
    while (at >= 0) {
      if (seen.has(at) || seen.size > 64) throw new Unsupported("xref loop");
      seen.add(at);
      const trailer = this.readXref(at);
      if (first && (trailer.has("Encrypt") || !(trailer.get("Root") instanceof PdfRef)))
        throw new Unsupported("encrypted or no root");
      first = false;
      const hybrid = trailer.get("XRefStm");
      if (typeof hybrid === "number") this.readXref(hybrid);
      const prev = trailer.get("Prev");
      at = typeof prev === "number" ? prev : -1;
    }
  }

  private setEntry(num: number, entry: XrefEntry): void {
    if (!this.xref.has(num)) this.xref.set(num, entry); // a newer section wins
  }

  private readXref(at: number): PdfDict {
    const p = new ObjectParser(this.bytes, at);
    if (p.peekWord() === "xref") {
      p.word();
      while (p.peekWord() !== "trailer") {
        const start = p.int();
        const count = p.int();
        for (let i = 0; i < count; i++) {
          const offset = p.int();
          const gen = p.int();
          const kind = p.word();
          if (kind === "n") this.setEntry(start + i, { at: offset, gen, index: -1 });
          else if (kind === "f") this.setEntry(start + i, { at: -1, gen, index: -1 });
          else throw new Unsupported("xref entry");
        }
      }
      p.word();
      const trailer = p.value();
      if (!isDict(trailer)) throw new Unsupported("trailer");
      return trailer;
    }
    const stream = this.objectAt(at, -1);
    if (!isStream(stream) || (stream.dict.get("Type") as PdfName | undefined)?.name !== "XRef")
      throw new Unsupported("xref stream");
    const data = this.streamBytes(stream);
    const w = stream.dict.get("W");
    const size = stream.dict.get("Size");
    if (!Array.isArray(w) || w.length < 3 || typeof size !== "number") throw new Unsupported("xref W");
    const widths = w.map((x) => (typeof x === "number" ? x : -1));
    if (widths.some((x) => x < 0 || x > 8)) throw new Unsupported("xref W");
    const index = stream.dict.get("Index") ?? [0, size];
    if (!Array.isArray(index) || index.some((x) => typeof x !== "number"))
      throw new Unsupported("xref Index");
    const rowLength = widths[0]! + widths[1]! + widths[2]!;
    let pos = 0;
    const field = (width: number, fallback: number): number => {
      if (width === 0) return fallback;
      let v = 0;
      for (let k = 0; k < width; k++) v = v * 256 + data[pos++]!;
      return v;
    };
    for (let s = 0; s + 1 < index.length; s += 2) {
      const start = index[s] as number;
      const count = index[s + 1] as number;
      for (let i = 0; i < count; i++) {
        if (pos + rowLength > data.length) throw new Unsupported("xref stream short");
        const type = field(widths[0]!, 1);
        const f2 = field(widths[1]!, 0);
        const f3 = field(widths[2]!, 0);
        if (type === 1) this.setEntry(start + i, { at: f2, gen: f3, index: -1 });
        else if (type === 2) this.setEntry(start + i, { at: f2, gen: 0, index: f3 });
        else this.setEntry(start + i, { at: -1, gen: 0, index: -1 });
      }
    }
    return stream.dict;
  }

  /** The object `num gen obj` at a file offset (checked: a wrong offset is a broken xref). */
  private objectAt(at: number, num: number): PdfValue {
    const p = new ObjectParser(this.bytes, at);
    const n = p.int();
    p.int();
    if (p.word() !== "obj" || (num >= 0 && n !== num)) throw new Unsupported("object header");
    const value = p.value();
    if (!isDict(value) || p.peekWord() !== "stream") return value;
    p.word();
    // the data starts after the end of line that follows "stream"
    if (this.bytes[p.pos] === 0x0d) p.pos++;
    if (this.bytes[p.pos] === 0x0a) p.pos++;
    let length = value.get("Length");
    if (length instanceof PdfRef) length = this.get(length);
    if (typeof length !== "number" || length < 0 || p.pos + length > this.bytes.length)
      throw new Unsupported("stream length");
    const start = p.pos;
    p.pos += length;
    if (p.peekWord() !== "endstream") throw new Unsupported("stream end");
    return { dict: value, start, length, bytes: this.bytes };
  }

  /** An indirect object (a value that is no reference is itself). */
  get(v: PdfValue | undefined): PdfValue {
    if (!(v instanceof PdfRef)) return v ?? null;
    const known = this.cache.get(v.num);
    if (known !== undefined) return known;
    const entry = this.xref.get(v.num);
    let value: PdfValue = null;
    if (entry && entry.at >= 0) {
      value =
        entry.index < 0
          ? this.objectAt(entry.at, v.num)
          : this.fromObjectStream(entry.at, entry.index, v.num);
    }
    this.cache.set(v.num, value);
    return value;
  }

  private fromObjectStream(streamNum: number, index: number, num: number): PdfValue {
    let objStm = this.objectStreams.get(streamNum);
    if (!objStm) {
      const stream = this.get(new PdfRef(streamNum, 0));
      if (!isStream(stream)) throw new Unsupported("object stream");
      const n = stream.dict.get("N");
      const first = stream.dict.get("First");
      if (typeof n !== "number" || typeof first !== "number") throw new Unsupported("object stream header");
      const bytes = this.streamBytes(stream);
      const p = new ObjectParser(bytes, 0);
      const offsets = new Map<number, number>();
      for (let i = 0; i < n; i++) {
        const objNum = p.int();
        offsets.set(i, first + p.int());
        offsets.set(-1 - i, objNum);
      }
      objStm = { bytes, offsets };
      this.objectStreams.set(streamNum, objStm);
    }
    const at = objStm.offsets.get(index);
    if (at === undefined || objStm.offsets.get(-1 - index) !== num)
      throw new Unsupported("object stream index");
    return new ObjectParser(objStm.bytes, at).value();
  }

  /** A dictionary entry, its reference followed. */
  lookup(dict: PdfDict, key: string): PdfValue {
    return this.get(dict.get(key));
  }

  /**
   * A stream's decoded bytes (not kept: a page's content is read once): no filter, or FlateDecode with or
   * without a PNG predictor; anything else is Unsupported.
   */
  streamBytes(stream: PdfStream): Uint8Array {
    let raw = stream.bytes.subarray(stream.start, stream.start + stream.length);
    let filter = this.get(stream.dict.get("Filter") ?? stream.dict.get("F"));
    let parms = this.get(stream.dict.get("DecodeParms") ?? stream.dict.get("DP"));
    if (Array.isArray(filter)) {
      if (filter.length > 1) throw new Unsupported("filter chain");
      filter = this.get(filter[0]);
      parms = Array.isArray(parms) ? this.get(parms[0]) : parms;
    }
    if (filter !== null) {
      if (!(filter instanceof PdfName) || (filter.name !== "FlateDecode" && filter.name !== "Fl"))
        throw new Unsupported("filter");
      raw = inflateSync(raw, { maxOutputLength: MAX_DECODED });
      if (isDict(parms)) raw = unpredict(raw, parms, this);
    }
    return raw;
  }
}

function unpredict(data: Uint8Array, parms: PdfDict, objects: PdfObjects): Uint8Array {
  const num = (key: string, fallback: number) => {
    const v = objects.lookup(parms, key);
    return typeof v === "number" ? v : fallback;
  };
  const predictor = num("Predictor", 1);
  if (predictor <= 1) return data;
  const colors = num("Colors", 1);
  const bits = num("BitsPerComponent", 8);
  const columns = num("Columns", 1);
  if (predictor !== 12 && (predictor < 10 || bits !== 8)) throw new Unsupported("predictor");
  const bpp = Math.max(1, Math.ceil((colors * bits) / 8));
  const rowLength = Math.ceil((colors * bits * columns) / 8);
  if (predictor < 10) throw new Unsupported("TIFF predictor");
  const rows = Math.floor(data.length / (rowLength + 1));
  const out = new Uint8Array(rows * rowLength);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLength + 1)]!;
    const src = r * (rowLength + 1) + 1;
    const dst = r * rowLength;
    for (let i = 0; i < rowLength; i++) {
      const x = data[src + i]!;
      const left = i >= bpp ? out[dst + i - bpp]! : 0;
      const up = r > 0 ? out[dst - rowLength + i]! : 0;
      const upLeft = r > 0 && i >= bpp ? out[dst - rowLength + i - bpp]! : 0;
      let v: number;
      if (type === 0) v = x;
      else if (type === 1) v = x + left;
      else if (type === 2) v = x + up;
      else if (type === 3) v = x + ((left + up) >> 1);
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        v = x + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      } else throw new Unsupported("PNG filter type");
      out[dst + i] = v & 0xff;
    }
  }
  return out;
}
