import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { fixture, imageOnlyPdf, textOfPage, type ImagePage } from "../../../test/ocr-pdfs";
import { createParserPool } from "../parser-pool";
import { characterErrorRate } from "./cer";
import { chooseOcrLanguages } from "./languages";
import { createOcr } from "./ocr";

/** Lines of a Chinese document with English words, as a student's formatting demo has them. */
const MIXED = [
  "格式测试文档",
  "无序列表项 1：bold 粗体文本",
  "无序列表项 2：italic 斜体文本",
  "有序列表项 3：underline 下划线文本",
  "这是一个段落，包含 English words 和中文混排。",
  "表格 Table 1：学生成绩 Student scores",
];

/** The lines printed on a white page at 200 dpi in Noto Sans CJK (a clean scan). */
async function mixedPage(): Promise<ImagePage> {
  const lineHeight = 70;
  const texts = MIXED.map(
    (line, i) =>
      `<text x="60" y="${110 + i * lineHeight}" font-family="Noto Sans CJK SC" font-size="40">${line}</text>`,
  ).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="${MIXED.length * lineHeight + 160}"><rect width="100%" height="100%" fill="white"/>${texts}</svg>`;
  return { png: await sharp(Buffer.from(svg)).grayscale().png().toBuffer(), dpi: 200 };
}

const dir = mkdtempSync(path.join(os.tmpdir(), "mixed-ocr-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const save = (pdf: Buffer) => {
  const file = path.join(dir, `f${++n}.pdf`);
  writeFileSync(file, pdf);
  return file;
};

describe("OCR languages of a page with CJK", () => {
  it("a CJK script seen on the page is read with its language, whatever the document or the hint say", () => {
    expect(chooseOcrLanguages({ documentLanguage: "en", script: "Han" })).toBe("chi_sim+eng");
    expect(chooseOcrLanguages({ documentLanguage: "fr", script: "Hangul" })).toBe("kor+fra+eng");
    expect(chooseOcrLanguages({ script: "Han", hint: "ja-JP" })).toBe("jpn+eng");
    expect(chooseOcrLanguages({ documentLanguage: "en", script: "Latin" })).toBe("eng");
  });
});

describe("OCR of a scanned page of Chinese with English words (Tesseract)", () => {
  const pool = createParserPool({
    size: 1,
    timeoutMs: 300_000,
    ocr: createOcr({ enabled: true, workers: 1, pageTimeoutMs: 200_000 }),
  });
  afterAll(() => pool.close());
  // a page may be read twice (English, then Chinese): generous limits for a machine busy with other tests
  const SLOW = 400_000;
  const reference = MIXED.join("\n");

  it(
    "keeps the Chinese of a one-page scan uploaded from an English interface; the document is Chinese",
    async () => {
      const doc = await pool.parse(save(await imageOnlyPdf([await mixedPage()])), {
        fileName: "mixed.pdf",
        languageHint: "en-US",
      });
      const text = textOfPage(doc, 1);
      expect(text).toContain("无序列表项");
      expect(text).toContain("粗体文本");
      expect(text).toContain("Student scores");
      expect(characterErrorRate(reference, text)).toBeLessThanOrEqual(0.1);
      expect(doc.language).toBe("zh");
    },
    SLOW,
  );

  it(
    "keeps the Chinese of a scanned page inside an English document (its text layer says English)",
    async () => {
      const english = fixture("en-paper-dense-passage-retrieval.pdf");
      const doc = await pool.parse(
        save(await imageOnlyPdf([{ copyFrom: english, page: 1 }, await mixedPage()])),
        { fileName: "english-with-a-chinese-scan.pdf" },
      );
      expect(doc.ocr?.pages.map((p) => p.page)).toEqual([2]);
      // (the page's first lines may join the paragraph page 1 ends with: the whole text is looked at)
      const squeeze = (text: string) => text.replace(/\s+/g, "").replace(/：/g, ":");
      const all = squeeze(
        doc.sections.flatMap((s) => [s.heading, ...s.blocks.map((b) => b.text ?? "")]).join(""),
      );
      for (const line of MIXED) expect(all).toContain(squeeze(line));
    },
    SLOW,
  );
});
