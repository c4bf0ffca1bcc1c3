/**
 * The first deck or quiz a freshly started worker writes, measured the way a user meets it: in a new process
 * that has imported the engine (as a worker has at start) and done nothing else. Used by `bench:flashcards` and
 * `bench:quiz`; each case runs in a child process of its own, twice:
 *   - "cold": the job arrives before anything warmed the language tools (it loads the models itself);
 *   - "warmed": the worker's background warm-up (warmNlp of DEFAULT_WARM_LANGUAGES, what startServer starts
 *     once the server is ready) ran first, then the job.
 * Each child prints the first job's wall and CPU time and the RSS it added, then a second job's (warm) times.
 *
 * Run as a script (the child): node --import tsx bench/study-first-job.ts <note.json> <flashcards|quiz> <cold|warmed>
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { QUESTION_TYPES, type OutputLanguage, type SourceDocument } from "@beannote/contract";
import {
  checkQuiz,
  createOfflineEngine,
  defaultCardCount,
  materialVocabulary,
  noteMaterial,
} from "../server/src/engine";
import {
  DEFAULT_WARM_LANGUAGES,
  loadedNlpModels,
  warmNlp,
  type WarmedLanguage,
} from "../server/src/engine/nlp";

export type StudyKind = "flashcards" | "quiz";
export type Start = "cold" | "warmed";

interface Note {
  outputLanguage: OutputLanguage;
  doc: SourceDocument;
  markdown: string;
}

interface Run {
  wallMs: number;
  cpuMs: number;
  size: number;
}

export interface FirstJob {
  start: Start;
  /** The background warm-up before the job ("warmed" only): per language, with the models it loaded. */
  warm: WarmedLanguage[];
  warmRssMiB: number;
  first: Run & { rssMiB: number; models: { name: string; ms: number }[] };
  second: Run;
}

const MiB = 2 ** 20;

async function job(kind: StudyKind, note: Note, seed: string): Promise<number> {
  const engine = createOfflineEngine();
  const material = noteMaterial({
    title: note.doc.title,
    markdown: note.markdown,
    outputLanguage: note.outputLanguage,
    sources: [note.doc],
  });
  if (kind === "flashcards") {
    const cards = await engine.flashcards({ material, count: defaultCardCount(material, "detail") });
    for (const card of cards) material.cite(card.sectionIndex, card.quote);
    return cards.length;
  }
  const drafts = await engine.quiz({ material, types: [...QUESTION_TYPES], count: 15, seed });
  const { accepted } = checkQuiz(
    drafts.map((d) => ({ ...d, citation: material.cite(d.sectionIndex, d.quote) })),
    { vocabulary: materialVocabulary(material), locale: material.bodyLanguage },
  );
  return accepted.length;
}

async function timed(run: () => Promise<number>): Promise<Run> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const size = await run();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000, size };
}

/** The child: one fresh process, one start, two jobs. */
async function child(noteFile: string, kind: StudyKind, start: Start): Promise<FirstJob> {
  const note = JSON.parse(await readFile(noteFile, "utf8")) as Note;
  let warm: WarmedLanguage[] = [];
  const beforeWarm = process.memoryUsage().rss;
  if (start === "warmed") warm = await warmNlp(DEFAULT_WARM_LANGUAGES);
  const warmRssMiB = (process.memoryUsage().rss - beforeWarm) / MiB;
  const loadedBefore = new Set(loadedNlpModels().map((m) => m.name));
  const rss = process.memoryUsage().rss;
  const first = await timed(() => job(kind, note, "bench-0"));
  const rssMiB = (process.memoryUsage().rss - rss) / MiB;
  const models = loadedNlpModels().filter((m) => !loadedBefore.has(m.name));
  const second = await timed(() => job(kind, note, "bench-1"));
  return { start, warm, warmRssMiB, first: { ...first, rssMiB, models }, second };
}

const self = fileURLToPath(import.meta.url);

/** Runs the first job of `kind` on `note` in fresh processes, cold and after the worker's warm-up. */
export async function firstJobs(kind: StudyKind, note: Note): Promise<FirstJob[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-first-job-"));
  try {
    const file = path.join(dir, "note.json");
    await writeFile(file, JSON.stringify(note));
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
    const out: FirstJob[] = [];
    for (const start of ["cold", "warmed"] as const) {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["--import", tsx, self, file, kind, start],
        { maxBuffer: 16 * MiB },
      );
      out.push(JSON.parse(stdout.trim().split("\n").at(-1)!) as FirstJob);
    }
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

/** Lines describing the first jobs, for the benchmarks' output. */
export function describeFirstJobs(jobs: FirstJob[]): string[] {
  return jobs.map((j) => {
    const loads = j.first.models.map((m) => `${m.name} ${ms(m.ms)}`).join(", ");
    const warm = j.warm
      .map((w) => `${w.lang} ${ms(w.ms)} (${w.models.map((m) => `${m.name} ${ms(m.ms)}`).join(", ")})`)
      .join("; ");
    return (
      `  fresh process, ${j.start === "cold" ? "job before any warm-up" : "after the worker's warm-up"}: ` +
      `first ${ms(j.first.wallMs)} (CPU ${ms(j.first.cpuMs)}), RSS +${j.first.rssMiB.toFixed(0)} MiB, ` +
      `second ${ms(j.second.wallMs)} (CPU ${ms(j.second.cpuMs)}); ${j.first.size} items` +
      (loads ? `; the job loaded: ${loads}` : "") +
      (j.start === "warmed" ? `\n    warm-up: ${warm}; RSS +${j.warmRssMiB.toFixed(0)} MiB` : "")
    );
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === self) {
  const [noteFile, kind, start] = process.argv.slice(2) as [string, StudyKind, Start];
  process.stdout.write(`${JSON.stringify(await child(noteFile, kind, start))}\n`);
}
