import type { MaterialSection, MaterialSentence, NoteMaterial } from "../note-material";
import { askedTerm } from "./asked-term";
import {
  boldLabelled,
  DASH_LABELLED,
  labelledItem,
  normaliseForMatch,
  sectionSentences,
} from "../note-material";
import { studyLabelsFor, type StudyLabels } from "../study-labels";
import { maskFormulas, RELATION_FORMULA } from "../formula";
import { findWord, hasCjk } from "../text";
import { isStopword } from "../stopwords";
import {
  hasTagger,
  hasVerb,
  isConceptTerm,
  nlpReady,
  nounPhrases,
  rankTerms,
  termSpecificity,
  tokenize,
  type TermSpan,
  materialWithoutPlaceholders,
} from "../nlp";
import {
  frontKey,
  isFillerAnswer,
  isStudyableCard,
  KIND_OF_FORM,
  type CardDraft,
  type CardForm,
} from "./card-rules";
import { isCleanAnswer, isWholeSentence } from "../sentences";
import { headingFor } from "../section-prompt";
import {
  acronymPairs,
  causalSplit,
  comparedPair,
  definedTerm,
  DEFINES_SUBJECT,
  GENERIC_LABEL,
  hasGarbledFormula,
  hasHeaderRow,
  inlineEnumeration,
  isCaption,
  isIncompleteStatement,
  isMetaSentence,
  isProse,
  namedResult,
  numberFact,
  opensPointingBack,
  whyQuestion,
  type FormulaCheck,
} from "./card-kinds";
import { latexChecker } from "../../ingest/omml";
import { narratesOrInstructs } from "../quiz/quiz-text";
import { materialLanguage } from "../prose-language";

/** At most this share of a deck blanks a word or value out of a sentence. */
export const MAX_BLANK_SHARE = 0.4;
/** At most this share of a deck asks the generic "what is the key point of …". */
export const MAX_KEYPOINT_SHARE = 0.4;
/**
 * Table facts ("row · column" → cell) in a deck that has other cards: a handout of tables gave nine cells
 * and not one of the sentences its author wrote under them ("找聚点即找最小邻域").
 */
export const MAX_TABLE_SHARE = 0.6;
/** Equations asked after the words that introduce them, in a deck that has other cards (a maths lecture's
 * 46 of 60 cards were equations). */
export const MAX_FORMULA_SHARE = 0.4;
/** Forms in the order a section offers them: what a tutor asks first. */
const FORM_ORDER: CardForm[] = [
  "definition",
  "named-result",
  "formula",
  "acronym",
  "enumeration",
  "cause",
  "comparison",
  "table",
  "number",
  "cloze",
  "keypoint",
];
const BLANK_FORMS = new Set<CardForm>(["cloze", "number"]);
const MAX_TABLE_CARDS = 8;
const MAX_LIST_ITEMS = 8;
/** A cell that stands for something the note could not show ("[equation]", "[image]"). */
const PLACEHOLDER = /^\[[^\]]*\]$/u;
/** Below this, a term is an everyday word ("model", "datasets", "函数"): no cloze asks for it. */
const MIN_CONCEPT_SPECIFICITY = 1;
/** A figure or table caption, a reference: nothing to blank. */
const CAPTION =
  /^(?:(?:Figure|Fig\.|Table|Tab\.|Abbildung|Tabelle|Tableau|Рис\.|Рисунок|Таблица)\s*\d|[图表]\s*\d|図\s*\d)/iu;

/** What every section's cards are judged against: the note's language and its ranked concepts. */
interface DeckContext {
  lang: string;
  outputLanguage: string;
  labels: StudyLabels;
  /** Noun phrases of each sentence (found once). */
  phrases(text: string): TermSpan[];
  /** Finds the noun phrases of a whole section at once (before its sentences are asked about). */
  readSection(section: MaterialSection): void;
  /** Whether a phrase (by key) is one of the note's concepts. */
  isConcept(span: TermSpan): boolean;
  /** Rank of a phrase among the note's terms (lower is better). */
  rank(span: TermSpan): number;
  /** KaTeX's check of a formula, when loaded (writeOfflineFlashcards loads it for a note with formulas). */
  katex?: FormulaCheck;
}

/** At most this many sentences are read to rank a note's terms (a sample of a long note suffices). */
const RANKING_SENTENCES = 3000;

