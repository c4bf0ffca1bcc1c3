/**
 * MTEF, the binary equation format of MathType (v5, MathType 4 and later) and of Microsoft Equation
 * Editor 3 (v3; v2 from the Mac), read into a tree of lines, characters, templates, piles and matrices.
 * Described in Design Science's "MTEF binary equation format" pages (MTEF3, MTEF5).
 *
 * From version 5 a record is a type byte then an options byte; before it, one byte holds both (type in
 * the low nibble, options in the high one). Before version 5 a character is 8 bits from a Mac, 16 from
 * Windows. Every read is bounds-checked: a malformed equation throws MtefError, which the caller turns
 * into "not readable".
 */

export type MtefNode = MtefLine | MtefChar | MtefTemplate | MtefPile | MtefMatrix;

export interface MtefLine {
  kind: "line";
  items: MtefNode[];
}

export interface MtefChar {
  kind: "char";
  /** MTEF typeface: 1 text, 2 function, 3 variable, 4/5 Greek, 6 symbol, 7 vector, 8 number, 11 MT Extra, 22 expanding, 23 marker, 24 space. */
  typeface: number;
  code: number;
  /** True when `code` is a position in the typeface's 8-bit font (Symbol for Greek), not Unicode (MTCode). */
  fontCode: boolean;
  embellishments: number[];
  /** The character starts a function name (sin, cos…). */
  functionStart: boolean;
}

export interface MtefTemplate {
  kind: "tmpl";
  /** The selector in MTEF 5 numbering (version 3 selectors are translated). */
  selector: number;
  variation: number;
  /** Version 3 selectors that carry their own meaning, e.g. the arrow's direction; see `mtef-latex`. */
  v3Selector?: number;
  items: MtefNode[];
}

export interface MtefPile {
  kind: "pile";
  /** 1 left, 2 center, 3 right, 4 at relation, 5 at decimal point. */
  halign: number;
  lines: MtefNode[];
}

export interface MtefMatrix {
  kind: "matrix";
  rows: number;
  cols: number;
  cells: MtefNode[];
}

export interface MtefEquation {
  version: number;
  items: MtefNode[];
}

export class MtefError extends Error {}

const END = 0;
const LINE = 1;
const CHAR = 2;
const TMPL = 3;
const PILE = 4;
const MATRIX = 5;
const EMBELL = 6;
const RULER = 7;
/** FONT in version 3, FONT_STYLE_DEF in version 5. */
const FONT = 8;
const SIZE = 9;
const SUBSYM = 14;
const COLOR = 15;
const COLOR_DEF = 16;
const FONT_DEF = 17;
const EQN_PREFS = 18;
const ENCODING_DEF = 19;
const FUTURE = 100;

const OPT_NUDGE = 0x08;
const OPT_LINE_NULL = 0x01;
const OPT_LINE_LSPACE = 0x04;
const OPT_LP_RULER = 0x02;
/** Version 5 CHAR options. */
const OPT_CHAR_EMBELL = 0x01;
const OPT_CHAR_FUNC_START = 0x02;
const OPT_CHAR_ENC_CHAR_8 = 0x04;
const OPT_CHAR_ENC_CHAR_16 = 0x10;
const OPT_CHAR_ENC_NO_MTCODE = 0x20;
/** Version 3 CHAR option (the tag's high nibble): an embellishment list follows. */
const XF_EMBELL = 0x02;

/** Deeper nesting than any written equation has; a hostile file cannot recurse past it. */
const MAX_DEPTH = 48;

/** Version 3 template selectors → version 5 selector (and the v3 one where the variation alone does not tell). */
// prettier-ignore
const V3_SELECTORS: number[] = [
  0, 1, 2, 3, 4, 5, 6, 7, // fences
  9, 9, 9, 9, 9, // intervals
  10, 11, 27, 12, 13, // root, fraction, scripts (variation tells which), underbar, overbar
  14, 14, 14, // arrows
  15, 15, 15, 15, 15, 15, // integrals: 1, 2, 3 signs; then the same with limits under and over
  24, 24, // horizontal braces, top and bottom
  16, 16, 17, 17, 18, 18, 19, 19, 20, 20, // sum, product, coproduct, union, intersection (limits under, at the side)
  23, 26, 11, 21, 22, 27, 30, 31, 31, 37, // limit, long division, slash fraction, big operators, left scripts, bra-ket, vectors, box
];

class Reader {
  pos = 0;
  constructor(
    private readonly buf: Uint8Array,
    readonly version: number,
    /** Before version 5: a Windows character is 16 bits, a Mac one 8. */
    readonly wideChars: boolean,
    /** Before version 5: an EMBELL record's embellishments run up to a 0 byte (see readMtef). */
    readonly embellRuns: boolean,
  ) {}

  /** Nothing but zero bytes after the reader. */
  restIsPadding(): boolean {
    for (let i = this.pos; i < this.buf.length; i++) if (this.buf[i] !== 0) return false;
    return true;
  }

