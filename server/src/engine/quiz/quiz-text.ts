import { normaliseForMatch } from "../note-material";
import { isStopword } from "../stopwords";
import { hasCjk, words } from "../text";

/** The writing system of a term, so that a distractor looks like the answer (Han beside Han, Latin beside Latin). */
export function scriptOf(text: string): "cjk" | "hangul" | "cyrillic" | "greek" | "latin" | "other" {
  if (hasCjk(text)) return "cjk";
  if (/\p{Script=Hangul}/u.test(text)) return "hangul";
  if (/\p{Script=Cyrillic}/u.test(text)) return "cyrillic";
  if (/\p{Script=Greek}/u.test(text)) return "greek";
  if (/\p{Script=Latin}/u.test(text)) return "latin";
  return "other";
}

/** Length in characters (code points). */
export const charLength = (text: string) => [...text].length;

/**
 * A word reduced to what survives inflection in the alphabetic scripts: the first six letters of a long word
 * ("retrieval", "retrieving" → "retrie"), a plural -s dropped. CJK words are kept whole.
 */
export function stem(word: string): string {
  const w = word.toLowerCase();
  if (hasCjk(w)) return w;
  if (w.length >= 7) return w.slice(0, 6);
  if (w.length >= 4 && w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1);
  return w;
}

/** Characters that join Chinese and Japanese words rather than carry a topic: they split a run of CJK text. */
const CJK_FUNCTION =
  /[的了是在和与及或也就都而被把对从以为这那其之中上下等如若则即但不有个所并将由于该此每各我你他她它们吗呢吧啊のにはをがでてとしもなかへやからまでよりこそ]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+/gu;

/**
 * Content words of a text (function words, numbers and punctuation left out), stemmed and unique. Chinese and
 * Japanese are taken as character pairs of their runs between function characters ("最小闭集" → 最小, 小闭,
 * 闭集), which matches whatever way a dictionary would segment them.
 */
export function contentStems(text: string, locale: string): string[] {
  const out = new Set<string>();
  let rest = text;
  if (hasCjk(text)) {
    for (const m of text.matchAll(CJK_RUN)) {
      for (const run of m[0].split(CJK_FUNCTION)) {
        const chars = [...run];
        if (chars.length === 1 && !CJK_FUNCTION.test(run)) continue;
        for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
      }
    }
    rest = text.replace(CJK_RUN, " ");
  }
  for (const w of words(rest, locale)) {
    if (isStopword(w) || /^[\p{N}\p{P}]+$/u.test(w)) continue;
    if (!hasCjk(w) && w.length < 2) continue;
    out.add(stem(w));
  }
  return [...out];
}

/** Share of the shorter text's content words found in the other (0 when either has none). */
export function wordOverlap(a: string, b: string, locale: string): number {
  const sa = contentStems(a, locale);
  const sb = new Set(contentStems(b, locale));
  if (sa.length === 0 || sb.size === 0) return 0;
  const shorter = sa.length <= sb.size ? sa : [...sb];
  const longer = sa.length <= sb.size ? sb : new Set(sa);
  return shorter.filter((w) => longer.has(w)).length / shorter.length;
}

/** Same text once case, spaces and punctuation are ignored, or one holding the other (both long enough). */
export function sameOrContains(a: string, b: string): boolean {
  const na = normaliseForMatch(a);
  const nb = normaliseForMatch(b);
  if (!na || !nb) return na === nb;
  if (na === nb) return true;
  const [short, long] = na.length <= nb.length ? [na, nb] : [nb, na];
  return short.length >= 3 && long.includes(short);
}

/** A small deterministic random generator (mulberry32) seeded from a string. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A copy of `items` in a random order. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The key that tells whether two questions ask the same thing (type and wording). */
export const questionKey = (type: string, question: string) => `${type}:${normaliseForMatch(question)}`;
