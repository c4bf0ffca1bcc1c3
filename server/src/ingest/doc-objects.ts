/**
 * The embedded objects of a legacy Word file, in the order of the text, with the LaTeX of the equations.
 *
 * A .doc keeps its OLE objects in its own compound file, `ObjectPool/_<ObjID>`. In the text an object is
 * an `EMBED` field; the character properties of the field's separator (0x14) mark it as an OLE object
 * (sprmCFOle2) and hold the ObjID (sprmCPicLocation). Word puts the same on the result's anchor character
 * (0x01), LibreOffice only on the separator, which is why the separator is read. Those properties are found through the FIB's PlcBteChpx (in the table
 * stream) → the CHPX pages (FKPs, 512 bytes in the WordDocument stream), which give them by file offset;
 * the piece table (CLX) turns a file offset into a character position, which orders the anchors as the
 * text has them. ([MS-DOC] 2.5 FIB, 2.8.6 PlcBteChpx, 2.9.40 ChpxFkp, 2.9.38 Clx.)
 */
import CFB from "cfb";
import { hasStorage, isEquation, latexOfEquationStorage } from "./equation-object";

/** One embedded object of the text: whether it is an equation, and its LaTeX (undefined when unreadable). */
export interface DocObject {
  equation: boolean;
  latex?: string;
}

/** The objects of the main text and of the footnotes, each in text order. */
export interface DocObjects {
  body: DocObject[];
  footnotes: DocObject[];
}

const SPRM_PIC_LOCATION = 0x6a03;
const SPRM_F_OLE2 = 0x080a;
const FIELD_SEPARATOR = 0x14;
const FKP_SIZE = 512;
/** More anchors than any document has: a hostile file's tables are not followed further. */
const MAX_RUNS = 200_000;

/** The embedded objects of a .doc, or undefined when its tables cannot be read. */
export function docObjects(data: Buffer): DocObjects | undefined {
  try {
    const cfb = CFB.read(data, { type: "buffer" });
    const word = streamOf(cfb, "WordDocument");
    if (!word || word.length < 0x200 || word.readUInt16LE(0) !== 0xa5ec) return undefined;
    const fib = readFib(word);
    const table = streamOf(cfb, fib.tableStream);
    if (!table) return undefined;
    const pieces = readPieces(table, fib.fcClx, fib.lcbClx);
    const anchors: { cp: number; objId: number }[] = [];
    for (const run of picLocations(word, table, fib.fcPlcfBteChpx, fib.lcbPlcfBteChpx)) {
      const at = charAt(pieces, word, run.fc);
      if (at?.char !== FIELD_SEPARATOR) continue;
      anchors.push({ cp: at.cp, objId: run.objId });
    }
    anchors.sort((a, b) => a.cp - b.cp);
    // a picture's anchor gives a place in the Data stream, which names no storage of the ObjectPool
    const read = new Map<number, DocObject | undefined>();
    const object = (objId: number): DocObject | undefined => {
      if (read.has(objId)) return read.get(objId);
      const storage = `ObjectPool/_${objId}`;
      let found: DocObject | undefined;
      if (hasStorage(cfb, storage))
        found = isEquation(cfb, storage)
          ? { equation: true, latex: latexOfEquationStorage(cfb, storage) }
          : { equation: false };
      read.set(objId, found);
      return found;
    };
    const body: DocObject[] = [];
    const footnotes: DocObject[] = [];
    for (const a of anchors) {
      const list = a.cp < fib.ccpText ? body : a.cp < fib.ccpText + fib.ccpFtn ? footnotes : undefined;
      const found = list && object(a.objId);
      if (found) list.push(found);
    }
    return { body, footnotes };
  } catch {
    return undefined;
  }
}

function streamOf(cfb: CFB.CFB$Container, name: string): Buffer | undefined {
  const entry = CFB.find(cfb, name);
  return entry?.content ? Buffer.from(entry.content as Uint8Array) : undefined;
}

interface Fib {
  tableStream: string;
  ccpText: number;
  ccpFtn: number;
  fcPlcfBteChpx: number;
  lcbPlcfBteChpx: number;
  fcClx: number;
  lcbClx: number;
}

function readFib(word: Buffer): Fib {
  const tableStream = word.readUInt16LE(0x0a) & 0x0200 ? "1Table" : "0Table";
  let pos = 0x20;
  const csw = word.readUInt16LE(pos);
  pos += 2 + csw * 2;
  const cslw = word.readUInt16LE(pos);
  pos += 2;
  const rgLw = pos;
  pos += cslw * 4;
  pos += 2; // cbRgFcLcb
  const pair = (index: number) => [
    word.readUInt32LE(pos + index * 8),
    word.readUInt32LE(pos + index * 8 + 4),
  ];
  const [fcPlcfBteChpx, lcbPlcfBteChpx] = pair(12);
  const [fcClx, lcbClx] = pair(33);
  return {
    tableStream,
    ccpText: word.readInt32LE(rgLw + 12),
    ccpFtn: word.readInt32LE(rgLw + 16),
    fcPlcfBteChpx: fcPlcfBteChpx!,
    lcbPlcfBteChpx: lcbPlcfBteChpx!,
    fcClx: fcClx!,
    lcbClx: lcbClx!,
  };
}

