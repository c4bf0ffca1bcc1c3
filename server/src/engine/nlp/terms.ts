/**
 * Key terms: noun phrases and named things, never function words, bare verbs, adjectives or ordinals, never
 * cut inside a word (they are whole tokens of tokens.ts). They are ranked by how often and how unevenly the
 * document uses them against how common they are in the language at large (jieba's IDF table for Chinese
 * and for kanji words, wink's general English lexicon for English); terms the author emphasised (bold,
 * headings, defined terms) rank first.
 */
import { hasCjk } from "../text";
import { isFunctionWord } from "./language";
import { hasTagger, inEnglishLexicon, jiebaKeywords, jiebaSegmenter, tokenize, type Token } from "./tokens";
import { russianPhrases } from "./russian";
import { koreanPhrases } from "./korean";
import { maskFormulas } from "../formula";
import { COMPROMISE_LANGUAGES, europeanPhrases } from "./romance-germanic";

/** A noun phrase found in a text, with its offsets and its normalised key (lemmas or stems). */
export interface TermSpan {
  text: string;
  key: string;
  start: number;
  end: number;
  tokens: Token[];
  /**
   * How the phrase reads standing alone (a card's front, a map's leaf, a list of key terms), where the language
   * has a dictionary form other than the words as written: Russian, "исследовательский проект" for
   * "исследовательского проекта". `text` is what a sentence says (what is blanked or quoted).
   */
  lemma?: string;
}

export interface KeyTerm {
  /** The term as the text writes it most often (what a sentence holds: what is blanked, quoted, searched). */
  term: string;
  /**
   * The term standing alone (a card's front, a map's leaf, a list of key terms): its dictionary form where the
   * language has one (Russian: "исследовательский проект" for "исследовательского проекта"), else `term`.
   */
  lemma: string;
  key: string;
  score: number;
  /** How much rarer than everyday words the term is (termSpecificity): below 0.9, an everyday word. */
  specificity: number;
  count: number;
  emphasized: boolean;
}

const NOMINAL = new Set(["NOUN", "PROPN"]);
/** Languages whose noun phrases are read by their own grammar (russian.ts, romance-germanic.ts). */
const GRAMMAR = (lang: string) => lang === "ru" || COMPROMISE_LANGUAGES.has(lang);
const ARTICLE: Record<string, string> = { fr: "le", es: "el", de: "der" };
const MAX_TOKENS_SPACED = 5;
const MAX_TOKENS_CJK = 4;
const MAX_CJK_CHARS = 16;
const NO_POS_MAX_TOKENS = 3;

/** The key a term is matched by: its tokens' lemmas or stems. */
export function termKey(tokens: Token[]): string {
  return tokens.map((t) => t.norm).join(tokens.some((t) => hasCjk(t.text)) ? "" : " ");
}

function joinable(text: string, left: Token, right: Token): boolean {
  const gap = text.slice(left.end, right.start);
  if (gap === "") return true;
  if (hasCjk(left.text) && hasCjk(right.text)) return false;
  return /^(?: |-|\s?[·•]\s?)$/u.test(gap) ? gap === " " || gap === "-" : false;
}

/** Whether a token may stand inside a noun phrase (given the tagger's view of it). */
function phraseable(t: Token, lang: string): boolean {
  // "最短路径", "最小生成树": the superlative is part of the term
  if (lang === "zh" && t.text === "最") return true;
  if (t.stop) return false;
  // a language without a tagger of its own may still know its verbs (Portuguese: tokens.ts)
  if (!hasTagger(lang) || t.pos === undefined) return t.pos !== "NUM" && t.pos !== "VERB";
  if (NOMINAL.has(t.pos) || t.pos === "ADJ" || t.pos === "X" || t.pos === "NUM") return true;
  // "machine learning", "Softmax 回归": a gerund or verbal noun after a noun (the run's end checks the rest)
  return t.pos === "VERB" && (lang === "zh" || (lang === "en" && /ing$/i.test(t.text)));
}

