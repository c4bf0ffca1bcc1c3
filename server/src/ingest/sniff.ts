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

function sniffZip(buf: Buffer): FileFormat {
  const names = zipEntryNames(buf);
  let word = false;
  let ppt = false;
  for (const n of names) {
    if (n.startsWith("word/")) word = true;
    else if (n.startsWith("ppt/")) ppt = true;
  }
  if (word) return "docx";
  if (ppt) return "pptx";
  throw new IngestError("FILE_UNSUPPORTED", "zip without word/ or ppt/ entries");
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
    if (names.length > 0) return names;
  }
  const sig = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
  let p = buf.indexOf(sig);
  while (p >= 0 && p + 30 <= buf.length && names.length < max) {
    const nameLen = buf.readUInt16LE(p + 26);
    names.push(buf.toString("utf8", p + 30, Math.min(buf.length, p + 30 + nameLen)));
    p = buf.indexOf(sig, p + 30 + nameLen);
  }
  return names;
}

function findEocd(buf: Buffer): number {
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let p = buf.length - 22; p >= stop; p--) {
    if (buf.readUInt32LE(p) === ZIP_EOCD) return p;
  }
  return -1;
}
