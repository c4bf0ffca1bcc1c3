/**
 * Deck quality of the offline engine (`npm run bench:flashcards:quality [-- --show]`): per document, the
 * share of filler answers, of cards that blank a sentence (cloze and number blanks), of repeated backs, and
 * the kinds of cards, on the fixture documents and on course notes written for this bench in five languages
 * (bench/flashcards/corpus). Targets: filler ≤ 5%, blanks ≤ 40%, repeated backs ≤ 5%. `--show` prints the
 * decks. RSS growth covers the NLP models, loaded once per process.
 *
 * The defects a teacher reported are counted per document (each should be 0): `split` blanks that cut a
 * hyphenated or slashed compound or whose back is not the blanked span; `trail` backs that are a sentence
 * about the text ("这里我们不做证明。", "see below") or trail off ("…存在，且"); `term` definitions asked of a
 * term the back does not define (a pronoun, a piece of a longer word, a term absent from it); `tex` backs
 * whose formulas KaTeX cannot set; `capt` cards drawn from a figure or table caption. `keypt` is the share
 * of generic "what is the key point of …" cards (≤ 40%).
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { OutputLanguage, SourceDocument } from "@beannote/contract";
import { parseFile } from "../../server/src/ingest/parse-file";
import { generateOfflineNote } from "../../server/src/engine/offline";
import { noteMaterial, normaliseForMatch } from "../../server/src/engine/note-material";
import {
  bodyLanguage,
  defaultCardCount,
  writeOfflineFlashcards,
} from "../../server/src/engine/flashcards/offline";
import { isFillerAnswer, type CardDraft } from "../../server/src/engine/flashcards/card-rules";
import { isConceptTerm, termSpecificity, tokenize } from "../../server/src/engine/nlp";
import { hasCjk } from "../../server/src/engine/text";
import {
  hasGarbledFormula,
  isCaption,
  isIncompleteStatement,
  isMetaSentence,
  type FormulaCheck,
} from "../../server/src/engine/flashcards/card-kinds";
import { latexChecker } from "../../server/src/ingest/omml";

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

const BLANK = /_{3,}|＿{2,}/u;
const SPACED = String.raw`[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}]`;
/** A blank glued to a letter, a hyphen or a slash: part of a word or of a compound ("open-_____"). */
const GLUED_BLANK = new RegExp(
  `(?:${SPACED}|[-/‐])(?:_{3,}|＿{2,})|(?:_{3,}|＿{2,})(?:[-/‐]|${SPACED})`,
  "u",
);

/** A cloze that cuts a word or a compound, or whose back is not the span its blank stands for. */
function splitsBlank(card: CardDraft): boolean {
  if (!BLANK.test(card.front)) return false;
  if (GLUED_BLANK.test(card.front)) return true;
  // the back is the blanked span: put back in its place, the card reads as its sentence
  return card.front.replace(BLANK, () => card.back) !== card.quote; // (a back may hold "$$")
}

/** A back that says nothing of the subject or stops short ("这里我们不做证明。", "…存在，且", "see below"). */
function trailsOff(card: CardDraft): boolean {
  if (card.form === "table" || card.form === "enumeration" || BLANK.test(card.front)) return false;
  return isMetaSentence(card.back) || isIncompleteStatement(card.back);
}

