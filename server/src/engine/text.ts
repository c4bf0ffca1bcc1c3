/** Script-aware text helpers built on Intl.Segmenter (works for every script, no spaces added to CJK). */
import { mapProse, maskFormulas } from "./formula";

const CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const CJK_CHAR = String.raw`[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]`;
const LINE_JOIN_CJK = new RegExp(String.raw`(${CJK_CHAR})\s*\n\s*(?=${CJK_CHAR})`, "gu");

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(locale: string, granularity: "sentence" | "word"): Intl.Segmenter {
  const key = `${locale}|${granularity}`;
  let s = segmenters.get(key);
  if (!s) {
    try {
      s = new Intl.Segmenter(locale, { granularity });
    } catch {
      s = new Intl.Segmenter("en", { granularity });
    }
    segmenters.set(key, s);
  }
  return s;
}

/** True when the string contains Chinese or Japanese characters (which take no spaces between words). */
export function hasCjk(text: string): boolean {
  return CJK_RE.test(text);
}

/** Collapses whitespace; a line break between CJK characters disappears instead of becoming a space. */
export function cleanText(text: string): string {
  return text
    .replace(/\u00ad/g, "")
    .replace(/([\p{Ll}])-\n\s*(\p{Ll})/gu, "$1$2")
    .replace(LINE_JOIN_CJK, "$1")
    .replace(/[\s\u00a0]+/g, " ")
    .trim();
}

/** Splits a paragraph into sentences; a formula (`$…$`, `$$…$$`) is never split, whatever it holds. */
export function splitSentences(text: string, locale: string): string[] {
  const out: string[] = [];
  const masked = maskFormulas(text);
  for (const { segment, index } of segmenter(locale, "sentence").segment(masked)) {
    const s = text.slice(index, index + segment.length).trim();
    if (s) out.push(s);
  }
  return mergeFalseBreaks(out);
}

// ICU breaks after abbreviations such as "e.g.", "Fig.", "z. B.", "т.е." or "рис."; glue such fragments back.
// (Abbreviations that often end a sentence, "usw.", "и т.д.", a unit after a number, "5 см.", stay breaks.)
const ABBREV_END = new RegExp(
  String.raw`(?<![\p{L}\p{N}]|\d\s)(?:e\.g|i\.e|etc|vs|cf|al|fig|figs|eq|eqs|no|nos|vol|pp|sec|ch|dr|mr|mrs|ms|prof|st|approx|resp|` +
    String.raw`z\.\s?b|bzw|vgl|ca|abb|nr|d\.\s?h|p\.\s?ex|env|p\.\s?ej|sr|sra|` +
    String.raw`т\.\s?е|т\.\s?к|рис|см|стр|напр|проф|акад|табл|гл|ср)\.$`,
  "iu",
);
/**
 * An initial or a one-letter abbreviation in any script: "А. Комаров", "J. S. Bach", "z. B.", "с. 13"; not
 * a year's "1991 г.", which ends many a Russian sentence.
 */
const INITIAL_END = /(?<![\p{L}\p{N}]|\d\s?)\p{L}\.$/u;
/** Quotation marks that open and close differently («…», “…”, „…“, 「…」, 『…』). */
const QUOTE_PAIRS: [string, string][] = [
  ["«", "»"],
  ["“", "”"],
  ["„", "“"],
  ["「", "」"],
  ["『", "』"],
];
/** Whether a text opens a quotation it does not close (a quotation of several sentences is said whole). */
function opensQuote(text: string): boolean {
  const count = (mark: string) => text.split(mark).length - 1;
  return QUOTE_PAIRS.some(
    // German „…“ closes with the mark English opens with
    ([open, close]) => !(open === "“" && text.includes("„")) && count(open) > count(close),
  );
}
/** The longest quotation kept as one sentence: past it, a stray mark is no quotation. */
const QUOTE_MAX = 400;

function mergeFalseBreaks(parts: string[]): string[] {
  const out: string[] = [];
  for (const p of parts) {
    const prev = out[out.length - 1];
    // « Qu'est-ce que le Tiers État ? Tout. … Rien. … » is one quotation: its short answers were left out
    // of a note as debris, which made a misquote of it
    const inQuote = prev !== undefined && prev.length + p.length <= QUOTE_MAX && opensQuote(prev);
    // an item's number is no sentence ("1." | "$\exists\lim x_n=a\Rightarrow …$.")
    const itemNumber = prev !== undefined && /^(?:\d{1,3}|[ivx]{1,4}|\p{L})[.)]$/iu.test(prev);
    if (
      prev !== undefined &&
      (inQuote || itemNumber || ABBREV_END.test(prev) || INITIAL_END.test(prev) || /^\p{Ll}/u.test(p))
    ) {
      out[out.length - 1] = `${prev} ${p}`;
    } else {
      out.push(p);
    }
  }
  return out;
}

/** A word with its position in the text. */
export interface WordToken {
  word: string;
  index: number;
}

