/**
 * Russian morphology through Az.js (OpenCorpora dictionaries shipped in the `az` package, read from disk, no
 * network): each word's parts of speech, cases, numbers and genders, and its dictionary form. Noun phrases are
 * read by agreement: adjectives and participles that agree with the noun after them, then nouns in the genitive
 * ("государственной аттестационной комиссии", "система управления"); a verb, a short adjective ("должна"), a
 * preposition or a conjunction never starts or ends one. A phrase standing alone is shown in its dictionary form
 * (nominative singular, the adjectives agreeing with the head noun: "исследовательский проект").
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { SIMPLE_WORD } from "../text";
import { isFunctionWord, stemmerFor } from "./language";
import { recordLoad } from "./loaded";
import type { CoarsePos, Token } from "./tokens";

const requireHere = createRequire(import.meta.url);

/** The part of Az.js this module uses (the package has no type declarations). */
interface AzTag {
  POST: string;
  CAse?: string;
  NMbr?: string;
  GNdr?: string;
  toString(): string;
  [grammeme: string]: unknown;
}
interface AzParse {
  word: string;
  tag: AzTag;
  score: number;
  normalize(keepPos?: boolean): AzParse;
  inflect(grammemes: string[]): AzParse | false;
}
interface Az {
  load(url: string, type: string, callback: (error: Error | null, data?: unknown) => void): void;
  Morph: ((word: string) => AzParse[]) & {
    init(dir: string, callback: (error: Error | null) => void): void;
  };
}

let morph: ((word: string) => AzParse[]) | undefined;

/**
 * Az's analyser, its dictionaries (11 MB) read once per process, synchronously: Az reads them with
 * `fs.readFile`; here its loader is given each file's bytes and the callbacks are run once all are queued, so the
 * analyser is ready when this returns (about 0.2 s of CPU and 55 MiB).
 */
export function russianMorph(): (word: string) => AzParse[] {
  morph ??= recordLoad("az", () => {
    const az = requireHere("az") as Az;
    const dicts = path.join(path.dirname(requireHere.resolve("az/package.json")), "dicts");
    const pending: (() => void)[] = [];
    const original = az.load;
    az.load = (url, type, callback) =>
      pending.push(() => {
        let data: unknown;
        try {
          const bytes = readFileSync(url);
          data =
            type === "json"
              ? JSON.parse(bytes.toString("utf8"))
              : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
        } catch (error) {
          return callback(error as Error);
        }
        callback(null, data);
      });
    let failure: Error | null = null;
    let ready = false;
    try {
      az.Morph.init(dicts, (error) => {
        failure = error;
        ready = !error;
      });
      while (pending.length) pending.shift()!();
    } finally {
      az.load = original;
    }
    if (!ready) throw failure ?? new Error("Az.js: the dictionaries did not load");
    return az.Morph;
  });
  return morph;
}

const parseCache = new Map<string, AzParse[]>();
/** Az's parses of a word, best first (cached by the word as written). */
function parsesOf(word: string): AzParse[] {
  let parses = parseCache.get(word);
  if (!parses) {
    parses = russianMorph()(word);
    if (parseCache.size > 200_000) parseCache.clear();
    parseCache.set(word, parses);
  }
  return parses;
}

/** The parses of a word whose part of speech is among the likely ones (one a third as likely as the best is none). */
function likely(word: string): AzParse[] {
  const parses = parsesOf(word);
  const best = parses[0]?.score ?? 0;
  const posts = new Set(parses.filter((p) => p.score >= best * 0.35).map((p) => p.tag.POST));
  return parses.filter((p) => posts.has(p.tag.POST));
}

const CYRILLIC = /\p{Script=Cyrillic}/u;
const FUNCTION_POS = new Set(["NPRO", "PREP", "CONJ", "PRCL", "INTJ"]);

function coarse(post: string): CoarsePos {
  if (post === "NOUN") return "NOUN";
  if (post === "ADJF" || post === "ADJS" || post === "PRTF" || post === "PRTS" || post === "COMP")
    return "ADJ";
  if (post === "VERB" || post === "INFN" || post === "GRND") return "VERB";
  if (post === "NUMR" || post === "NUMB") return "NUM";
  if (post === "ADVB" || post === "PRED") return "ADV";
  if (FUNCTION_POS.has(post)) return "FUNC";
  return "X";
}

