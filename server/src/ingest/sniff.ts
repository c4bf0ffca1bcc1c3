import { inflateRawSync } from "node:zlib";
import CFB from "cfb";
import type { FileFormat } from "@beannote/contract";
import { IngestError } from "./errors";

const PDF_MAGIC = Buffer.from("%PDF-");
const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_EOCD = 0x06054b50;
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * Decide the real format of a file from its bytes, never its name.
 * Throws FILE_EMPTY, FILE_UNSUPPORTED, FILE_ENCRYPTED (encrypted OOXML inside a CFB container)
 * or FILE_CORRUPT (a CFB container that cannot be read).
 */
export function sniffFormat(buf: Buffer): FileFormat {
  if (buf.length === 0) throw new IngestError("FILE_EMPTY");
  // PDF readers accept up to 1 KiB of junk before the header.
  const pdfAt = buf.subarray(0, 1024 + PDF_MAGIC.length).indexOf(PDF_MAGIC);
  if (pdfAt >= 0) return "pdf";
  if (buf.length >= 4 && buf.readUInt32LE(0) === ZIP_LOCAL) return sniffZip(buf);
  if (buf.length >= 8 && buf.subarray(0, 8).equals(CFB_MAGIC)) return sniffCfb(buf);
  if (buf.every((b) => b === 0 || b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09)) {
    throw new IngestError("FILE_EMPTY", "only blank bytes");
  }
  throw new IngestError("FILE_UNSUPPORTED");
}

/**
 * A zip is a Word or PowerPoint file when it has word/ or ppt/ parts. A package cut short (its central
 * directory lost) is still named by what its local headers show: those parts, else its content types
 * ([Content_Types].xml comes first in the files Office writes). Parsing it then fails with FILE_CORRUPT:
 * a damaged Word file is damaged, not unsupported.
 */
function sniffZip(buf: Buffer): FileFormat {
  const { names, complete } = zipEntries(buf);
  let word = false;
  let ppt = false;
  for (const n of names) {
    if (n.startsWith("word/")) word = true;
    else if (n.startsWith("ppt/")) ppt = true;
  }
  if (word) return "docx";
  if (ppt) return "pptx";
  const types = contentTypesKind(buf);
  if (types === "docx" || types === "pptx") return types;
  const ooxml = (n: string, i: number) =>
    OOXML_PART.test(n) ||
    (i === names.length - 1 && n.length > 0 && OOXML_NAMES.some((full) => full.startsWith(n)));
  if (!complete && types === null && names.some(ooxml))
    throw new IngestError("FILE_CORRUPT", "office package cut short before its parts are named");
  throw new IngestError("FILE_UNSUPPORTED", "zip without word/ or ppt/ entries");
}

/** Parts every Office Open XML package has, whatever its kind. */
const OOXML_PART = /^(?:\[Content_Types\]\.xml|_rels\/\.rels|docProps\/)/;
/** The same, to recognise a name the cut went through. */
const OOXML_NAMES = ["[Content_Types].xml", "_rels/.rels", "docProps/", "word/", "ppt/"];

const WORD_TYPES =
  /wordprocessingml\.(?:document|template)\.main\+xml|ms-word\.(?:document|template)\.macroEnabled|PartName="\/word\//;
const SLIDE_TYPES =
  /presentationml\.(?:presentation|slideshow|template)\.main\+xml|ms-powerpoint\.(?:presentation|slideshow|template)\.macroEnabled|PartName="\/ppt\//;

/**
 * What [Content_Types].xml says the package is, read from its local header (so also in a truncated zip):
 * "docx", "pptx", "other" (a spreadsheet, …) or null when the part is missing or unreadable.
 */