function endsPhrase(t: Token, lang: string, previous: Token | undefined): boolean {
  if (!hasTagger(lang) || t.pos === undefined) return true;
  if (NOMINAL.has(t.pos)) return true;
  if (t.pos === "X") return lang === "zh"; // "eng" words in Chinese text
  return t.pos === "VERB" && !!previous && (NOMINAL.has(previous.pos ?? "") || previous.pos === "ADJ");
}

function startsPhrase(t: Token, lang: string): boolean {
  if (t.pos === "NUM") return false;
  // jieba reads the first part of many compounds as a verb ("搜索树", "学习算法")
  if (t.pos === "VERB") return lang === "zh" && [...t.text].length >= 2;
  // an ordinal or a generic determiner-like adjective opens no term ("first", "other", "premier")
  return !(
    lang === "en" &&
    t.pos === "ADJ" &&
    /^(?:first|second|third|\w+th|other|same|such|many|various|several|certain|new|main|different|following)$/i.test(
      t.text,
    )
  );
}

/**
 * The part of a Chinese run that can be a term: after a predicate inside it (two verbs in a row: "算法不能处理负权"
 * → "负权"), and from an adjective that opens a new noun after a noun ("存储稠密图" → "稠密图").
 */
function chineseTermTail(run: Token[]): Token[] {
  let from = 0;
  run.forEach((t, i) => {
    if (i > 0 && t.pos === "VERB" && run[i - 1]!.pos === "VERB") from = i + 1;
    // a count after a verb opens its object ("给出两个电荷" → "电荷")
    if (i > 0 && t.pos === "NUM" && run[i - 1]!.pos === "VERB") from = i;
    const before = run[i - 1];
    const after = run[i + 1];
    if (
      i > from &&
      t.pos === "ADJ" &&
      before &&
      (NOMINAL.has(before.pos ?? "") || before.pos === "X") &&
      after &&
      NOMINAL.has(after.pos ?? "")
    )
      from = i;
  });
  return run.slice(from);
}

function spansOf(text: string, run: Token[], lang: string, cjk: boolean): TermSpan[] {
  // a single Latin letter at an edge is a variable of a formula written as text ("passage p")
  const variable = (t: Token) => /^\p{Script=Latin}$/u.test(t.text);
  let tokens = lang === "zh" ? chineseTermTail(run) : run;
  while (tokens.length && (!startsPhrase(tokens[0]!, lang) || variable(tokens[0]!))) tokens = tokens.slice(1);
  while (tokens.length && variable(tokens.at(-1)!)) tokens = tokens.slice(0, -1);
  while (tokens.length && !endsPhrase(tokens.at(-1)!, lang, tokens.at(-2))) tokens = tokens.slice(0, -1);
  if (tokens.length === 0) return [];
  if (hasTagger(lang) && !tokens.some((t) => NOMINAL.has(t.pos ?? "") || t.pos === "X")) return [];
  const max = cjk ? MAX_TOKENS_CJK : hasTagger(lang) ? MAX_TOKENS_SPACED : NO_POS_MAX_TOKENS;
  // English, Chinese and Japanese put the head last; the other languages here mostly first ("système de …")
  if (tokens.length > max) tokens = hasTagger(lang) ? tokens.slice(-max) : tokens.slice(0, NO_POS_MAX_TOKENS);
  const span = (part: Token[]): TermSpan => {
    const last = part.at(-1)!;
    // a word jieba guessed with a locative or a copula glued on ("AVL树中" = "AVL" + "树中", "邻域基为R" =
    // "邻域" + "基为" + "R"): the place word or the "is" is no part of it
    const end =
      cjk && last.tag === "x" && /^\p{Script=Han}+[中内里为是]$/u.test(last.text) ? last.end - 1 : last.end;
    return {
      text: text.slice(part[0]!.start, end),
      key: termKey(part),
      start: part[0]!.start,
      end,
      tokens: part,
    };
  };
  const out: TermSpan[] = [];
  const whole = span(tokens);
  if (!cjk || [...whole.text].length <= MAX_CJK_CHARS) out.push(whole);
  // its head is a term too ("loss" in "hinge loss"), ranked on its own
  const head = hasTagger(lang) ? tokens.at(-1)! : tokens[0]!;
  if (tokens.length > 1 && (NOMINAL.has(head.pos ?? "") || !hasTagger(lang))) out.push(span([head]));
  return out;
}