/** A proper name or an abbreviation (kept as written in a dictionary form). */
function isName(p: AzParse): boolean {
  return ["Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr"].some((g) => p.tag[g]);
}

/**
 * Derived prepositions: a noun frozen in a preposition ("в соответствии с", "с помощью", "в течение") is a
 * function word there, not a term. The closed class of Russian grammars, the noun → the prepositions before it.
 */
const DERIVED_PREPOSITIONS = new Map<string, string[]>([
  ["соответствии", ["в"]],
  ["помощью", ["с", "при"]],
  ["течение", ["в"]],
  ["связи", ["в"]],
  ["результате", ["в"]],
  ["качестве", ["в"]],
  ["целях", ["в"]],
  ["ходе", ["в"]],
  ["сравнению", ["по"]],
  ["отношении", ["в"]],
  ["основе", ["на"]],
  ["рамках", ["в"]],
  ["счёт", ["за"]],
  ["счет", ["за"]],
  ["случае", ["в"]],
  ["виде", ["в"]],
  ["зависимости", ["в"]],
  ["продолжение", ["в"]],
  ["силу", ["в"]],
  ["мере", ["по"]],
  ["причине", ["по"]],
  ["поводу", ["по"]],
]);

/** The words of a Russian text: Az's best part of speech (its tag in `tag`), Snowball stems as `norm`. */
export function russianTokens(text: string): Token[] {
  const stemmer = stemmerFor("ru");
  const out: Token[] = [];
  for (const m of text.matchAll(SIMPLE_WORD)) {
    const word = m[0];
    const lower = word.toLowerCase();
    const norm = (stemmer ? stemmer.stem(lower) : lower).toLowerCase();
    const start = m.index;
    let pos: CoarsePos | undefined;
    let tag: string | undefined;
    if (/^\p{N}+(?:[.,]\p{N}+)*$/u.test(word)) pos = "NUM";
    else if (CYRILLIC.test(word)) {
      const best = parsesOf(word)[0];
      tag = best?.tag.POST;
      pos = best ? coarse(best.tag.POST) : undefined;
      if (pos === "NOUN" && best && isName(best) && /^\p{Lu}/u.test(word)) pos = "PROPN";
    } else if (/^\p{Lu}[\p{Lu}\p{N}]+s?$/u.test(word) || /^\p{Lu}/u.test(word)) pos = "PROPN";
    else pos = "X";
    const previous = out.at(-1);
    const frozen =
      !!previous &&
      /^\s+$/u.test(text.slice(previous.end, start)) &&
      !!DERIVED_PREPOSITIONS.get(lower)?.includes(previous.text.toLowerCase());
    if (frozen) pos = "FUNC";
    const stop = pos === "FUNC" || isFunctionWord(lower, "ru");
    out.push({ text: word, norm, start, end: start + word.length, stop, pos, tag });
  }
  return out;
}

/** A noun phrase found by agreement: `tokens` as written, the index of its head noun, its dictionary form. */
export interface RussianPhrase {
  tokens: Token[];
  head: number;
  /** Where the head's own modifiers end (the genitive complements after it excluded). */
  coreEnd: number;
  /** The genitive noun groups after the head, [start, end) in `tokens` ("исследовательского проекта"). */
  complements: [number, number][];
  lemma: string;
}

const MODIFIER = new Set(["ADJF", "PRTF"]);
/**
 * Adjectives that point rather than describe open no term: pronominal ones ("такой", "этот", "свой") and
 * ordinals (Az's Apro, Anum), and the generic comparatives and determiner-like adjectives below (by lemma).
 */
const GENERIC_MODIFIERS = new Set([
  "больший",
  "меньший",
  "следующий",
  "другой",
  "иной",
  "прочий",
  "различный",
  "разный",
  "некоторый",
  "определённый",
  "каждый",
  "любой",
  "многий",
  "данный",
  "подобный",
  "соответствующий",
]);
const modifierCache = new WeakMap<AzParse, boolean>();
function modifierParse(p: AzParse): boolean {
  let is = modifierCache.get(p);
  if (is === undefined) {
    is = MODIFIER.has(p.tag.POST) && !p.tag.Apro && !p.tag.Anum && !GENERIC_MODIFIERS.has(p.normalize().word);
    modifierCache.set(p, is);
  }
  return is;
}
const MAX_TOKENS = 5;

