import { FORMULA, maskFormulas } from "../formula";
import type { QuestionType } from "@beannote/contract";
import { isWholeSentence } from "../sentences";
import { headingFor } from "../section-prompt";
import { labelsFor } from "../labels";
import {
  hasVerb,
  isConceptTerm,
  japaneseTokenizer,
  keyTerms,
  materialWithoutPlaceholders,
  nlpReady,
  termSpecificity,
  tokenize,
  type Token,
} from "../nlp";
import {
  causalSplit,
  comparesThings,
  definedTerm,
  isCaption,
  isIncompleteStatement,
  isMetaSentence,
  namedResult,
  opensPointingBack,
} from "../flashcards/card-kinds";
import type { MaterialSection, MaterialSentence, NoteMaterial } from "../note-material";
import { materialLanguage } from "../prose-language";
import { normaliseForMatch, sectionSentences } from "../note-material";
import { isStopword } from "../stopwords";
import { quizLabelsFor, studyLabelsFor, type QuizLabels } from "../study-labels";
import { fitParticle, hasCjk, standsAlone } from "../text";
import { materialVocabulary, questionProblems, type KeyContext } from "./answer-key";
import { examOrder, slotTypes, type QuestionDraft, type QuizPlan } from "./question";
import { relationOf, valueDistractors, valuesIn, type Value } from "./values";
import { agreeingBefore, genderInText, givenAsEquivalent, headReading } from "./swap";
import {
  agreesInForm,
  asksQuestion,
  charLength,
  cjkNonTerm,
  contentStems,
  hasPredicate,
  questionKey,
  sameOrContains,
  scriptOf,
  seededRandom,
  narratesOrInstructs,
  readsAsNoun,
  selfContained,
  shuffled,
  titleLike,
} from "./quiz-text";

/** A key term of the note that can be an answer or a distractor. */
interface Term {
  text: string;
  norm: string;
  script: ReturnType<typeof scriptOf>;
  length: number;
  stems: string[];
  /** What kind of thing it names: its head word (Latin, Cyrillic) or last two characters (CJK). */
  head: string;
  /** acronym, name (capitalised) or plain: a distractor looks like the answer. */
  shape: "acronym" | "name" | "plain";
  /** The sections it stands in: distractors come from the answer's section and its neighbours first. */
  sections: Set<number>;
  /** Marked by the note (bold, its key-term list), not only found by the NLP layer. */
  marked: boolean;
  /** Whether it names a concept (see isConcept), once asked. */
  concept?: boolean;
}

let kuromoji: Awaited<ReturnType<typeof japaneseTokenizer>> | undefined;
interface Morpheme {
  word_position: number;
  surface_form: string;
  pos: string;
  pos_detail_1?: string;
}
/** A morpheme IPADIC reads as no noun of a thing: an adjectival noun's stem, an adverb, a noun used as one. */
const notAThing = (m: Morpheme | undefined) =>
  m !== undefined && (m.pos === "副詞" || m.pos_detail_1 === "形容動詞語幹" || m.pos_detail_1 === "副詞可能");
/**
 * A Japanese word that IPADIC reads, where the note uses it (`sentences`), as the stem of an adjectival noun
 * or an adverb ("十分" in "十分に時間が経った"), or alone as a number and its counter ("十" + "分"): no thing a
 * false statement can put in a noun's place. False where kuromoji is not loaded.
 */
function adjectivalJapanese(text: string, sentences: readonly string[]): boolean {
  if (!kuromoji || !hasCjk(text)) return false;
  const alone = kuromoji.tokenize(text) as Morpheme[];
  if (alone.length > 0 && alone.every((m) => m.pos_detail_1 === "数" || m.pos_detail_1 === "接尾"))
    return true;
  let uses = 0;
  for (const s of sentences) {
    const at = s.indexOf(text);
    if (at < 0) continue;
    const inside = (kuromoji.tokenize(s) as Morpheme[]).filter(
      (m) => m.word_position - 1 >= at && m.word_position - 1 < at + text.length,
    );
    if (notAThing(inside.at(-1))) return true;
    if (++uses >= 3) break;
  }
  return false;
}

/** A concept a case passage and its key points share: a term of the note, or the head noun of one. */
type Concept = Pick<Term, "text" | "stems" | "length">;

/** Languages whose noun phrases put the head noun first ("prix du pain", "demanda elástica"). */
const HEAD_FIRST = new Set(["fr", "es", "it", "pt"]);

/** A sentence of a section that names a key term once: what choice, judgment and statements are made of. */
interface KeySentence {
  text: string;
  term: Term;
  definition: boolean;
}

/** A sentence of a section that states a number with its unit, a year or a formula. */
interface ValueSentence {
  text: string;
  value: Value;
}

const MAX_STATEMENT = 240;
/** A stand-in citation for checking a draft's key (every section the quiz draws from has pages). */
const SOME_PAGE = { source: 1, page: 1 };
const CONTEXT_MAX = 4000;
const EXAMPLE =
  /\d|for example|for instance|e\.g\.|such as|例如|比如|譬如|例えば|예를 들어|par exemple|zum beispiel|z\. ?b\.|por ejemplo|por exemplo|например/iu;

/** Captions and notes about the text itself make poor questions. */
const CAPTION =
  /^(?:table|figure|fig\.|tab\.|图|表|図|그림|표|tableau|abbildung|tabelle|tabla|figura|tabela|таблица|рисунок)\s*[\d.]+\s*[:：.]?/iu;
const META =
  /^(?:in this (?:section|paper|work|chapter|article)|this (?:section|paper|chapter) |see (?:appendix|section|table|figure)|本节|本章|本文|下面|如下)/iu;

/** A list item that cites a work: names then a year in brackets ("Bourqun and Keller [2007]", "Lee et al. (2019)"). */
const CITATION_ITEM = /[[(]\s*(?:1[6-9]|20)\d{2}[a-z]?\s*[\])]\s*[.:]?$|\bet al\./u;

/** A sentence about the subject, not about the text: no caption, no pointer, no proof left out. */
const aboutSubject = (text: string) => !META.test(text) && !isMetaSentence(text) && !isCaption(text);

/**
 * A sentence a question can be made of: not a caption ("图 3.2 …", "Figure 4: …"), not a sentence about the
 * text ("这里我们不做证明。", "In this section we …"), and mostly words (not a formula).
 */
function readable(text: string): boolean {
  if (!aboutSubject(text)) return false;
  if (CAPTION.test(text) || /^[^.!?。！？]*\s\d{1,3}$/u.test(text)) return false; // captions, contents lines
  const chars = text.replace(/\s+/g, "");
  const letters = chars.match(/[\p{L}]/gu)?.length ?? 0;
  return chars.length > 0 && letters / chars.length >= 0.7;
}