/**
 * The noun phrases of a run of Russian, French, German or Spanish tokens: each whole phrase, the head noun
 * with its own modifiers ("государственная аттестационная комиссия" in "… комиссии университета") and the
 * head noun alone, each with its dictionary form where the language has one.
 */
function grammarSpans(text: string, run: Token[], lang: string): TermSpan[] {
  const span = (part: Token[], lemma?: string): TermSpan => ({
    text: text.slice(part[0]!.start, part.at(-1)!.end),
    key: termKey(part),
    start: part[0]!.start,
    end: part.at(-1)!.end,
    tokens: part,
    ...(lemma ? { lemma } : {}),
  });
  const out: TermSpan[] = [];
  if (lang === "ru") {
    const lemmaOf = (part: Token[]) => {
      const found = russianPhrases(part);
      return found.length === 1 && found[0]!.tokens.length === part.length ? found[0]!.lemma : undefined;
    };
    for (const p of russianPhrases(run)) {
      out.push(span(p.tokens, p.lemma));
      const core = p.tokens.slice(0, p.coreEnd);
      if (p.coreEnd < p.tokens.length && core.length > 1) out.push(span(core, lemmaOf(core)));
      const head = [p.tokens[p.head]!];
      if (p.tokens.length > 1) out.push(span(head, lemmaOf(head)));
      for (const [from, to] of p.complements) {
        const part = p.tokens.slice(from, to);
        out.push(span(part, lemmaOf(part)));
      }
    }
    return out;
  }
  for (const p of europeanPhrases(run, text, lang)) {
    out.push(span(p.tokens));
    const core = p.tokens.slice(0, p.coreEnd);
    if (p.coreEnd < p.tokens.length && core.length > 1) out.push(span(core));
    if (p.tokens.length > 1) out.push(span([p.tokens[p.head]!]));
    for (const [from, to] of p.complements) out.push(span(p.tokens.slice(from, to)));
  }
  return out;
}

/** The noun phrases of `text` (maximal ones, then the nouns inside them), in text order. */
export function nounPhrases(text: string, lang: string): TermSpan[] {
  if (lang === "ko")
    return koreanPhrases(maskFormulas(text))
      .map((part): TermSpan => {
        const [start, end] = [part[0]!.start, part.at(-1)!.end];
        return { text: text.slice(start, end), key: termKey(part), start, end, tokens: part };
      })
      .filter((s) => isTermShaped(s.text));
  const tokens = tokenize(text, lang);
  if (GRAMMAR(lang)) {
    const spans: TermSpan[] = [];
    let run: Token[] = [];
    for (const t of tokens) {
      const last = run.at(-1);
      if (last && !joinable(text, last, t)) {
        spans.push(...grammarSpans(text, run, lang));
        run = [];
      }
      run.push(t);
    }
    if (run.length) spans.push(...grammarSpans(text, run, lang));
    return spans.filter((s) => isTermShaped(s.text));
  }
  const cjk = lang === "zh" || lang === "ja";
  const out: TermSpan[] = [];
  let run: Token[] = [];
  const flush = () => {
    if (run.length) out.push(...spansOf(text, run, lang, cjk));
    run = [];
  };
  for (const [i, t] of tokens.entries()) {
    // a Chinese verb with an aspect particle is the sentence's predicate ("公共汽车承担了", "地铁建设缓解了"),
    // no part of a term
    if (lang === "zh" && t.pos === "VERB" && /^[了着过]$/u.test(tokens[i + 1]?.text ?? "")) {
      flush();
      continue;
    }
    if (lang === "ja" && run.length && t.start === run.at(-1)!.end && japaneseNounUsedAsPredicate(t)) {
      run = []; // "1%変化した", "弾力的": the nouns before it are a verb's or an adjective's stem here
      continue;
    }
    // an English noun in -s after nouns and right before a determiner is the sentence's verb the tagger misread
    // ("the VM records a trace tree", "the page table maps each page"): the phrase ends before it
    if (
      lang === "en" &&
      run.length &&
      t.pos === "NOUN" &&
      /s$/u.test(t.text) &&
      t.norm !== t.text.toLowerCase() &&
      tokens[i + 1]?.tag === "DET" &&
      tokens[i + 1]!.start === t.end + 1
    ) {
      flush();
      continue;
    }
    if (!phraseable(t, lang)) {
      flush();
      continue;
    }
    const last = run.at(-1);
    if (last && !joinable(text, last, t)) flush();
    run.push(t);
  }
  flush();
  return out.filter((s) => isTermShaped(s.text));
}