/** The term a definition front asks about, in the output languages' phrasing ("What is X?", "什么是X？"). */
function askedTerm(front: string): string | null {
  const m =
    /^(?:What (?:is|are) (?:an? |the )?|What does )(.+?)(?: stand for)?\?$/u.exec(front) ??
    /^什么是(.+?)？$/u.exec(front) ??
    /^(.+?)とは(?:何|なに)(?:ですか)?[？?]$/u.exec(front) ??
    /^Qu['’]est-ce qu(?:e |['’])(?:(?:un|une|le|la|les|l['’])\s?)?(.+?) ?\?$/u.exec(front) ??
    /^Was (?:ist|sind) (?:(?:ein|eine|der|die|das)\s)?(.+?)\?$/u.exec(front) ??
    /^¿Qué es (?:(?:un|una|el|la)\s)?(.+?)\?$/u.exec(front) ??
    /^O que é (?:(?:um|uma|o|a)\s)?(.+?)\?$/u.exec(front) ??
    /^Что такое (.+?)\?$/u.exec(front) ??
    /^(.+?)란 무엇입니까\?$/u.exec(front);
  return m?.[1]?.trim() ?? null;
}

const POINTER = /^(?:我们|这|此|该|其|它|we\b|this\b|these\b|those\b|such\b|it\b|they\b)/iu;
const DEFINES_AFTER =
  /^\s*(?:[”"」』]?\s*(?:[:：（(]|是|称|叫|即|指|就是|定义为|とは|は|[—–]\s)|(?:is|are|refers?|means|denotes|describes|est|sont|désigne|signifie|ist|sind|bezeichnet|es|son|é|são|это|называется|является)(?!\p{L}))/iu;
const DEFINES_BEFORE =
  /(?:称为|称作|称之为|叫做|叫作|为|记作|记为|简称|を|\b(?:called|known as|termed|call|appelle|nomme|называется|называют|nennt man|heißt|se llama|chama-se))\s*[“"「『«]?\s*$/iu;

/**
 * A definition card asking about the wrong term: a pronoun or demonstrative ("什么是我们也？"), a term the
 * back does not hold, or holds without defining it ("什么是解析？" answered by "解析函数的零点：…称a为零点").
 */
function wrongTerm(card: CardDraft): boolean {
  if (card.form !== "definition") return false;
  const term = askedTerm(card.front);
  if (!term) return false;
  if (POINTER.test(term)) return true;
  const back = card.back.toLowerCase();
  const t = term.toLowerCase();
  for (let at = back.indexOf(t); at >= 0; at = back.indexOf(t, at + 1)) {
    const before = card.back.slice(0, at);
    const after = card.back.slice(at + term.length);
    // a whole word of the back, which the back defines ("X is …", "X：…", "…称为X")
    const whole = hasCjk(term) || (!/[\p{L}\p{N}-]$/u.test(before) && !/^[\p{L}\p{N}-]/u.test(after));
    if (whole && (DEFINES_AFTER.test(after) || DEFINES_BEFORE.test(before))) return false;
  }
  return true;
}

interface Row {
  name: string;
  cards: number;
  ms: number;
  filler: number;
  blanks: number;
  repeated: number;
  split: number;
  trail: number;
  term: number;
  tex: number;
  caption: number;
  keypoint: number;
  kinds: Map<string, number>;
}

/** KaTeX's own check, as ingest uses it: a formula it refuses cannot be shown on a card. */
const katexAccepts: FormulaCheck = await latexChecker();

async function measure(name: string, markdown: string, output: OutputLanguage, sources: SourceDocument[]) {
  const material = noteMaterial({ title: name, markdown, outputLanguage: output, sources });
  const started = performance.now();
  const cards = await writeOfflineFlashcards(material, { count: defaultCardCount(material, "detail") });
  const ms = performance.now() - started;
  // judged in the language the engine wrote the deck in (formulas aside)
  const lang = bodyLanguage(material);
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
    split: cards.filter(splitsBlank).length,
    trail: cards.filter(trailsOff).length,
    term: cards.filter(wrongTerm).length,
    tex: cards.filter((c) => hasGarbledFormula(`${c.front} ${c.back}`, katexAccepts)).length,
    caption: cards.filter((c) => c.form !== "table" && (isCaption(c.back) || isCaption(c.quote))).length,
    keypoint: share(cards.filter((c) => c.form === "keypoint").length),
    kinds,
  };
  if (show) {
    console.log(`\n=== ${name} (${lang} → ${output})`);
    for (const c of cards)
      console.log(
        `[${c.form}] ${c.front.slice(0, 160)}\n    → ${c.back.slice(0, 160)}${isFiller(c, lang) ? "   ⚠ filler" : ""}` +
          `${splitsBlank(c) ? "   ⚠ split" : ""}${trailsOff(c) ? "   ⚠ trail" : ""}${wrongTerm(c) ? "   ⚠ term" : ""}` +
          `${hasGarbledFormula(`${c.front} ${c.back}`, katexAccepts) ? "   ⚠ tex" : ""}` +
          `${c.form !== "table" && (isCaption(c.back) || isCaption(c.quote)) ? "   ⚠ caption" : ""}`,
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
console.log(
  "\ndocument".padEnd(48),
  "cards   ms  filler blanks repeated split trail term tex capt keypt  kinds",
);
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
    String(r.split).padStart(5),
    String(r.trail).padStart(5),
    String(r.term).padStart(4),
    String(r.tex).padStart(3),
    String(r.caption).padStart(4),
    pct(r.keypoint).padStart(5),
    ` ${kinds}`,
  );
}
const total = rows.reduce((n, r) => n + r.cards, 0);
const sum = (key: "split" | "trail" | "term" | "tex" | "caption") => rows.reduce((n, r) => n + r[key], 0);
const weighted = (key: "filler" | "blanks" | "repeated" | "keypoint") =>
  rows.reduce((n, r) => n + r[key] * r.cards, 0) / total;
console.log(
  `\nall ${total} cards: filler ${pct(weighted("filler"))} (target ≤ 5%), blanks ${pct(weighted("blanks"))} (≤ 40%), ` +
    `repeated backs ${pct(weighted("repeated"))} (≤ 5%), key-point cards ${pct(weighted("keypoint"))} (≤ 40% a deck); ` +
    `defects (target 0): split blanks ${sum("split")}, meta or trailing backs ${sum("trail")}, wrong defined terms ${sum("term")}, ` +
    `unsettable formulas ${sum("tex")}, captions ${sum("caption")}; RSS growth ${((process.memoryUsage().rss - rssBefore) / 2 ** 20).toFixed(0)} MiB`,
);
