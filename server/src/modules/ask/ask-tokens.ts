import { createRequire } from "node:module";
import { isStopword } from "../../engine/stopwords";
import { detectLanguage, primaryLanguage, words } from "../../engine/text";

const STEMMER_OF: Record<string, string> = {
  en: "english",
  fr: "french",
  de: "german",
  es: "spanish",
  pt: "portuguese",
  it: "italian",
  ru: "russian",
  nl: "dutch",
  sv: "swedish",
  da: "danish",
  no: "norwegian",
  fi: "finnish",
  hu: "hungarian",
  ro: "romanian",
  tr: "turkish",
  cs: "czech",
};
const snowball = createRequire(import.meta.url)("snowball-stemmers") as {
  newStemmer(name: string): { stem(word: string): string };
};
const stemmers = new Map<string, { stem(word: string): string }>();
function stemmerFor(language: string) {
  const name = STEMMER_OF[language];
  if (!name) return undefined;
  let stemmer = stemmers.get(name);
  if (!stemmer) {
    stemmer = snowball.newStemmer(name);
    stemmers.set(name, stemmer);
  }
  return stemmer;
}

const LATIN = /^[\p{Script=Latin}\d'’.-]+$/u;
const CYRILLIC = /^[\p{Script=Cyrillic}\d'’.-]+$/u;

/**
 * The search terms of a text: words (segmented for Chinese and Japanese), function words left out, each
 * stemmed in its own script's language (a Russian word in an English text is stemmed as Russian).
 */
export function searchTerms(text: string, language: string, ignore?: ReadonlySet<string>): string[] {
  const primary = primaryLanguage(language === "und" ? detectLanguage(text) : language);
  const out: string[] = [];
  for (const word of words(text, primary)) {
    if (isStopword(word) || ignore?.has(word)) continue;
    const stemmer = CYRILLIC.test(word)
      ? stemmerFor("ru")
      : LATIN.test(word)
        ? stemmerFor(STEMMER_OF[primary] && primary !== "ru" ? primary : "en")
        : undefined;
    const term = stemmer ? stemmer.stem(word) : word;
    if (term) out.push(term);
  }
  return out;
}