function deckContext(material: NoteMaterial, lang: string, katex?: FormulaCheck): DeckContext {
  const cache = new Map<string, TermSpan[]>();
  /** The noun phrases of a section's sentences, found in one pass over the section (taggers like long text). */
  const readSection = (section: MaterialSection) => {
    const sentences = sectionSentences(section).filter((x) => !cache.has(x.text));
    if (sentences.length === 0) return;
    const starts: number[] = [];
    let joined = "";
    for (const x of sentences) {
      starts.push(joined.length);
      joined += `${x.text}\n`;
    }
    const found = sentences.map((): TermSpan[] => []);
    for (const span of nounPhrases(joined, lang)) {
      let i = starts.length - 1;
      while (i > 0 && starts[i]! > span.start) i--;
      const offset = starts[i]!;
      if (span.end > offset + sentences[i]!.text.length) continue;
      found[i]!.push({ ...span, start: span.start - offset, end: span.end - offset });
    }
    sentences.forEach((x, i) => cache.set(x.text, found[i]!));
  };
  const phrases = (text: string) => {
    let spans = cache.get(text);
    if (!spans) {
      spans = nounPhrases(text, lang);
      cache.set(text, spans);
    }
    return spans;
  };
  const total = material.sections.reduce((n, s) => n + sectionSentences(s).length, 0);
  const step = Math.max(1, Math.ceil(total / RANKING_SENTENCES));
  const sample = material.sections.filter((_, i) => i % step === 0);
  sample.forEach(readSection);
  // the author's bold terms (an offline note's overview list is the engine's own guess, not emphasis)
  const emphasized = [
    ...new Set(material.sections.flatMap((s) => sectionSentences(s).flatMap((x) => x.terms))),
  ];
  const ranked = rankTerms(
    sample.map((s) => sectionSentences(s).flatMap((x) => phrases(x.text))),
    lang,
    { emphasized },
  );
  const rankOf = new Map(ranked.map((t, i) => [t.key, i]));
  // concepts: what the author emphasised, and the better-ranked terms that are not everyday words
  const conceptCut = Math.max(30, Math.round(ranked.length * 0.3));
  return {
    lang,
    outputLanguage: material.outputLanguage,
    katex,
    labels: studyLabelsFor(material.outputLanguage),
    phrases,
    readSection,
    rank: (span) => rankOf.get(span.key) ?? Number.MAX_SAFE_INTEGER,
    isConcept: (span) => {
      const at = rankOf.get(span.key);
      if (at === undefined) return false;
      const term = ranked[at]!;
      if (
        !hasCjk(span.text) &&
        span.tokens.length === 1 &&
        !/^\p{Lu}[\p{Lu}\p{N}]+s?$/u.test(span.text) &&
        [...span.text].length < 4
      )
        return false;
      // bold alone does not make an everyday word a concept: an offline note bolds its own guesses
      return (term.emphasized || at < conceptCut) && term.specificity >= MIN_CONCEPT_SPECIFICITY;
    },
  };
}

/** The language of the note's body: the script decides, and among Latin ones its function words (formulas aside). */
export const bodyLanguage = materialLanguage;

/** A term blanked in its sentence: once, as a word of its own, outside formulas, leaving enough to read. */
function blankable(term: string, sentence: string): boolean {
  const length = [...term].length;
  if (length < 2 || length > 60) return false;
  const prose = maskFormulas(sentence);
  const first = findWord(prose, term);
  if (first < 0 || prose.indexOf(term) !== first || prose.indexOf(term, first + term.length) >= 0)
    return false;
  return [...sentence].length - length >= Math.max(hasCjk(sentence) ? 6 : 15, length * 2);
}

/**
 * A Chinese word jieba's dictionary does not hold (tag "x", glued by its HMM) that ends in a verb or a preposition
 * as its last character reads alone: "大到" of "大到小一定对" is "from big to", no term ("闭集", "聚点" end in a
 * measure word or a numeral and stay).
 */
function gluedPhrase(span: TermSpan, lang: string): boolean {
  if (lang !== "zh" || span.tokens.length !== 1 || span.tokens[0]!.tag !== "x") return false;
  const last = [...span.text].at(-1)!;
  if (!/\p{Script=Han}/u.test(last)) return false;
  return /^[vpcdu]/u.test(tokenize(last, lang)[0]?.tag ?? "");
}

/** A compound's joiners: "open-domain", "client/server", "TCP/IP". */
const COMPOUND_JOINER = /^[-/‐]$/u;
const SPACED_LETTER = /[\p{L}\p{N}]/u;

/**
 * The span a blank covers: the term widened to the whole compound it stands in ("domain QA" of
 * "open-domain QA" → "open-domain QA"), so that a blank never cuts a hyphenated or slashed word.
 */
function wholeCompound(sentence: string, at: number, length: number): { at: number; length: number } {
  let start = at;
  let end = at + length;
  const cjk = (c: string | undefined) => !!c && hasCjk(c);
  while (
    start > 1 &&
    COMPOUND_JOINER.test(sentence[start - 1]!) &&
    SPACED_LETTER.test(sentence[start - 2]!)
  ) {
    start--;
    while (start > 0 && SPACED_LETTER.test(sentence[start - 1]!) && !cjk(sentence[start - 1])) start--;
  }
  while (
    end < sentence.length - 1 &&
    COMPOUND_JOINER.test(sentence[end]!) &&
    SPACED_LETTER.test(sentence[end + 1]!)
  ) {
    end++;
    while (end < sentence.length && SPACED_LETTER.test(sentence[end]!) && !cjk(sentence[end])) end++;
  }
  return { at: start, length: end - start };
}