  get atEnd(): boolean {
    return this.pos >= this.buf.length;
  }

  u8(): number {
    if (this.pos >= this.buf.length) throw new MtefError("truncated");
    return this.buf[this.pos++]!;
  }

  u16(): number {
    const lo = this.u8();
    return lo | (this.u8() << 8);
  }

  peek(): number {
    if (this.pos >= this.buf.length) throw new MtefError("truncated");
    return this.buf[this.pos]!;
  }

  skip(n: number): void {
    if (n < 0 || this.pos + n > this.buf.length) throw new MtefError("truncated");
    this.pos += n;
  }

  /** MTEF 5's unsigned integer: one byte, or 255 then 16 bits. */
  uint(): number {
    const first = this.u8();
    return first === 0xff ? this.u16() : first;
  }

  zstring(): void {
    while (this.u8() !== 0);
  }

  /** The record type at the reader, and its options (the high nibble before version 5). */
  tag(): { type: number; options: number } {
    const byte = this.u8();
    if (this.version >= 5) return { type: byte, options: 0 };
    return { type: byte & 0x0f, options: byte >> 4 };
  }

  /** A structure record's options: their own byte from version 5, else those of the tag. */
  options(tagOptions: number): number {
    return this.version >= 5 ? this.u8() : tagOptions;
  }

  nudge(options: number): void {
    if (!(options & OPT_NUDGE)) return;
    const dx = this.u8();
    const dy = this.u8();
    if (dx === 128 && dy === 128) this.skip(4);
  }
}

/**
 * The equation tree of an MTEF byte stream (header first); throws MtefError when it is not one.
 *
 * Before version 5, writers differ on an EMBELL record: the format's description gives it one
 * embellishment, LibreOffice (which writes Equation Editor 3 objects when it saves a .doc) ends it with
 * a 0 byte. Read one way, the other's equation ends early with bytes left over: the reading that
 * leaves none is the one taken.
 */
export function readMtef(bytes: Uint8Array): MtefEquation {
  let first: ReturnType<typeof readWith> | undefined;
  let failure: unknown;
  try {
    first = readWith(bytes, false);
    if (first.version >= 5 || first.complete) return first;
  } catch (err) {
    failure = err;
  }
  try {
    const second = readWith(bytes, true);
    if (second.complete || !first) return second;
  } catch {
    // the first reading stands
  }
  if (first) return first;
  throw failure;
}

function readWith(bytes: Uint8Array, embellRuns: boolean): MtefEquation & { complete: boolean } {
  if (bytes.length < 6) throw new MtefError("too short");
  const version = bytes[0]!;
  if (version < 2 || version > 5) throw new MtefError(`MTEF version ${version}`);
  const platform = bytes[1]!;
  const reader = new Reader(bytes, version, version < 5 && platform === 1, embellRuns);
  reader.skip(5);
  if (version === 5) {
    reader.zstring(); // application key
    reader.u8(); // equation options (inline or display: unreliable, the document decides)
  }
  const items = objectList(reader, 0);
  return { version, items, complete: reader.restIsPadding() };
}

/** Records up to the END that closes the list (or the end of the stream, for the top level). */
function objectList(r: Reader, depth: number): MtefNode[] {
  if (depth > MAX_DEPTH) throw new MtefError("nested too deep");
  const items: MtefNode[] = [];
  while (!(depth === 0 && r.atEnd)) {
    const { type, options: tagOptions } = r.tag();
    if (type === END) return items;
    const node = record(r, type, tagOptions, depth);
    if (node) items.push(node);
  }
  return items;
}

function record(r: Reader, type: number, tagOptions: number, depth: number): MtefNode | undefined {
  switch (type) {
    case LINE: {
      const options = r.options(tagOptions);
      r.nudge(options);
      if (options & OPT_LINE_LSPACE) r.u16();
      if (options & OPT_LP_RULER) ruler(r);
      return { kind: "line", items: options & OPT_LINE_NULL ? [] : objectList(r, depth + 1) };
    }
    case CHAR:
      return character(r, r.options(tagOptions));
    case TMPL: {
      const options = r.options(tagOptions);
      r.nudge(options);
      const selector = r.u8();
      let variation = r.u8();
      if (r.version >= 5 && variation & 0x80) variation = (variation & 0x7f) | (r.u8() << 8);
      r.u8(); // template-specific options
      const items = objectList(r, depth + 1);
      if (r.version >= 5) return { kind: "tmpl", selector, variation, items };
      const v5 = V3_SELECTORS[selector];
      if (v5 === undefined) throw new MtefError(`template ${selector}`);
      return { kind: "tmpl", selector: v5, variation, v3Selector: selector, items };
    }
    case PILE: {
      const options = r.options(tagOptions);
      r.nudge(options);
      const halign = r.u8();
      r.u8(); // vertical alignment
      if (options & OPT_LP_RULER) ruler(r);
      return { kind: "pile", halign, lines: objectList(r, depth + 1) };
    }
    case MATRIX: {
      const options = r.options(tagOptions);
      r.nudge(options);
      r.skip(3); // vertical alignment, horizontal and vertical justification
      const rows = r.u8();
      const cols = r.u8();
      // partition lines: rows+1 and cols+1 two-bit values
      r.skip(((rows + 1) * 2 + 7) >> 3);
      r.skip(((cols + 1) * 2 + 7) >> 3);
      return { kind: "matrix", rows, cols, cells: objectList(r, depth + 1) };
    }
    case EMBELL: {
      // outside a character's list an embellishment has nothing to dress
      const options = r.options(tagOptions);
      r.nudge(options);
      r.u8();
      return undefined;
    }
    case RULER:
      rulerBody(r);
      return undefined;
    case FONT:
      if (r.version >= 5) {
        r.uint();
        r.u8();
      } else {
        r.skip(2);
        r.zstring();
      }
      return undefined;
    case SIZE:
      size(r);
      return undefined;
    default:
      if (type > SIZE && type <= SUBSYM) return undefined; // FULL, SUB, SUB2, SYM, SUBSYM: no data
      if (r.version < 5) throw new MtefError(`record ${type}`);
      definition(r, type);
      return undefined;
  }
}

