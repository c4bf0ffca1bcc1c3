/**
 * A term as a question in its own language asks about it: "¿Qué es la difusión?", "Qu’est-ce que l’osmose ?",
 * "O que é a membrana semipermeável?" — a list label's capital dropped ("Difusión: …") and the definite article a
 * Spanish, French or Portuguese question needs, by the head noun's gender and number (the tagger's where it reads
 * them, else the word's ending). Other languages, acronyms, names and terms from another language stay as written.
 */
import { tokenize } from "../nlp";

const ROMANCE = new Set(["es", "fr", "pt"]);
const HAS_ARTICLE = /^(?:el|la|los|las|le|les|l['’]|o|a|os|as|un|una|une|um|uma)\s/iu;

/** Greek neuters that end in -ma and stay masculine ("el sistema", "o problema", "le schéma" aside). */
const GREEK_MA = /(?:ema|ama|oma|ima)$/u;
const FEMININE: Record<string, RegExp> = {
  es: /(?:a|ión|dad|tad|tud|umbre|sis|itis)$/u,
  fr: /(?:tion|sion|xion|té|ure|ence|ance|ie|ade|ette|ise|euse|ologie|ée|elle|esse|ose)$/u,
  pt: /(?:ção|são|dade|gem|ise|a)$/u,
};

function plural(word: string, lang: string, tag: string): boolean {
  // French plurals are silent, so the tagger is asked; Spanish and Portuguese ones show ("-sis" is singular)
  if (lang === "fr") return /\bPlural\b/u.test(tag) || /(?:aux|eaux)$/u.test(word);
  return /[^i]s$/u.test(word) && !/(?:sis|tis|us)$/u.test(word);
}

function feminine(word: string, lang: string, tag: string, many: boolean): boolean {
  if (/\bFemaleNoun\b/u.test(tag)) return true;
  if (/\bMaleNoun\b/u.test(tag)) return false;
  const single = many ? word.replace(lang === "es" ? /(?:es|s)$/u : /s$/u, "") : word;
  if (GREEK_MA.test(single) || /^(?:día|mapa|dia)$/u.test(single)) return false;
  return FEMININE[lang]!.test(single);
}

export function askedTerm(term: string, lang: string, outputLanguage: string): string {
  const text = term.trim();
  if (!ROMANCE.has(lang) || !outputLanguage.toLowerCase().startsWith(lang) || HAS_ARTICLE.test(text))
    return text;
  const first = text.split(/\s+/u)[0]!;
  // an acronym, a formula or a name with capitals inside ("ATP", "Na+/K+-ATP-asa") is asked as written
  if (!/^\p{Lu}?\p{Ll}+$/u.test(first.replace(/[-'’]/gu, ""))) return text;
  const lowered = text.charAt(0).toLowerCase() + text.slice(1);
  const head = tokenize(lowered, lang)[0];
  // an adjective named alone ("Hipertónico: …") takes no article
  if (head?.pos === "ADJ" && !/\s/u.test(text)) return lowered;
  const word = first.toLowerCase();
  const tag = head?.tag ?? "";
  const many = plural(word, lang, tag);
  const female = feminine(word, lang, tag, many);
  if (lang === "fr") {
    if (many) return `les ${lowered}`;
    if (/^[aeiouyhàâéèêîïôû]/iu.test(word)) return `l’${lowered}`;
    return `${female ? "la" : "le"} ${lowered}`;
  }
  if (lang === "es") return `${many ? (female ? "las" : "los") : female ? "la" : "el"} ${lowered}`;
  return `${many ? (female ? "as" : "os") : female ? "a" : "o"} ${lowered}`;
}