// Scripts written without spaces need ICU's dictionary segmentation; the rest split on letters.
const NEEDS_DICTIONARY =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** A word of a script written with spaces (letters, marks, digits; inner apostrophes, dots and hyphens). */
export const SIMPLE_WORD = /[\p{L}\p{M}\p{N}]+(?:['’.-][\p{L}\p{M}\p{N}]+)*/gu;
// V8's segmenter slows down sharply on long strings, so it is fed short pieces.
const PIECE = /[^。！？；\n.!?;]{1,200}[。！？；\n.!?;]?|[。！？；\n.!?;]/gu;

const HANGUL_WORD = /^\p{Script=Hangul}{2,}$/u;
/** Whether a Hangul syllable ends in a consonant (batchim), which decides the form of a particle after it. */
function hasBatchim(syllable: string): boolean {
  const code = syllable.charCodeAt(0) - 0xac00;
  return code >= 0 && code < 11172 && code % 28 !== 0;
}
const RIEUL_FINAL = (syllable: string) => (syllable.charCodeAt(0) - 0xac00) % 28 === 8;
type After = "consonant" | "vowel" | "vowel-or-l" | "any";
/** Korean particles (josa), longest first, with the kind of syllable each form follows. */
const JOSA: [string, After][] = [
  ["에서는", "any"],
  ["에게서", "any"],
  ["으로는", "consonant"],
  ["이라는", "consonant"],
  ["에서", "any"],
  ["에게", "any"],
  ["에는", "any"],
  ["으로", "consonant"],
  ["부터", "any"],
  ["까지", "any"],
  ["처럼", "any"],
  ["보다", "any"],
  ["라는", "vowel"],
  ["이란", "consonant"],
  ["이다", "consonant"],
  ["과의", "consonant"],
  ["와의", "vowel"],
  ["은", "consonant"],
  ["는", "vowel"],
  ["이", "consonant"],
  ["가", "vowel"],
  ["을", "consonant"],
  ["를", "vowel"],
  ["과", "consonant"],
  ["와", "vowel"],
  ["로", "vowel-or-l"],
  ["의", "any"],
  ["에", "any"],
  ["도", "any"],
  ["만", "any"],
];

/**
 * A Korean word without its particle ("염색체가" → "염색체", "분열은" → "분열"), so that a term is found
 * whatever particle follows it. Only a form that fits the syllable before it is taken off, and never down
 * to one syllable ("온도", "결과" and "사과" keep theirs).
 */
export function koreanStem(word: string): string {
  if (!HANGUL_WORD.test(word)) return word;
  for (const [josa, after] of JOSA) {
    if (!word.endsWith(josa)) continue;
    const stem = word.slice(0, -josa.length);
    if (stem.length < 2) return word;
    const last = stem.at(-1)!;
    const fits =
      after === "any" ||
      (after === "consonant" && hasBatchim(last)) ||
      (after === "vowel" && !hasBatchim(last)) ||
      (after === "vowel-or-l" && (!hasBatchim(last) || RIEUL_FINAL(last)));
    if (fits) return stem;
  }
  return word;
}

const isWordChar = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c) && !hasCjk(c);

/**
 * Whether `text` holds the term found at `at` as a word of its own, not a piece of a longer one ("cell" in
 * "cells", "세포" in "체세포"). Chinese and Japanese have no word edges to check; a Korean term may be
 * followed by its particle ("염색체가").
 */
export function standsAlone(text: string, at: number, length: number): boolean {
  const term = text.slice(at, at + length);
  if (hasCjk(term)) return true;
  if (isWordChar(text[at - 1])) return false;
  const end = at + length;
  if (!isWordChar(text[end])) return true;
  if (!/\p{Script=Hangul}$/u.test(term)) return false;
  const lastWord = term.split(/\s+/).at(-1)!;
  const rest = /^[\p{L}\p{N}]+/u.exec(text.slice(end))![0];
  return koreanStem(lastWord + rest) === lastWord;
}

/** Where `term` first stands alone in `text` (see standsAlone), from `from` on; -1 when it does not. */
export function findWord(text: string, term: string, from = 0): number {
  for (let at = text.indexOf(term, from); at >= 0; at = text.indexOf(term, at + 1))
    if (standsAlone(text, at, term.length)) return at;
  return -1;
}

const PARTICLE_PAIRS: [string, string][] = [
  ["은", "는"],
  ["이", "가"],
  ["을", "를"],
  ["과", "와"],
  ["으로", "로"],
  ["이라는", "라는"],
  ["이란", "란"],
];

/**
 * `text` after a Korean word that replaced another, with the particle that opens it in the form the new
 * word takes ("세포 주기" + "은 …" → "는 …").
 */
export function fitParticle(word: string, text: string): string {
  const last = word.at(-1);
  if (!last || !/\p{Script=Hangul}/u.test(last)) return text;
  const consonant = hasBatchim(last);
  for (const [afterConsonant, afterVowel] of PARTICLE_PAIRS) {
    for (const form of [afterConsonant, afterVowel]) {
      if (!text.startsWith(form) || /\p{Script=Hangul}/u.test(text[form.length] ?? "")) continue;
      const fitting =
        afterConsonant === "으로" && RIEUL_FINAL(last) ? "로" : consonant ? afterConsonant : afterVowel;
      return fitting + text.slice(form.length);
    }
  }
  return text;
}

const KATAKANA_WORD = /^[\p{Script=Katakana}ー・]+$/u;

/** Word-like tokens (lower-cased), positions in the original string; nothing inside a formula is a word. */
export function wordTokens(source: string, locale: string): WordToken[] {
  const text = maskFormulas(source);
  const out: WordToken[] = [];
  if (!NEEDS_DICTIONARY.test(text)) {
    for (const m of text.matchAll(SIMPLE_WORD))
      out.push({ word: koreanStem(m[0]).toLowerCase(), index: m.index });
    return out;
  }
  const seg = segmenter(locale, "word");
  for (const piece of text.matchAll(PIECE)) {
    for (const s of seg.segment(piece[0])) {
      if (!s.isWordLike) continue;
      const index = piece.index + s.index;
      const prev = out.at(-1);
      // ICU cuts loanwords at dictionary words ("カルビン" → "カルビ" + "ン"): a run of katakana is one word
      if (
        prev &&
        prev.index + prev.word.length === index &&
        KATAKANA_WORD.test(prev.word) &&
        KATAKANA_WORD.test(s.segment)
      ) {
        prev.word += s.segment;
        continue;
      }
      out.push({ word: koreanStem(s.segment).toLowerCase(), index });
    }
  }
  return out;
}

/** Word-like tokens (lower-cased). */
export function words(text: string, locale: string): string[] {
  return wordTokens(text, locale).map((t) => t.word);
}

/** Guesses a primary language subtag from the script of a text sample. */
export function detectLanguage(sample: string): string {
  let han = 0;
  let kana = 0;
  let hangul = 0;
  let cyr = 0;
  let latin = 0;
  for (const ch of sample.slice(0, 20_000)) {
    if (/\p{Script=Han}/u.test(ch)) han++;
    else if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(ch)) kana++;
    else if (/\p{Script=Hangul}/u.test(ch)) hangul++;
    else if (/\p{Script=Cyrillic}/u.test(ch)) cyr++;
    else if (/\p{Script=Latin}/u.test(ch)) latin++;
  }
  // a CJK character or a Hangul syllable carries about what a short word does (as ingest weighs them): a Korean or
  // Chinese note full of English terms ("context switch를 해주는 모듈") is still Korean or Chinese
  han *= 4;
  kana *= 4;
  hangul *= 4;
  const max = Math.max(han, kana, hangul, cyr, latin);
  if (max === 0) return "und";
  if (han + kana >= max && kana >= (han + kana) * 0.05) return "ja";
  if (max === han) return "zh";
  if (max === hangul) return "ko";
  if (max === cyr) return "ru";
  if (max === kana) return "ja";
  return "en";
}

