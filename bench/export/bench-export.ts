/**
 * Note export time and memory (`npm run bench:export`): the PDF of the 400-page fixture's note and of a
 * 20-page one (the fixture's first 20 pages), printed by the export service's Chromium printer exactly as
 * `POST /note/:noteId/export` does (first export includes launching Chromium; then the best of 3), the same
 * notes as DOCX, then 10 PDF exports at once with the peak memory of this process plus its Chromium
 * processes (RSS, and PSS which counts shared pages once).
 *
 * First, the event loop under a large note (issue 21, item 2): `/health` latency (a liveness server on this
 * process's event loop, like the server's) while a 1.9 MB note is exported to DOCX and while its mind map is
 * read 10 times at once, built inline on the event loop (as before render threads) and through the render
 * pool (as the server does now). `BENCH_EXPORT_LOOP_ONLY=1` stops after that part.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDocument } from "pdf-lib";
import type { OutputLanguage } from "@beannote/contract";
import { parseFile } from "../../server/src/ingest/parse-file";
import { createOfflineEngine } from "../../server/src/engine";
import { exportDocument } from "../../server/src/modules/export/export-document";
import { headerFooter, noteHtml } from "../../server/src/modules/export/note-html";
import { noteDocx } from "../../server/src/modules/export/note-docx";
import { createPdfPrinter } from "../../server/src/modules/export/pdf-printer";
import { createMindMapService } from "../../server/src/modules/mind-map/mind-map.service";
import { buildMindMap, noteMaterial } from "../../server/src/engine";
import { createRenderPool } from "../../server/src/modules/export/render-pool";
import { bigNote } from "../../server/test/big-note";

const FIXTURES = path.resolve(fileURLToPath(new URL("../../../shared/fixtures/documents", import.meta.url)));
const LARGE = "en-large-irs-manual-400p.pdf";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ms = (from: number) => performance.now() - from;
const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;

/** This process and every process below it (Chromium and its helpers). */
function processTree(): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents)
      if (tree.has(parent) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
  }
  return [...tree];
}

