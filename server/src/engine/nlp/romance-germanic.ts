/**
 * French, German and Spanish parts of speech through compromise's language plugins (fr-compromise,
 * de-compromise, es-compromise: rule-based taggers whose lexicons ship in the packages, no network), each loaded
 * once per process on the first text of its language. The taggers err (Spanish "proceso" after "el" read as a
 * verb, a German noun read as an adjective), so their reading is corrected where the language is unambiguous — a
 * word after an article is no finite verb; a German word capitalised inside a sentence is a noun, a lowercase one
 * is none — and noun phrases are read strictly: a wrongly dropped term is better than a verb as a term.
 *
 * Noun phrases: French and Spanish put the head first ("demande agrégée", "mano de obra", "regla del octeto");
 * German puts it last, with a genitive after it ("thermische Energie", "Hauptsatz der Thermodynamik").
 */
import { createRequire } from "node:module";
import { SIMPLE_WORD } from "../text";
import { isFunctionWord, stemmerFor } from "./language";
import { recordLoad } from "./loaded";
import type { CoarsePos, Token } from "./tokens";

const requireHere = createRequire(import.meta.url);

/** The languages read here. */
export const COMPROMISE_LANGUAGES: ReadonlySet<string> = new Set(["fr", "de", "es"]);

interface CompromiseTerm {
  text: string;
  tags: Set<string>;
  implicit?: string;
  offset?: { start: number; length: number };
}
/** A parsed text: its sentences' terms (`docs`), their offsets once computed (half the cost of `json()`). */
type Compromise = (text: string) => { compute(name: "offset"): unknown; docs: CompromiseTerm[][] };

const taggers = new Map<string, Compromise>();
/** The compromise plugin of `lang` ("fr", "de", "es"), loaded once: 0.5–1 s of CPU and about 55 MiB each. */
export function compromiseTagger(lang: string): Compromise {
  let nlp = taggers.get(lang);
  if (!nlp) {
    nlp = recordLoad(`${lang}-compromise`, () => {
      const loaded = requireHere(`${lang}-compromise`) as Compromise | { default: Compromise };
      return typeof loaded === "function" ? loaded : loaded.default;
    });
    taggers.set(lang, nlp);
  }
  return nlp;
}

const FUNCTION_TAGS = ["Pronoun", "Determiner", "Preposition", "Conjunction", "Copula", "Auxiliary"];
const NAME_TAGS = ["ProperNoun", "Person", "Place", "Organization", "Acronym"];

function coarse(tags: string[]): CoarsePos | undefined {
  const has = (t: string) => tags.includes(t);
  if (FUNCTION_TAGS.some(has)) return "FUNC";
  if (has("Ordinal") || has("Value") || has("Cardinal")) return "NUM";
  if (NAME_TAGS.some(has)) return "PROPN";
  if (has("Noun")) return "NOUN";
  if (has("Adjective")) return "ADJ";
  if (has("Verb")) return "VERB";
  if (has("Adverb")) return "ADV";
  return undefined;
}

