/**
 * Key terms and deck quality on the course texts in languages other than English, Chinese and Japanese
 * (`node --import tsx bench/flashcards/corpus-heldout/terms-quality.ts [--show]`): the tuning corpus
 * (bench/flashcards/corpus: fr, ru) and the held-out texts of this folder (ru, fr, de, es; written before the
 * taggers were wired in, never tuned on). Per document: its ten best key terms, the deck's size, the share of
 * filler answers (bench:flashcards:quality's judge), of blanks and of repeated backs; `--show` prints the deck.
 * The terms are printed to be judged by eye: a verb, a bare adjective or a preposition at a term's edge is an
 * error.
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { OutputLanguage } from "@beannote/contract";
import { noteMaterial, normaliseForMatch } from "../../../server/src/engine/note-material";
import {
  bodyLanguage,
  defaultCardCount,
  writeOfflineFlashcards,
} from "../../../server/src/engine/flashcards/offline";
import { isFillerAnswer } from "../../../server/src/engine/flashcards/card-rules";
import { keyTerms, loadedNlpModels, nlpReady } from "../../../server/src/engine/nlp";

const here = path.dirname(fileURLToPath(import.meta.url));
const show = process.argv.includes("--show");
const OUTPUT_OF: Record<string, OutputLanguage> = { fr: "fr-FR", ru: "de-DE", de: "de-DE", es: "es-ES" };

const files: [string, string][] = [];
for (const dir of [path.join(here, "../corpus"), here])
  for (const f of (await readdir(dir)).sort())
    if (f.endsWith(".md") && OUTPUT_OF[f.slice(0, 2)]) files.push([path.basename(dir), path.join(dir, f)]);

const rssBefore = process.memoryUsage().rss;
const cpuBefore = process.cpuUsage();
const totals = { cards: 0, filler: 0, blanks: 0, repeated: 0 };
for (const [set, file] of files) {
  const markdown = await readFile(file, "utf8");
  const lang = path.basename(file).slice(0, 2);
  await nlpReady(lang);
  const sections = markdown.split(/^#{1,3} .*$/mu).filter((s) => s.trim());
  const terms = keyTerms(sections, lang, { limit: 10 }).map((t) => t.lemma);
  const material = noteMaterial({
    title: path.basename(file),
    markdown,
    outputLanguage: OUTPUT_OF[lang]!,
    sources: [],
  });
  const cards = await writeOfflineFlashcards(material, { count: defaultCardCount(material, "detail") });
  const judged = bodyLanguage(material);
  const backs = new Map<string, number>();
  for (const c of cards)
    backs.set(normaliseForMatch(c.back), (backs.get(normaliseForMatch(c.back)) ?? 0) + 1);
  const filler = cards.filter((c) => isFillerAnswer(c.back, c.quote, judged)).length;
  const blanks = cards.filter((c) => c.form === "cloze" || c.form === "number").length;
  const repeated = cards.filter((c) => backs.get(normaliseForMatch(c.back))! > 1).length;
  totals.cards += cards.length;
  totals.filler += filler;
  totals.blanks += blanks;
  totals.repeated += repeated;
  console.log(
    `\n${set}/${path.basename(file)}: ${cards.length} cards, filler ${filler}, blanks ${blanks}, repeated ${repeated}` +
      `\n  terms: ${terms.join(" · ")}`,
  );
  if (show)
    for (const c of cards)
      console.log(`  [${c.form}] ${c.front.slice(0, 140)}\n      → ${c.back.slice(0, 140)}`);
}
const cpu = process.cpuUsage(cpuBefore);
console.log(
  `\nall ${totals.cards} cards: filler ${totals.filler}, blanks ${totals.blanks}, repeated backs ${totals.repeated}; ` +
    `CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms, RSS growth ${((process.memoryUsage().rss - rssBefore) / 2 ** 20).toFixed(0)} MiB; ` +
    `models: ${loadedNlpModels()
      .map((m) => `${m.name} ${m.ms.toFixed(0)} ms`)
      .join(", ")}`,
);
