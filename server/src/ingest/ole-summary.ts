import CFB from "cfb";

// [MS-OLEPS]: the "\u0005SummaryInformation" stream of a legacy Office file holds its document properties.
const PID_CODEPAGE = 0x01;
const PID_TITLE = 0x02;
const VT_I2 = 0x02;
const VT_LPSTR = 0x1e;
const VT_LPWSTR = 0x1f;

const CODEPAGES: Record<number, string> = {
  874: "windows-874",
  932: "shift_jis",
  936: "gbk",
  949: "euc-kr",
  950: "big5",
  1200: "utf-16le",
  1250: "windows-1250",
  1251: "windows-1251",
  1252: "windows-1252",
  1253: "windows-1253",
  1254: "windows-1254",
  1255: "windows-1255",
  1256: "windows-1256",
  1257: "windows-1257",
  1258: "windows-1258",
  10000: "macintosh",
  65001: "utf-8",
};

/** The Title property of a legacy Office file (DOC, PPT), or null when it has none or it cannot be read. */
export function oleTitle(cfb: CFB.CFB$Container): string | null {
  try {
    const entry = CFB.find(cfb, "\u0005SummaryInformation");
    if (!entry?.content) return null;
    return readTitle(Buffer.from(entry.content as Uint8Array));
  } catch {
    return null; // the properties are a nicety: a damaged stream never fails the parse
  }
}

function readTitle(buf: Buffer): string | null {
  if (buf.length < 48 || buf.readUInt16LE(0) !== 0xfffe) return null;
  const setOffset = buf.readUInt32LE(44); // first property set (FMTID_SummaryInformation)
  if (setOffset + 8 > buf.length) return null;
  const count = Math.min(buf.readUInt32LE(setOffset + 4), 256);
  let codepage = 1252;
  let title: { type: number; at: number } | null = null;
  for (let i = 0; i < count; i++) {
    const entry = setOffset + 8 + i * 8;
    if (entry + 8 > buf.length) break;
    const id = buf.readUInt32LE(entry);
    const at = setOffset + buf.readUInt32LE(entry + 4);
    if (at + 8 > buf.length) continue;
    const type = buf.readUInt16LE(at);
    if (id === PID_CODEPAGE && type === VT_I2) codepage = buf.readUInt16LE(at + 4);
    else if (id === PID_TITLE) title = { type, at };
  }
  if (!title) return null;
  const size = buf.readUInt32LE(title.at + 4);
  const start = title.at + 8;
  if (title.type === VT_LPWSTR) return clean(buf.subarray(start, start + size * 2).toString("utf16le"));
  if (title.type !== VT_LPSTR) return null;
  const bytes = buf.subarray(start, Math.min(buf.length, start + size));
  const label = CODEPAGES[codepage] ?? "windows-1252";
  try {
    return clean(new TextDecoder(label).decode(bytes));
  } catch {
    return clean(bytes.toString("latin1"));
  }
}

const clean = (s: string): string | null => s.replace(/\0[\s\S]*$/, "").trim() || null;