/** Primary language subtag, lower-cased ("zh-CN" → "zh"). */
export function primaryLanguage(tag: string): string {
  return (tag.split(/[-_]/)[0] ?? "").toLowerCase();
}

/** Estimated model tokens: about one per CJK character, about four characters per token elsewhere. */
export function estimateTokens(text: string): number {
  let cjk = 0;
  for (const ch of text) if (CJK_RE.test(ch) || /\p{Script=Hangul}/u.test(ch)) cjk++;
  return Math.ceil(cjk + (text.length - cjk) / 4);
}

/**
 * Escapes characters Markdown would read as syntax, so source text renders as written; a formula is left
 * as it is (KaTeX renders it), a lone `$` is escaped so that it does not open one.
 */
export function escapeMarkdown(text: string): string {
  return mapProse(text, (prose) => prose.replace(/([\\`*_[\]<>|~$])/g, "\\$1"));
}

/** Escapes what would turn the start of a line into a heading, list or quote. */
export function escapeLineStart(text: string): string {
  return text
    .replace(/^(\s*)(#{1,6}|[+-])(?=\s|$)/, "$1\\$2")
    .replace(/^(\s*)>/, "$1\\>")
    .replace(/^(\s*)(\d{1,9})([.)])(?=\s|$)/, "$1$2\\$3");
}

/** Joins sentences of one paragraph: no space after CJK punctuation. */
export function joinSentences(sentences: string[]): string {
  let out = "";
  for (const s of sentences) {
    if (!out) out = s;
    else if (/[\u3000-\u303f\uff00-\uffef]$/.test(out) || (hasCjk(out.slice(-1)) && hasCjk(s[0] ?? "")))
      out += s;
    else out += ` ${s}`;
  }
  return out;
}
