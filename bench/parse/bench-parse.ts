/**
 * Parse benchmark: for every PDF fixture, pages, wall time, pages/s and peak RSS of our parser (run
 * in a warm worker of the same pool the server uses), and pdftotext's time on the same file when
 * poppler is installed, with the ratio. Run: `npm run bench:parse`.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createParserPool } from "../../server/src/ingest/parser-pool";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const FIXTURES = path.resolve(repoRoot, "../shared/fixtures/documents");

export interface ParseBenchRow {
  file: string;
  pages: number;
  /** The file's first parse (threads already warm from other files). */
  firstMs: number;
  /** Best of the following runs: the steady state of a server that has been parsing for a while. */
  ms: number;
  pagesPerSec: number;
  peakRssMb: number;
  pdftotextMs: number | null;
  /** pdftotext time / our time: 1 = as fast as pdftotext, 0.5 = half its speed. */
  speedVsPdftotext: number | null;
  error?: string;
}

function hasPdftotext(): boolean {
  return spawnSync("pdftotext", ["-v"], { stdio: "ignore" }).status === 0;
}

function timePdftotext(file: string, runs: number): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    spawnSync("pdftotext", [file, "/dev/null"], { stdio: "ignore" });
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/** Per PDF fixture: its first parse, then the best of `runs` more, in the server's warm two-thread pool. */
export async function benchParse(opts: { runs?: number; files?: string[] } = {}): Promise<ParseBenchRow[]> {
  const runs = opts.runs ?? 3;
  const files =
    opts.files ??
    readdirSync(FIXTURES)
      .filter((f) => f.endsWith(".pdf"))
      .sort();
  const poppler = hasPdftotext();
  // The server's default pool: two threads, which share the pages of a large PDF.
  const pool = createParserPool({ size: 2 });
  const rows: ParseBenchRow[] = [];
  let peakRss = 0;
  const sampler = setInterval(() => {
    // RSS of the whole process, worker threads included.
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 5);
  try {
    // Warm both workers (module loading) on a tiny file each.
    const tiny = path.join(FIXTURES, "corrupt-helloworld-bad-xref.pdf");
    await Promise.all([pool.parse(tiny), pool.parse(tiny)]).catch(() => undefined);
    for (const file of files) {
      const full = path.join(FIXTURES, file);
      let best = Infinity;
      let firstMs = 0;
      let pages = 0;
      let error: string | undefined;
      peakRss = process.memoryUsage.rss();
      for (let i = 0; i <= runs; i++) {
        const t0 = performance.now();
        try {
          const doc = await pool.parse(full);
          pages = doc.pageCount;
        } catch (err) {
          error = (err as { code?: string }).code ?? String(err);
        }
        const ms = performance.now() - t0;
        if (i === 0) firstMs = ms;
        else best = Math.min(best, ms);
      }
      const pdftotextMs = poppler ? timePdftotext(full, runs) : null;
      rows.push({
        file,
        pages,
        firstMs,
        ms: best,
        pagesPerSec: pages > 0 ? pages / (best / 1000) : 0,
        peakRssMb: peakRss / 1024 / 1024,
        pdftotextMs,
        speedVsPdftotext: pdftotextMs !== null && !error ? pdftotextMs / best : null,
        error,
      });
    }
  } finally {
    clearInterval(sampler);
    await pool.close();
  }
  return rows;
}

function printRows(rows: ParseBenchRow[]): void {
  const header = [
    "file",
    "pages",
    "first ms",
    "best ms",
    "pages/s",
    "peak RSS MB",
    "pdftotext ms",
    "speed vs pdftotext",
  ];
  const table = rows.map((r) => [
    r.file,
    r.error ? `(${r.error})` : String(r.pages),
    r.firstMs.toFixed(0),
    r.ms.toFixed(0),
    r.pagesPerSec.toFixed(0),
    r.peakRssMb.toFixed(0),
    r.pdftotextMs === null ? "n/a" : r.pdftotextMs.toFixed(0),
    r.speedVsPdftotext === null ? "n/a" : `${r.speedVsPdftotext.toFixed(2)}x`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(line(header));
  for (const row of table) console.log(line(row));
  if (!rows.some((r) => r.pdftotextMs !== null))
    console.log("(pdftotext not installed: scripts/install-optional.sh)");
  const big = rows.find((r) => r.file.includes("400p"));
  if (big?.speedVsPdftotext) {
    console.log(`400-page PDF: ${big.speedVsPdftotext.toFixed(2)}x pdftotext's speed (target ≥ 0.50x)`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  printRows(await benchParse());
}