function contentTypesKind(buf: Buffer): "docx" | "pptx" | "other" | null {
  const sig = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
  for (let p = buf.indexOf(sig), seen = 0; p >= 0 && p + 30 <= buf.length && seen < 50; seen++) {
    const method = buf.readUInt16LE(p + 8);
    const compressed = buf.readUInt32LE(p + 18);
    const nameLen = buf.readUInt16LE(p + 26);
    const extraLen = buf.readUInt16LE(p + 28);
    const name = buf.toString("utf8", p + 30, Math.min(buf.length, p + 30 + nameLen));
    const start = p + 30 + nameLen + extraLen;
    if (name === "[Content_Types].xml" && start < buf.length) {
      // sizes may be deferred to a data descriptor (0 here): read what there is, at most 256 KiB
      const end = Math.min(buf.length, start + (compressed > 0 ? compressed : 256 * 1024));
      let text: string;
      try {
        const data = buf.subarray(start, end);
        text = (
          method === 0
            ? data
            : method === 8
              ? inflateRawSync(data, {
                  finishFlush: 2 /* Z_SYNC_FLUSH: a cut stream gives what it has */,
                  maxOutputLength: 1 << 20,
                })
              : Buffer.alloc(0)
        ).toString("utf8");
      } catch {
        return null;
      }
      if (WORD_TYPES.test(text)) return "docx";
      if (SLIDE_TYPES.test(text)) return "pptx";
      return /<Types\b/.test(text) && /<\/Types>/.test(text) ? "other" : null;
    }
    p = buf.indexOf(sig, start);
  }
  return null;
}

function sniffCfb(buf: Buffer): FileFormat {
  let names: string[];
  try {
    const container = CFB.read(buf, { type: "buffer" });
    names = container.FileIndex.map((e) => e.name);
  } catch (err) {
    throw new IngestError("FILE_CORRUPT", `cfb: ${String(err)}`);
  }
  if (names.includes("EncryptedPackage") || names.includes("EncryptionInfo")) {
    throw new IngestError("FILE_ENCRYPTED", "encrypted OOXML package");
  }
  if (names.includes("WordDocument")) return "doc";
  if (names.includes("PowerPoint Document")) return "ppt";
  throw new IngestError("FILE_UNSUPPORTED", "CFB without WordDocument or PowerPoint Document stream");
}

/**
 * Entry names of a zip, from the central directory; when that is missing (a truncated zip),
 * from the local file headers so that the format can still be named (parsing then fails).
 */
export function zipEntryNames(buf: Buffer, max = 10_000): string[] {
  return zipEntries(buf, max).names;
}

/** Entry names, and whether they come from a complete central directory. */
function zipEntries(buf: Buffer, max = 10_000): { names: string[]; complete: boolean } {
  const names: string[] = [];
  const eocd = findEocd(buf);
  if (eocd >= 0) {
    const count = buf.readUInt16LE(eocd + 10);
    let p = buf.readUInt32LE(eocd + 16);
    for (let i = 0; i < count && i < max && p + 46 <= buf.length; i++) {
      if (buf.readUInt32LE(p) !== ZIP_CENTRAL) break;
      const nameLen = buf.readUInt16LE(p + 28);
      const extraLen = buf.readUInt16LE(p + 30);
      const commentLen = buf.readUInt16LE(p + 32);
      names.push(buf.toString("utf8", p + 46, Math.min(buf.length, p + 46 + nameLen)));
      p += 46 + nameLen + extraLen + commentLen;
    }
    if (names.length > 0) return { names, complete: true };
  }
  const sig = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
  let p = buf.indexOf(sig);
  while (p >= 0 && p + 30 <= buf.length && names.length < max) {
    const nameLen = buf.readUInt16LE(p + 26);
    names.push(buf.toString("utf8", p + 30, Math.min(buf.length, p + 30 + nameLen)));
    p = buf.indexOf(sig, p + 30 + nameLen);
  }
  return { names, complete: false };
}

function findEocd(buf: Buffer): number {
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let p = buf.length - 22; p >= stop; p--) {
    if (buf.readUInt32LE(p) === ZIP_EOCD) return p;
  }
  return -1;
}
