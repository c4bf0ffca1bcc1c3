import { isFunctionWord, stemmerFor, textLanguage, tokenize } from "../../engine/nlp";

// Scripts written without spaces need the NLP layer's segmenters (jieba, kuromoji, ICU).
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Hangul}]/u;
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’.-][\p{L}\p{M}\p{N}]+)*/gu;
const HAN_WORD = /^\p{Script=Han}+$/u;
const NUMBER = /^\p{N}+(?:[.,]\p{N}+)*$/u;

// A 400-page file repeats its words: each is stemmed once (the tagger's lemmas cost too much for an index
// built within two seconds, and BM25 needs stems, not parts of speech).
const stems = new Map<string, Map<string, string | null>>();
const STEM_CACHE_MAX = 200_000;
function stemOf(lower: string, lang: string): string | null {
  let cache = stems.get(lang);
  if (!cache || cache.size > STEM_CACHE_MAX) {
    cache = new Map();
    stems.set(lang, cache);
  }
  let stem = cache.get(lower);
  if (stem === undefined) {
    stem = isFunctionWord(lower, lang) ? null : (stemmerFor(lang)?.stem(lower) ?? lower);
    cache.set(lower, stem);
  }
  return stem;
}

/**
 * The search terms of a text in `language` (a primary subtag, "und" to tell from the text): Snowball stems of
 * its words in spaced scripts, the NLP layer's segmented lemmas in Chinese, Japanese, Korean and Thai;
 * function words (stopwords-iso), numbers and `ignore`d words (the grammar of asking) left out.
 */
export function searchTerms(text: string, language: string, ignore?: ReadonlySet<string>): string[] {
  const lang = language === "und" ? textLanguage(text) : language;
  const out: string[] = [];
  if (UNSPACED.test(text)) {
    // Character bigrams of each run of adjacent Han words too: a segmenter cuts an unknown term differently
    // in different contexts ("快表是" in a sentence, "快表" in a question), its bigrams match either way.
    let run = "";
    let runEnd = -1;
    const flushRun = () => {
      const chars = [...run];
      if (chars.length > 2) for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
      run = "";
    };
    for (const token of tokenize(text, lang)) {
      if (token.stop || NUMBER.test(token.text) || !token.norm) continue;
      if (ignore && (ignore.has(token.text.toLowerCase()) || ignore.has(token.norm))) continue;
      out.push(token.norm);
      if (!HAN_WORD.test(token.text)) continue;
      if (token.start !== runEnd) flushRun();
      run += token.text;
      runEnd = token.end;
    }
    flushRun();
    return out;
  }
  for (const match of text.matchAll(WORD)) {
    const lower = match[0].toLowerCase();
    if (NUMBER.test(lower) || ignore?.has(lower)) continue;
    const stem = stemOf(lower, lang);
    if (stem) out.push(stem);
  }
  return out;
}
