import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { SourceDocument } from "@beannote/contract";
import {
  brokenUnicodePdf,
  chineseProsePage,
  fixture,
  imageOnlyPdf,
  pictureDeck,
  renderPage,
  scribblePage,
  textLayer,
  textOfPage,
} from "../../../test/ocr-pdfs";
import { readFileSync } from "node:fs";
import { ingestMessages } from "../errors";
import { isSofficeAvailable } from "../office-preview";
import { parsePpt, parsePptForOcr } from "../parse-ppt";
import { createParserPool } from "../parser-pool";
import { characterErrorRate } from "./cer";
import { chooseOcrLanguages } from "./languages";
import { createOcr } from "./ocr";
import { linesFromTsv, recogniseImage } from "./tesseract";

const dir = mkdtempSync(path.join(os.tmpdir(), "beannote-ocr-test-"));
let n = 0;
const save = (pdf: Buffer) => {
  const file = path.join(dir, `f${++n}.pdf`);
  writeFileSync(file, pdf);
  return file;
};
const pagesOf = (doc: SourceDocument) => new Set(doc.sections.flatMap((s) => s.blocks.map((b) => b.page)));
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("Tesseract's TSV → lines", () => {
  const row = (par: number, line: number, word: number, conf: number, text: string, left = word * 60) =>
    `5\t1\t1\t${par}\t${line}\t${word}\t${left}\t${100 + line * 50}\t50\t40\t${conf}\t${text}`;
  const tsv = [
    "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
    "1\t1\t0\t0\t0\t0\t0\t0\t2480\t3508\t-1\t",
    row(1, 1, 1, 96, "复变"),
    row(1, 1, 2, 93, "函数"),
    row(1, 1, 3, 91, "f(z)"),
    row(1, 2, 1, 30, "Ww"),
    row(1, 2, 2, 45, "YW"),
    row(1, 3, 1, 90, "—"),
    row(2, 1, 1, 88, "Hello"),
    row(2, 1, 2, 95, "world."),
  ].join("\n");

  it("keeps confident lines (CJK joined without spaces), drops low-confidence and symbol-only lines", () => {
    const page = linesFromTsv(tsv, 300, 60);
    expect(page.lines.map((l) => l.text)).toEqual(["复变函数f(z)", "Hello world."]);
    expect(page.droppedLines).toBe(2);
    expect(page.confidence).toBeGreaterThan(88);
    // pixels at 300 dpi → points, y from the bottom of the page
    expect(page.lines[0]!.x0).toBeCloseTo((60 * 72) / 300);
    expect(page.lines[0]!.y).toBeCloseTo(((3508 - 190) * 72) / 300);
  });

  it("keeps nothing from a page of garbage (floor above every line)", () => {
    expect(linesFromTsv(tsv, 300, 99).lines).toEqual([]);
    expect(linesFromTsv("", 300, 60)).toEqual({ lines: [], confidence: 0, droppedLines: 0 });
  });
});

describe("OCR languages", () => {
  it("come from the document's text, else the script seen, else the hint; English is always added", () => {
    expect(chooseOcrLanguages({ documentLanguage: "zh" })).toBe("chi_sim+eng");
    expect(chooseOcrLanguages({ documentLanguage: "und", script: "Han", hint: "en-US" })).toBe("chi_sim+eng");
    expect(chooseOcrLanguages({ script: "Han", hint: "zh-hk" })).toBe("chi_tra+eng");
    expect(chooseOcrLanguages({ script: "Latin", hint: "fr-FR" })).toBe("fra+eng");
    expect(chooseOcrLanguages({ documentLanguage: "en", hint: "ja-JP" })).toBe("eng");
    expect(chooseOcrLanguages({ hint: "ko-KR" })).toBe("kor+eng");
    expect(chooseOcrLanguages({})).toBe("eng");
    // a language without data installed is not asked for
    expect(chooseOcrLanguages({ hint: "ja-JP", installed: new Set(["eng"]) })).toBe("eng");
  });
});

describe("character error rate", () => {
  it("counts edits over letters, digits and CJK only", () => {
    expect(characterErrorRate("Hello, world!", "hello world")).toBe(0);
    expect(characterErrorRate("复变函数 ab", "复变涵数ab")).toBeCloseTo(1 / 6);
    expect(characterErrorRate("abcd", "")).toBe(1);
  });
});