/** The writer speaking of themself: a student's own remark, not the material's statement. */
const FIRST_PERSON_I = /(?:^|[^\p{L}])I(?:['’](?:m|ve|d|ll))?(?=$|[^\p{L}])/u;
const FIRST_PERSON =
  /(?:^|[^\p{L}])(?:my|me|mine|myself|je|j['’](?=\p{L})|moi|mon|mes|ich|mein|meine|mich|mir|yo|eu|meu|minha|я|мой|моя|моё|мне|меня)(?=$|[^\p{L}])|我(?!们|國|国|方|校|院|军)|私は|私が|私の|僕|俺|나는|내가|저는/iu;

const firstPerson = (text: string) => FIRST_PERSON_I.test(text) || FIRST_PERSON.test(text);

/**
 * Whether the material speaks in the first person (a narrative, a lecture transcript): then "I" is the
 * document's own voice; elsewhere a first-person sentence is a student's remark beside the material.
 */
function speaksInFirstPerson(material: NoteMaterial): boolean {
  const sentences = material.sections.flatMap((s) => sectionSentences(s));
  return sentences.filter((s) => firstPerson(s.text)).length > Math.max(2, sentences.length * 0.15);
}

/**
 * An option that is one word naming no concept: a function word, a bare verb, an adjective, an adverb or an
 * ordinal ("because", "represents", "主要", "第一"). A gerund ("Paging", "Aging") names a process.
 */
function fillerOption(option: string, lang: string): boolean {
  const text = option.trim();
  if (/\d|\$/.test(text)) return false;
  const tokens = tokenize(text, lang);
  if (tokens.length !== 1) return tokens.length === 0;
  if (lang === "en" && /^\p{L}+ing$/u.test(text) && !tokens[0]!.stop) return false;
  return !isConceptTerm(text, lang);
}

/**
 * The quiz rules of issue 24 a question breaks, beyond the answer key's: a judgment is a statement, not a
 * question; no option is a filler word. Both engines' questions are held to them (`lang` as quizLanguage
 * gives it, its models loaded).
 */
export function quizRuleProblems(
  q: QuestionDraft,
  lang: string,
): ("judgment-is-question" | "filler-option")[] {
  const out: ("judgment-is-question" | "filler-option")[] = [];
  if (q.type === "judgment" && asksQuestion(q.question)) out.push("judgment-is-question");
  if (q.options.some((o) => fillerOption(o, lang))) out.push("filler-option");
  return out;
}

/** The language the NLP layer reads the note's body in ("en", "zh", "fr", …): its prose, formulas set aside. */
export function quizLanguage(material: NoteMaterial): string {
  return materialLanguage(material);
}

/** A sentence a value question can be made of: readable once its formulas are set aside. */
function readableAround(text: string): boolean {
  return readable(text.replace(FORMULA, " "));
}

/** A term that names something (several words, a capital, a digit, or a longer word), not a common word. */
function specific(term: Term): boolean {
  if (term.script === "cjk") return term.length >= 3;
  // a Hangul syllable carries a Latin word's two or three letters: "염색체" is as specific as "chromosome"
  if (term.script === "hangul") return /\s/.test(term.text) || term.length >= 3;
  return /\s/.test(term.text) || /\p{Lu}|\d/u.test(term.text) || term.length >= 9;
}

/** Where `term` stands in `sentence` as a whole word (case ignored), or -1; -1 too when it stands twice. */
function onceAt(sentence: string, term: string): number {
  // looked for in the prose: a formula (or a piece of one) is never the blank
  const hay = maskFormulas(sentence).toLowerCase();
  const needle = term.toLowerCase();
  if (hay.length !== sentence.length) return -1;
  let found = -1;
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    if (!standsAlone(sentence, at, needle.length)) continue;
    // "competitive" in "non-competitive", "learning" in "learning-based": a piece of a hyphenated word
    if (/\p{L}-$/u.test(sentence.slice(0, at)) || /^-\p{L}/u.test(sentence.slice(at + needle.length)))
      continue;
    if (found >= 0) return -1;
    found = at;
  }
  return found;
}

/**
 * Whether `by` can stand in for the `length` characters at `at` without doubling a word of the sentence
 * ("服务算法" before "算法…", "rate" after "rate").
 */
function fitsAt(sentence: string, at: number, length: number, by: string): boolean {
  const after = sentence
    .slice(at + length)
    .trimStart()
    .toLowerCase();
  const before = sentence.slice(0, at).trimEnd().toLowerCase();
  const lower = by.toLowerCase();
  if (hasCjk(by)) {
    const tail = [...lower].slice(-2).join("");
    const head = [...lower].slice(0, 2).join("");
    return !after.startsWith(tail) && !before.endsWith(head);
  }
  const words = lower.split(/\s+/);
  const next = /^[\p{L}\p{N}]+/u.exec(after)?.[0];
  const previous = /[\p{L}\p{N}]+$/u.exec(before)?.[0];
  return next !== words.at(-1) && previous !== words[0];
}

function replaceAt(sentence: string, at: number, length: number, by: string): string {
  const before = sentence.slice(0, at);
  // a replacement that opens the sentence keeps its capital letter
  const word = at === 0 && /^\p{Lu}/u.test(sentence) ? by.charAt(0).toUpperCase() + by.slice(1) : by;
  return before + word + fitParticle(word, sentence.slice(at + length));
}

/** What kind of thing a term names, read off its form: the head of a noun phrase is its last word. */
function termClass(text: string, locale: string): Pick<Term, "head" | "shape"> {
  const shape = /^\p{Lu}[\p{Lu}\p{N}]+s?$/u.test(text) ? "acronym" : /^\p{Lu}/u.test(text) ? "name" : "plain";
  if (hasCjk(text)) return { head: [...text].slice(-2).join(""), shape };
  const last = text.split(/\s+/).at(-1)!;
  return { head: contentStems(last, locale)[0] ?? last.toLowerCase(), shape };
}

/** Under this many marked terms, a note's terms are looked for with the NLP layer (in notes up to the size below). */
const FEW_TERMS = 40;
const FOUND_TERMS_MAX_TEXT = 60_000;

const NOMINAL_HEAD = new Set(["NOUN", "PROPN", "X"]);

/**
 * A phrase that opens and ends as a noun phrase does ("sister chromatids move", "容易产生", "指多个进程" are
 * pieces of clauses): its last word is a noun or name (a gerund in English: "machine learning"), its first
 * no verb or adverb. Languages the NLP layer tags no parts of speech in pass.
 */
function nounPhraseShaped(text: string, lang: string): boolean {
  const tokens = tokenize(text, lang);
  if (tokens.length < 2 || tokens.every((t) => t.pos === undefined)) return true;
  const head = tokens.at(-1)!;
  const gerund = lang === "en" && /ing$/i.test(head.text);
  if (!NOMINAL_HEAD.has(head.pos ?? "") && !gerund) return false;
  const first = tokens[0]!;
  // a determiner or pronoun inside, not after a preposition, opens an object: "access the call", "reach a
  // server" are a verb and its object ("rate of the return", "theory of the firm" keep theirs after "of")
  const object = tokens.some(
    (t, i) => i > 0 && (t.tag === "DET" || t.tag === "PRON") && tokens[i - 1]!.tag !== "ADP",
  );
  return (
    !object &&
    !first.stop &&
    !head.stop &&
    first.pos !== "VERB" &&
    first.pos !== "ADV" &&
    first.pos !== "FUNC"
  );
}

/** Whether the NLP layer tags parts of speech in `lang` (it does for English, Chinese and Japanese). */
function tagged(texts: string[], lang: string): boolean {
  const sample = texts.find((t) => t.length > 40)?.slice(0, 400) ?? "";
  return tokenize(sample, lang).some((t) => t.pos !== undefined && t.pos !== "NUM");
}

/** A hyphenated run of short lower-case pieces ("a-t-il", "peut-on") is grammar, not a term. */
const GRAMMAR_COMPOUND = /^\p{Ll}{1,4}(?:-\p{Ll}{1,4})+$/u;

/** The note's terms usable in questions: key terms and bold spans, headings and labels left out. */
function termPool(material: NoteMaterial, lang: string): Term[] {
  const labels = labelsFor(material.outputLanguage);
  const locale = material.bodyLanguage;
  const excluded = new Set(
    [
      material.title,
      labels.overview,
      labels.keyTerms,
      labels.sources,
      ...material.sections.map((s) => s.heading),
    ].map(normaliseForMatch),
  );
  const byNorm = new Map<string, Term>();
  const rejected = new Set<string>();
  const add = (raw: string, section: number | null, marked = true) => {
    const text = raw.trim().replace(/[\s,，、;；:：.。]+$/u, "");
    const norm = normaliseForMatch(text);
    const known = byNorm.get(norm);
    if (known) {
      if (section !== null) known.sections.add(section);
      return;
    }
    if (!norm || rejected.has(norm) || excluded.has(norm)) return;
    const script = scriptOf(text);
    const length = charLength(text);
    const wordsOf = text.split(/\s+/);
    if (
      length > 40 ||
      length < (script === "cjk" || script === "hangul" ? 2 : 3) ||
      (!hasCjk(text) && wordsOf.length > 5) ||
      // a phrase cut out of a sentence ("how secure", "results on") is no term
      (wordsOf.length > 1 && [wordsOf[0]!, wordsOf.at(-1)!].some((w) => isStopword(w.toLowerCase()))) ||
      isStopword(text.toLowerCase()) ||
      GRAMMAR_COMPOUND.test(text) ||
      /^[\p{N}\p{P}\p{S}\s]+$/u.test(text)
    ) {
      rejected.add(norm);
      return;
    }
    const stems = contentStems(text, locale);
    if (stems.length === 0) {
      rejected.add(norm);
      return;
    }
    const term: Term = {
      text,
      norm,
      script,
      length,
      stems,
      ...termClass(text, locale),
      sections: new Set(section === null ? [] : [section]),
      marked,
    };
    byNorm.set(norm, term);
  };
  for (const section of material.sections)
    for (const s of sectionSentences(section)) s.terms.forEach((t) => add(t, section.index));
  material.keyTerms.forEach((t) => add(t, null));
  // a note with few marked terms (slides, short handouts): the noun phrases the NLP layer ranks highest
  const sectionTexts = material.sections.map((section) =>
    sectionSentences(section)
      .map((x) => x.text)
      .join("\n"),
  );
  if (byNorm.size < FEW_TERMS && sectionTexts.join("").length <= FOUND_TERMS_MAX_TEXT)
    keyTerms(sectionTexts, lang, { limit: FEW_TERMS * 2 })
      // without a tagger ("fr", "ru"), a phrase of one sentence may be a verb and its object: recurring ones are terms
      .filter((k) => tagged(sectionTexts, lang) || k.count >= 2)
      .forEach((k) => add(k.term, null, false));
  // a key term of the overview: found in the sections that name it
  const unplaced = [...byNorm.values()].filter((t) => t.sections.size === 0);
  if (unplaced.length) {
    material.sections.forEach((section, i) => {
      const text = sectionTexts[i]!.toLowerCase();
      for (const t of unplaced) if (text.includes(t.text.toLowerCase())) t.sections.add(section.index);
    });
  }
  return [...byNorm.values()];
}

/**
 * A noun phrase or a name, never a function word, bare verb, adjective or ordinal: asked of a term only when a
 * question would use it (a long note marks thousands of terms; the tagger reads each once).
 */
function isConcept(term: Term, lang: string): boolean {
  term.concept ??=
    isConceptTerm(term.text, lang) &&
    nounPhraseShaped(term.text, lang) &&
    !cjkNonTerm(term.text, tokenize(term.text, lang));
  return term.concept;
}

/** A sentence that still says something once `term` is taken out. */
function blankable(sentence: string, term: Term): boolean {
  const rest = charLength(sentence) - term.length;
  return rest >= Math.max(hasCjk(sentence) ? 6 : 16, term.length * 2);
}

/** The text of sections as grading sees it: headings, sentences and table rows, cut to a few thousand characters. */
export function sectionContext(sections: MaterialSection[]): string {
  const text = sections
    .map((s) =>
      [
        s.heading,
        ...s.blocks.map((b) =>
          b.type === "table"
            ? b.rows.map((r) => r.join(" | ")).join("\n")
            : (b.type === "list" ? b.items : b.sentences).map((x) => x.text).join(" "),
        ),
      ].join("\n"),
    )
    .join("\n\n");
  return text.slice(0, CONTEXT_MAX);
}

/**
 * Writes offline questions of a note: each section's candidates per type, built when they are picked. The NLP
 * models of the note's language must be loaded (`await nlpReady(quizLanguage(material))`).
 */
export function createOfflineQuizWriter(material: NoteMaterial, plan: Pick<QuizPlan, "seed">) {
  // no stem, option or reference carries a stand-in for an equation or a picture ("[equation]")
  material = materialWithoutPlaceholders(material);
  const random = seededRandom(plan.seed);
  const labels: QuizLabels = quizLabelsFor(material.outputLanguage);
  const blank = studyLabelsFor(material.outputLanguage).blank;
  const lang = quizLanguage(material);
  const pool = termPool(material, lang);
  const concept = (t: Term) => isConcept(t, lang);
  /**
   * Whether a CJK term at `at` is part of a longer compound noun ("価値" in "付加価値", "分配方式" in
   * "链接分配方式"): a noun joins it on either side in the tagger's reading of the sentence.
   */
  /**
   * Whether the term at `at` ends in a noun or name as the tagger reads the whole sentence ("two new nuclei
   * form": "form" is a verb there, though a noun alone). True where the language has no tagger.
   */
  const nominalHere = (sentence: string, at: number, length: number) => {
    const tokens = tokenize(sentence, lang);
    const last = [...tokens].reverse().find((t) => t.start < at + length && t.end > at);
    if (!last || last.pos === undefined) return true;
    return last.pos === "NOUN" || last.pos === "PROPN" || last.pos === "X" || /ing$/i.test(last.text);
  };
  const cutsCompound = (sentence: string, at: number, length: number) => {
    if (!hasCjk(sentence.slice(at, at + length))) return false;
    const tokens = tokenize(sentence, lang);
    const nominal = (t: Token | undefined) => t !== undefined && (t.pos === "NOUN" || t.pos === "PROPN");
    const before = tokens.find((t) => t.end === at);
    const after = tokens.find((t) => t.start === at + length);
    return (nominal(before) && hasCjk(before!.text)) || (nominal(after) && hasCjk(after!.text));
  };
  const specificityOf = new Map<Term, number>();
  /** How specific a term is: multi-word terms and words rare in the language at large rank first. */
  const specificity = (t: Term) => {
    let value = specificityOf.get(t);
    if (value === undefined) {
      value = termSpecificity(tokenize(t.text, lang), lang) + (specific(t) ? 0.2 : 0);
      specificityOf.set(t, value);
    }
    return value;
  };
  /** Terms the NLP layer found (not marked by the note), by length: the longest phrase in a sentence wins. */
  const found = pool
    .filter((t) => !material.keyTerms.includes(t.text))
    .map((t) => t.text)
    .sort((a, b) => b.length - a.length);
  const ownVoice = speaksInFirstPerson(material);
  /** Narration of what "we" do, an instruction or an exercise (see `narratesOrInstructs`): no statement to test. */
  const narration = (text: string) =>
    narratesOrInstructs(text, lang, tokenize(maskFormulas(text), lang), definedTerm(text, lang) !== null);
  /** A clause, by the tagger: a verb (or, in Russian, a short form or a dash for "is"), formulas aside. */
  const predicate = (text: string) => {
    const prose = maskFormulas(text);
    return hasPredicate(prose, lang, tokenize(prose, lang), () => hasVerb(prose, lang));
  };
  /** A statement of the material: not a question, not a first-person remark beside it. */
  const assertive = (text: string) => !asksQuestion(text) && (ownVoice || !firstPerson(text));
  const byNorm = new Map(pool.map((t) => [t.norm, t]));

  /** How far a term stands from a section: 0 in it, 1 in a neighbour (two sections either side), else 2. */
  const distance = (t: Term, section: number) => {
    let best = 2;
    for (const s of t.sections) {
      if (s === section) return 0;
      if (Math.abs(s - section) <= 2) best = 1;
    }
    return best;
  };

  /**
   * Terms of the answer's kind: the same script and about its length, the same head word ("… loss" beside
   * "… loss") and form (an acronym beside an acronym, a name beside a name), from the answer's section or its
   * neighbours first; none sharing a word with the answer or with `also`, none found in `avoidText`.
   */
  function distractors(
    answer: Term,
    avoidText: string,
    n: number,
    section: number,
    also: Term[] = [],
  ): Term[] {
    const lowerAvoid = avoidText.toLowerCase();
    const answerStems = new Set(answer.stems);
    const candidates = pool
      .filter(
        (t) =>
          t.script === answer.script &&
          t.norm !== answer.norm &&
          t.length * 2 >= answer.length &&
          t.length <= answer.length * 2 + 2 &&
          (t.shape === "acronym") === (answer.shape === "acronym") &&
          !lowerAvoid.includes(t.text.toLowerCase()) &&
          !sameOrContains(t.text, answer.text) &&
          !t.stems.some((s) => answerStems.has(s)) &&
          !also.some((o) => sameOrContains(o.text, t.text) || o.stems.some((s) => t.stems.includes(s))),
      )
      .map((t) => ({
        t,
        d:
          Math.abs(t.length - answer.length) * 0.3 +
          (t.head === answer.head ? -2.5 : 0) +
          (t.shape === answer.shape ? 0 : 1.5) +
          distance(t, section) * 1.5 +
          random() * 2,
      }))
      .sort((a, b) => a.d - b.d);
    const ranked: Term[] = [];
    for (const { t } of candidates) {
      if (ranked.length >= n * 2) break;
      if (concept(t)) ranked.push(t);
    }
    const picked: Term[] = [];
    for (const t of ranked) {
      if (picked.length >= n) break;
      if (picked.some((p) => sameOrContains(p.text, t.text) || p.stems.some((s) => t.stems.includes(s))))
        continue;
      picked.push(t);
    }
    return picked;
  }

  /** Every number with a unit, year and formula of the note: other values of the answer's kind. */
  let knownValues: Value[] | undefined;
  const allValues = () =>
    (knownValues ??= material.sections.flatMap((s) => sectionSentences(s).flatMap((x) => valuesIn(x.text))));

  const keySentenceCache = new Map<number, KeySentence[]>();
  function keySentences(section: MaterialSection): KeySentence[] {
    const cached = keySentenceCache.get(section.index);
    if (cached) return cached;
    const out: KeySentence[] = [];
    keySentenceCache.set(section.index, out);
    const seen = new Set<string>();
    const visit = (s: MaterialSentence, wholeBlock: boolean, definition: boolean) => {
      const text = s.text.trim();
      if (
        charLength(text) > MAX_STATEMENT ||
        seen.has(text) ||
        !readable(text) ||
        META.test(text) ||
        !assertive(text) ||
        !selfContained(text, opensPointingBack(text, lang)) ||
        !isWholeSentence(text, wholeBlock) ||
        narration(text)
      )
        return;
      if (hasCjk(text) ? charLength(text) < 10 : text.split(/\s+/).length < 6) return;
      const candidates = [
        ...s.terms,
        ...material.keyTerms.filter((k) => text.includes(k)),
        ...found.filter((t) => text.includes(t)),
      ];
      for (const raw of candidates) {
        const term = byNorm.get(normaliseForMatch(raw));
        if (term && (!concept(term) || clausePiece(term))) continue;
        if (!term || !blankable(text, term)) continue;
        const at = onceAt(text, term.text);
        if (at < 0 || cutsCompound(text, at, term.text.length) || !nominalHere(text, at, term.text.length))
          continue;
        seen.add(text);
        out.push({ text, term, definition });
        return;
      }
    };
    for (const b of section.blocks) {
      if (b.type === "definition") b.sentences.forEach((s) => visit(s, b.sentences.length === 1, true));
      else if (b.type === "paragraph") b.sentences.forEach((s) => visit(s, b.sentences.length === 1, false));
      else if (b.type === "list") b.items.forEach((s) => visit(s, true, false));
    }
    return out;
  }

  /** The section's sentences that state a value: a formula first, then a quantity with its unit, then a year. */
  function valueSentences(section: MaterialSection): ValueSentence[] {
    const out: ValueSentence[] = [];
    const rank = (v: Value) => (v.kind === "formula" ? 0 : v.kind === "year" ? 2 : 1);
    for (const b of section.blocks) {
      if (b.type === "table") continue;
      const list = b.type === "list" ? b.items : b.sentences;
      for (const s of list) {
        const text = s.text.trim();
        if (
          charLength(text) > MAX_STATEMENT ||
          !readableAround(text) ||
          META.test(text) ||
          !assertive(text) ||
          !selfContained(text, opensPointingBack(text, lang)) ||
          !isWholeSentence(text, list.length === 1 || b.type === "list") ||
          narration(text)
        )
          continue;
        const values = valuesIn(text);
        // the value asked for is the only one of its kind in the sentence: the others would give it away
        const value = values
          .filter((v) => values.filter((w) => w.kind === v.kind).length === 1)
          .sort((a, b) => rank(a) - rank(b))[0];
        if (value && charLength(text) - charLength(value.text) >= (hasCjk(text) ? 6 : 20))
          out.push({ text, value });
      }
    }
    return out;
  }

  const pointWeight = new Map<string, number>();
  /** How specific a concept must be to make a sentence worth learning by itself ("page table", not "day"). */
  const TEACHING_SPECIFICITY = 0.9;
  /** A CJK word ranked as a concept: rarer than "系数" (1.0) or "方程", as "开集" (1.4) or "边界条件" are. */
  const CJK_CONCEPT_SPECIFICITY = 1.1;
  /**
   * What a sentence teaches, as a key point: a definition ("X is …", "称为", a definition block) or a named
   * result first, then a cause or purpose, then a comparison; and the section's ranked concepts it names (the
   * note's marked terms and the NLP layer's, by how specific they are).
   */
  function pointValue(section: MaterialSection, s: MaterialSentence, definitionBlock: boolean): number {
    const key = `${section.index}\u0000${s.text}`;
    const known = pointWeight.get(key);
    if (known !== undefined) return known;
    const text = s.text.trim();
    let value = 0;
    if (definitionBlock || definedTerm(text, lang)) value += 3;
    else if (namedResult(text, lang)) value += 2.5;
    else if (causalSplit(text, lang)) value += 2;
    else if (comparesThings(text, lang)) value += 1.5;
    if (s.terms.length > 0) value += 1;
    // a sentence that leans on the one before ("这也就证明了…", "This is why …") says little alone
    if (opensPointingBack(text, lang)) value -= 3;
    const told = value > 0; // a kind or a marked term
    const prose = maskFormulas(text).toLowerCase();
    const concepts = pool
      .filter((t) => t.sections.has(section.index) && prose.includes(t.text.toLowerCase()) && concept(t))
      .map((t) => specificity(t))
      .sort((a, b) => b - a)
      .slice(0, 3);
    value += concepts.reduce((sum, v) => sum + Math.min(1.5, Math.max(0, v)), 0);
    // no kind, no marked term, only everyday words ("people", "day"): an opening remark, not a point
    if (!told && !concepts.some((v) => v >= TEACHING_SPECIFICITY)) value = -1;
    pointWeight.set(key, value);
    return value;
  }

  /**
   * The key points of sections: the sentences that carry each section's concepts (see `pointValue`), over
   * several sections the best of each in turn. Returned in note order.
   */
  function keyPoints(sections: MaterialSection[], max: number, skip: Set<string> = new Set()): string[] {
    const perSection: { text: string; value: number; order: number }[][] = [];
    let order = 0;
    for (const section of sections) {
      const ranked: { text: string; value: number; order: number }[] = [];
      for (const b of section.blocks) {
        if (b.type === "table") continue;
        const list = b.type === "list" ? b.items : b.sentences;
        for (const s of list) {
          const text = s.text.trim();
          order++;
          if (
            skip.has(text) ||
            charLength(text) > 320 ||
            !readable(text) ||
            !assertive(text) ||
            // lecture talk, a glued example or heading, a sentence leaning on the one before: never a point,
            // however few others its section has ("这也就证明了解的线性性。")
            !selfContained(text, opensPointingBack(text, lang), false) ||
            isIncompleteStatement(text) ||
            !isWholeSentence(text, list.length === 1 || b.type === "list") ||
            // a fragment ("右半平面的半圆。") is no point; a list item may be a noun phrase (a slide's bullet),
            // but not a bare citation ("Bourqun and Keller [2007]")
            (b.type === "list" ? CITATION_ITEM.test(text) && !predicate(text) : !predicate(text)) ||
            titleLike(text) ||
            narration(text)
          )
            continue;
          ranked.push({ text, value: pointValue(section, s, b.type === "definition"), order });
        }
      }
      // a sentence that teaches nothing is a point only where the section has too few that do
      const teaching = ranked.filter((r) => r.value >= 0);
      const usable = teaching.length >= 2 ? teaching : ranked;
      if (usable.length) perSection.push(usable.sort((a, b) => b.value - a.value || a.order - b.order));
    }
    const picked: { text: string; order: number }[] = [];
    for (let round = 0; picked.length < max && perSection.some((r) => r.length > round); round++) {
      for (const ranked of perSection) if (ranked[round] && picked.length < max) picked.push(ranked[round]!);
    }
    return picked.sort((a, b) => a.order - b.order).map((r) => r.text);
  }

  /** The section of `sections` that holds a sentence (the first one when none does). */
  const origin = (sections: MaterialSection[], text: string): MaterialSection =>
    sections.find((s) => sectionSentences(s).some((x) => x.text.trim() === text)) ?? sections[0]!;

  const descendants = (section: MaterialSection): MaterialSection[] => {
    const out = [section];
    for (let i = section.index + 1; i < material.sections.length; i++) {
      const s = material.sections[i]!;
      if (s.depth <= section.depth) break;
      out.push(s);
    }
    return out;
  };

  /** The different texts under each heading (and each parent › heading): a repeated copy counts once. */
  const textsByLabel = new Map<string, Set<string>>();
  const note = (label: string, text: string) => {
    const texts = textsByLabel.get(label) ?? new Set<string>();
    textsByLabel.set(label, texts.add(text));
  };
  for (const s of material.sections) {
    const text = normaliseForMatch(
      sectionSentences(s)
        .map((x) => x.text)
        .join(" "),
    );
    note(normaliseForMatch(s.heading), text);
    const parent = s.path.at(-1);
    if (parent) note(normaliseForMatch(`${parent} › ${s.heading}`), text);
  }
  const unique = (label: string) => (textsByLabel.get(normaliseForMatch(label))?.size ?? 0) <= 1;
  /**
   * How a question names a section: its heading, or with its parent's ("3 › Exercises") when sections with other
   * text share the heading; null when even that is shared (no question may name it: the student could not tell
   * which section is meant).
   */
  function sectionLabel(section: MaterialSection): string | null {
    const label = headingFor(section, material);
    if (label !== section.heading || unique(section.heading)) return label;
    const parent = section.path.at(-1);
    const qualified = parent ? `${parent} › ${section.heading}` : null;
    return qualified && unique(qualified) ? qualified : null;
  }

  const base = (section: MaterialSection, quote: string, sections: MaterialSection[] = [section]) => ({
    sectionIndex: section.index,
    quote,
    context: sectionContext(sections),
  });

  /** A choice question on a term: the sentence with the term blanked, terms of its kind as distractors. */
  const termChoice = (section: MaterialSection, ks: KeySentence) => (): QuestionDraft | null => {
    // in Russian, options in the blank's case and number first: one in another case gives the answer away
    const wrong =
      lang === "ru"
        ? distractors(ks.term, ks.text, 8, section.index)
            .map((d, i) => ({ d, rank: (agreesInForm(ks.term.text, d.text, lang, false) ? 0 : 10) + i }))
            .sort((a, b) => a.rank - b.rank)
            .slice(0, 3)
            .map(({ d }) => d)
        : distractors(ks.term, ks.text, 3, section.index);
    if (wrong.length < 2) return null;
    const at = onceAt(ks.text, ks.term.text);
    const options = shuffled([ks.term.text, ...wrong.map((w) => w.text)], random);
    return {
      ...base(section, ks.text),
      type: "choice",
      question: labels.fillBlank(replaceAt(ks.text, at, ks.term.text.length, blank)),
      options,
      correct: [options.indexOf(ks.term.text)],
      referenceAnswer: ks.term.text,
      keyPoints: [],
      explanation: labels.choiceExplanation(ks.term.text, ks.text),
    };
  };

  /** A choice question on a value: numbers of the same unit and scale, or formulas one term apart. */
  const valueChoice = (section: MaterialSection, vs: ValueSentence) => (): QuestionDraft | null => {
    const wrong = valueDistractors(vs.value, allValues(), 3, random);
    if (wrong.length < 2) return null;
    const { text, at } = vs.value;
    const options = shuffled([text, ...wrong], random);
    return {
      ...base(section, vs.text),
      type: "choice",
      question: labels.fillValue(vs.text.slice(0, at) + blank + vs.text.slice(at + text.length)),
      options,
      correct: [options.indexOf(text)],
      referenceAnswer: text,
      keyPoints: [],
      explanation: labels.choiceExplanation(text, vs.text),
    };
  };

  /** A judgment: the sentence as the note has it, or made false by one fact swapped for one of its kind. */
  const judgment =
    (
      section: MaterialSection,
      text: string,
      swap: () => { from: string; at: number; to: string; sentence?: string } | null,
    ) =>
    (wantTrue: boolean): QuestionDraft | null => {
      if (wantTrue)
        return {
          ...base(section, text),
          type: "judgment",
          question: text,
          options: [],
          correct: [],
          statementTrue: true,
          referenceAnswer: labels.true,
          keyPoints: [],
          explanation: labels.judgmentTrue(text),
        };
      const swapped = swap();
      if (!swapped) return null;
      return {
        ...base(section, text),
        type: "judgment",
        question: swapped.sentence ?? replaceAt(text, swapped.at, swapped.from.length, swapped.to),
        options: [],
        correct: [],
        statementTrue: false,
        referenceAnswer: labels.false,
        keyPoints: [],
        explanation: labels.judgmentFalse(swapped.to, swapped.from, text),
      };
    };

  /**
   * A piece of a clause, not a phrase naming a thing: two verbs, or a verb after a noun that does not end the
   * phrase ("fine-tuned using pairs", "datasets excluding SQuAD"; "machine learning" is a phrase).
   */
  const clausePiece = (t: Term) => {
    const tokens = tokenize(t.text, lang);
    if (tokens.filter((x) => x.pos === "VERB").length >= 2) return true;
    return tokens.some(
      (x, i) =>
        x.pos === "VERB" &&
        i < tokens.length - 1 &&
        tokens.slice(0, i).some((y) => y.pos === "NOUN" || y.pos === "PROPN"),
    );
  };
  /**
   * Whether `swap` can stand where `term` stands as a phrase of the same kind and form: one word for one word,
   * a phrase for a phrase of about its length (a word or one more or less), their last words of the same part
   * of speech where the language is tagged ("Assemblée nationale" is not swapped for "serment du Jeu de paume",
   * nor "方程" for "函数空间").
   */
  /**
   * Whether a German swap keeps the article before the term ("Das Produkt" → not "Das Nachfrager"): the swap
   * stands after that article somewhere in the material (German has no gender a tagger here reads). Other
   * languages, and a term with no article before it: true.
   */
  let germanText: string | undefined;
  const takesArticle = (before: string, swap: string) => {
    if (lang !== "de") return true;
    const article = /(?:^|\s)(der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines)\s+$/iu.exec(
      before,
    )?.[1];
    if (!article) return true;
    germanText ??= material.sections.flatMap((s) => sectionSentences(s).map((x) => x.text)).join("\n");
    const escaped = swap.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
    return new RegExp(`(?<!\\p{L})${article}\\s+${escaped}(?!\\p{L})`, "iu").test(germanText);
  };
  /**
   * The swap of a key sentence's term for a same-kind term that reads as a noun phrase where it lands (the
   * tagger's reading of the new sentence: no adjective or verb in the term's place), or null.
   */
  let noteSentences: string[] | undefined;
  const sentencesOfNote = () =>
    (noteSentences ??= material.sections.flatMap((s) => sectionSentences(s).map((x) => x.text.trim())));
  /**
   * How the note uses a term: the tagger's tokens of it in the first sentences it stands alone in, and whether
   * it reads there as a noun phrase of its own ("organise" in "texte qui organise les pouvoirs" is a verb,
   * "分派" in "分派程序" a piece of a compound).
   */
  /**
   * A Chinese verb (or verbal noun, jieba's "vn") with its object after it where it stands: "启动" in
   * "停止一个进程并启动另一个进程" names no thing there, whatever its tag.
   */
  const verbWithObject = (tokens: Token[], at: number, length: number) => {
    if (lang !== "zh") return false;
    const i = tokens.findLastIndex((t) => t.start < at + length && t.end > at);
    const word = tokens[i];
    const next = tokens[i + 1];
    if (!word || !next || !/^v/u.test(word.tag ?? "") || next.start !== word.end) return false;
    return next.pos === "NUM" || next.pos === "NOUN" || next.pos === "PROPN" || next.tag === "r";
  };
  /**
   * Whether a CJK term at `at` is a piece of a compound noun where it stands ("分派" in "分派程序"): a noun of the
   * tagger's own (jieba's "n…" tags, not the verb it reads as a suffix) joins it on either side.
   */
  const inCompound = (tokens: Token[], at: number, length: number) => {
    const nominal = (t: Token | undefined) =>
      t !== undefined &&
      hasCjk(t.text) &&
      (lang === "zh" ? /^n/u.test(t.tag ?? "") : t.pos === "NOUN" || t.pos === "PROPN");
    return (
      hasCjk(tokens.find((t) => t.start >= at)?.text ?? "") &&
      (nominal(tokens.find((t) => t.end === at)) || nominal(tokens.find((t) => t.start === at + length)))
    );
  };
  const usesOfTerm = new Map<string, { tokens: Token[]; nominal: boolean }[]>();
  const usesOf = (text: string) => {
    let uses = usesOfTerm.get(text);
    if (uses) return uses;
    uses = [];
    usesOfTerm.set(text, uses);
    const lower = text.toLowerCase();
    for (const s of sentencesOfNote()) {
      if (uses.length >= 3) break;
      if (!s.toLowerCase().includes(lower)) continue;
      const at = onceAt(s, text);
      if (at < 0) continue;
      const tokens = tokenize(s, lang);
      uses.push({
        tokens: tokens.filter((t) => t.start < at + text.length && t.end > at),
        nominal:
          readsAsNoun(tokens, at, text.length) &&
          !inCompound(tokens, at, text.length) &&
          !verbWithObject(tokens, at, text.length),
      });
    }
    return uses;
  };
  /**
   * The key sentence with its term swapped for a same-kind term that keeps its grammar, or null (no doubtful
   * false statement is written): a noun phrase where the note uses it as one; of the term's number; of the
   * gender the article before it shows, the article changed to agree where it can be ("la ley" → "el caso");
   * never a name the note gives as the term's equivalent ("X, or Y", "X (Y)"); and still read as a noun
   * phrase in the new sentence (no adjective or verb in the term's place).
   */
  const swapFor = (ks: KeySentence, section: MaterialSection) => {
    const at = onceAt(ks.text, ks.term.text);
    const length = ks.term.text.length;
    const sentenceTokens = tokenize(ks.text, lang);
    if (verbWithObject(sentenceTokens, at, length)) return null;
    const termTokens = sentenceTokens.filter((t) => t.start < at + length && t.end > at);
    for (const d of distractors(ks.term, ks.text, 3, section.index)) {
      if (!sameForm(ks.term, d) || !fitsAt(ks.text, at, length, d.text)) continue;
      if (!agreesInForm(ks.term.text, d.text, lang)) continue;
      if (!takesArticle(ks.text.slice(0, at), d.text)) continue;
      if (sentencesOfNote().some((s) => givenAsEquivalent(s, ks.term.text, d.text))) continue;
      if (adjectivalJapanese(d.text, sentencesOfNote())) continue;
      const uses = usesOf(d.text);
      const use = uses.find((u) => u.nominal);
      if (uses.length > 0 && !use) continue;
      const own = use?.tokens ?? tokenize(d.text, lang);
      // an adverb inside ("素早く拡散": "quickly diffusion") makes no noun phrase
      if (own.some((t) => t.pos === "ADV" || (lang === "ja" && t.pos === "ADJ" && /[くに]$/u.test(t.text))))
        continue;
      const reading = headReading(own, lang);
      const gender = genderInText(d.text.split(/\s+/)[0]!, sentencesOfNote(), lang) ?? reading.gender;
      const before = agreeingBefore(
        ks.text.slice(0, at),
        d.text,
        headReading(termTokens, lang),
        { ...reading, gender },
        lang,
      );
      if (before === null) continue;
      const sentence = replaceAt(before + ks.text.slice(at), before.length, length, d.text);
      if (!readsAsNoun(tokenize(sentence, lang), before.length, d.text.length)) continue;
      return { from: ks.term.text, at, to: d.text, sentence };
    }
    return null;
  };
  /** A key sentence with a verb of its own (the tagger's reading, formulas aside): a claim, not a title. */
  const clause = (ks: KeySentence) => !titleLike(ks.text) && predicate(ks.text);
  const sameForm = (term: Term, swap: Term) => {
    if (clausePiece(term) || clausePiece(swap)) return false;
    const a = tokenize(term.text, lang);
    const b = tokenize(swap.text, lang);
    if (a.length === 0 || b.length === 0) return false;
    if ((a.length === 1 || b.length === 1) && a.length !== b.length) return false;
    if (Math.abs(a.length - b.length) > 1) return false;
    // a name for a name, a common phrase for a common phrase: as many capitalised words ("Napoléon Bonaparte"
    // is no swap for "Assemblée nationale")
    const capitals = (text: string) => text.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w)).length;
    if (capitals(term.text) !== capitals(swap.text)) return false;
    const [x, y] = [a.at(-1)!.pos, b.at(-1)!.pos];
    return x === undefined || y === undefined || x === y;
  };

  /**
   * The concepts a passage names: the note's terms of concepts standing in it as words, and the head nouns of
   * the section's phrases where they are no everyday word ("chromosomes" of "homologous chromosomes"), and the
   * nouns of its heading, longest first.
   */
  const conceptsIn = (passage: string, section: MaterialSection): Concept[] => {
    const prose = maskFormulas(passage);
    const lower = prose.toLowerCase();
    const terms: Concept[] = pool.filter(
      (t) => (t.sections.has(section.index) || lower.includes(t.text.toLowerCase())) && concept(t),
    );
    const heads: Concept[] = [];
    for (const t of pool) {
      if (!t.sections.has(section.index) || hasCjk(t.text) || !/\s/u.test(t.text)) continue;
      const words = t.text.split(/\s+/);
      const head = (HEAD_FIRST.has(lang) ? words[0] : words.at(-1))!.replace(/[^\p{L}\p{N}-]+/gu, "");
      if (charLength(head) < 4 || heads.some((h) => h.text.toLowerCase() === head.toLowerCase())) continue;
      const tokens = tokenize(head, lang);
      if (tokens.length !== 1 || tokens[0]!.stop || termSpecificity(tokens, lang) < TEACHING_SPECIFICITY)
        continue;
      heads.push({ text: head, stems: contentStems(head, material.bodyLanguage), length: charLength(head) });
    }
    // the nouns of the section's heading name its topic ("Tables", "Adding a Bullet Slide")
    const heading = tokenize(section.heading, lang).filter(
      (t) =>
        (t.pos === "NOUN" || t.pos === "PROPN") && !t.stop && charLength(t.text) >= (hasCjk(t.text) ? 2 : 4),
    );
    for (const t of heading)
      if (!heads.some((h) => h.text.toLowerCase() === t.text.toLowerCase()))
        heads.push({
          text: t.text,
          stems: contentStems(t.text, material.bodyLanguage),
          length: charLength(t.text),
        });
    return [...terms, ...heads].filter((c) => names(prose, c)).sort((a, b) => b.length - a.length);
  };
  /** Whether a sentence names a term: as a word (CJK: as characters), or all its content stems ("exécutées"). */
  const names = (sentence: string, t: Concept): boolean => {
    const lower = sentence.toLowerCase();
    const needle = t.text.toLowerCase();
    if (hasCjk(needle)) return lower.includes(needle);
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1))
      if (standsAlone(sentence, at, needle.length)) return true;
    if (t.stems.length === 0) return false;
    const stems = new Set(contentStems(sentence, material.bodyLanguage));
    return t.stems.every((x) => stems.has(x));
  };

  /** Term questions and value questions of a section, interleaved (which comes first varies by section). */
  function interleave<T>(terms: T[], values: T[]): T[] {
    const [first, second] = random() < 0.35 ? [values, terms] : [terms, values];
    const out: T[] = [];
    for (let i = 0; i < Math.max(first.length, second.length); i++) {
      if (first[i]) out.push(first[i]!);
      if (second[i]) out.push(second[i]!);
    }
    return out;
  }

  /** Every question of a type one section can give, best first, each built when it is picked. */
  function builders(section: MaterialSection, type: QuestionType, truth: () => boolean) {
    const sentences = keySentences(section);
    const label = sectionLabel(section);
    const out: (() => QuestionDraft | null)[] = [];
    switch (type) {
      case "choice": {
        // a definition first, then the rarest term (against the language at large): "银行家算法" before "证明"
        const byTerm = [...sentences]
          .sort(
            (a, b) =>
              Number(b.definition) - Number(a.definition) || specificity(b.term) - specificity(a.term),
          )
          .map((ks) => termChoice(section, ks));
        out.push(
          ...interleave(
            byTerm,
            valueSentences(section).map((vs) => valueChoice(section, vs)),
          ),
        );
        break;
      }
      case "judgment": {
        // a judgment is a clause, true or false ("For 17 Randomly Selected Commits" is neither)
        const byTerm = sentences
          .filter(clause)
          .map((ks) => judgment(section, ks.text, () => swapFor(ks, section)));
        // a changed number, of the section's own numbers first; a formula only where it states a relation (a
        // renamed sequence, "$\\{x_{nk}\\}$" for "$\\{x_{n}\\}$", leaves the statement true)
        const byValue = valueSentences(section)
          .filter((vs) => !titleLike(vs.text) && predicate(vs.text))
          .map((vs) =>
            judgment(section, vs.text, () => {
              if (vs.value.kind === "formula" && relationOf(vs.value.text) === "") return null;
              const known =
                vs.value.kind === "formula"
                  ? allValues()
                  : sectionSentences(section).flatMap((x) => valuesIn(x.text));
              const [swap] = valueDistractors(vs.value, known, 1, random);
              return swap ? { from: vs.value.text, at: vs.value.at, to: swap } : null;
            }),
          );
        // a changed number before a swapped term: its false version is the surer one
        const ordered: ((wantTrue: boolean) => QuestionDraft | null)[] = [];
        for (let i = 0; i < Math.max(byTerm.length, byValue.length); i++) {
          if (byValue[i]) ordered.push(byValue[i]!);
          if (byTerm[i]) ordered.push(byTerm[i]!);
        }
        for (const make of ordered) out.push(() => make(truth()));
        break;
      }
      case "multiple_choice":
        if (label === null) break;
        out.push(() => statementsQuestion(section, label, sentences));
        out.push(() => termsQuestion(section, label));
        break;
      case "short_answer":
        for (const ks of sentences.filter((s) => s.definition)) {
          out.push(() => {
            // the term the sentence defines ("財政政策とは…" defines 財政政策, not the 政府支出 it names)
            const defined = definedTerm(ks.text, lang);
            if (defined && normaliseForMatch(defined) !== ks.term.norm) return null;
            const points = [
              ks.text,
              ...keyPoints([section], 3, new Set([ks.text])).filter((p) => p.includes(ks.term.text)),
            ].slice(0, 2);
            return {
              ...base(section, ks.text),
              type,
              question: labels.explainTerm(ks.term.text),
              options: [],
              correct: [],
              referenceAnswer: points.join("\n"),
              keyPoints: points,
              explanation: labels.freeTextExplanation(ks.term.text, ks.text),
            };
          });
        }
        if (label === null) break;
        out.push(() => {
          const points = keyPoints([section], 3);
          if (points.length < 2) return null;
          return {
            ...base(section, points[0]!),
            type,
            question: labels.keyPoints(label),
            options: [],
            correct: [],
            referenceAnswer: points.join("\n"),
            keyPoints: points,
            explanation: labels.freeTextExplanation(label, points[0]!),
          };
        });
        break;
      case "case_analysis":
        if (label === null) break;
        out.push(() => {
          const all = keyPoints([section], 12);
          if (all.length < 3) return null;
          // the case: an example (numbers, "for example") long enough to analyse, else the longest sentences;
          // its key: the section's points that name the same concepts, and the question asks about those (a
          // passage whose concepts no two other points name gives no case: its key would not answer it)
          const long = all.filter((s) => charLength(s) >= (hasCjk(s) ? 15 : 50));
          const byLength = [...(long.length ? long : all)].sort((a, b) => b.length - a.length);
          const passages = [...new Set([...long.filter((s) => EXAMPLE.test(s)), ...byLength])];
          for (const excerpt of passages) {
            const concepts = conceptsIn(excerpt, section);
            const related = all.filter((p) => p !== excerpt && concepts.some((c) => names(p, c)));
            if (related.length < 2) continue;
            const shared: Concept[] = [];
            for (const c of concepts)
              if (related.some((p) => names(p, c)) && !shared.some((o) => sameOrContains(o.text, c.text)))
                shared.push(c);
            shared.splice(3);
            const points = related.slice(0, 3);
            const about = shared.map((c) => c.text).join(shared.some((c) => hasCjk(c.text)) ? "、" : ", ");
            return {
              ...base(section, excerpt),
              type,
              question: labels.caseAnalysis(about, excerpt),
              options: [],
              correct: [],
              referenceAnswer: points.join("\n"),
              keyPoints: points,
              explanation: labels.freeTextExplanation(label, points[0]!),
            };
          }
          return null;
        });
        break;
      case "discourse":
        if (label === null) break;
        out.push(() => {
          const family = descendants(section);
          const points = keyPoints(family, 5);
          if (points.length < 3) return null;
          // cited where a point of the section's own text stands: a chapter none of whose own sentences is a
          // point (they lean on others or talk about the lecture) is asked about through its sections instead
          const quote = points.find(
            (p) =>
              origin([section], p) === section && sectionSentences(section).some((x) => x.text.trim() === p),
          );
          if (quote === undefined) return null;
          return {
            ...base(origin(family, quote), quote, family),
            type,
            question: labels.discourse(label),
            options: [],
            correct: [],
            referenceAnswer: points.join("\n"),
            keyPoints: points,
            explanation: labels.freeTextExplanation(label, quote),
          };
        });
        break;
    }
    return out;
  }

  /** "Which statements are true": two or three of the section's sentences, the others with a term swapped. */
  function statementsQuestion(
    section: MaterialSection,
    heading: string,
    sentences: KeySentence[],
  ): QuestionDraft | null {
    const usable = shuffled(
      sentences.filter((s) => charLength(s.text) <= 200 && clause(s)),
      random,
    );
    if (usable.length < 4) return null;
    const trueCount = usable.length >= 5 && random() < 0.5 ? 3 : 2;
    const truths = usable.slice(0, trueCount);
    const falses: string[] = [];
    for (const ks of usable.slice(trueCount)) {
      if (falses.length >= 2 || (falses.length >= 1 && truths.length + falses.length >= 5)) break;
      const swap = swapFor(ks, section);
      if (swap) falses.push(replaceAt(ks.text, swap.at, swap.from.length, swap.to));
    }
    if (falses.length < 2) return null;
    const options = shuffled([...truths.map((t) => t.text), ...falses], random);
    const inNoteOrder = [...truths]
      .sort((a, b) => sentences.indexOf(a) - sentences.indexOf(b))
      .map((t) => t.text);
    return {
      ...base(section, truths[0]!.text),
      type: "multiple_choice",
      question: labels.trueStatements(heading),
      options,
      correct: truths.map((t) => options.indexOf(t.text)).sort((a, b) => a - b),
      referenceAnswer: inNoteOrder.join("\n"),
      keyPoints: [],
      explanation: labels.statementsExplanation(inNoteOrder),
    };
  }

  /** "Which does this section discuss": terms of the section beside terms of its kind found only elsewhere. */
  /**
   * A concept a "which of these does the section discuss" option may be: a noun phrase or name ranked above
   * everyday words (not "context", "系数", "关系", nor a clause piece like "fine-tuned using pairs").
   */
  const rankedConcept = (t: Term) =>
    nounPhraseShaped(t.text, lang) &&
    !clausePiece(t) &&
    // a Chinese or Japanese word of two characters can be a concept ("开集", "邻域") where its rarity says so
    (t.script === "cjk"
      ? specificity(t) >= CJK_CONCEPT_SPECIFICITY
      : specific(t) && specificity(t) >= TEACHING_SPECIFICITY + (t.marked ? 0 : 0.1));

  function termsQuestion(section: MaterialSection, heading: string): QuestionDraft | null {
    const sentences = sectionSentences(section).filter((s) => assertive(s.text) && aboutSubject(s.text));
    const text = sentences.map((s) => s.text).join(" ");
    const present = shuffled(
      pool.filter(
        (t) =>
          t.sections.has(section.index) &&
          (t.marked || specific(t)) &&
          concept(t) &&
          !/\d/.test(t.text) &&
          onceOrMore(text, t.text) &&
          !sameOrContains(t.text, heading),
      ),
      random,
    );
    const rights: Term[] = [];
    for (const t of [...present].sort((a, b) => specificity(b) - specificity(a))) {
      if (rights.length >= 3) break;
      if (!rankedConcept(t)) continue;
      const holder = sentences.find((x) => onceAt(x.text, t.text) >= 0)?.text;
      // a noun where the section says it, not the verb of a verb-object pair ("代入方程") nor part of a compound
      if (
        !holder ||
        !nominalHere(holder, onceAt(holder, t.text), t.text.length) ||
        cutsCompound(holder, onceAt(holder, t.text), t.text.length)
      )
        continue;
      if (!rights.some((r) => sameOrContains(r.text, t.text) || r.stems.some((s) => t.stems.includes(s))))
        rights.push(t);
    }
    if (rights.length < 2) return null;
    const wrong: Term[] = [];
    for (const r of rights) {
      for (const d of distractors(r, `${text} ${heading}`, 3, section.index, [...rights, ...wrong])) {
        if (wrong.length >= 2) break;
        if (!rankedConcept(d)) continue;
        if (!wrong.some((w) => w.norm === d.norm)) wrong.push(d);
      }
    }
    if (wrong.length < 2) return null;
    const rightTexts = rights.map((t) => t.text);
    const options = shuffled([...rightTexts, ...wrong.map((w) => w.text)], random);
    const quote = sentences.find((s) => rightTexts.some((r) => s.text.includes(r)))?.text;
    if (!quote) return null;
    return {
      ...base(section, quote),
      type: "multiple_choice",
      question: labels.termsDiscussed(heading),
      options,
      correct: rightTexts.map((t) => options.indexOf(t)).sort((a, b) => a - b),
      referenceAnswer: rightTexts.join(labels.listJoin),
      keyPoints: [],
      explanation: labels.termsExplanation(heading, rightTexts, quote),
    };
  }

  return { builders };
}