/** KiB summed over `pids`: RSS from status (cheap), PSS from smaps_rollup (shared pages counted once). */
function memoryOf(pids: number[], withPss: boolean): { rss: number; pss: number; processes: number } {
  let rss = 0;
  let pss = 0;
  for (const pid of pids) {
    try {
      rss += Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
      if (withPss)
        pss += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return { rss, pss, processes: pids.length };
}

/** Samples the tree's memory while `work` runs: RSS every 200 ms, PSS and the process list every second. */
async function peakMemory<T>(
  work: () => Promise<T>,
): Promise<{ result: T; rss: number; pss: number; processes: number }> {
  let pids = processTree();
  let peak = { rss: 0, pss: 0, processes: 0 };
  let tick = 0;
  const sample = () => {
    const full = tick++ % 5 === 0;
    if (full) pids = processTree();
    const now = memoryOf(pids, full);
    peak = {
      rss: Math.max(peak.rss, now.rss),
      pss: Math.max(peak.pss, now.pss),
      processes: Math.max(peak.processes, now.processes),
    };
  };
  const timer = setInterval(sample, 200);
  try {
    const result = await work();
    sample();
    return { result, ...peak };
  } finally {
    clearInterval(timer);
  }
}

async function firstPages(file: string, pages: number): Promise<Buffer> {
  const source = await PDFDocument.load(await readFile(path.join(FIXTURES, file)));
  const out = await PDFDocument.create();
  const copied = await out.copyPages(source, [...Array(pages).keys()]);
  copied.forEach((page) => out.addPage(page));
  return Buffer.from(await out.save());
}

const engine = createOfflineEngine();
async function noteOf(bytes: Buffer, fileName: string, outputLanguage: OutputLanguage) {
  const doc = await parseFile(bytes, fileName);
  const note = await engine.generateNote({
    sources: [{ doc, fileName }],
    title: doc.title || fileName,
    outputLanguage,
    detailLevel: "detail",
  });
  return exportDocument({
    title: doc.title || fileName,
    markdown: note.markdown,
    outputLanguage,
    updatedAt: new Date(),
    sources: [fileName],
  });
}

const pdfPages = (pdf: Buffer) => (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;

/**
 * Asks `/health` one request after another, from before `work` starts until it ends: how many answered, the
 * median and the slowest wait (a request in flight when the event loop blocks waits for all of it).
 */
async function healthDuring<T>(url: string, work: () => Promise<T>) {
  let done = false;
  const latencies: number[] = [];
  let answered!: () => void;
  const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
  const polling = (async () => {
    while (!done) {
      const asked = performance.now();
      await fetch(url).then((res) => res.text());
      latencies.push(performance.now() - asked);
      answered();
    }
  })();
  await firstAnswer; // the liveness check is answering, and its next request is on its way
  const started = performance.now();
  await work().finally(() => (done = true));
  const wallMs = ms(started);
  await polling;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    wallMs,
    answered: latencies.length - 1,
    p50: sorted[Math.floor(sorted.length / 2)] ?? 0,
    max: sorted[sorted.length - 1] ?? 0,
  };
}

{
  console.log("the event loop under a 1.9 MB note…");
  const { markdown, source } = await bigNote();
  const health = createServer((_req, res) => res.end("ok"));
  // an event loop blocked for a minute must not end the check's kept-alive connection (ECONNRESET)
  health.keepAliveTimeout = 600_000;
  await new Promise<void>((resolve) => health.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(health.address() as AddressInfo).port}/health`;
  const render = createRenderPool({ size: 2 });
  const input = {
    title: "Handbook",
    markdown,
    outputLanguage: "en-US" as const,
    updatedAt: new Date().toISOString(),
    sources: ["handbook.docx"],
  };
  const line = (label: string, r: Awaited<ReturnType<typeof healthDuring>>) =>
    console.log(
      `${label}: ${(r.wallMs / 1000).toFixed(1)} s; /health answered ${r.answered}×, ` +
        `median ${r.p50.toFixed(0)} ms, slowest ${r.max.toFixed(0)} ms`,
    );
  try {
    line(
      `DOCX of a ${(markdown.length / 1e6).toFixed(1)} MB note, inline on the event loop (before)`,
      await healthDuring(url, async () =>
        noteDocx(exportDocument({ ...input, updatedAt: new Date(input.updatedAt) })),
      ),
    );
    line(
      "same DOCX in a render thread (now; the thread's start included)",
      await healthDuring(url, () => render.run("docx", input, "bench-user")),
    );
    const material = { title: "Handbook", markdown, outputLanguage: "en-US" as const, sources: [source] };
    line(
      "10 mind-map reads at once, inline (before)",
      await healthDuring(url, async () => {
        await Promise.resolve();
        for (let i = 0; i < 10; i++) buildMindMap(noteMaterial(material), "note");
      }),
    );
    const note = {
      id: "note",
      userId: "u",
      title: "Handbook",
      outputLanguage: "en-US" as const,
      detailLevel: "detail" as const,
      markdown,
    };
    const maps = createMindMapService({
      notes: { ready: async () => note, materialInput: async () => material },
      render,
      throttle: { take: async () => [] },
      perMinute: 100,
    });
    line(
      "10 mind-map reads at once through the mind-map service (now: one derivation in a render thread)",
      await healthDuring(url, () => Promise.all(Array.from({ length: 10 }, () => maps.map("u", "note")))),
    );
  } finally {
    await render.close();
    health.close();
  }
}
if (process.env.BENCH_EXPORT_LOOP_ONLY === "1") process.exit(0);

console.log("building the notes (offline engine)…");
const large = await noteOf(await readFile(path.join(FIXTURES, LARGE)), LARGE, "en-US");
const small = await noteOf(await firstPages(LARGE, 20), "irs-manual-first-20-pages.pdf", "en-US");
const printer = createPdfPrinter({ executablePath: CHROMIUM, concurrency: 2 });
const before = memoryOf(processTree(), true);

try {
  for (const [label, doc] of [
    ["20-page source", small],
    ["400-page source", large],
  ] as const) {
    const html = noteHtml(doc);
    const times: number[] = [];
    let pdf: Buffer = Buffer.alloc(0);
    for (let run = 0; run < 4; run++) {
      const started = performance.now();
      pdf = await printer.print(noteHtml(doc), headerFooter(doc));
      times.push(ms(started));
    }
    const docxStarted = performance.now();
    const docx = await noteDocx(doc);
    const docxMs = ms(docxStarted);
    console.log(
      `${label}: note HTML ${(html.length / 1024).toFixed(0)} KiB → PDF ${pdfPages(pdf)} pages, ` +
        `${(pdf.length / 1024).toFixed(0)} KiB in ${times[0]!.toFixed(0)} ms first` +
        `${label.startsWith("20") ? " (includes launching Chromium)" : ""}, ` +
        `${Math.min(...times.slice(1)).toFixed(0)} ms best of 3; DOCX ${(docx.length / 1024).toFixed(0)} KiB in ${docxMs.toFixed(0)} ms`,
    );
  }

  for (const [label, doc] of [
    ["20-page", small],
    ["400-page", large],
  ] as const) {
    const started = performance.now();
    const { result: pdfs, ...peak } = await peakMemory(() =>
      Promise.all(Array.from({ length: 10 }, () => printer.print(noteHtml(doc), headerFooter(doc)))),
    );
    const took = ms(started);
    console.log(
      `10 × ${label} PDF at once (at most ${printer.load.peakRunning} printing, Chromium launched ${printer.load.launches}×): ` +
        `${(took / 1000).toFixed(1)} s, ${pdfs.every((p) => p.subarray(0, 5).toString() === "%PDF-") ? "all valid" : "SOME INVALID"}; ` +
        `peak memory ${mib(peak.rss)} RSS / ${mib(peak.pss)} PSS over ${peak.processes} processes ` +
        `(this process before any export: ${mib(before.rss)} RSS / ${mib(before.pss)} PSS)`,
    );
  }
} finally {
  await printer.close();
}