describe("OCR of pages without a usable text layer (Tesseract)", () => {
  // OCR_MAX_PAGES=1: every file below has one page to OCR, but one (a second scanned page is skipped).
  const ocr = createOcr({ enabled: true, workers: 1, maxPages: 1 });
  const pool = createParserPool({ size: 1, timeoutMs: 300_000, ocr });
  afterAll(() => pool.close());
  // Tesseract takes seconds a page: generous limits for a machine busy with other tests.
  const SLOW = 180_000;

  it(
    "reads a scanned English page (CER ≤ 3%) and never OCRs the page that has a text layer",
    async () => {
      const source = fixture("en-paper-dense-passage-retrieval.pdf");
      const file = save(
        await imageOnlyPdf([
          { copyFrom: source, page: 1 },
          { png: renderPage(source, 2, 200), dpi: 200 },
        ]),
      );
      const spawned: number[] = [];
      const doc = await pool.parse(file, { fileName: "dpr.pdf", onOcrSpawn: (pid) => spawned.push(pid) });
      expect(doc.ocr?.pages.map((p) => p.page)).toEqual([2]);
      expect(doc.ocr?.pages[0]!.confidence).toBeGreaterThan(80);
      expect(doc.language).toBe("en");
      const cer = characterErrorRate(textLayer(source, 2), textOfPage(doc, 2));
      expect(cer).toBeLessThanOrEqual(0.03);
      // page 1 kept its own text layer
      expect(textOfPage(doc, 1)).toContain(
        "Open-domain question answering relies on efficient passage retrieval",
      );
      expect(spawned.length).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    "reads scanned Chinese prose with English words (CER ≤ 5%), skips pages past OCR_MAX_PAGES",
    async () => {
      const { page, reference } = await chineseProsePage(10);
      const doc = await pool.parse(save(await imageOnlyPdf([page, page])), {
        fileName: "scan.pdf",
        languageHint: "zh-CN",
      });
      expect(doc.language).toBe("zh");
      expect(characterErrorRate(reference, textOfPage(doc, 1))).toBeLessThanOrEqual(0.05);
      expect(doc.ocr).toMatchObject({ skippedPages: [2], unreadablePages: [], unavailable: false });
      expect(pagesOf(doc).has(2)).toBe(false);
    },
    SLOW,
  );

  it(
    "OCRs a page whose text layer is private-use code points (a broken Unicode map)",
    async () => {
      const sentence =
        "Photosynthesis is the process by which green plants turn light into chemical energy. It takes place in the chloroplasts of the leaf.";
      const doc = await pool.parse(save(await brokenUnicodePdf([sentence])), { fileName: "broken.pdf" });
      expect(doc.ocr?.pages.map((p) => p.page)).toEqual([1]);
      expect(characterErrorRate(sentence, textOfPage(doc, 1))).toBeLessThanOrEqual(0.03);
      expect(JSON.stringify(doc)).not.toMatch(/[\ue000-\uf8ff]/);
    },
    SLOW,
  );

  it(
    "yields no garbage lines from a handwriting/photo page: it is named unreadable",
    async () => {
      const source = fixture("en-paper-dense-passage-retrieval.pdf");
      const scribbles = await scribblePage();
      // Tesseract does "read" scribbles: lines of garbage, all under the confidence floor
      const raw = await recogniseImage(
        scribbles.png,
        { languages: "eng", dpi: scribbles.dpi },
        { tesseractPath: "tesseract", minConfidence: 0 },
      );
      expect(raw.lines.length).toBeGreaterThan(0);
      expect(Math.max(...raw.lines.map((l) => l.confidence))).toBeLessThan(60);
      const file = save(await imageOnlyPdf([{ copyFrom: source, page: 1 }, scribbles]));
      const doc = await pool.parse(file, { fileName: "photo.pdf" });
      expect(doc.ocr).toMatchObject({ pages: [], unreadablePages: [2], skippedPages: [] });
      expect(pagesOf(doc).has(2)).toBe(false);
      // alone, such a page is a file without text
      await expect(
        pool.parse(save(await imageOnlyPdf([await scribblePage()])), { fileName: "photo-only.pdf" }),
      ).rejects.toMatchObject({ code: "FILE_NO_TEXT" });
    },
    SLOW,
  );

  it(
    "reads the picture of a PPTX slide without text; the slide with text is not OCRed",
    async () => {
      const source = fixture("en-paper-dense-passage-retrieval.pdf");
      const crop = { x: 0, y: 120, width: 1240, height: 520 };
      const deck = await pictureDeck([
        { text: "Dense passage retrieval: an introduction" },
        { png: renderPage(source, 2, 150, crop) },
      ]);
      const file = path.join(dir, "deck.pptx");
      writeFileSync(file, deck);
      const doc = await pool.parse(file, { fileName: "deck.pptx" });
      expect(doc.format).toBe("pptx");
      expect(doc.ocr?.pages.map((p) => p.page)).toEqual([2]);
      expect(textOfPage(doc, 1)).toBe("Slide 1\nDense passage retrieval: an introduction");
      expect(characterErrorRate(textLayer(source, 2, 150, crop), textOfPage(doc, 2))).toBeLessThanOrEqual(
        0.05,
      );
    },
    SLOW,
  );

  it(
    "kills the Tesseract child when the parse is cancelled mid-OCR",
    async () => {
      const source = fixture("en-paper-dense-passage-retrieval.pdf");
      const crop = { x: 0, y: 200, width: 1240, height: 400 };
      const file = save(await imageOnlyPdf([{ png: renderPage(source, 3, 150, crop), dpi: 150 }]));
      const controller = new AbortController();
      const pids: number[] = [];
      const parse = pool.parse(file, {
        fileName: "cancel.pdf",
        signal: controller.signal,
        onOcrSpawn: (pid) => {
          pids.push(pid);
          // the second child is Tesseract (after pdftoppm): cancel as it starts reading (seconds a page)
          if (pids.length === 2) controller.abort(new Error("cancelled"));
        },
      });
      await expect(parse).rejects.toThrow("cancelled");
      expect(pids.length).toBe(2);
      // SIGKILL was sent: the children are gone once the kernel has reaped them
      await expect.poll(() => pids.filter(isAlive)).toEqual([]);
    },
    SLOW,
  );
});

describe("legacy .ppt slides that are pictures", () => {
  const read = (file: string) => parsePptForOcr({ data: readFileSync(fixture(file)), fileName: file });

  it("are named for OCR when they hold a picture and no text; a deck with text on every slide is parsed as before", async () => {
    expect(await read("zh-lecture-pde-classification-image-only.ppt")).toEqual({
      pptSlides: { doc: null, pageCount: 3, slides: [1, 2] }, // slide 3 is empty: nothing to read
    });
    const identity = await read("en-talk-identity-management.ppt");
    expect("pptSlides" in identity && identity.pptSlides.slides).toEqual([12, 15]);
    expect("pptSlides" in identity && identity.pptSlides.doc).toEqual(
      await parsePpt({
        data: readFileSync(fixture("en-talk-identity-management.ppt")),
        fileName: "en-talk-identity-management.ppt",
      }),
    );
    expect(await read("en-talk-counter-usage-statistics.ppt")).toHaveProperty("doc");
  });

  describe.skipIf(!isSofficeAvailable())("read through LibreOffice and Tesseract", () => {
    const pool = createParserPool({
      size: 1,
      timeoutMs: 300_000,
      ocr: createOcr({ enabled: true, workers: 1 }),
    });
    afterAll(() => pool.close());

    it("adds what the picture slides say, as their own slides, to the deck's text", async () => {
      const file = fixture("en-talk-identity-management.ppt");
      const doc = await pool.parse(file, { fileName: "identity.ppt" });
      expect(doc.format).toBe("ppt");
      expect(doc.ocr).toMatchObject({ unreadablePages: [], skippedPages: [], unavailable: false });
      expect(doc.ocr?.pages.map((p) => p.page)).toEqual([12, 15]);
      expect(textOfPage(doc, 12)).toMatch(/E-Authentication Interfederation Model/);
      expect(textOfPage(doc, 15)).toMatch(/Fed PKI .Interfederation. Model/);
      // the slides with text keep exactly what the parser read, in slide order around the OCR ones
      const before = await parsePpt({ data: readFileSync(file), fileName: "identity.ppt" });
      for (const page of [1, 11, 13, 23]) expect(textOfPage(doc, page)).toBe(textOfPage(before, page));
      const order = doc.sections.map((s) => s.blocks[0]?.page ?? 0).filter((p) => p > 0);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }, 180_000);

    it("fails FILE_NO_TEXT for a deck of handwriting: what OCR guesses there is too little to study", async () => {
      await expect(
        pool.parse(fixture("zh-lecture-pde-classification-image-only.ppt"), { fileName: "pde.ppt" }),
      ).rejects.toMatchObject({ code: "FILE_NO_TEXT" });
    }, 180_000);
  });
});

describe("without OCR", () => {
  it("an image-only PDF fails with FILE_NO_TEXT_NO_OCR, whose message says the server has no OCR (Tesseract missing, OCR=off)", async () => {
    const scan = save(await imageOnlyPdf([await scribblePage(72)]));
    const missing = createOcr({ enabled: true, tesseractPath: path.join(dir, "no-such-tesseract") });
    expect(await missing.status()).toBe("missing");
    const pool = createParserPool({ size: 1, ocr: missing });
    try {
      await expect(pool.parse(scan, { fileName: "scan.pdf" })).rejects.toMatchObject({
        code: "FILE_NO_TEXT_NO_OCR",
      });
    } finally {
      await pool.close();
    }
    // OCR=off is read the same way: the pool asks no Tesseract
    expect(await createOcr({ enabled: false }).status()).toBe("off");
    expect(ingestMessages.FILE_NO_TEXT_NO_OCR.en).toMatch(/no text recognition \(OCR\)/);
    expect(ingestMessages.FILE_NO_TEXT_NO_OCR.zh).toMatch(/OCR/);
  });
});