function onceOrMore(text: string, term: string): boolean {
  const hay = text.toLowerCase();
  const needle = term.toLowerCase();
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    if (standsAlone(text, at, needle.length)) return true;
  }
  return false;
}

/**
 * A quiz drawn from the note itself: choice and multiple choice from its key sentences with distractors taken
 * from its other key terms, judgments from true sentences and ones with a term swapped, free-text prompts
 * from its definitions and sections with their key points as the reference. Questions are spread over the
 * sections (the least used section gives the next one) and come back in exam order. Deterministic per seed.
 */
export async function offlineQuiz(material: NoteMaterial, plan: QuizPlan): Promise<QuestionDraft[]> {
  material = materialWithoutPlaceholders(material);
  await nlpReady(quizLanguage(material));
  if (quizLanguage(material) === "ja") kuromoji ??= await japaneseTokenizer();
  const lang = quizLanguage(material);
  const writer = createOfflineQuizWriter(material, plan);
  let context: KeyContext | undefined;
  const keyContext = () =>
    (context ??= { vocabulary: materialVocabulary(material), locale: material.bodyLanguage });
  const random = seededRandom(`${plan.seed}:order`);
  const slots = slotTypes(plan.types, plan.count);
  const chosen = [...new Set(slots)];
  const sections = material.sections.filter(
    (s) => s.blocks.some((b) => b.type !== "table") && s.pages.length > 0,
  );
  // sections are visited from a random start, so that quizzes of one note differ
  const rotation = new Map(shuffled(sections, random).map((s, i) => [s.index, i]));
  const usage = new Map<number, number>();
  const usedQuotes = new Set<string>();
  const usedKeys = new Set<string>();
  let judgments = 0;
  // judgments alternate false, true, false…: a quiz's judgments are never all true
  const truth = () => judgments % 2 === 1;

  type Queue = { section: MaterialSection; taken: Set<number>; list: (() => QuestionDraft | null)[] };
  const queues = new Map<QuestionType, Queue[]>();
  /** Each builder runs once (a judgment once per truth value): a quiz of a long note asks many times. */
  const memo = (build: () => QuestionDraft | null, type: QuestionType) => {
    const results = new Map<boolean, QuestionDraft | null>();
    return () => {
      const at = type === "judgment" ? truth() : false;
      if (!results.has(at)) results.set(at, build());
      return results.get(at)!;
    };
  };
  const queuesOf = (type: QuestionType): Queue[] => {
    let q = queues.get(type);
    if (!q) {
      q = sections.map((section) => ({
        section,
        taken: new Set<number>(),
        list: writer.builders(section, type, truth).map((b) => memo(b, type)),
      }));
      queues.set(type, q);
    }
    return q;
  };

  /**
   * The next question of a type from the least used section; `level` 1 allows questions of the note's
   * earlier quizzes, 2 also a sentence another question was drawn from.
   */
  const take = (type: QuestionType, level: 0 | 1 | 2): QuestionDraft | null => {
    const order = [...queuesOf(type)].sort(
      (a, b) =>
        (usage.get(a.section.index) ?? 0) - (usage.get(b.section.index) ?? 0) ||
        rotation.get(a.section.index)! - rotation.get(b.section.index)!,
    );
    for (const queue of order) {
      for (let i = 0; i < queue.list.length; i++) {
        if (queue.taken.has(i)) continue;
        const draft = queue.list[i]!();
        if (!draft || quizRuleProblems(draft, lang).length) continue;
        // what the answer-key checker would refuse is never delivered (the quiz would come out short)
        if (questionProblems({ ...draft, citation: SOME_PAGE }, keyContext()).length) continue;
        const key = questionKey(draft.type, draft.question);
        const quote = normaliseForMatch(draft.quote);
        if (usedKeys.has(key) || (level < 2 && usedQuotes.has(quote))) continue;
        if (level < 1 && plan.avoid?.has(key)) continue;
        queue.taken.add(i);
        usedKeys.add(key);
        usedQuotes.add(quote);
        usage.set(draft.sectionIndex, (usage.get(draft.sectionIndex) ?? 0) + 1);
        if (draft.type === "judgment") judgments++;
        return draft;
      }
    }
    return null;
  };

  const picked: QuestionDraft[] = [];
  let short = 0;
  for (const type of slots) {
    const draft = take(type, 0) ?? take(type, 1) ?? take(type, 2);
    if (draft) picked.push(draft);
    else short++;
  }
  // a type the note cannot give is made up by the other chosen types, in turn
  for (let round = 0; short > 0 && round < plan.count; round++) {
    let any = false;
    for (const type of chosen) {
      if (short === 0) break;
      const draft = take(type, 0) ?? take(type, 1) ?? take(type, 2);
      if (draft) {
        picked.push(draft);
        short--;
        any = true;
      }
    }
    if (!any) break;
  }
  return examOrder(picked);
}
