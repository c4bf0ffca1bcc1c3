/**
 * OCR benchmark: a 20-page image-only PDF (pages of two English papers rendered at 200 dpi) read on the
 * default OCR pool (OCR_WORKERS=1): pages/s, peak RSS of the server process and of one Tesseract process;
 * character error rate of a scanned English page and of scanned Chinese prose (and, for the record, of a
 * formula-heavy Chinese page); and a text PDF's parse time with OCR on and off (OCR must not slow it).
 * Run: `npm run bench:ocr`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createParserPool } from "../../server/src/ingest/parser-pool";
import { characterErrorRate } from "../../server/src/ingest/ocr/cer";
import { createOcr, OCR_DEFAULTS } from "../../server/src/ingest/ocr/ocr";
import {
  chineseProsePage,
  fixture,
  imageOnlyPdf,
  renderPage,
  textLayer,
  textOfPage,
  type ImagePage,
} from "../../server/test/ocr-pdfs";

const dir = mkdtempSync(path.join(os.tmpdir(), "beannote-bench-ocr-"));
const save = (name: string, pdf: Buffer) => {
  const file = path.join(dir, name);
  writeFileSync(file, pdf);
  return file;
};
const rssOfPid = (pid: number): number => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
};
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function main() {
  const ocr = createOcr({ enabled: true });
  if ((await ocr.status()) !== "ready") {
    console.log("Tesseract or pdftoppm is not installed: run scripts/install-system-packages.sh");
    process.exitCode = 1;
    return;
  }
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${os.cpus().length} cores`,
  );

  // 1. Throughput: 20 scanned pages on the default pool (one Tesseract at a time).
  const dpr = fixture("en-paper-dense-passage-retrieval.pdf");
  const tracemonkey = fixture("en-paper-tracemonkey-trace-jit.pdf");
  const pages: ImagePage[] = [
    ...Array.from({ length: 13 }, (_, i) => ({ png: renderPage(dpr, i + 1, 200), dpi: 200 })),
    ...Array.from({ length: 7 }, (_, i) => ({ png: renderPage(tracemonkey, i + 1, 200), dpi: 200 })),
  ];
  const scan = save("scan-20.pdf", await imageOnlyPdf(pages));
  const pool = createParserPool({ size: 2, timeoutMs: 30 * 60_000, ocr });
  const children = new Set<number>();
  let peakRss = 0;
  let peakChildRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    for (const pid of children) peakChildRss = Math.max(peakChildRss, rssOfPid(pid));
  }, 50);
  const t0 = performance.now();
  const doc = await pool.parse(scan, {
    fileName: "scan-20.pdf",
    onOcrSpawn: (pid) => children.add(pid),
    onOcrProgress: (page, of) => process.stdout.write(`\rrecognising page ${page} of ${of}…`),
  });
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  process.stdout.write("\n");
  const read = doc.ocr?.pages.length ?? 0;
  const meanConfidence = (doc.ocr?.pages ?? []).reduce((s, p) => s + p.confidence, 0) / Math.max(1, read);
  const ref = [
    ...Array.from({ length: 13 }, (_, i) => textLayer(dpr, i + 1)),
    ...Array.from({ length: 7 }, (_, i) => textLayer(tracemonkey, i + 1)),
  ];
  const cer20 = characterErrorRate(
    ref.join("\n"),
    Array.from({ length: 20 }, (_, i) => textOfPage(doc, i + 1)).join("\n"),
  );

  // 2. Accuracy: English page, Chinese prose, a formula-heavy Chinese page.
  const english = await pool.parse(
    save("en.pdf", await imageOnlyPdf([{ png: renderPage(dpr, 2, 200), dpi: 200 }])),
  );
  const cerEnglish = characterErrorRate(textLayer(dpr, 2), textOfPage(english, 1));
  const prose = await chineseProsePage();
  const chinese = await pool.parse(save("zh.pdf", await imageOnlyPdf([prose.page])), {
    languageHint: "zh-CN",
  });
  const cerChinese = characterErrorRate(prose.reference, textOfPage(chinese, 1));
  const zhFile = fixture("zh-lecture-notes-math-physics-methods.pdf");
  const formulas = await pool.parse(
    save("zh-math.pdf", await imageOnlyPdf([{ png: renderPage(zhFile, 3, 200), dpi: 200 }])),
    {
      languageHint: "zh-CN",
    },
  );
  const cerFormulas = characterErrorRate(textLayer(zhFile, 3), textOfPage(formulas, 1));
  await pool.close();

  // 3. No regression for text PDFs: the same files in two warm pools, OCR off and on, runs interleaved so that
  // a change in the machine's load falls on both alike; best of 5.
  const textFiles = [tracemonkey, zhFile, fixture("en-large-irs-manual-400p.pdf")];
  const pools = [createParserPool({ size: 2 }), createParserPool({ size: 2, ocr })];
  const off: number[] = [];
  const on: number[] = [];
  try {
    for (const p of pools) for (const file of textFiles) await p.parse(file); // warm
    for (const file of textFiles) {
      const best = [Infinity, Infinity];
      for (let i = 0; i < 5; i++)
        for (const [k, p] of pools.entries()) {
          const t = performance.now();
          const parsed = await p.parse(file);
          best[k] = Math.min(best[k]!, performance.now() - t);
          if (parsed.ocr) throw new Error(`${path.basename(file)} was OCRed`);
        }
      off.push(best[0]!);
      on.push(best[1]!);
    }
  } finally {
    await Promise.all(pools.map((p) => p.close()));
  }

  console.log("\nOCR (Tesseract 5, default pool: OCR_WORKERS=1, " + OCR_DEFAULTS.dpi + " dpi)");
  console.log(
    `20-page image-only PDF     ${seconds.toFixed(1)} s, ${(read / seconds).toFixed(2)} pages/s, ${read} pages read, mean confidence ${meanConfidence.toFixed(1)}`,
  );
  console.log(
    `peak RSS                   server process ${mb(peakRss)} MB, one Tesseract process ${mb(peakChildRss)} MB`,
  );
  console.log(
    `CER, 20 pages (2 papers)   ${(cer20 * 100).toFixed(2)} %   (two-column pages: reading order counts)`,
  );
  console.log(`CER, English page          ${(cerEnglish * 100).toFixed(2)} %   (target ≤ 3 %)`);
  console.log(`CER, Chinese prose         ${(cerChinese * 100).toFixed(2)} %   (target ≤ 5 %)`);
  console.log(
    `CER, Chinese formula page  ${(cerFormulas * 100).toFixed(2)} %   (formulas: dropped under the confidence floor)`,
  );
  console.log("\ntext PDF parse time, best of 5 interleaved (ms): OCR off → OCR on");
  textFiles.forEach((file, i) =>
    console.log(
      `  ${path.basename(file).padEnd(44)} ${off[i]!.toFixed(0).padStart(6)} → ${on[i]!.toFixed(0).padStart(6)}`,
    ),
  );
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
}

try {
  await main();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