/** A Latin word or an abbreviation that names a thing without declining ("молекула ДНК", "протокол TCP"). */
function indeclinableName(t: Token): boolean {
  if ([...t.text].length < 2) return false;
  return !CYRILLIC.test(t.text) ? /^\p{L}/u.test(t.text) && t.pos === "PROPN" : /^\p{Lu}{2,}$/u.test(t.text);
}

function agrees(adjective: AzParse, noun: AzParse): boolean {
  if (adjective.tag.CAse !== noun.tag.CAse || adjective.tag.NMbr !== noun.tag.NMbr) return false;
  if (noun.tag.NMbr !== "sing" || !adjective.tag.GNdr || !noun.tag.GNdr) return true;
  return adjective.tag.GNdr === noun.tag.GNdr || noun.tag.GNdr === "ms-f";
}

/**
 * Modifiers ending at `end` (exclusive) and the noun at `end` read together: the noun's parse (in `cases` when
 * given) that the most modifiers next to it agree with, and those modifiers' parses. Null when `end` is no noun.
 */
function nounGroup(
  tokens: Token[],
  from: number,
  end: number,
  cases?: Set<string>,
): { first: number; noun: AzParse; modifiers: AzParse[] } | null {
  const t = tokens[end];
  if (!t || t.stop || !CYRILLIC.test(t.text)) return null;
  const nouns = likely(t.text).filter(
    (p) => p.tag.POST === "NOUN" && (!cases || cases.has(p.tag.CAse ?? "")),
  );
  let best: { first: number; noun: AzParse; modifiers: AzParse[] } | null = null;
  for (const noun of nouns) {
    const modifiers: AzParse[] = [];
    for (let k = end - 1; k >= from; k--) {
      const m = tokens[k]!;
      if (m.stop || !CYRILLIC.test(m.text)) break;
      const parse = likely(m.text).find((p) => modifierParse(p) && agrees(p, noun));
      if (!parse) break;
      modifiers.unshift(parse);
    }
    if (!best || modifiers.length > best.modifiers.length)
      best = { first: end - modifiers.length, noun, modifiers };
  }
  return best;
}

/** Lower case unless the word is a name or an abbreviation ("ГАК", "Москва"). */
function asInText(word: string, parse: AzParse | undefined): string {
  if (/^\p{Lu}{2,6}$/u.test(word) || !CYRILLIC.test(word)) return word;
  return parse && isName(parse) ? word : word.toLowerCase();
}

/**
 * What a modifier keeps when it agrees with its noun: a participle its voice and tense (Az would otherwise give
 * the paradigm's first such form: "изолированная" → "изолировавшая"), a superlative its degree ("кратчайшей
 * цепи" → "кратчайшая цепь", not "краткая цепь").
 */
const keptGrammemes = (m: AzParse): string[] =>
  m.tag.POST === "PRTF"
    ? ["actv", "pssv", "past", "pres"].filter((g) => m.tag[g])
    : m.tag.Supr
      ? ["Supr"]
      : [];

/** A noun group in the nominative singular (plural where the noun has no singular), adjectives agreeing. */
function dictionaryGroup(words: string[], noun: AzParse, modifiers: AzParse[]): string {
  const headForm =
    (noun.tag.NMbr === "plur" && !noun.tag.Pltm ? noun.inflect(["nomn", "sing"]) : noun.inflect(["nomn"])) ||
    noun.normalize();
  const plural = headForm.tag.NMbr === "plur";
  const gender = headForm.tag.GNdr === "ms-f" || !headForm.tag.GNdr ? "masc" : headForm.tag.GNdr;
  const out = modifiers.map((m, i) => {
    const form =
      m.inflect([...(plural ? ["nomn", "plur"] : ["nomn", gender, "sing"]), ...keptGrammemes(m)]) ||
      m.normalize();
    return asInText(/^\p{Lu}{2,6}$/u.test(words[i]!) ? form.word.toUpperCase() : form.word, m);
  });
  const head = words.at(-1)!;
  // an abbreviation stays as written ("ГАК"), a name keeps its capital
  if (/^\p{Lu}{2,6}$/u.test(head)) out.push(head);
  else out.push(isName(noun) && /^\p{Lu}/u.test(head) ? capitalise(headForm.word, head) : headForm.word);
  return out.join(" ");
}

