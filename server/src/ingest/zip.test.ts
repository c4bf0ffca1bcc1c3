import { crc32, deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { IngestError } from "./errors";
import { parseFile } from "./parse-file";
import { DEFAULT_ZIP_LIMITS, inflateBudget, openSafeZip } from "./zip";

const MiB = 1024 * 1024;
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** A zip of DEFLATE entries, written here with zlib (JSZip's JS deflate takes seconds for 100 MiB). */
export function zipOf(entries: Record<string, string | Buffer>): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const packed = deflateRawSync(data, { level: 9 });
    const nameBytes = Buffer.from(name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8); // deflate
    head.writeUInt32LE(crc32(data), 14);
    head.writeUInt32LE(packed.length, 18);
    head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(nameBytes.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc32(data), 16);
    dir.writeUInt32LE(packed.length, 20);
    dir.writeUInt32LE(data.length, 24);
    dir.writeUInt16LE(nameBytes.length, 28);
    dir.writeUInt32LE(offset, 42);
    local.push(head, nameBytes, packed);
    central.push(dir, nameBytes);
    offset += head.length + nameBytes.length + packed.length;
  }
  const centralBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, centralBytes, end]);
}

/** A minimal DOCX whose document.xml holds `text` in one run. */
function docx(text: string): Buffer {
  return zipOf({
    "[Content_Types].xml":
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    "_rels/.rels":
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    "word/document.xml": `<?xml version="1.0"?><w:document ${W}><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
  });
}

async function codeOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return "resolved";
  } catch (error) {
    return error instanceof IngestError ? error.code : `unexpected ${String(error)}`;
  }
}

describe("the inflated-size budget of a zip is proportional to its size", () => {
  it("refuses a ~100 KB DOCX whose one part inflates to just under the per-entry cap, before inflating it", async () => {
    // 100 MiB minus the XML around the text: the part declares less than the per-entry cap (100 MiB),
    // and the package less than the old total cap (200 MiB)
    const bomb = docx("a".repeat(DEFAULT_ZIP_LIMITS.maxEntryBytes - 400));
    expect(bomb.length).toBeLessThan(MiB);
    expect(await codeOf(openSafeZip(bomb))).toBe("FILE_CORRUPT");
    expect(await codeOf(parseFile(bomb, "bomb.docx"))).toBe("FILE_CORRUPT");
  }, 120_000);

  it("still reads an honest document: a small one up to the floor, a large one up to 50× its size", async () => {
    const prose = Array.from({ length: 40_000 }, (_, i) => `word${(i * 7919) % 10007}`).join(" ");
    const small = docx(prose);
    expect((await parseFile(small, "small.docx")).sections.length).toBeGreaterThan(0);
    expect(inflateBudget(small.length)).toBe(24 * MiB);
    expect(inflateBudget(3 * MiB)).toBe(150 * MiB);
    expect(inflateBudget(100 * MiB)).toBe(DEFAULT_ZIP_LIMITS.maxTotalBytes);
  });

  it("a part inflating past the budget while its header lies about its size is cut off (FILE_CORRUPT)", async () => {
    const bomb = docx("b".repeat(40 * MiB));
    // lower the declared sizes (local header and central directory) of document.xml to 1 KB
    const lying = Buffer.from(bomb);
    for (const [sig, at] of [
      [0x04034b50, 22],
      [0x02014b50, 24],
    ] as const) {
      for (let p = 0; p + 4 <= lying.length; p++) {
        if (lying.readUInt32LE(p) !== sig) continue;
        const nameAt = sig === 0x04034b50 ? 30 : 46;
        const name = lying.toString(
          "utf8",
          p + nameAt,
          p + nameAt + lying.readUInt16LE(p + 26 + (sig === 0x04034b50 ? 0 : 2)),
        );
        if (name === "word/document.xml") lying.writeUInt32LE(1024, p + at);
      }
    }
    const zip = await openSafeZip(lying);
    expect(await codeOf(zip.read("word/document.xml"))).toBe("FILE_CORRUPT");
  });
});
