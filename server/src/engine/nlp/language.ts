/**
 * Which language a text is written in, with the stop words and stemmer of that language. The script decides
 * for Chinese, Japanese, Korean and Cyrillic; among Latin-script languages the one whose stop words the text
 * uses most wins.
 */
import { createRequire } from "node:module";
import { isStopword } from "../stopwords";
import { detectLanguage, primaryLanguage } from "../text";
import { recordLoad } from "./loaded";

const requireHere = createRequire(import.meta.url);

let stopwordLists: Record<string, string[]> | undefined;
function allStopwordLists(): Record<string, string[]> {
  stopwordLists ??= recordLoad("stopwords", () => requireHere("stopwords-iso") as Record<string, string[]>);
  return stopwordLists;
}

/**
 * Nouns stopwords-iso lists as stop words that name things in course material: "Tiers État" lost its "État"
 * (the French revolution's map had the leaf "Tiers"), "Estado de bienestar", "Menschenrechte", "рабочее время".
 */
const CONTENT_NOUNS: Record<string, string[]> = {
  fr: ["état", "états", "personne", "personnes", "droite", "mot", "mots", "début"],
  es: ["estado", "estados", "tiempo", "trabajo", "parte"],
  de: ["zeit", "jahr", "jahre", "teil", "ende", "mensch", "menschen", "recht", "mann"],
  pt: ["estado", "tempo", "parte"],
  ru: ["время", "год", "человек", "работа"],
};

const stopSets = new Map<string, Set<string>>();
/** The stop words of a language (stopwords-iso, less the nouns above), lower-cased; empty for one it does not list. */
export function stopwordSet(lang: string): Set<string> {
  let set = stopSets.get(lang);
  if (!set) {
    const nouns = new Set(CONTENT_NOUNS[lang] ?? []);
    set = new Set((allStopwordLists()[lang] ?? []).map((w) => w.toLowerCase()).filter((w) => !nouns.has(w)));
    stopSets.set(lang, set);
  }
  return set;
}

/** A function word of `lang` (or of the engine's own short lists), a number or punctuation. */
export function isFunctionWord(word: string, lang: string): boolean {
  const lower = word.toLowerCase();
  return isStopword(lower) || stopwordSet(lang).has(lower);
}

const LATIN_CANDIDATES = ["en", "fr", "de", "es", "pt", "it", "nl", "sv", "pl", "cs", "tr", "id", "vi"];
const LATIN_WORD = /\p{Script=Latin}+/gu;

/**
 * The primary language of `sample` ("en", "zh", "ja", "ko", "ru", "fr", …). `hint` (a language tag) wins when
 * the script agrees with it, so a French note is not read as English because of a few shared words.
 */
export function textLanguage(sample: string, hint?: string): string {
  const byScript = detectLanguage(sample);
  const hinted = hint ? primaryLanguage(hint) : "";
  if (byScript !== "en") return byScript === "und" && hinted ? hinted : byScript;
  const words = (sample.slice(0, 4000).match(LATIN_WORD) ?? []).map((w) => w.toLowerCase());
  if (words.length === 0) return hinted && LATIN_CANDIDATES.includes(hinted) ? hinted : "en";
  let best = "en";
  let bestHits = -1;
  for (const lang of LATIN_CANDIDATES) {
    const stops = stopwordSet(lang);
    let hits = 0;
    for (const w of words) if (w.length > 1 && stops.has(w)) hits++;
    if (lang === hinted) hits *= 1.15;
    if (hits > bestHits) [best, bestHits] = [lang, hits];
  }
  return best;
}

const SNOWBALL: Record<string, string> = {
  ar: "arabic",
  ca: "catalan",
  cs: "czech",
  da: "danish",
  de: "german",
  en: "english",
  es: "spanish",
  eu: "basque",
  fi: "finnish",
  fr: "french",
  ga: "irish",
  hu: "hungarian",
  hy: "armenian",
  it: "italian",
  nl: "dutch",
  no: "norwegian",
  nb: "norwegian",
  pt: "portuguese",
  ro: "romanian",
  ru: "russian",
  sv: "swedish",
  tr: "turkish",
  uk: "russian",
};

interface Stemmer {
  stem(word: string): string;
}
let snowball: { newStemmer(name: string): Stemmer } | undefined;
const stemmers = new Map<string, Stemmer | null>();

/** The Snowball stemmer of a language, or null when there is none. */
export function stemmerFor(lang: string): Stemmer | null {
  if (!stemmers.has(lang)) {
    const name = SNOWBALL[lang];
    snowball ??= recordLoad(
      "snowball",
      () => requireHere("snowball-stemmers") as { newStemmer(name: string): Stemmer },
    );
    stemmers.set(lang, name ? snowball.newStemmer(name) : null);
  }
  return stemmers.get(lang)!;
}