interface Piece {
  cpStart: number;
  cpEnd: number;
  fc: number;
  /** 1 for a compressed (8-bit) piece, 2 for UTF-16. */
  width: number;
}

/** The piece table: which file offsets hold which character positions, in the order of their offsets. */
function readPieces(table: Buffer, fcClx: number, lcbClx: number): Piece[] {
  let pos = fcClx;
  const end = Math.min(table.length, fcClx + lcbClx);
  while (pos < end && table[pos] === 0x01) pos += 3 + table.readUInt16LE(pos + 1); // Prc: property modifiers
  if (pos >= end || table[pos] !== 0x02) return [];
  const lcb = table.readUInt32LE(pos + 1);
  const plc = pos + 5;
  if (plc + lcb > table.length) return [];
  const n = Math.floor((lcb - 4) / 12);
  const pieces: Piece[] = [];
  for (let i = 0; i < n; i++) {
    const raw = table.readUInt32LE(plc + (n + 1) * 4 + i * 8 + 2);
    const compressed = (raw & 0x40000000) !== 0;
    pieces.push({
      cpStart: table.readUInt32LE(plc + i * 4),
      cpEnd: table.readUInt32LE(plc + (i + 1) * 4),
      fc: compressed ? (raw & 0x3fffffff) / 2 : raw,
      width: compressed ? 1 : 2,
    });
  }
  return pieces.sort((a, b) => a.fc - b.fc);
}

/** The character at a file offset and its character position, when a piece holds that offset (pieces by `fc`). */
function charAt(pieces: Piece[], word: Buffer, fc: number): { cp: number; char: number } | undefined {
  let lo = 0;
  let hi = pieces.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pieces[mid]!.fc <= fc) lo = mid;
    else hi = mid - 1;
  }
  const p = pieces[lo];
  if (!p || fc < p.fc || fc >= p.fc + (p.cpEnd - p.cpStart) * p.width || (fc - p.fc) % p.width !== 0)
    return undefined;
  if (fc + p.width > word.length) return undefined;
  const char = p.width === 1 ? word[fc]! : word.readUInt16LE(fc);
  return { cp: p.cpStart + (fc - p.fc) / p.width, char };
}

/** Each run of characters whose properties mark an OLE object and give its ObjID: the run's first file offset. */
function* picLocations(
  word: Buffer,
  table: Buffer,
  fc: number,
  lcb: number,
): Generator<{ fc: number; objId: number }> {
  if (lcb < 12 || fc + lcb > table.length) return;
  const n = Math.floor((lcb - 4) / 8);
  let runs = 0;
  for (let i = 0; i < n; i++) {
    const pn = table.readUInt32LE(fc + (n + 1) * 4 + i * 4) & 0x3fffff;
    const page = pn * FKP_SIZE;
    if (page + FKP_SIZE > word.length) continue;
    const crun = word[page + FKP_SIZE - 1]!;
    if ((crun + 1) * 4 + crun > FKP_SIZE - 1) continue;
    for (let r = 0; r < crun; r++) {
      if (++runs > MAX_RUNS) return;
      const offset = word[page + (crun + 1) * 4 + r]! * 2;
      if (offset === 0) continue;
      const objId = oleObjectId(word, page + offset, page + FKP_SIZE);
      if (objId !== undefined) yield { fc: word.readUInt32LE(page + r * 4), objId };
    }
  }
}

/** The ObjID of the Chpx at `at` (a byte count, then the sprms) when it marks an OLE object. */
function oleObjectId(word: Buffer, at: number, limit: number): number | undefined {
  const cb = word[at]!;
  let pos = at + 1;
  const end = Math.min(limit, pos + cb);
  let ole = false;
  let location: number | undefined;
  while (pos + 2 <= end) {
    const sprm = word.readUInt16LE(pos);
    pos += 2;
    const size = operandSize(sprm, word, pos);
    if (sprm === SPRM_PIC_LOCATION && pos + 4 <= end) location = word.readUInt32LE(pos);
    if (sprm === SPRM_F_OLE2 && pos < end) ole = word[pos] === 1;
    pos += size;
  }
  return ole ? location : undefined;
}

/** A sprm's operand length, by its spra bits ([MS-DOC] 2.2.5.1); variable ones start with their length. */
function operandSize(sprm: number, buf: Buffer, pos: number): number {
  switch (sprm >> 13) {
    case 0:
    case 1:
      return 1;
    case 2:
    case 4:
    case 5:
      return 2;
    case 3:
      return 4;
    case 7:
      return 3;
    default:
      return pos < buf.length ? 1 + buf[pos]! : 1;
  }
}
