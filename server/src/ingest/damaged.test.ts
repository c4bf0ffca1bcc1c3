import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { IngestError } from "./errors";
import { parseFile } from "./parse-file";
import { sniffFormat, zipEntryNames } from "./sniff";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const read = (name: string) => readFileSync(path.resolve(repoRoot, "../shared/fixtures/documents", name));

async function codeOf(data: Buffer, name: string): Promise<string> {
  try {
    await parseFile(data, name);
    return "parsed";
  } catch (err) {
    return err instanceof IngestError ? err.code : `unexpected ${String(err)}`;
  }
}

/** Offset of the first local header of an entry under `dir` (where a cut leaves no such entry seen). */
function firstEntryOffset(buf: Buffer, dir: string): number {
  const sig = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
  for (let p = buf.indexOf(sig); p >= 0; p = buf.indexOf(sig, p + 4)) {
    const name = buf.toString("utf8", p + 30, p + 30 + buf.readUInt16LE(p + 26));
    if (name.startsWith(dir)) return p;
  }
  throw new Error(`no ${dir} entry`);
}

describe("a file cut short is damaged (FILE_CORRUPT), not unsupported", () => {
  it.each([
    ["DOCX", "en-moby-dick-headings-lists.docx", "word/"],
    ["DOCX (Chinese)", "zh-study-notes-point-set-topology.docx", "word/"],
    ["PPTX", "en-sample-presentation-bullets.pptx", "ppt/"],
    ["PPTX (large)", "en-tutorial-apache-performance-tuning.pptx", "ppt/"],
  ])("%s cut at 10 points, its central directory lost", async (_kind, file, dir) => {
    const whole = read(file);
    for (let i = 1; i <= 9; i++) {
      const cut = whole.subarray(0, Math.floor((whole.length * i) / 10));
      expect([i, await codeOf(cut, file)]).toEqual([i, "FILE_CORRUPT"]);
    }
    // cut before any of its word/ or ppt/ parts: only [Content_Types].xml, _rels/ and docProps/ are seen
    const early = firstEntryOffset(whole, dir);
    for (const cut of [31, 200, early - 1, early + 10].filter((c) => c > 30)) {
      const head = whole.subarray(0, Math.min(cut, whole.length));
      if (cut < early) expect(zipEntryNames(head).some((n) => n.startsWith(dir))).toBe(false);
      expect([cut, await codeOf(head, file)]).toEqual([cut, "FILE_CORRUPT"]);
    }
  });

  it("the shared truncated DOCX fixture (POI bug 62886) is FILE_CORRUPT", async () => {
    expect(await codeOf(read("corrupt-truncated.docx"), "corrupt-truncated.docx")).toBe("FILE_CORRUPT");
  });

  it("DOCX and PPTX cut inside [Content_Types].xml-first packages are named by their content types", async () => {
    for (const [kind, mainPart] of [
      ["docx", "word/document.xml"],
      ["pptx", "ppt/presentation.xml"],
    ] as const) {
      const zip = new JSZip();
      const type =
        kind === "docx"
          ? "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"
          : "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml";
      zip.file(
        "[Content_Types].xml",
        `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${mainPart}" ContentType="${type}"/></Types>`,
      );
      zip.file("_rels/.rels", "<Relationships/>");
      zip.file(mainPart, "<x/>".repeat(4000));
      const whole = await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
      const cut = whole.subarray(0, firstEntryOffset(whole, mainPart.split("/")[0] + "/") - 1);
      expect(sniffFormat(cut)).toBe(kind);
      expect(await codeOf(cut, `x.${kind}`)).toBe("FILE_CORRUPT");
    }
  });

  it("a PDF cut mid-stream is FILE_CORRUPT (text, Chinese and scanned PDFs, 9 cuts each)", async () => {
    for (const file of [
      "en-paper-dense-passage-retrieval.pdf",
      "zh-lecture-notes-math-physics-methods.pdf",
      "en-scanned-agm-notice-image-only.pdf",
    ]) {
      const whole = read(file);
      for (let i = 1; i <= 9; i++) {
        const cut = whole.subarray(0, Math.floor((whole.length * i) / 10));
        expect([file, i, await codeOf(cut, file)]).toEqual([file, i, "FILE_CORRUPT"]);
      }
    }
  });

  it("still refuses what is not a Word or PowerPoint file: a spreadsheet, cut or whole, and a plain zip", async () => {
    const zip = new JSZip();
    zip.file(
      "[Content_Types].xml",
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    );
    zip.file("xl/workbook.xml", "<workbook/>".repeat(2000));
    const xlsx = await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
    expect(await codeOf(xlsx, "sheet.xlsx")).toBe("FILE_UNSUPPORTED");
    expect(await codeOf(xlsx.subarray(0, Math.floor(xlsx.length * 0.6)), "sheet.xlsx")).toBe(
      "FILE_UNSUPPORTED",
    );
    const plain = new JSZip();
    plain.file("photos/a.txt", "hello");
    const plainZip = await plain.generateAsync({ type: "nodebuffer" });
    expect(await codeOf(plainZip, "photos.zip")).toBe("FILE_UNSUPPORTED");
    expect(await codeOf(plainZip.subarray(0, 40), "photos.zip")).toBe("FILE_UNSUPPORTED");
  });
});