/**
 * A word that turns the nouns right before it into a predicate: "する" after a verbal noun ("変化する" changes,
 * "分析した"), or the suffix "的" that makes an adjective ("弾力的" elastic).
 */
function japaneseNounUsedAsPredicate(t: Token): boolean {
  return (t.pos === "VERB" && /^(?:する|できる|される)$/u.test(t.norm)) || t.text === "的";
}

function isTermShaped(text: string): boolean {
  const length = [...text].length;
  if (!/\p{L}/u.test(text) || length > 60) return false;
  // a symbol with its index, as a PDF's text layer gives it ("V₁", "xⱼ", "G₂'"): maths, not a concept
  if (/^\p{L}[\u2080-\u209c\u1d62-\u1d6a\u2c7c'′]+$/u.test(text)) return false;
  return hasCjk(text) ? length >= 2 : length >= 2 && !/^\p{Ll}$/u.test(text);
}

// --- general-language rarity ---

const idfCache = new Map<string, number>();
/** jieba's IDF of a Chinese (or kanji) word: high for rare words, about 6–7 for "模型", "函数". */
function hanIdf(word: string): number {
  let idf = idfCache.get(word);
  if (idf === undefined) {
    const found = jiebaKeywords().extractKeywords(jiebaSegmenter(), word, 1);
    idf = found[0] && found[0].keyword === word ? found[0].weight : 11;
    idfCache.set(word, idf);
  }
  return idf;
}

/** How much rarer than everyday words a token is, about 0.5 (common) to 1.8 (technical, a name). */
function tokenRarity(t: Token, lang: string): number {
  if (/^\p{Lu}[\p{Lu}\p{N}]+s?$/u.test(t.text)) return 1.6; // an acronym
  if (/^[\p{Script=Latin}\p{N}'’.-]+$/u.test(t.text)) {
    if (lang === "en" || hasCjk(t.text) || lang === "zh" || lang === "ja") {
      if (!inEnglishLexicon(t.text)) return 1.8;
      return t.pos === "PROPN" && lang === "en" ? 0.9 : 0.55;
    }
    return /^\p{Lu}/u.test(t.text) ? 1.3 : [...t.text].length >= 8 ? 1 : 0.7;
  }
  if (/^\p{Script=Han}+$/u.test(t.text)) return Math.min(1.8, hanIdf(t.text) / 8);
  if (/^[\p{Script=Katakana}ー]+$/u.test(t.text)) return 1.4;
  if (/\p{Script=Cyrillic}/u.test(t.text)) return [...t.text].length >= 9 ? 1 : 0.7;
  return 0.8;
}

/** A term's specificity: multi-word terms and rare words above everyday single words. */
export function termSpecificity(tokens: Token[], lang: string): number {
  const rarity = tokens.reduce((sum, t) => sum + tokenRarity(t, lang), 0) / Math.max(1, tokens.length);
  return tokens.length === 1 ? rarity : 1.1 + 0.15 * Math.min(3, tokens.length - 1) + 0.4 * rarity;
}

/**
 * How a noun phrase reads standing alone: its dictionary form where the language has one (Russian: nominative
 * singular, adjectives agreeing with the head noun — "государственная аттестационная комиссия" for
 * "Государственной аттестационной комиссии"), else the phrase as given.
 */
export function dictionaryForm(phrase: string, lang: string): string {
  if (lang !== "ru") return phrase;
  const text = phrase.trim();
  const whole = nounPhrases(text, lang).find((s) => s.start === 0 && s.end === text.length);
  return whole?.lemma ?? phrase;
}

/**
 * A judgement or a vague quantity before a word that names no kind of thing ("key property", "rich topic",
 * "simpler subtype", "main idea"): a phrase of the author's voice, not a concept. Either alone is fine ("steady
 * state", "key exchange", "main memory", "subtype polymorphism").
 */
/** Russian, French, German and Spanish words that point or count rather than describe (English: startsPhrase). */
const DETERMINER_ADJECTIVE =
  /^(?:следующ\p{L}*|различн\p{L}*|некотор\p{L}*|друг(?:ой|ая|ое|ие|их|ими|ого|ому|ом|ую)|каждо?\p{L}*|весь|вся|всё|все|всех|такой|такая|такое|такие|suivante?s?|différente?s|certaine?s|autres?|plusieurs|divers(?:es)?|folgende[nrms]?|verschiedene[nrms]?|andere[nrms]?|einige[nrms]?|mehrere[nrms]?|siguientes?|diferentes|otr[oa]s?|algun[oa]s|vari[oa]s|divers[oa]s)$/iu;

const VAGUE_MODIFIER =
  /^(?:key|main|major|minor|rich|deep|important|interesting|simpler|simplest|classic|typical|good|better|best|great|nice|certain|various|different|particular|several|many|few|other|own|same|whole|new|first|second|last|next|previous|further|additional|useful)$/iu;
const GENERIC_HEAD =
  /^(?:propert(?:y|ies)|topics?|subtypes?|ideas?|points?|aspects?|issues?|things?|parts?|ways?|examples?|cases?|kinds?|types?|sorts?|features?|facts?|questions?|areas?|fields?|matters?|ones?|lots?|pieces?|bits?|steps?|notions?|concepts?|sections?|chapters?|lectures?)$/iu;

/**
 * Whether `term` names a concept in `lang`: a noun phrase or name, not a function word, a bare verb, an
 * adjective, an adverb, a number or a piece of a word.
 */
export function isConceptTerm(term: string, lang: string): boolean {
  const text = term.trim();
  if (!isTermShaped(text)) return false;
  const tokens = tokenize(text, lang);
  if (tokens.length === 0 || (tokens[0]!.start > 0 && /[\p{L}\p{N}]/u.test(text.slice(0, tokens[0]!.start))))
    return false;
  if (tokens[0]!.stop || tokens.at(-1)!.stop) return false;
  if (tokens.length === 1 && isFunctionWord(text, lang)) return false;
  // the whole term is one noun phrase of its language's grammar; a French, Spanish or German term is read
  // after an article, as it stands in a sentence (alone, the taggers read "gène", "proceso" as verbs)
  if (GRAMMAR(lang)) {
    // "следующие виды", "différents types", "verschiedene Arten": a determiner-like adjective opens no term
    if (DETERMINER_ADJECTIVE.test(text.split(/\s+/u)[0]!)) return false;
    const before = COMPROMISE_LANGUAGES.has(lang) ? `${ARTICLE[lang]} ` : "";
    const [first, last] = [before.length + tokens[0]!.start, before.length + tokens.at(-1)!.end];
    const span = nounPhrases(before + text, lang).find((s) => s.start === first && s.end === last);
    // a lone word the tagger still reads as a verb after the article ("el convierte") is none
    return !!span && !(span.tokens.length === 1 && /\bVerb\b/u.test(span.tokens[0]!.tag ?? ""));
  }
  if (!hasTagger(lang))
    return (
      !tokens.some((t) => t.pos === "VERB") &&
      (tokens.length > 1 || /^\p{Lu}/u.test(text) || [...text].length >= 4)
    );
  if (lang === "en" && VAGUE_MODIFIER.test(tokens[0]!.text) && GENERIC_HEAD.test(tokens.at(-1)!.text))
    return false;
  // in isolation, a tagger reads a capitalised word as a name: the head must still be nominal
  const head = tokens.at(-1)!;
  if (tokens.length === 1) return NOMINAL.has(head.pos ?? "") || head.pos === "X";
  return (
    tokens.some((t) => NOMINAL.has(t.pos ?? "") || t.pos === "X") &&
    !["ADV", "FUNC", "ADP", "SCONJ", "CCONJ"].includes(head.pos ?? "") &&
    // "systems concepts including": a phrase cut before what it introduces
    !(lang === "en" && /^(?:including|includes|include|such|like|namely)$/iu.test(head.text)) &&
    // "circuit and depends": after "and", a verb starts a second clause ("process control block" is a name)
    !(
      lang === "en" &&
      head.pos === "VERB" &&
      tokens.some((t) => /^(?:and|or|but)$/iu.test(t.text)) &&
      !/ing$/iu.test(head.text)
    )
  );
}

/**
 * The key terms of a document, best first. `sections` are its parts' texts (one string for a short text);
 * `emphasized` the terms its author set in bold, as headings or defined, which rank first when they are
 * terms at all.
 */
export function keyTerms(
  sections: string | string[],
  lang: string,
  options: { emphasized?: string[]; limit?: number } = {},
): KeyTerm[] {
  const parts = typeof sections === "string" ? [sections] : sections;
  return rankTerms(
    parts.map((part) => nounPhrases(part, lang)),
    lang,
    options,
  );
}

/** Ranks noun phrases already found, grouped by the section they were found in (see keyTerms). */
export function rankTerms(
  spansBySection: TermSpan[][],
  lang: string,
  options: { emphasized?: string[]; limit?: number } = {},
): KeyTerm[] {
  interface Seen {
    count: number;
    sections: Set<number>;
    forms: Map<string, number>;
    tokens: Token[];
    lemmas: Map<string, number>;
  }
  const seen = new Map<string, Seen>();
  spansBySection.forEach((spans, index) => {
    for (const span of spans) {
      let entry = seen.get(span.key);
      if (!entry) {
        entry = { count: 0, sections: new Set(), forms: new Map(), tokens: span.tokens, lemmas: new Map() };
        seen.set(span.key, entry);
      }
      entry.count++;
      entry.sections.add(index);
      entry.forms.set(span.text, (entry.forms.get(span.text) ?? 0) + 1);
      if (span.lemma) entry.lemmas.set(span.lemma, (entry.lemmas.get(span.lemma) ?? 0) + 1);
    }
  });
  const n = spansBySection.length;
  const spread = (df: number) => (n <= 1 ? 1 : 0.6 + (0.4 * Math.log(1 + n / df)) / Math.log(1 + n));
  const out = new Map<string, KeyTerm>();
  for (const [key, entry] of seen) {
    // a Chinese phrase led by a verb is a term the document repeats ("学习算法"), else a verb and its object
    // said once ("介绍一般性", "涉及部分")
    if (lang === "zh" && entry.tokens[0]?.pos === "VERB" && entry.count < 2) continue;
    const forms = [...entry.forms].sort((a, b) => b[1] - a[1] || (/^\p{Ll}/u.test(a[0]) ? -1 : 1));
    const lemma = [...entry.lemmas].sort((a, b) => b[1] - a[1])[0]?.[0] ?? forms[0]![0];
    const specificity = termSpecificity(entry.tokens, lang);
    const score = (1 + Math.log(entry.count)) * specificity * spread(entry.sections.size);
    out.set(key, {
      term: forms[0]![0],
      lemma,
      key,
      score,
      specificity,
      count: entry.count,
      emphasized: false,
    });
  }
  for (const raw of options.emphasized ?? []) {
    const term = raw.trim();
    if (!isConceptTerm(term, lang)) continue;
    const tokens = tokenize(term, lang);
    const key = termKey(tokens);
    const found = out.get(key);
    if (found) Object.assign(found, { emphasized: true, score: found.score + 1000 });
    else
      out.set(key, {
        term,
        lemma: dictionaryForm(term, lang),
        key,
        score: 1000,
        specificity: termSpecificity(tokens, lang),
        count: 1,
        emphasized: true,
      });
  }
  const ranked = [...out.values()].sort((a, b) => b.score - a.score || b.count - a.count);
  return options.limit ? ranked.slice(0, options.limit) : ranked;
}
