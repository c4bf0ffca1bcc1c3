/**
 * bench:ask — Ask the document, offline: the labelled questions of questions.ts against their documents.
 * Prints the share of answerable questions found with the right page (±1), the share of quotes found on their
 * cited page, the share of unanswerable questions answered "not found", p50/p95 answer latency, and the index
 * build time and answer latency on the 400-page fixture.
 */
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { OutputLanguage, SourceBlock, SourceDocument } from "@beannote/contract";
import { nlpReady } from "../../server/src/engine/nlp";
import { parseFile } from "../../server/src/ingest/parse-file";
import { buildFileIndex, type FileIndex } from "../../server/src/modules/ask/passage-index";
import { answerOffline } from "../../server/src/modules/ask/offline-answer";
import { BUILT } from "../quiz/corpus";
import { QUESTIONS } from "./questions";

const FIXTURES = path.resolve(fileURLToPath(new URL("../../../shared/fixtures/documents", import.meta.url)));
const CACHE = path.join(os.tmpdir(), "beannote-bench-ask");
const LARGE = "en-large-irs-manual-400p.pdf";
const OUTPUT: Record<string, OutputLanguage> = {
  zh: "zh-CN",
  ja: "ja-JP",
  fr: "fr-FR",
  ru: "en-US",
  en: "en-US",
};

/** A parsed fixture, cached between runs (parsing is bench:parse's business, not this one's). */
async function fixtureDocument(name: string): Promise<SourceDocument> {
  const file = path.join(FIXTURES, name);
  const cached = path.join(CACHE, `${name}.${(await stat(file)).size}.json`);
  try {
    return JSON.parse(await readFile(cached, "utf8")) as SourceDocument;
  } catch {
    const doc = await parseFile(await readFile(file), name);
    await mkdir(CACHE, { recursive: true });
    await writeFile(cached, JSON.stringify(doc));
    return doc;
  }
}

/** A course outline of the quiz benchmark as a paged document: its title on page 1 with the first section. */
function outlineDocument(name: string, outline: string): SourceDocument {
  const sections: SourceDocument["sections"] = [];
  let page = 0;
  for (const line of outline.split("\n")) {
    if (line.startsWith("# ")) continue;
    if (line.startsWith("## ")) {
      page++;
      sections.push({ heading: line.slice(3), level: 2, blocks: [] });
      continue;
    }
    const blocks = sections.at(-1)!.blocks;
    const text = line.replace(/\*\*/g, "");
    const emphasis = [...line.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]!);
    const last = blocks.at(-1);
    if (line.startsWith("- ")) {
      if (last?.type === "list") last.items!.push(text.slice(2));
      else blocks.push({ type: "list", items: [text.slice(2)], page });
    } else blocks.push({ type: "paragraph", text, page, ...(emphasis.length ? { emphasis } : {}) });
  }
  return { title: name, format: "docx", language: "und", pageCount: page, sections };
}

const textOfPage = (doc: SourceDocument, page: number): string =>
  doc.sections
    .flatMap((s) => s.blocks)
    .filter((b: SourceBlock) => b.page === page)
    .map((b) => b.text ?? b.items?.join("\n") ?? b.rows?.map((r) => r.join(" | ")).join("\n") ?? "")
    .join("\n");

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const share = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}% (${n}/${d})`;

await nlpReady("ja");
const documents = new Map<string, SourceDocument>();
for (const built of BUILT)
  documents.set(built.name.replace(/\.docx$/, ""), outlineDocument(built.name, built.outline));
for (const name of new Set(QUESTIONS.map((q) => q.doc)))
  if (!documents.has(name)) documents.set(name, await fixtureDocument(name));

// Index build of the 400-page fixture: the first build (cold stemmers) and a rebuild.
const large = documents.get(LARGE) ?? (await fixtureDocument(LARGE));
let started = performance.now();
const largeIndex = buildFileIndex(large);
const firstBuildMs = performance.now() - started;
started = performance.now();
buildFileIndex(large);
const rebuildMs = performance.now() - started;

const indexes = new Map<string, FileIndex>([[LARGE, largeIndex]]);
const indexOf = (name: string) => {
  let index = indexes.get(name);
  if (!index) {
    index = buildFileIndex(documents.get(name)!);
    indexes.set(name, index);
  }
  return index;
};

let answerable = 0;
let rightPage = 0;
let unanswerable = 0;
let saidNotFound = 0;
let quotes = 0;
let quotesOnPage = 0;
const latencies: number[] = [];
const largeLatencies: number[] = [];
const misses: string[] = [];
for (const item of QUESTIONS) {
  const doc = documents.get(item.doc)!;
  const index = indexOf(item.doc);
  const language = OUTPUT[index.language] ?? "en-US";
  started = performance.now();
  const answer = answerOffline([index], item.question, language);
  const ms = performance.now() - started;
  latencies.push(ms);
  if (item.doc === LARGE) largeLatencies.push(ms);
  if (process.env.ASK_DEBUG)
    console.log(`${item.page === null ? "U" : "A"} ${(answer.confidence ?? 0).toFixed(2)} ${item.question}`);
  for (const citation of answer.citations) {
    quotes++;
    if (textOfPage(doc, citation.page).includes(citation.quote)) quotesOnPage++;
  }
  if (item.page === null) {
    unanswerable++;
    if (!answer.found) saidNotFound++;
    else
      misses.push(
        `  should be not found: ${item.question} → p. ${answer.citations[0]?.page}: ${answer.citations[0]?.quote.slice(0, 90)}`,
      );
  } else {
    answerable++;
    const ok = answer.found && answer.citations.some((c) => Math.abs(c.page - item.page!) <= 1);
    if (ok) rightPage++;
    else
      misses.push(
        `  p. ${item.page}: ${item.question} → ${answer.found ? `p. ${answer.citations[0]?.page}: ${answer.citations[0]?.quote.slice(0, 90)}` : "not found"}`,
      );
  }
}
// The 400-page file answers every question of the set (most of them "not found"): latency after its index is built.
for (const item of QUESTIONS) {
  started = performance.now();
  answerOffline([largeIndex], item.question, "en-US");
  largeLatencies.push(performance.now() - started);
}

const languages = new Set(QUESTIONS.map((q) => indexOf(q.doc).language));
console.log(
  `bench:ask — ${QUESTIONS.length} questions in ${languages.size} languages (${[...languages].join(", ")}), ${documents.size} documents, offline answer`,
);
console.log(`found with the right page (±1):      ${share(rightPage, answerable)}`);
console.log(`quotes found on their cited page:    ${share(quotesOnPage, quotes)}`);
console.log(`"not found" for unanswerable ones:   ${share(saidNotFound, unanswerable)}`);
console.log(
  `answer latency p50 / p95:            ${percentile(latencies, 50).toFixed(1)} / ${percentile(latencies, 95).toFixed(1)} ms`,
);
console.log(
  `400-page fixture: index build ${firstBuildMs.toFixed(0)} ms (rebuild ${rebuildMs.toFixed(0)} ms), ${largeIndex.passages.length} passages; answer p50 / p95 ${percentile(largeLatencies, 50).toFixed(1)} / ${percentile(largeLatencies, 95).toFixed(1)} ms`,
);
if (misses.length) console.log(`misses:\n${misses.join("\n")}`);