/** French elision: "l'", "d'", "qu'" … before a word starting with a vowel or h. */
const ELISION = /^(?:jusqu|lorsqu|puisqu|quoiqu|qu|[cdjlmnst])['’](?=\p{L})/iu;

interface Tagged {
  start: number;
  end: number;
  tags: string[];
}

/** The tagger's terms as character ranges of `text` (a contraction's second part given its own tags). */
function taggedRanges(text: string, lang: string): Tagged[] {
  const out: Tagged[] = [];
  const doc = compromiseTagger(lang)(text);
  doc.compute("offset");
  for (const sentence of doc.docs)
    sentence.forEach((term, i) => {
      if (!term.offset || term.offset.length === 0) return;
      const { start, length } = term.offset;
      const next = sentence[i + 1];
      const apostrophe = term.text.search(/['’]/u);
      if (term.implicit && next && next.text === "" && apostrophe > 0 && apostrophe < length - 1) {
        out.push({ start, end: start + apostrophe + 1, tags: [...term.tags] });
        out.push({ start: start + apostrophe + 1, end: start + length, tags: [...next.tags] });
      } else out.push({ start, end: start + length, tags: [...term.tags] });
    });
  return out.sort((a, b) => a.start - b.start);
}

const verbReadings = new Map<string, boolean>();
/** Whether the tagger reads a lower-case word alone as a verb only (cached: one tagging per word). */
function readsAsVerb(word: string, lang: string): boolean {
  const key = `${lang}:${word}`;
  let verb = verbReadings.get(key);
  if (verb === undefined) {
    const tags = taggedRanges(word, lang)[0]?.tags ?? [];
    verb = tags.includes("Verb") && !tags.includes("Noun");
    if (verbReadings.size > 50_000) verbReadings.clear();
    verbReadings.set(key, verb);
  }
  return verb;
}

/** Whether the word at `start` opens a sentence (nothing before it but a sentence end, a line break or a bullet). */
function sentenceInitial(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 40), start).replace(/[\s"'«»“”„(\-–—•*#]+$/u, "");
  return before === "" || /[.!?:;\n]$/u.test(before);
}

/**
 * The words of a French, German or Spanish text with the tagger's parts of speech (corrected as the module
 * header says), Snowball stems as `norm` and the stop words of stopwords-iso; a French elided article or
 * preposition ("l'", "d'") is a token of its own.
 */
export function compromiseTokens(text: string, lang: string): Token[] {
  const stemmer = stemmerFor(lang);
  const words: { text: string; start: number }[] = [];
  for (const m of text.matchAll(SIMPLE_WORD)) {
    const elided = lang === "fr" ? ELISION.exec(m[0]) : null;
    if (elided) {
      words.push({ text: elided[0], start: m.index });
      words.push({ text: m[0].slice(elided[0].length), start: m.index + elided[0].length });
    } else words.push({ text: m[0], start: m.index });
  }
  const ranges = words.length ? taggedRanges(text, lang) : [];
  const out: Token[] = [];
  let r = 0;
  for (const { text: word, start } of words) {
    const end = start + word.length;
    // a hyphenated compound takes the tags of its last part ("Break-even-Punkt", "sous-réseau")
    while (r < ranges.length && ranges[r]!.end <= end - 1) r++;
    const range = ranges[r] && ranges[r]!.start <= end - 1 ? ranges[r] : undefined;
    const tags = range?.tags ?? [];
    let pos: CoarsePos | undefined = /^\p{N}+(?:[.,]\p{N}+)*$/u.test(word) ? "NUM" : coarse(tags);
    const previous = out.at(-1);
    const afterArticle =
      !!previous && /Determiner|Preposition/u.test(previous.tag ?? "") && previous.end + 1 >= start;
    // "el proceso", "la demande", "prix d'équilibre": no finite verb right after an article or a preposition
    const finite = !["Infinitive", "Gerund", "PastParticiple", "PresentParticiple", "Copula"].some((t) =>
      tags.includes(t),
    );
    if (pos === "VERB" && afterArticle && finite && lang !== "de") pos = "NOUN";
    // a capital makes the tagger read any word as a name: "Segmento BSS: Contiene las variables …" opens with a
    // verb the tagger knows in lower case (German nouns are capitalised: its tagger is not asked)
    if (
      pos === "PROPN" &&
      lang !== "de" &&
      /^\p{Lu}\p{Ll}+$/u.test(word) &&
      readsAsVerb(word.toLowerCase(), lang)
    )
      pos = "VERB";
    if (lang === "de" && pos !== "FUNC" && pos !== "NUM") {
      if (/^\p{Lu}/u.test(word) && !sentenceInitial(text, start)) pos = pos === "PROPN" ? "PROPN" : "NOUN";
      else if (/^\p{Ll}/u.test(word) && (pos === "NOUN" || pos === "PROPN")) pos = undefined;
    }
    const lower = word.toLowerCase();
    const elision = /['’]$/u.test(word);
    const norm = elision ? lower : (stemmer ? stemmer.stem(lower) : lower).toLowerCase();
    const stop = elision || pos === "FUNC" || isFunctionWord(lower, lang);
    out.push({
      text: word,
      norm,
      start,
      end,
      stop,
      pos: elision ? "FUNC" : (pos ?? "X"),
      tag: tags.join("+"),
    });
  }
  return out;
}

/** A noun phrase: its tokens, the index of its head noun and where the head's own group ends. */
export interface EuropeanPhrase {
  tokens: Token[];
  head: number;
  coreEnd: number;
  /** The noun groups of its complements, [start, end) in `tokens` ("fotosíntesis", "Thermodynamik"). */
  complements: [number, number][];
}

const MAX_TOKENS = 5;
const nominal = (t: Token | undefined) => !!t && !t.stop && (t.pos === "NOUN" || t.pos === "PROPN");
const adjective = (t: Token | undefined) => !!t && !t.stop && t.pos === "ADJ";
/** The prepositions that join a complement to a noun: "courbe de demande", "regla del octeto". */
const LINK: Record<string, RegExp> = { fr: /^(?:de|d['’]|du|des)$/iu, es: /^(?:de|del)$/iu };
const GENITIVE_ARTICLE = /^(?:der|des)$/iu;

/** Whether two tokens stand next to each other in the text (a space, or nothing after an elision). */
function adjacent(text: string, left: Token, right: Token): boolean {
  const gap = text.slice(left.end, right.start);
  return gap === "" ? /['’]$/u.test(left.text) : /^[ \t\u00a0]+$/u.test(gap);
}

/** The noun phrases of `tokens` (one text's words in order), left to right. */
export function europeanPhrases(tokens: Token[], text: string, lang: string): EuropeanPhrase[] {
  const out: EuropeanPhrase[] = [];
  const next = (k: number) =>
    k + 1 < tokens.length && adjacent(text, tokens[k]!, tokens[k + 1]!) ? k + 1 : -1;
  /** From a noun at k: the nouns and (head-first languages) adjectives after it; returns the index after them. */
  const group = (k: number, headFirst: boolean): number => {
    let end = k + 1;
    let nouns = 1;
    for (let n = next(end - 1); n >= 0 && end - k < MAX_TOKENS; n = next(end - 1)) {
      const t = tokens[n]!;
      if (nominal(t) && nouns < 3 && (headFirst ? !adjective(tokens[end - 1]) : true)) nouns++;
      else if (!(headFirst && adjective(t))) break;
      end = n + 1;
    }
    return end;
  };
  let i = 0;
  while (i < tokens.length) {
    if (lang === "de") {
      // adjectives, then the noun (or two, "Gregor Mendel"), then "der/des" + adjectives + noun
      // an attributive adjective declines: it ends in -e, -en, -er, -es or -em ("lässt" is none)
      let k = i;
      while (adjective(tokens[k]) && /(?:e|en|er|es|em)$/u.test(tokens[k]!.text) && next(k) >= 0) k = next(k);
      if (!nominal(tokens[k])) {
        i = Math.max(i + 1, k);
        continue;
      }
      let end = k + 1;
      if (nominal(tokens[next(k)]) && tokens[k]!.pos === "PROPN") end = next(k) + 1;
      const coreEnd = end;
      const complements: [number, number][] = [];
      const article = next(end - 1);
      if (article >= 0 && GENITIVE_ARTICLE.test(tokens[article]!.text)) {
        let m = next(article);
        while (m >= 0 && adjective(tokens[m])) m = next(m);
        if (m >= 0 && nominal(tokens[m]) && m + 1 - i <= MAX_TOKENS) {
          complements.push([article + 1 - i, m + 1 - i]);
          end = m + 1;
        }
      }
      out.push({ tokens: tokens.slice(i, end), head: coreEnd - 1 - i, coreEnd: coreEnd - i, complements });
      i = end;
      continue;
    }
    if (!nominal(tokens[i])) {
      i++;
      continue;
    }
    const coreEnd = group(i, true);
    let end = coreEnd;
    const complements: [number, number][] = [];
    const link = next(end - 1);
    const complement = link >= 0 ? next(link) : -1;
    if (link >= 0 && LINK[lang]?.test(tokens[link]!.text) && nominal(tokens[complement])) {
      const after = group(complement, true);
      if (after - i <= MAX_TOKENS) {
        complements.push([complement - i, after - i]);
        end = after;
      }
    }
    out.push({ tokens: tokens.slice(i, end), head: 0, coreEnd: coreEnd - i, complements });
    i = end;
  }
  return out;
}