/** Whether a span of a sentence is glued to a hyphen, a slash or a letter on either side (part of a word). */
function gluedSpan(sentence: string, at: number, length: number): boolean {
  const before = sentence[at - 1] ?? " ";
  const after = sentence[at + length] ?? " ";
  const glued = (c: string) => COMPOUND_JOINER.test(c) || (SPACED_LETTER.test(c) && !hasCjk(c));
  return (
    (glued(before) && !hasCjk(sentence[at] ?? "")) ||
    (glued(after) && !hasCjk(sentence[at + length - 1] ?? ""))
  );
}

function blanked(sentence: string, at: number, length: number, labels: StudyLabels): string {
  return sentence.slice(0, at) + labels.blank + sentence.slice(at + length);
}

const ARTICLE = /^(?:a|an|the|le|la|les|un|une|der|die|das|ein|eine|el|los|las|o|os|as|um|uma)$/iu;

/** A term with the article the sentence gives it ("A process is …" → "a process"). */
function withArticle(term: string, sentence: string, ctx: DeckContext): string {
  const before = sentence.slice(0, sentence.indexOf(term)).trim();
  if (/^l['’]$/iu.test(before)) return `l’${term}`;
  if (ARTICLE.test(before)) return `${before.toLowerCase()} ${term}`;
  // an English compound of common words is asked with "the" ("What is the budget constraint?", named in
  // "We call the constraint … the budget constraint"); a lone word may be a mass noun ("What is entropy?")
  if (ctx.lang === "en" && ctx.outputLanguage.startsWith("en") && /^\p{Ll}+(?:[\s-]\p{Ll}+)+$/u.test(term))
    return `the ${term}`;
  return askedTerm(term, ctx.lang, ctx.outputLanguage);
}

/** The verb a definition puts after its term, by number: "Fat bytecodes are …", "Preiskontrollen sind …". */
const PLURAL_VERB = /^(?:are|were|refer|mean|denote|sind|waren|son|são|sont)$/iu;
const SINGULAR_VERB = /^(?:is|was|refers|means|denotes|describes|ist|war|es|é|est)$/iu;

/**
 * Whether the sentence treats its defined term as a plural, by the verb that follows the term ("… are a …"),
 * undefined when no verb of number follows it (the question then reads the term's own shape).
 */
function saidInPlural(term: string, sentence: string): boolean | undefined {
  const at = sentence.indexOf(term);
  if (at < 0) return undefined;
  const verb = /^[\s”"»’']*(\p{L}+)/u.exec(sentence.slice(at + term.length))?.[1] ?? "";
  return PLURAL_VERB.test(verb) ? true : SINGULAR_VERB.test(verb) ? false : undefined;
}

/**
 * Whether a statement opens with what it is about, so that "why?" can be asked of it alone: not with a
 * conjunction, an adverb, a verb or a pronoun pointing back ("是非独立奇点。", "那么我们只需要…", "It fails.").
 */
function opensWithSubject(text: string, lang: string): boolean {
  if (lang !== "zh" && lang !== "en" && lang !== "ja") return true;
  const first = tokenize(text, lang)[0];
  if (!first) return false;
  if (lang === "en")
    return first.tag === "DET"
      ? /^(?:the|a|an|each|every|all|most|many|some|no)$/iu.test(first.text)
      : first.pos === "NOUN" || first.pos === "PROPN" || first.pos === "ADJ" || first.pos === "NUM";
  // Chinese and Japanese: a noun (or a name, a Latin term) opens the statement, or a formula
  return /^\$/u.test(text.trim()) || first.pos === "NOUN" || first.pos === "PROPN" || first.pos === "X";
}

interface Candidate extends CardDraft {
  form: CardForm;
}

/** Every card one sentence offers, of the kinds a tutor writes; a cloze only on one of the note's concepts. */
function sentenceCards(
  s: MaterialSentence,
  next: MaterialSentence | undefined,
  base: { sectionIndex: number },
  ctx: DeckContext,
): Candidate[] {
  const { lang, labels } = ctx;
  const out: Candidate[] = [];
  const card = (form: CardForm, front: string, back: string): Candidate => ({
    ...base,
    form,
    kind: KIND_OF_FORM[form],
    front,
    back,
    quote: s.text,
  });
  const spans = ctx.phrases(s.text);

  const term = definedTerm(s.text, lang);
  // a definition's back is its whole sentence, one a card can hold (a long display formula makes it a poor back)
  if (term && isWholeSentence(s.text, true))
    out.push(
      card("definition", labels.whatIs(withArticle(term, s.text, ctx), saidInPlural(term, s.text)), s.text),
    );
  // a sentence about the text ("see below"), a caption or a statement that trails off is no card material
  if (isMetaSentence(s.text) || isCaption(s.text) || isIncompleteStatement(s.text)) return [];

  // "… four stages: 1) …, 2) …, and 3) …" asks for the stages, as a list in the note would
  const listed = inlineEnumeration(s.text);
  if (listed)
    out.push(
      card(
        "enumeration",
        labels.listAll(listed.lead, listed.items.length),
        listed.items.join(hasCjk(s.text) ? "；" : "; "),
      ),
    );

  if (!isProse(s.text)) return out;
  const name = namedResult(s.text, lang, spans);
  if (name) {
    // the formula the sentence announces, when it follows as a display equation
    const formula = next && /^\$\$[^$]+\$\$$/u.test(next.text.trim()) ? ` ${next.text.trim()}` : "";
    out.push(card("named-result", labels.statementOf(name), s.text + formula));
  }

  for (const { acronym, expansion } of acronymPairs(s.text, spans))
    if (isConceptTerm(expansion, lang) || hasCjk(expansion))
      out.push(card("acronym", labels.expansionOf(acronym), expansion));

  const causal = causalSplit(s.text, lang);
  // the front asks "why" of the effect as a question about its subject, or the card is not written
  const asked = causal && whyQuestion(causal.effect, lang);
  if (
    causal &&
    asked !== null &&
    !narratesOrInstructs(causal.effect, lang, tokenize(maskFormulas(causal.effect), lang), false) &&
    // one statement each: no display formula or lead-in in the effect, no "moreover" opening the cause
    !/\$\$|[:：]/u.test(causal.effect) &&
    !/^(?:而且|并且|此外|另外|moreover|also|and|furthermore)/iu.test(causal.cause.trim()) &&
    hasVerb(causal.effect, lang) &&
    // a label is no effect ("Warum? Selektive Permeabilität." from "Selektive Permeabilität: Aufgrund …"):
    // where no tagger finds the verb, the effect has three words or more
    (hasTagger(lang) || causal.effect.trim().split(/\s+/u).length >= 3) &&
    opensWithSubject(causal.effect, lang) &&
    isProse(causal.effect) &&
    isProse(causal.cause) &&
    nounPhrases(causal.effect, lang).some((p) => isConceptTerm(p.text, lang))
  )
    out.push(card("cause", asked ?? labels.why(causal.effect), causal.cause));

  // each side names a thing, not a measure counted by the number before it ("25 times faster than …": "times")
  const words = tokenize(s.text, lang);
  const comparable = (side: string) => {
    const at = s.text.indexOf(side);
    const before = words.filter((t) => t.end <= at).at(-1);
    const counted = before?.pos === "NUM" && /^\s*$/u.test(s.text.slice(before.end, at));
    return isConceptTerm(side, lang) && !counted;
  };
  const pair = comparedPair(s.text, lang, spans);
  if (pair && pair.every(comparable)) out.push(card("comparison", labels.compare(pair[0], pair[1]), s.text));

  // a blank in a sentence that points back ("这个＿＿＿非常重要！") cannot be filled from the card alone, nor in an
  // exercise's instruction ("Calculate the consumer's ＿＿＿ of x and y.")
  if (
    CAPTION.test(s.text) ||
    opensPointingBack(s.text, lang) ||
    narratesOrInstructs(s.text, lang, tokenize(maskFormulas(s.text), lang), true)
  )
    return out;
  const fact = numberFact(s.text);
  if (
    fact &&
    spans.some(ctx.isConcept) &&
    blankable(fact.value, s.text) &&
    !gluedSpan(s.text, fact.at, fact.value.length)
  )
    out.push(card("number", blanked(s.text, fact.at, fact.value.length, labels), fact.value));

  // a cloze blanks the best-ranked concept of the sentence (a bold term first)
  // never the head of a longer phrase ("函数" of "复变函数", "function" of "ranking function")
  const nested = (span: TermSpan) =>
    spans.some(
      (o) =>
        o !== span && o.start <= span.start && o.end >= span.end && o.end - o.start > span.end - span.start,
    );
  const concepts = spans
    .filter((span) => !nested(span) && !gluedPhrase(span, lang))
    // a bold word is a concept when it is no everyday word ("answer", "documents" set in bold by the note)
    .filter(
      (span) =>
        ((s.terms.includes(span.text) && termSpecificity(span.tokens, lang) >= 0.9) || ctx.isConcept(span)) &&
        isConceptTerm(span.text, lang),
    )
    .sort(
      (a, b) =>
        Number(s.terms.includes(b.text)) - Number(s.terms.includes(a.text)) || ctx.rank(a) - ctx.rank(b),
    );
  // the blank covers the whole compound the concept stands in, and the back is exactly what it covers
  const blanks = concepts
    .filter((span) => span.text !== term && blankable(span.text, s.text))
    .map((span) => wholeCompound(s.text, findWord(maskFormulas(s.text), span.text), span.text.length))
    .map((at) => ({ ...at, text: s.text.slice(at.at, at.at + at.length) }));
  const target = blanks.find(
    (b) =>
      findWord(maskFormulas(s.text), b.text) === b.at &&
      blankable(b.text, s.text) &&
      !gluedSpan(s.text, b.at, b.length),
  );
  if (target) out.push(card("cloze", blanked(s.text, target.at, target.length, labels), target.text));
  return out;
}

/** A line of program code, not a thing to name ("class Foo{", "int a;", "return new Bar(anA)"). */
const CODE_LINE =
  /[{};]\s*$|^\s*[{}]|^\s*(?:public|private|protected|static|class|struct|int|void|def|function|var|let|const|import|#include|return)\b.*[=({;)]|\w\([^()]*\)\s*[{;]?\s*$/u;

/** "The four stages of X are:" followed by a list: name them all. */
function enumerationCard(
  intro: MaterialSentence | undefined,
  items: MaterialSentence[],
  section: MaterialSection,
  material: NoteMaterial,
  ctx: DeckContext,
): Candidate | null {
  if (items.length < 2 || items.length > MAX_LIST_ITEMS) return null;
  const short = items.every((i) =>
    hasCjk(i.text) ? [...i.text].length <= 30 : i.text.split(/\s+/).length <= 12,
  );
  if (!short) return null;
  // each item names something (a concept or a short statement), none an address or a numeral
  const names = (text: string) => {
    const item = text.replace(/[;；,，.。]$/u, "").trim();
    return (
      /\p{L}{2}/u.test(item) &&
      !/(?:https?:|www\.|\.(?:com|org|gov|edu)\b|@)/iu.test(item) &&
      !isStopword(item.toLowerCase())
    );
  };
  if (!items.every((i) => names(i.text) && !CODE_LINE.test(i.text))) return null;
  // a list of questions or one with a lead of its own ("Define the following notions:; Point?; line ?") is an
  // exercise, not a set to name
  if (items.some((i) => /[?？:：]\s*$/u.test(i.text))) return null;
  const introText =
    intro && /[:：]$/u.test(intro.text.trim()) ? intro.text.trim().replace(/\s*[:：]$/u, "") : "";
  // a formula's "where:" ("donde:", "wobei:", "其中：") names no set: its items say what the symbols are
  if (/^(?:where|with|here|donde|où|avec|wobei|mit|onde|dove|где|其中|这里|ここで)$/iu.test(introText))
    return null;
  const asked = introText || headingFor(section, material);
  if (!asked || (!introText && items.length < 3)) return null;
  const joiner = hasCjk(items[0]!.text) ? "；" : "; ";
  return {
    sectionIndex: section.index,
    form: "enumeration",
    kind: KIND_OF_FORM.enumeration,
    front: ctx.labels.listAll(asked, items.length),
    back: items.map((i) => i.text.replace(/[;；,，.。]$/u, "")).join(joiner),
    quote: items[0]!.text,
  };
}

/**
 * Facts of a table read with its real header: "row · column" → cell. A table whose first row is data (no
 * header) is read as rows: "heading · row label" → the rest of the row.
 */
function tableCards(rows: string[][], section: MaterialSection, material: NoteMaterial): Candidate[] {
  const base = { sectionIndex: section.index, form: "table" as const, kind: KIND_OF_FORM.table };
  const cards: Candidate[] = [];
  const width = Math.max(0, ...rows.map((r) => r.length));
  if (width < 2 || rows.length < 2) return [];
  if (hasHeaderRow(rows)) {
    const [head, ...body] = rows;
    for (const row of body) {
      const label = row[0]?.trim();
      if (!label || [...label].length > 40 || /^[\d\s.,%-]+$/u.test(label) || PLACEHOLDER.test(label))
        continue;
      row.slice(1).forEach((cell, i) => {
        const column = head![i + 1]?.trim();
        const value = cell.trim();
        if (!column || PLACEHOLDER.test(column) || PLACEHOLDER.test(value)) return;
        if (!isCleanAnswer(value) || [...value].length > 300) return;
        cards.push({ ...base, front: `${label} · ${column}`, back: value, quote: row.join(" ") });
      });
    }
  } else {
    const heading = headingFor(section, material);
    for (const row of rows) {
      const label = row[0]?.trim();
      const rest = row
        .slice(1)
        .map((c) => c.trim())
        .filter(Boolean);
      if (!label || [...label].length > 40 || PLACEHOLDER.test(label) || rest.length === 0) continue;
      if (!rest.every(isCleanAnswer)) continue;
      cards.push({
        ...base,
        front: `${heading} · ${label}`,
        back: rest.join(" · "),
        quote: row.join(" "),
      });
    }
  }
  return cards.slice(0, MAX_TABLE_CARDS);
}

/**
 * "**Environmental noise**: These are sources of noise that …" — an item whose bold label names a concept and
 * whose rest says what it is: asked as "What is environmental noise?", answered by the rest.
 */
function labelledItemCard(
  item: MaterialSentence,
  ctx: DeckContext,
  labelled = boldLabelled(item),
): Omit<Candidate, "sectionIndex"> | null {
  if (!labelled) return null;
  const label = labelled.label;
  if (GENERIC_LABEL.test(label) || !isConceptTerm(label, ctx.lang) || /[\p{N}$]/u.test(label)) return null;
  const words = hasCjk(labelled.rest) ? [...labelled.rest].length / 2 : labelled.rest.split(/\s+/).length;
  return words < 3 ? null : termCard(label, labelled.rest, item, ctx);
}

/** "What is <term>?" answered by what a labelled line says of it, when that is a whole sentence of prose. */
function termCard(
  term: string,
  said: string,
  item: MaterialSentence,
  ctx: DeckContext,
): Omit<Candidate, "sectionIndex"> | null {
  // a glossary's meaning may open in lower case ("Deflation - a fall in prices"): the back is a sentence
  const back = said.charAt(0).toUpperCase() + said.slice(1);
  if (!isProse(back) || !isCardMaterial(back, ctx) || !isWholeSentence(back, true)) return null;
  return {
    form: "definition",
    kind: "definition",
    front: ctx.labels.whatIs(askedTerm(term, ctx.lang, ctx.outputLanguage)),
    back,
    quote: item.text,
  };
}

/**
 * "Definition: …" under a heading defines the heading's subject: "¿Qué es Elasticidad?" → "Mide la sensibilidad
 * de una variable con respecto a otra." (it was "¿Qué es la definición?").
 */
function headingDefinitionCard(
  item: MaterialSentence,
  section: MaterialSection,
  ctx: DeckContext,
): Omit<Candidate, "sectionIndex"> | null {
  const labelled = labelledItem(item.text);
  if (!labelled || !DEFINES_SUBJECT.test(labelled.label)) return null;
  const term = section.heading
    .replace(/^[\d.\s]+/u, "")
    .replace(/[.:：]$/u, "")
    .trim();
  if (!term || !isConceptTerm(term, ctx.lang) || (!hasCjk(term) && term.split(/\s+/u).length > 5))
    return null;
  return termCard(term, labelled.rest, item, ctx);
}

/**
 * Whether a label is a clause, not a term: a function word in it other than one short connector ("Obecnie
 * świat jest pofragmentowany" holds "jest"; "Kryzysy w USA", "rate of return" name things).
 */
function saysSomething(label: string, lang: string): boolean {
  const inner = tokenize(label, lang).filter((t) => t.stop);
  return inner.length > 1 || inner.some((t) => [...t.text].length > 3);
}

/**
 * Whether a text states something (a verb, a copula, a relation in a formula) where the language has a tagger:
 * a key point is a statement, not a title line ("Estimators, likelihood and regression", a handout's subtitle).
 */
const statesSomething = (text: string, lang: string): boolean =>
  RELATION_FORMULA.test(text) || hasVerb(maskFormulas(text), lang);

/** The longest display equation a card's back holds (its LaTeX). */
const FORMULA_BACK_MAX = 240;

/**
 * A statement that runs on into its display equation asks for the equation: "The sample mean and sample
 * variance are _____" → `$$\bar{X}=…$$`. The words before it must say what the equation is (a whole start of
 * a sentence, three words or more) and the equation must fit on a card.
 */
function formulaCard(
  s: MaterialSentence,
  ctx: DeckContext,
): Pick<Candidate, "form" | "kind" | "front" | "back"> | null {
  const m = /^([\s\S]*?)(\s*)(\$\$[^$]+\$\$)$/u.exec(s.text.trim());
  if (!m || m[1]!.includes("$$")) return null;
  const lead = m[1]!.trim();
  const formula = m[3]!;
  const words = hasCjk(lead) ? [...maskFormulas(lead)].length / 2 : lead.split(/\s+/u).length;
  if (words < 3 || formula.length - 4 > FORMULA_BACK_MAX || /^\p{Ll}/u.test(lead)) return null;
  if (isMetaSentence(lead) || opensPointingBack(lead, ctx.lang)) return null;
  const blank = ctx.labels.blank;
  // the blank stands where the equation stood (its sentence, read back, is the note's)
  return { form: "formula", kind: KIND_OF_FORM.formula, front: `${lead}${m[2]}${blank}`, back: formula };
}

/** A list item "term – what it is" (a dash with a space on each side, a label of at most five words), or null. */
const dashLabelled = (text: string) => labelledItem(text, DASH_LABELLED, 5);

/** The candidate cards of one section, best first: by form (definitions first), then in note order. */
function sectionCandidates(section: MaterialSection, material: NoteMaterial, ctx: DeckContext): Candidate[] {
  ctx.readSection(section);
  const out: Candidate[] = [];
  const base = { sectionIndex: section.index };
  const blocks = section.blocks;
  blocks.forEach((block, b) => {
    if (block.type === "definition") {
      for (const s of block.sentences) {
        // a glossary line of its own ("**Angebotsmonopol**: Ein Anbieter und viele Nachfrager.")
        const labelled =
          block.sentences.length === 1
            ? (labelledItemCard(s, ctx) ?? headingDefinitionCard(s, section, ctx))
            : null;
        if (labelled) {
          out.push({ ...base, ...labelled });
          continue;
        }
        // the term the sentence defines (its subject or the name after "称为"), not a word the note set in bold
        const term = definedTerm(s.text, ctx.lang);
        if (!term || !isWholeSentence(s.text, block.sentences.length === 1) || !isProse(s.text)) continue;
        if (!isConceptTerm(term, ctx.lang)) continue;
        out.push({
          ...base,
          form: "definition",
          kind: "definition",
          front: ctx.labels.whatIs(withArticle(term, s.text, ctx), saidInPlural(term, s.text)),
          back: s.text,
          quote: s.text,
        });
      }
    }
    if (block.type === "paragraph" || block.type === "definition") {
      block.sentences.forEach((s, i) => {
        const formula = formulaCard(s, ctx);
        if (formula) out.push({ ...base, ...formula, quote: s.text });
        const following = blocks[b + 1];
        const next =
          block.sentences[i + 1] ?? (following?.type === "paragraph" ? following.sentences[0] : undefined);
        // "Newton's second law says that …:" with its display equation after it is one statement
        if (/[:：]$/u.test(s.text) && next && /^\$\$[^$]+\$\$$/u.test(next.text)) {
          const whole = { text: `${s.text} ${next.text}`, terms: s.terms };
          out.push(...sentenceCards(whole, undefined, base, ctx));
          return;
        }
        if (!isWholeSentence(s.text, block.sentences.length === 1)) return;
        out.push(...sentenceCards(s, next, base, ctx));
      });
    } else if (block.type === "list") {
      const previous = blocks[b - 1];
      const intro =
        previous && previous.type !== "table" && previous.type !== "list"
          ? previous.sentences.at(-1)
          : undefined;
      const enumeration = enumerationCard(intro, block.items, section, material, ctx);
      if (enumeration) out.push(enumeration);
      // a glossary list with dashes ("Interwencja dwustronna – interwenient wymusza …", "Deflation - a fall in
      // prices"): two items or more so labelled, each a term and what it is
      const dashed = block.items.map((item) => {
        const d = dashLabelled(item.text);
        return d && isConceptTerm(d.label, ctx.lang) && !saysSomething(d.label, ctx.lang) ? d : null;
      });
      const terms = dashed.filter(Boolean).length;
      // or with colons, most of its items ("Mitochondrien: Die „Kraftwerke“ der Zelle …", "Ribosomen: Orte der
      // Proteinsynthese."): a slide's list of organelles gave no card at all when its labels were not in bold
      const colon = block.items.map((item) => {
        const d = labelledItem(item.text);
        return d && isConceptTerm(d.label, ctx.lang) && !saysSomething(d.label, ctx.lang) ? d : null;
      });
      const colonTerms = colon.filter(Boolean).length;
      const glossary =
        (terms >= 2 && terms * 2 >= block.items.length) ||
        (colonTerms >= 2 && colonTerms * 3 >= block.items.length * 2);
      block.items.forEach((item, i) => {
        const labelled = labelledItemCard(
          item,
          ctx,
          glossary ? (dashed[i] ?? colon[i] ?? boldLabelled(item)) : undefined,
        );
        if (labelled) out.push({ ...base, ...labelled });
        if (isWholeSentence(item.text, true)) out.push(...sentenceCards(item, undefined, base, ctx));
      });
    } else if (block.type === "table") {
      out.push(...tableCards(block.rows, section, material));
    }
  });

  const point = section.blocks
    .flatMap((b) =>
      b.type === "list"
        ? b.items.map((s) => ({ s, whole: true }))
        : b.type === "table"
          ? []
          : b.sentences.map((s) => ({ s, whole: b.sentences.length === 1 })),
    )
    .find(
      ({ s, whole }) =>
        isWholeSentence(s.text, whole) &&
        isProse(s.text) &&
        statesSomething(s.text, ctx.lang) &&
        isCardMaterial(s.text, ctx) &&
        !opensPointingBack(s.text, ctx.lang) &&
        // an instruction to the student ("Try to implement …", "HINT: Read …") is no point of the section
        !narratesOrInstructs(s.text, ctx.lang, tokenize(maskFormulas(s.text), ctx.lang), true),
    )?.s;
  if (point && section.heading) {
    out.push({
      ...base,
      form: "keypoint",
      kind: "keypoint",
      front: ctx.labels.keyPointQuestion(headingFor(section, material)),
      back: point.text,
      quote: point.text,
    });
  }

  // one card per sentence: the first form (in FORM_ORDER) a sentence offers wins
  const order = (c: Candidate) => FORM_ORDER.indexOf(c.form);
  const sorted = out
    .map((c, i) => ({ c, i }))
    .sort((a, b) => order(a.c) - order(b.c) || a.i - b.i)
    .map(({ c }) => c);
  const usedQuotes = new Set<string>();
  return sorted.filter((c) => {
    if (!isStudyableCard(c)) return false;
    if (c.form !== "table" && c.form !== "enumeration" && !isCardMaterial(c.quote, ctx)) return false;
    if (hasGarbledFormula(`${c.front} ${c.back}`, ctx.katex)) return false;
    if (c.form !== "enumeration" && isFillerAnswer(c.back, c.quote, ctx.lang)) return false;
    if (c.form !== "table" && c.form !== "acronym" && usedQuotes.has(c.quote)) return false;
    usedQuotes.add(c.quote);
    return true;
  });
}

/**
 * Whether a sentence may back a card: not a sentence about the text ("这里我们不做证明。", "see below", "as
 * shown in Figure 3"), not a caption, not a statement that trails off ("…存在，且"), no formula KaTeX refuses.
 */
function isCardMaterial(text: string, ctx: DeckContext): boolean {
  return (
    !isMetaSentence(text) &&
    !isCaption(text) &&
    !isIncompleteStatement(text) &&
    !hasGarbledFormula(text, ctx.katex)
  );
}

/** How many cards a note gets when the student does not say: more for longer, more detailed notes. */
export function defaultCardCount(material: NoteMaterial, detailLevel: "simple" | "detail"): number {
  const sentences = material.sections.reduce((n, s) => n + sectionSentences(s).length, 0);
  const perCard = detailLevel === "detail" ? 4 : 6;
  return Math.max(5, Math.min(60, Math.round(sentences / perCard) + material.sections.length));
}

/**
 * Cards drawn from the note itself, one fact each, spread over the sections (each takes its best card in
 * turn), in note order. Fronts in `exclude` (already in the deck) are skipped; no two cards share a back
 * unless they ask different things of it; at most 40% of the deck blanks a sentence.
 */
export function offlineFlashcards(
  material: NoteMaterial,
  options: { count: number; exclude?: Set<string>; katex?: FormulaCheck },
): CardDraft[] {
  // no card carries a stand-in for an equation or a picture ("[equation]"): cut out, or its fact left out
  material = materialWithoutPlaceholders(material);
  const lang = bodyLanguage(material);
  const ctx = deckContext(material, lang, options.katex);
  // a section's candidates are written when the deck first reaches it (a long note needs few of them)
  const queues: (Candidate[] | undefined)[] = material.sections.map(() => undefined);
  const queueOf = (q: number) => (queues[q] ??= sectionCandidates(material.sections[q]!, material, ctx));
  const seenFronts = new Set(options.exclude ?? []);
  const seenBacks = new Map<string, Set<CardForm>>();
  const picked: Candidate[] = [];
  const accept = (card: Candidate): boolean => {
    if (seenFronts.has(frontKey(card.front))) return false;
    const forms = seenBacks.get(normaliseForMatch(card.back));
    return !forms || !(forms.has(card.form) || BLANK_FORMS.has(card.form) || card.form === "table");
  };
  const take = (card: Candidate) => {
    seenFronts.add(frontKey(card.front));
    const back = normaliseForMatch(card.back);
    seenBacks.set(back, (seenBacks.get(back) ?? new Set()).add(card.form));
    picked.push(card);
  };
  type Share = "blank" | "keypoint" | "table" | "formula" | "concept";
  const shareOf = (card: Candidate): Share =>
    BLANK_FORMS.has(card.form)
      ? "blank"
      : card.form === "keypoint" || card.form === "table" || card.form === "formula"
        ? card.form
        : "concept";
  /** Round robin over the sections, each giving its best card of one share in turn, until `limit` are taken. */
  const pick = (share: Share, limit: number) => {
    const cursor = material.sections.map(() => 0);
    let taken = 0;
    for (let any = true; any && taken < limit;) {
      any = false;
      for (let q = 0; q < material.sections.length && taken < limit; q++) {
        const queue = queueOf(q);
        while (cursor[q]! < queue.length) {
          const card = queue[cursor[q]!++]!;
          if (shareOf(card) !== share) continue;
          if (!accept(card)) continue;
          take(card);
          taken++;
          any = true;
          break;
        }
      }
    }
  };
  // concept cards first (definitions, named results, causes, …); table facts, generic key-point questions
  // and blanks fill the rest, each at most its share of the deck (a short deck of a note that offers little else may hold 5)
  pick("concept", options.count);
  const count = (share: Share) => picked.filter((c) => shareOf(c) === share).length;
  const room = (share: Share, max: number) => {
    const mine = count(share);
    const others = picked.length - mine;
    const allowed = Math.max(Math.floor((others * max) / (1 - max)), Math.min(5, options.count) - others);
    return Math.max(0, Math.min(options.count - picked.length, allowed - mine));
  };
  // each share's room grows with the others': take turns until none can add a card; then tables fill
  // what no other card can
  const turns = () => {
    for (let before = -1; before !== picked.length && picked.length < options.count;) {
      before = picked.length;
      pick("table", room("table", MAX_TABLE_SHARE));
      pick("formula", room("formula", MAX_FORMULA_SHARE));
      pick("keypoint", room("keypoint", MAX_KEYPOINT_SHARE));
      pick("blank", room("blank", MAX_BLANK_SHARE));
    }
  };
  turns();
  pick("table", options.count - picked.length);
  pick("formula", options.count - picked.length);
  turns();
  const order = new Map(queues.flatMap((q) => q ?? []).map((c, i) => [c, i]));
  return picked.sort((a, b) => a.sectionIndex - b.sectionIndex || (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

const hasFormulas = (material: NoteMaterial) =>
  material.sections.some((s) => sectionSentences(s).some((x) => x.text.includes("$")));

/** offlineFlashcards once the note's language tools are loaded (Japanese loads its dictionary first). */
export async function writeOfflineFlashcards(
  material: NoteMaterial,
  options: { count: number; exclude?: Set<string> },
): Promise<CardDraft[]> {
  await nlpReady(bodyLanguage(material));
  // a note with formulas: no card shows one KaTeX cannot set (ingest's check, loaded once)
  const katex = hasFormulas(material) ? await latexChecker() : undefined;
  return offlineFlashcards(material, { ...options, katex });
}