function capitalise(word: string, like: string): string {
  return like === like.toUpperCase() && [...like].length > 1
    ? word.toUpperCase()
    : word.charAt(0).toUpperCase() + word.slice(1);
}

/** The dictionary form of a phrase's words from `first`, given the head group and the complements as written. */
function phraseLemma(
  tokens: Token[],
  group: { first: number; noun: AzParse; modifiers: AzParse[] },
  headAt: number,
  end: number,
): string {
  const words = tokens.slice(group.first, headAt + 1).map((t) => t.text);
  const rest = tokens.slice(headAt + 1, end).map((t) => asInText(t.text, likely(t.text)[0]));
  return [dictionaryGroup(words, group.noun, group.modifiers), ...rest].join(" ");
}

/**
 * The noun phrases of a run of Russian tokens (one clause piece: no punctuation between them), left to right:
 * agreeing modifiers and their noun, then genitive groups and indeclinable names after it, at most five words.
 */
export function russianPhrases(tokens: Token[]): RussianPhrase[] {
  const out: RussianPhrase[] = [];
  let i = 0;
  while (i < tokens.length) {
    // the first noun from i, the modifiers before it agreeing with it
    let headAt = -1;
    let group: ReturnType<typeof nounGroup> = null;
    for (let j = i; j < tokens.length && j < i + MAX_TOKENS; j++) {
      const t = tokens[j]!;
      if (t.stop) break;
      const here = nounGroup(tokens, i, j);
      if (here) {
        // a word both modifier and noun ("рабочий") modifies the noun after it when that one agrees with it
        const further = nounGroup(tokens, i, j + 1);
        [group, headAt] = further && further.first <= j ? [further, j + 1] : [here, j];
        break;
      }
      if (j === i && indeclinableName(t)) {
        headAt = j;
        break;
      }
      if (!likely(t.text).some(modifierParse)) break;
    }
    if (headAt < 0) {
      i++;
      continue;
    }
    if (!group) {
      // a Latin name or an abbreviation Az does not know: a term of its own
      const t = tokens[headAt]!;
      out.push({ tokens: [t], head: 0, coreEnd: 1, complements: [], lemma: t.text });
      i = headAt + 1;
      continue;
    }
    let end = headAt + 1;
    const complements: [number, number][] = [];
    // complements: genitive noun groups, indeclinable names ("молекула ДНК")
    while (end < tokens.length && end - group.first < MAX_TOKENS) {
      if (indeclinableName(tokens[end]!)) {
        end++;
        continue;
      }
      let next = -1;
      for (let j = end; j < tokens.length && j - group.first < MAX_TOKENS; j++) {
        const g = nounGroup(tokens, end, j, new Set(["gent", "gen2"]));
        if (g && g.first === end) {
          next = j;
          break;
        }
        if (!likely(tokens[j]!.text).some((p) => modifierParse(p) && p.tag.CAse === "gent")) break;
      }
      if (next < 0) break;
      complements.push([end - group.first, next + 1 - group.first]);
      end = next + 1;
    }
    const phraseTokens = tokens.slice(group.first, end);
    out.push({
      tokens: phraseTokens,
      head: headAt - group.first,
      coreEnd: headAt - group.first + 1,
      complements,
      lemma: phraseLemma(tokens, group, headAt, end),
    });
    i = end;
  }
  return out;
}

const NAMING_VERB = /\s+(?:называ(?:ется|ются|ют)|будем\s+называть|принято\s+называть)\s+/u;
const PERSONAL = /^(?:он|она|оно|они)$/iu;

