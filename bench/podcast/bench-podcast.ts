/**
 * Podcast episode time (`npm run bench:podcast`): the offline engine's script and the offline espeak-ng
 * voices for the note of a 20-page document (the 400-page manual's first 20 pages) in English, and of a
 * Chinese fixture, encoded to MP3 exactly as the podcast job does (to a temporary file). Prints wall time,
 * the audio's duration, the real-time factor (audio seconds per wall second; target ≥ 10×) and peak RSS.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDocument } from "pdf-lib";
import type { OutputLanguage, PodcastLength } from "@beannote/contract";
import { parseFile } from "../../server/src/ingest/parse-file";
import { createOfflineEngine, noteMaterial } from "../../server/src/engine";
import { createEspeakSpeech } from "../../server/src/speech/espeak";
import { renderEpisodeAudio } from "../../server/src/speech";

const FIXTURES = path.resolve(fileURLToPath(new URL("../../../shared/fixtures/documents", import.meta.url)));
const MiB = 1024 * 1024;
const threads = Number(process.env.SPEECH_CONCURRENCY ?? Math.max(1, Math.min(4, os.availableParallelism())));

async function firstPages(file: string, count: number): Promise<Buffer> {
  const source = await PDFDocument.load(await readFile(path.join(FIXTURES, file)));
  const excerpt = await PDFDocument.create();
  for (const page of await excerpt.copyPages(source, [...Array(count).keys()])) excerpt.addPage(page);
  return Buffer.from(await excerpt.save());
}

const cases: { label: string; bytes: () => Promise<Buffer>; name: string; language: OutputLanguage }[] = [
  {
    label: "20-page English manual",
    bytes: () => firstPages("en-large-irs-manual-400p.pdf", 20),
    name: "irs-manual-20p.pdf",
    language: "en-US",
  },
  {
    label: "Chinese study notes (DOCX)",
    bytes: () => readFile(path.join(FIXTURES, "zh-study-notes-point-set-topology.docx")),
    name: "zh-study-notes-point-set-topology.docx",
    language: "zh-CN",
  },
];

const engine = createOfflineEngine();
const speech = createEspeakSpeech({ threads });
const dir = await mkdtemp(path.join(os.tmpdir(), "bench-podcast-"));
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);

console.log(`## offline podcast: script + espeak-ng voices (${threads} threads) + MP3\n`);
console.log(
  "| document | length | lines | audio | script | audio wall | total | real-time factor | peak RSS |",
);
console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|");
try {
  // warm-up: the speech threads load espeak-ng's WebAssembly once per process
  await speech.synthesize({ text: "Hello.", language: "en-US", speaker: "host" });
  for (const entry of cases) {
    const doc = await parseFile(await entry.bytes(), entry.name);
    const note = await engine.generateNote({
      sources: [{ doc, fileName: entry.name }],
      title: doc.title || entry.name,
      outputLanguage: entry.language,
      detailLevel: "detail",
    });
    for (const length of ["short", "standard"] as PodcastLength[]) {
      peak = process.memoryUsage().rss;
      const started = performance.now();
      const material = noteMaterial({
        title: doc.title,
        markdown: note.markdown,
        outputLanguage: entry.language,
        sources: [doc],
      });
      const script = await engine.podcastScript({ material, length });
      const scripted = performance.now();
      const lines = script.chapters.flatMap((chapter, index) =>
        chapter.lines.map((line) => ({ ...line, chapter: index })),
      );
      const audio = await renderEpisodeAudio({
        speech,
        language: entry.language,
        lines,
        chapterCount: script.chapters.length,
        path: path.join(dir, `${entry.language}-${length}.mp3`),
      });
      const done = performance.now();
      const wall = (done - started) / 1000;
      console.log(
        `| ${entry.label} | ${length} | ${lines.length} | ${audio.duration.toFixed(0)} s ` +
          `(${(audio.bytes / MiB).toFixed(1)} MiB) | ${(scripted - started).toFixed(0)} ms | ` +
          `${((done - scripted) / 1000).toFixed(1)} s | ${wall.toFixed(1)} s | ` +
          `${(audio.duration / wall).toFixed(1)}× | ${(peak / MiB).toFixed(0)} MiB |`,
      );
    }
  }
} finally {
  clearInterval(sampler);
  await speech.close();
  await rm(dir, { recursive: true, force: true });
}
