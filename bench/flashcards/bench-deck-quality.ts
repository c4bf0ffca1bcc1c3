/**
 * Deck quality of the offline engine (`npm run bench:flashcards:quality [-- --show]`): per document, the
 * share of filler answers, of cards that blank a sentence (cloze and number blanks), of repeated backs, and
 * the kinds of cards, on the fixture documents and on course notes written for this bench in five languages
 * (bench/flashcards/corpus). Targets: filler ≤ 5%, blanks ≤ 40%, repeated backs ≤ 5%. `--show` prints the
 * decks. RSS growth covers the NLP models, loaded once per process.
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { OutputLanguage, SourceDocument } from "@beannote/contract";
import { parseFile } from "../../server/src/ingest/parse-file";
import { generateOfflineNote } from "../../server/src/engine/offline";
import { noteMaterial, normaliseForMatch } from "../../server/src/engine/note-material";
import { defaultCardCount, writeOfflineFlashcards } from "../../server/src/engine/flashcards/offline";
import { isFillerAnswer, type CardDraft } from "../../server/src/engine/flashcards/card-rules";
import { isConceptTerm, termSpecificity, textLanguage, tokenize } from "../../server/src/engine/nlp";
import { hasCjk } from "../../server/src/engine/text";

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.resolve(here, "../../../shared/fixtures/documents");
const CORPUS = path.join(here, "corpus");
const show = process.argv.includes("--show");

const fixtures: [string, OutputLanguage][] = [
  ["en-paper-dense-passage-retrieval.pdf", "en-US"],
  ["en-paper-tracemonkey-trace-jit.pdf", "en-US"],
  ["en-lecture-foundations-of-geometry.pptx", "fr-FR"],
  ["en-tutorial-apache-performance-tuning.pptx", "en-US"],
  ["en-homework-statistics-cancer-data.docx", "en-US"],
  ["en-handbook-chapter13-trustees-large.docx", "en-US"],
  ["zh-lecture-notes-math-physics-methods.pdf", "zh-CN"],
  ["zh-study-notes-point-set-topology.docx", "zh-CN"],
  ["ru-course-syllabus-information-systems.doc", "de-DE"],
];
const OUTPUT_OF: Record<string, OutputLanguage> = {
  en: "en-US",
  zh: "zh-CN",
  ja: "ja-JP",
  fr: "fr-FR",
  ru: "de-DE",
  de: "de-DE",
  es: "es-ES",
  pt: "pt-BR",
  ko: "ko-KR",
};

/**
 * A filler answer, judged more strictly than the engine's own filter: besides function words, bare verbs,
 * adjectives, labels and pieces of words, a short answer that is a single everyday word ("model", "函数").
 */
function isFiller(card: CardDraft, lang: string): boolean {
  if (isFillerAnswer(card.back, card.quote, lang)) return true;
  const back = card.back.trim();
  if (/\d/u.test(back) || (hasCjk(back) ? [...back].length > 10 : back.split(/\s+/).length > 4)) return false;
  const tokens = tokenize(back, lang);
  if (tokens.length !== 1) return false;
  return !isConceptTerm(back, lang) || termSpecificity(tokens, lang) < 0.9;
}

interface Row {
  name: string;
  cards: number;
  ms: number;
  filler: number;
  blanks: number;
  repeated: number;
  kinds: Map<string, number>;
}

async function measure(name: string, markdown: string, output: OutputLanguage, sources: SourceDocument[]) {
  const material = noteMaterial({ title: name, markdown, outputLanguage: output, sources });
  const started = performance.now();
  const cards = await writeOfflineFlashcards(material, { count: defaultCardCount(material, "detail") });
  const ms = performance.now() - started;
  const sample = material.sections
    .flatMap((s) => s.blocks.flatMap((b) => ("sentences" in b ? b.sentences : [])))
    .slice(0, 200);
  const lang = textLanguage(sample.map((s) => s.text).join(" "), material.bodyLanguage);
  const backs = new Map<string, number>();
  for (const c of cards)
    backs.set(normaliseForMatch(c.back), (backs.get(normaliseForMatch(c.back)) ?? 0) + 1);
  const kinds = new Map<string, number>();
  for (const c of cards) kinds.set(c.form ?? c.kind, (kinds.get(c.form ?? c.kind) ?? 0) + 1);
  const share = (n: number) => (cards.length ? n / cards.length : 0);
  const row: Row = {
    name,
    cards: cards.length,
    ms,
    filler: share(cards.filter((c) => isFiller(c, lang)).length),
    blanks: share(cards.filter((c) => c.form === "cloze" || c.form === "number").length),
    repeated: share(cards.filter((c) => backs.get(normaliseForMatch(c.back))! > 1).length),
    kinds,
  };
  if (show) {
    console.log(`\n=== ${name} (${lang} → ${output})`);
    for (const c of cards)
      console.log(
        `[${c.form}] ${c.front.slice(0, 160)}\n    → ${c.back.slice(0, 160)}${isFiller(c, lang) ? "   ⚠ filler" : ""}`,
      );
  }
  return row;
}

const rssBefore = process.memoryUsage().rss;
const rows: Row[] = [];
for (const [file, output] of fixtures) {
  const doc = await parseFile(await readFile(path.join(FIXTURES, file)), file);
  const note = generateOfflineNote({
    sources: [{ doc, fileName: file }],
    title: doc.title || file,
    outputLanguage: output,
    detailLevel: "detail",
  });
  rows.push(await measure(file, note.markdown, output, [doc]));
}
for (const file of (await readdir(CORPUS)).filter((f) => f.endsWith(".md")).sort()) {
  const markdown = await readFile(path.join(CORPUS, file), "utf8");
  rows.push(await measure(`corpus/${file}`, markdown, OUTPUT_OF[file.slice(0, 2)] ?? "en-US", []));
}
const pct = (x: number) => `${(x * 100).toFixed(0)}%`.padStart(4);
console.log("\ndocument".padEnd(48), "cards   ms  filler blanks repeated  kinds");
for (const r of rows) {
  const kinds = [...r.kinds]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(", ");
  console.log(
    r.name.slice(0, 46).padEnd(47),
    String(r.cards).padStart(5),
    r.ms.toFixed(0).padStart(5),
    pct(r.filler).padStart(6),
    pct(r.blanks).padStart(6),
    pct(r.repeated).padStart(8),
    ` ${kinds}`,
  );
}
const total = rows.reduce((n, r) => n + r.cards, 0);
const weighted = (key: "filler" | "blanks" | "repeated") =>
  rows.reduce((n, r) => n + r[key] * r.cards, 0) / total;
console.log(
  `\nall ${total} cards: filler ${pct(weighted("filler"))} (target ≤ 5%), blanks ${pct(weighted("blanks"))} (≤ 40%), ` +
    `repeated backs ${pct(weighted("repeated"))} (≤ 5%); RSS growth ${((process.memoryUsage().rss - rssBefore) / 2 ** 20).toFixed(0)} MiB`,
);