/**
 * The term a Russian naming sentence defines, in its dictionary form, or undefined when the sentence names
 * nothing this way, or null when it does but the term cannot be read. The term is the side in the
 * instrumental: before the verb ("Степенью вершины называется число рёбер …" → "степень вершины") or after it
 * ("Замкнутая цепь называется циклом" → "цикл"); an adjective after it names its subject's kind ("Вершина
 * нулевой степени называется изолированной" → "изолированная вершина", "Граф называется связным, если …" →
 * "связный граф").
 */
export function russianNamedTerm(sentence: string): string | null | undefined {
  const naming = russianNaming(sentence);
  return naming && naming.term;
}

/**
 * A Russian naming sentence read as its term (see russianNamedTerm) and what the other side says it is, as
 * written ("степень вершины" and "число рёбер"; "цикл" and "Замкнутая цепь"); no meaning for an adjective's kind.
 */
export function russianNaming(sentence: string): { term: string; meaning?: string } | null | undefined {
  const verb = NAMING_VERB.exec(sentence);
  if (!verb) return undefined;
  // the subject: after a leading clause ("Если рёбра … не повторяются, он называется цепью")
  const before = withoutBrackets(sentence.slice(0, verb.index))
    .split(/[,;:]\s*/u)
    .at(-1)!
    .trim();
  const after = withoutBrackets(sentence.slice(verb.index + verb[0].length))
    .split(/[,;:.]|\s[—–-]\s/u)[0]!
    .trim();
  const subject = phraseAt(before);
  const named = phraseAt(after);
  if (subject?.cases.has("ablt") && !subject.cases.has("nomn"))
    return { term: subject.lemma, meaning: after };
  if (!named || !named.cases.has("ablt")) return null;
  if (named.noun)
    return { term: named.lemma, ...(subject && !PERSONAL.test(before) ? { meaning: before } : {}) };
  // an adjective alone: the kind of its subject ("связным" of "Граф" → "связный граф")
  if (!subject?.noun || PERSONAL.test(before)) return null;
  // the number the adjective is in ("Две вершины называются смежными" → "смежные вершины")
  const plural = named.adjective?.tag.NMbr === "plur";
  const noun = subject.noun.inflect(["nomn", plural ? "plur" : "sing"]) || subject.noun;
  const gender = noun.tag.GNdr === "ms-f" || !noun.tag.GNdr ? "masc" : noun.tag.GNdr;
  const adjective =
    named.adjective &&
    named.adjective.inflect([
      ...(plural ? ["nomn", "plur"] : ["nomn", gender, "sing"]),
      ...keptGrammemes(named.adjective),
    ]);
  if (!adjective) return null;
  return { term: `${adjective.word} ${asInText(noun.word, noun)}` };
}

/** Text without what stands in brackets ("Графом G(V, E)", "(обозначается d(u, v))"). */
function withoutBrackets(text: string): string {
  let out = text;
  for (let previous = ""; previous !== out;) [previous, out] = [out, out.replace(/\([^()]*\)/gu, " ")];
  return out.replace(/\s+/gu, " ");
}

/** The noun phrase opening `text` (a numeral before it skipped): its cases, its head noun or lone adjective. */
function phraseAt(
  text: string,
): { lemma: string; cases: Set<string>; noun?: AzParse; adjective?: AzParse } | undefined {
  const tokens = russianTokens(text).filter((t) => t.pos !== "NUM");
  const first = tokens[0];
  if (!first || first.stop || !CYRILLIC.test(first.text)) return undefined;
  const phrase = russianPhrases(tokens).find((p) => p.tokens[0] === first);
  if (phrase) {
    const head = phrase.tokens[phrase.head]!;
    const nouns = likely(head.text).filter((p) => p.tag.POST === "NOUN");
    if (nouns.length)
      return {
        lemma: phrase.lemma,
        cases: new Set(nouns.map((p) => p.tag.CAse ?? "")),
        noun: nouns.find((p) => p.tag.CAse === "nomn") ?? nouns[0],
      };
  }
  const adjectives = likely(first.text).filter((p) => MODIFIER.has(p.tag.POST));
  if (adjectives.length === 0) return undefined;
  return {
    lemma: first.text.toLowerCase(),
    cases: new Set(adjectives.map((p) => p.tag.CAse ?? "")),
    adjective: adjectives.find((p) => p.tag.CAse === "ablt") ?? adjectives[0],
  };
}
