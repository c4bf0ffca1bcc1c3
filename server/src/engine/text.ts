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

// ICU breaks after abbreviations such as "e.g." or "Fig."; glue such fragments back.
const ABBREV_END =
  /(?:\b(?:e\.g|i\.e|etc|vs|cf|al|fig|figs|eq|eqs|no|nos|vol|pp|sec|ch|dr|mr|mrs|ms|prof|st|approx|resp)\.|\b[A-Z]\.)$/i;
function mergeFalseBreaks(parts: string[]): string[] {
  const out: string[] = [];
  for (const p of parts) {
    const prev = out[out.length - 1];
    if (prev !== undefined && (ABBREV_END.test(prev) || /^\p{Ll}/u.test(p))) {
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
const SIMPLE_WORD = /[\p{L}\p{M}\p{N}]+(?:['’.-][\p{L}\p{M}\p{N}]+)*/gu;
// V8's segmenter slows down sharply on long strings, so it is fed short pieces.
const PIECE = /[^。！？；\n.!?;]{1,200}[。！？；\n.!?;]?|[。！？；\n.!?;]/gu;

/** Word-like tokens (lower-cased), positions in the original string; nothing inside a formula is a word. */
export function wordTokens(source: string, locale: string): WordToken[] {
  const text = maskFormulas(source);
  const out: WordToken[] = [];
  if (!NEEDS_DICTIONARY.test(text)) {
    for (const m of text.matchAll(SIMPLE_WORD)) out.push({ word: m[0].toLowerCase(), index: m.index });
    return out;
  }
  const seg = segmenter(locale, "word");
  for (const piece of text.matchAll(PIECE)) {
    for (const s of seg.segment(piece[0])) {
      if (s.isWordLike) out.push({ word: s.segment.toLowerCase(), index: piece.index + s.index });
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