function character(r: Reader, options: number): MtefChar {
  r.nudge(options);
  const typeface = r.u8() - 128;
  let code = 0;
  let fontCode = false;
  let embellished: boolean;
  let functionStart: boolean;
  if (r.version >= 5) {
    if (!(options & OPT_CHAR_ENC_NO_MTCODE)) code = r.u16();
    if (options & OPT_CHAR_ENC_CHAR_8) {
      const font = r.u8();
      if (options & OPT_CHAR_ENC_NO_MTCODE) [code, fontCode] = [font, true];
    }
    if (options & OPT_CHAR_ENC_CHAR_16) {
      const font = r.u16();
      if (options & OPT_CHAR_ENC_NO_MTCODE) [code, fontCode] = [font, true];
    }
    embellished = (options & OPT_CHAR_EMBELL) !== 0;
    functionStart = (options & OPT_CHAR_FUNC_START) !== 0;
  } else {
    code = r.wideChars ? r.u16() : r.u8();
    // an 8-bit character is a position in its typeface's font (Symbol for Greek and symbols)
    fontCode = !r.wideChars;
    embellished = (options & XF_EMBELL) !== 0;
    functionStart = false; // version 3 marks every character of a recognised function name alike
  }
  const embellishments: number[] = [];
  if (embellished) {
    for (;;) {
      const { type, options: tagOptions } = r.tag();
      if (type === END) break;
      if (type !== EMBELL) throw new MtefError(`record ${type} in an embellishment list`);
      const embellOptions = r.options(tagOptions);
      r.nudge(embellOptions);
      embellishments.push(r.u8());
      if (r.embellRuns && r.version < 5) for (let e = r.u8(); e !== 0; e = r.u8()) embellishments.push(e);
      if (embellishments.length > 16) throw new MtefError("embellishment list");
    }
  }
  return { kind: "char", typeface, code, fontCode, embellishments, functionStart };
}

/** A RULER record after a LINE or PILE (its tag is sometimes left out). */
function ruler(r: Reader): void {
  if ((r.peek() & (r.version >= 5 ? 0xff : 0x0f)) === RULER) r.u8();
  rulerBody(r);
}

function rulerBody(r: Reader): void {
  const stops = r.u8();
  r.skip(stops * 3);
}

function size(r: Reader): void {
  const first = r.u8();
  if (first === 101) r.skip(2);
  else if (first === 100) r.skip(3);
  else r.u8();
}

/** Version 5 definition records (colours, fonts, preferences): read past. */
function definition(r: Reader, type: number): void {
  switch (type) {
    case COLOR:
      r.uint();
      return;
    case COLOR_DEF: {
      const options = r.u8();
      r.skip(options & 0x01 ? 8 : 6);
      if (options & 0x04) r.zstring();
      return;
    }
    case FONT_DEF:
      r.uint();
      r.zstring();
      return;
    case EQN_PREFS: {
      r.u8();
      nibbleDimensions(r, r.u8());
      nibbleDimensions(r, r.u8());
      const styles = r.u8();
      for (let i = 0; i < styles; i++) if (r.u8() !== 0) r.u8();
      return;
    }
    case ENCODING_DEF:
      r.zstring();
      return;
    default:
      if (type < FUTURE) throw new MtefError(`record ${type}`);
      r.skip(r.uint());
  }
}

/** EQN_PREFS dimensions: `count` values in nibbles, each a unit nibble then digits up to the 0xF nibble. */
function nibbleDimensions(r: Reader, count: number): void {
  let done = 0;
  let high = true;
  let byte = 0;
  while (done < count) {
    if (high) byte = r.u8();
    const nibble = high ? byte >> 4 : byte & 0x0f;
    high = !high;
    if (nibble === 0x0f) done++;
  }
}
