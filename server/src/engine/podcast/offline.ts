import { maskFormulas, protectFormulas } from "../formula";
import type { PodcastLength } from "@beannote/contract";
import { isCleanAnswer, isWholeSentence } from "../sentences";
import {
  boldLabelled,
  normaliseForMatch,
  sectionSentences,
  type MaterialSection,
  type NoteMaterial,
} from "../note-material";
import { podcastLabelsFor, type PodcastLabels } from "../study-labels";
import { namesAThing } from "../mind-map";
import {
  dictionaryForm,
  materialWithoutPlaceholders,
  nounPhrases,
  termSpecificity,
  textLanguage,
  tokenize,
} from "../nlp";
import { findWord, hasCjk } from "../text";
import {
  definedTerm,
  englishNaming,
  isCaption,
  isIncompleteStatement,
  isMetaSentence,
} from "../flashcards/card-kinds";
import {
  alternate,
  assembleScript,
  planChapters,
  spokenLength,
  type ChapterPlan,
  type PodcastScript,
  type ScriptChapter,
  type ScriptLine,
} from "./script";

/** Something worth saying from a section, in the note's own words. */
type Talking =
  | { kind: "definition"; term: string; text: string }
  | { kind: "number"; text: string }
  | { kind: "term"; term: string; text: string }
  | { kind: "why"; term: string; text: string }
  | { kind: "example"; term: string; text: string }
  | { kind: "point"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "table"; label: string; cells: [string, string][] };

type Item = Talking & { sectionIndex: number; heading: string; order: number; quote: string };

const PRIORITY: Record<Talking["kind"], number> = {
  definition: 0,
  number: 1,
  why: 1,
  example: 2,
  term: 2,
  list: 3,
  table: 4,
  point: 5,
};

/** Author-year citations, references to sections, tables and equations, and identifiers like T1 or L2. */
const NOT_A_FIGURE =
  /\([^()]*\b\d{4}[a-z]?\)|\b(?:section|table|figure|fig\.|eq\.|equation|chapter|§)\s*\(?[\d.]+\)?|[\p{L}_]\p{Nd}+|\p{Nd}+[\p{Ll}_]|[第表图式]\s*\p{Nd}+/giu;
/** A sentence that states a figure worth remembering (not only a year of a citation or a label). */
const statesFigure = (text: string) => /\p{Nd}/u.test(text.replace(NOT_A_FIGURE, " "));

/** A caption, or a run of table headers or formula symbols that reads badly aloud. */
function unspeakable(text: string): boolean {
  if (/^(?:table|figure|fig\.|algorithm|表|图|圖)\s*\p{Nd}/iu.test(text)) return true;
  // a formula is said in words (speech/speech-text.ts): it counts as one word here, not as its LaTeX's symbols
  const prose = protectFormulas(text).text;
  const chars = [...prose];
  const symbols = chars.filter(
    (c) => !/[\p{L}\p{N}\p{Co}\s.,;:!?'"()“”‘’«»„「」《》、。，；：！？（）\-–—%]/u.test(c),
  ).length;
  if (symbols / chars.length > 0.08) return true;
  if (hasCjk(prose)) return false;
  // a run of Capitalised Labels has few lower-case words; Korean, Thai or Arabic words have no case at all
  return prose.split(/\s+/).filter((w) => /^[\p{Ll}\p{Lo}]/u.test(w)).length < 3;
}

/** A term worth asking about: a noun phrase or name (not "represents"), long enough, short enough to say. */
const askable = (term: string, lang: string) => {
  const n = [...term].length;
  if (n > 40 || n < (hasCjk(term) ? 2 : 3) || !namesAThing(term, lang)) return false;
  // an everyday word ("函数", "problem") is no concept to ask about, even in bold
  return termSpecificity(tokenize(term, lang), lang) >= 0.9;
};

/** A reason given for what comes before it ("X … because …"): the marker follows the statement it explains. */
const REASON_AFTER =
  /(?<!\p{L})(?:because|since|due to|so that|in order to|parce que|car|afin de|weil|damit|porque|para que|потому что|так как|чтобы)(?!\p{L})|因为|由于|为了|ため|ので/giu;

/**
 * Whether a Japanese reason marker ("ため(に)", "ので") ending at `end` gives the reason for the sentence's statement,
 * by kuromoji's parts of speech: not "ための" (a purpose inside a noun phrase: "需要を測るための指標"), nor one whose
 * verb, right after it, modifies a noun ("需要を測るためによく使われる指標が…": the purpose is the relative clause's,
 * and the sentence says what the indicator is, not why).
 */
function japaneseReasonOfStatement(text: string, end: number): boolean {
  const rest = text.slice(end);
  if (/^の/u.test(rest)) return false;
  const after = tokenize(rest, "ja").filter((t, i) => !(i === 0 && t.text === "に"));
  const verb = after.findIndex((t) => t.tag === "動詞" || t.tag === "形容詞");
  // a subject, an object or a pause between the reason and the verb: the reason is the main clause's
  if (verb < 0 || after.slice(0, verb).some((t) => t.tag !== "副詞")) return true;
  let i = verb + 1;
  while (i < after.length && (after[i]!.tag === "動詞" || after[i]!.tag === "助動詞")) i++;
  const next = after[i];
  return !(next && next.tag === "名詞" && next.start === after[i - 1]!.end);
}

/**
 * Whether "why?" can be asked about the term: the sentence gives a reason after a statement that holds the term
 * ("We take BM25's top passage as the positive one because …"); a consequence ("… and thus cannot be described by
 * ODEs") or a reason that opens the sentence ("Since noise is …, it helps to …") explains no term of its own.
 */
function explainsTerm(text: string, term: string): boolean {
  const at = findWord(text, term);
  if (at < 0) return false;
  return [...text.matchAll(REASON_AFTER)].some((m) =>
    // Japanese gives the reason first: "AのでB", "AためにB" explain B ("市場を測るためによく用いられるものが社会厚生関数
    // である" is about 社会厚生関数, not 市場)
    /^(?:ため|ので)$/u.test(m[0])
      ? at >= m.index + m[0].length && japaneseReasonOfStatement(text, m.index + m[0].length)
      : m.index > at + term.length,
  );
}

/** A sentence that gives an example: the guest asks "an example?". */
const GIVES_EXAMPLE =
  /(?<!\p{L})(?:for example|for instance|e\.g\.|such as|par exemple|zum beispiel|z\. ?b\.|por ejemplo|por exemplo|например)(?!\p{L})|例如|比如|譬如|例えば|たとえば|例：|例:/iu;

/**
 * What a sentence gives an example of, if it gives one: the heading's concept when the sentence opens with the
 * marker ("Z.b. ein Tablet-Computer, …" under "Oligopol": the tablet is the example, not the concept), the term
 * when the marker follows it closely ("norms such as BM25", "Marktformen, z. B. …"); null when the marker is far
 * from the term ("Das Ziel ist, dass man sieht, wer z.B. der Geschäftsführer ist" gives no example of "Ziel").
 */
function exampleOf(text: string, terms: string[], heading: string, lang: string): string | null {
  const m = GIVES_EXAMPLE.exec(text);
  if (!m) return null;
  if (/^[\s("'“„«]*$/u.test(text.slice(0, m.index))) return askable(heading, lang) ? heading : null;
  return (
    terms.find((term) => {
      const at = findWord(text, term);
      if (at < 0 || at > m.index) return false;
      const gap = text.slice(at + term.length, m.index);
      const words = gap.split(/[\s,;:(–—-]+/u).filter(Boolean);
      return hasCjk(gap) ? [...gap.trim()].length <= 4 : words.length <= 2;
    }) ?? null
  );
}

/**
 * The first figure of a sentence with what it counts ("20 ms", "9%", "3 万"), for the guest to ask about; null
 * when no figure has a unit (a bare "1" or "(2)" means nothing to ask about).
 */
function figureOf(text: string, lang: string): string | null {
  const prose = text.replace(NOT_A_FIGURE, " ");
  const figure =
    /(?<![\p{L}\p{N}.-])(\p{Nd}+(?:[.,]\p{Nd}+)*)(\s?%|\s?[\p{Lu}\p{Ll}]{1,12}(?![\p{L}-])|[\p{Script=Han}])?/gu;
  for (const m of prose.matchAll(figure)) {
    const unit = (m[2] ?? "").trim();
    if (!unit) continue;
    if (unit === "%") return `${m[1]}${unit}`;
    // "100 in", "7 gold", "1所": the word after the figure is no unit (a noun or a measure word is)
    const token = tokenize(unit, lang)[0];
    const measure = token && (token.tag?.startsWith("q") || token.tag === "助数詞");
    if (token && !token.stop && (measure || token.pos === undefined || ["NOUN", "PROPN"].includes(token.pos)))
      return `${m[1]}${hasCjk(unit) ? "" : " "}${unit}`;
  }
  return null;
}

const noteTexts = new WeakMap<NoteMaterial, string>();
/** The note's headings and sentences, to count a term's uses in. */
function noteText(material: NoteMaterial): string {
  let text = noteTexts.get(material);
  if (text === undefined) {
    text = material.sections
      .flatMap((s) => [s.heading, ...sectionSentences(s).map((x) => x.text)])
      .join("\n");
    noteTexts.set(material, text);
  }
  return text;
}

/** How often a term stands in a text as a word of its own (at most `max`). */
function uses(text: string, term: string, max: number): number {
  let n = 0;
  for (let from = 0; n < max; n++) {
    const at = findWord(text.slice(from), term);
    if (at < 0) break;
    from += at + term.length;
  }
  return n;
}

/**
 * Whether a term the note marks names a concept of the note to ask about: a heading, a phrase of several words,
 * or a word the note uses more than once. The note sets many single words in bold once ("Anzahl", "Ziel"):
 * "Welche Rolle spielt „Anzahl“ hier?" asks about no concept.
 */
function isConcept(term: string, material: NoteMaterial): boolean {
  return namesConcept(term) || uses(noteText(material), term, 2) >= 2;
}

/**
 * A term that names a concept by its form: several words or a compound ("Tablet-Computer", "gradient descent"),
 * an acronym ("GmbH", "BM25"), a long compound word ("Einzelunternehmer"), or CJK of three characters or more.
 */
const namesConcept = (term: string) =>
  /[\s·-]/u.test(term.trim()) ||
  /^\p{L}+\p{Lu}/u.test(term) ||
  (hasCjk(term) ? [...term].length >= 3 : [...term].length >= 14);

/** A heading in capitals ("FORCE VERSUS CURRENT"): a label of the handout, not a term to ask about. */
const shouted = (t: string) => /\s/u.test(t.trim()) && !/\p{Ll}/u.test(t) && /\p{Lu}/u.test(t);

/** A section heading short enough to name a concept ("Oligopol", "Gradient descent"), not a title or a label. */
const conceptHeading = (heading: string, lang: string) =>
  heading.split(/\s+/u).length <= 3 &&
  !/[\p{Nd}:：?？]/u.test(heading) &&
  !shouted(heading) &&
  askable(heading, lang);

/** The things a section says, in note order: definitions, numbers, key terms, lists, table rows, points. */
function sectionItems(section: MaterialSection, material: NoteMaterial, start: number, lang: string): Item[] {
  const items: Item[] = [];
  const base = { sectionIndex: section.index, heading: section.heading };
  const keyTerms = material.keyTerms;
  const push = (talking: Talking, quote: string) =>
    items.push({ ...talking, ...base, order: start + items.length, quote } as Item);

  const sentence = (raw: string, terms: string[], whole: boolean, definition: boolean) => {
    const text = raw.replace(/^(?:[•·▪‣◦●○■□◆▶►]\s*|-\s+)/u, "");
    if (!isWholeSentence(text, whole) || spokenLength(text) > 420 || unspeakable(text)) return;
    // a sentence about the text ("这里我们不做证明。", "see below"), a caption or a clause that trails off
    // ("…存在，且") is nothing to say aloud
    if (isMetaSentence(text) || isCaption(text) || isIncompleteStatement(text)) return;
    // the host answers; a question of the source ("can we train a better model?") would answer a question
    if (/[?？]\s*["”»」』)）]?$/u.test(text)) return;
    const fits = (t: string) =>
      askable(t, lang) && !shouted(t) && !/\bet al\b/u.test(t) && !partOfWord(t, text);
    // a concept is a term the note marks or a key term of the note; any other noun phrase of a sentence
    // ("Anzahl", "Produkt", "Mitarbeiter") is no concept to ask about, unless the sentence defines it
    const marked = [...terms, ...keyTerms.filter((t) => findWord(text, t) >= 0)].filter(fits);
    // a sentence under a heading that names a concept opens the section about it ("Das Produkt besitzt nur
    // einen Anbieter." under "Monopol" is what a monopoly is, not something about "Produkt")
    const opening = items.length === 0 && !definition && conceptHeading(section.heading, lang);
    const concept =
      // the term the sentence defines ("X is called Y" defines Y), else a term the note marks in it
      (definition && [definedTerm(text, lang) ?? "", ...terms].find(fits)) ||
      marked.find((t) => material.sections.some((x) => x.heading === t)) ||
      marked.find(namesConcept) ||
      (opening ? section.heading : undefined) ||
      marked.find((t) => isConcept(t, material));
    const phrases = nounPhrases(text, lang)
      .filter((span) => span.tokens.length > 1 || /^\p{Lu}/u.test(span.text) || [...span.text].length >= 3)
      .map((span) => span.text)
      .filter(fits);
    const phrase = phrases[0];
    // a reason or an example is asked about the concept it explains or illustrates: a marked term, or a phrase
    // of the sentence that names a concept ("positive passage … because", "sparse retrievers such as BM25")
    const candidates = [
      ...(concept ? [concept] : []),
      ...phrases.filter((p) => p !== concept && (namesConcept(p) || isConcept(p, material))),
    ];
    const why = candidates.find((t) => explainsTerm(text, t));
    const example = exampleOf(text, candidates, section.heading, lang);
    if (definition && (concept ?? phrase))
      push({ kind: "definition", term: (concept ?? phrase)!, text }, text);
    else if (statesFigure(text) && figureOf(text, lang)) push({ kind: "number", text }, text);
    else if (why) push({ kind: "why", term: why, text }, text);
    else if (example) push({ kind: "example", term: example, text }, text);
    else if (concept) push({ kind: "term", term: concept, text }, text);
    else push({ kind: "point", text }, text);
  };

  for (const block of section.blocks) {
    if (block.type === "paragraph" || block.type === "definition") {
      for (const s of block.sentences)
        sentence(s.text, s.terms, block.sentences.length === 1, block.type === "definition");
    } else if (block.type === "list") {
      const usable = block.items.filter((i) => isCleanAnswer(i.text) && spokenLength(i.text) <= 160);
      if (usable.length >= 2 && usable.length === block.items.length) {
        const shown = usable.slice(0, 5).map((i) => i.text);
        push({ kind: "list", items: shown }, shown.join(" "));
      } else
        for (const i of block.items) {
          // "**Environmental noise**: These are sources of noise …" says what its bold label is
          const labelled = boldLabelled(i);
          sentence(i.text, labelled ? [labelled.label] : i.terms, true, !!labelled);
        }
    } else if (block.type === "table") {
      const [head, ...body] = block.rows;
      if (!head || head.length < 2) continue;
      for (const row of body.slice(0, 3)) {
        const label = row[0]?.trim() ?? "";
        if (!label || [...label].length > 40) continue;
        const cells = row
          .slice(1, 4)
          .map((value, i): [string, string] => [head[i + 1]?.trim() ?? "", value.trim()])
          .filter(([c, v]) => c && isCleanAnswer(v) && spokenLength(v) <= 120);
        if (cells.length)
          push({ kind: "table", label, cells }, `${label} ${cells.map((c) => c[1]).join(" ")}`);
      }
    }
  }
  return items;
}

const cost = (item: Item): number => {
  switch (item.kind) {
    case "list":
      return spokenLength(item.items.join(" ")) + 60;
    case "table":
      return spokenLength(item.label + item.cells.flat().join(" ")) + 60;
    default:
      return spokenLength(item.text) + 50;
  }
};

/** The items of a chapter that fit its budget, best kinds first, then put back in note order. */
function pickItems(plan: ChapterPlan, material: NoteMaterial, lang: string): Item[] {
  let order = 0;
  const all = plan.sections.flatMap((s) => {
    const items = sectionItems(s, material, order, lang);
    order += items.length;
    return items;
  });
  const ranked = [...all].sort((a, b) => PRIORITY[a.kind] - PRIORITY[b.kind] || a.order - b.order);
  const picked: Item[] = [];
  let used = 0;
  // every section of the chapter gets its best item first, so none is skipped in silence
  for (const section of plan.sections) {
    const best = ranked.find((i) => i.sectionIndex === section.index);
    if (best && (picked.length === 0 || used + cost(best) <= plan.budget * 1.3)) {
      picked.push(best);
      used += cost(best);
    }
  }
  for (const item of ranked) {
    if (picked.includes(item)) continue;
    if (used + cost(item) > plan.budget) continue;
    picked.push(item);
    used += cost(item);
  }
  return picked.sort((a, b) => a.order - b.order);
}

/**
 * A term as the guest names it: a Russian phrase in its dictionary form ("термодинамические параметры"), an
 * English compound of common words in the singular with "the" ("What exactly is the budget constraint?").
 */
const spokenTerm = (term: string, lang: string, english = false) =>
  lang === "ru"
    ? dictionaryForm(term, lang)
    : english && lang === "en" && /^\p{Ll}+(?:['’]s)?(?:[\s-]\p{Ll}+)*[\s-]\p{Ll}+(?<!s)$/u.test(term)
      ? `the ${term}`
      : term;

/** What the host says of an item: the note's own words, in the third person, after a lead-in where one fits. */
function hostSays(item: Item, labels: PodcastLabels, asked: boolean, paper: boolean): string {
  switch (item.kind) {
    case "definition":
      return asked
        ? labels.definitionLead(spoken(item.text, labels, paper))
        : spoken(item.text, labels, paper);
    case "list":
      return labels.listLead(item.items.map((i) => thirdPerson(i, labels, paper)));
    case "table":
      return labels.tableRow(item.label, item.cells);
    default:
      return spoken(item.text, labels, paper);
  }
}

const spoken = (text: string, labels: PodcastLabels, paper: boolean) =>
  finish(thirdPerson(text, labels, paper));

/**
 * The guest's question that leads to an item, as a student would ask it: what a term is, why, an example, what
 * a figure means. A term is asked about once; a question without a concept ("Tell me more.") at most once an
 * episode; null when there is nothing left to ask (the host goes on).
 */
function guestAsks(
  item: Item,
  labels: PodcastLabels,
  lang: string,
  turn: number,
  asked: Set<string>,
  english: boolean,
): string | null {
  const named = (term: string) => spokenTerm(term, lang, english);
  const once = (question: string) => {
    const key = question.toLowerCase();
    if (asked.has(key)) return null;
    asked.add(key);
    return question;
  };
  // of several wordings of a question, one the episode has not used yet ("And what about X?" not three times)
  const fresh = (name: string, templates: ((term: string) => string)[], term: string) => {
    const key = (i: number) => `\u0000${name}:${i}`;
    const unused = (i: number) => !asked.has(key(i));
    if (!templates.some((_, i) => unused(i))) templates.forEach((_, i) => asked.delete(key(i)));
    for (let k = 0; k < templates.length; k++) {
      const i = (turn + k) % templates.length;
      if (!unused(i)) continue;
      const question = once(templates[i]!(term));
      if (question) {
        asked.add(key(i));
        return question;
      }
    }
    return null;
  };
  // a term is asked about once an episode, in one wording ("Where does X come in?" then "What should we know
  // about X?" asks nothing new)
  const termKey = (term: string) => `\u0000term:${term.toLowerCase()}`;
  const aboutTerm = (term: string) => {
    if (asked.has(termKey(term))) return null;
    const question = fresh("askTerm", labels.askTerm, named(term));
    if (question) asked.add(termKey(term));
    return question;
  };
  const generic = () => {
    for (let i = 0; i < labels.askMore.length; i++) {
      const question = once(labels.askMore[(turn + i) % labels.askMore.length]!(item.heading));
      if (question) return question;
    }
    return null;
  };
  switch (item.kind) {
    case "definition":
      asked.add(termKey(item.term));
      return fresh("askDefinition", labels.askDefinition, named(item.term)) ?? generic();
    case "number": {
      const figure = figureOf(item.text, lang);
      return (figure && once(labels.askFigure(figure))) || generic();
    }
    case "why":
      return once(labels.askWhy(named(item.term))) ?? aboutTerm(item.term) ?? generic();
    case "example":
      return once(labels.askExample(named(item.term))) ?? aboutTerm(item.term) ?? generic();
    case "term":
      return aboutTerm(item.term) ?? generic();
    case "list":
      return once(labels.askList) ?? generic();
    case "table":
      return once(labels.askTable(item.label)) ?? generic();
    default:
      return generic();
  }
}

/** First-person words of the source ("we", "我们", "nous"), which the host must not say as their own. */
const FIRST_PERSON_WORDS =
  "me my mine we us our ours let's je j' moi nous notre nos ich mich mir mein meine meinen wir uns unser unsere yo nosotros nosotras nuestro nuestra nuestros eu nós nosso nossa я меня мне мой моя мы нас нам наш наша".split(
    " ",
  );
/** First-person words of the source ("we", "我们", "nous"), lower-case or capitalised ("US" is no "us"). */
const FIRST_PERSON = new RegExp(
  `(?<!\\p{L})(?:${FIRST_PERSON_WORDS.map((w) => `[${w[0]}${w[0]!.toUpperCase()}]${w.slice(1)}`).join("|")})(?!\\p{L})|(?<!\\p{L})I\\s+\\p{Ll}|我们|咱们|我|私たち|私|我々|僕`,
  "u",
);
/** The English "we", "our", "us", "ourselves" (and their capitals) said as another person's words. */
function firstPluralAs(we: string, our: string, us: string, ourselves: string): [RegExp, string][] {
  const capital = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
  return [
    [/\bwe\b/g, we],
    [/\bWe\b/g, capital(we)],
    [/\bour\b/g, our],
    [/\bOur\b/g, capital(our)],
    [/\bus\b/g, us],
    [/\bourselves\b/g, ourselves],
  ];
}
/** A paper's "we" are its authors. */
const ENGLISH_PLURAL = firstPluralAs("the authors", "their", "them", "themselves");
/** A lecture's "we" are the teacher and the class: said to the listener. */
const LECTURE_PLURAL = firstPluralAs("you", "your", "you", "yourselves");

/** A research paper speaks of its authors' own work ("In this paper we propose …", "our method"). */
const PAPER =
  /\b(?:(?:this|our) (?:paper|article|work|study)|we (?:propose|present|introduce|report|evaluate)|our (?:method|approach|model|results|experiments|system|contributions?)|et al\.)|^(?:abstract|references|related work|bibliography)$/im;

/** Whether the note is a research paper's: its "we" are the authors; a lecture's or a handout's "we" are the class. */
export function isPaper(material: NoteMaterial): boolean {
  return PAPER.test(noteText(material));
}

/**
 * A source sentence as the host says it: in the third person. "We", "我们", "私たち" become "the authors",
 * "作者", "著者" where that reads correctly; any other first person is quoted as the author's words.
 */
export function thirdPerson(text: string, labels: PodcastLabels, paper = true): string {
  // "We call A the B" names B: "A is called the B"
  const naming = englishNaming(text);
  if (naming)
    return `${naming.object.charAt(0).toUpperCase()}${naming.object.slice(1)} is called ${naming.name}`;
  // a formula's letters are no person ("p_x x + p_y y = I" holds no "I")
  if (!FIRST_PERSON.test(maskFormulas(text))) return text;
  let said = text.replace(/我们|咱们/g, "作者").replace(/私たち|我々/g, "著者");
  const singular = /\b(?:I|me|my|mine|let's|let us)\b/.test(maskFormulas(said));
  if (!singular && !paper) {
    // a lecture's "we" is the teacher with the class: said to the listener ("we get" -> "you get")
    for (const [pattern, replacement] of LECTURE_PLURAL) said = said.replace(pattern, replacement);
  } else if (!singular) {
    for (const [pattern, replacement] of ENGLISH_PLURAL) said = said.replace(pattern, replacement);
    // "the authors describe the data the authors used": after the first time, "they"
    let seen = /^The authors\b/.test(said);
    said = said.replace(/(?<=\S\s)the authors\b/g, (m) => (seen ? "they" : ((seen = true), m)));
  }
  return FIRST_PERSON.test(maskFormulas(said)) ? labels.authorSays(text) : said;
}

const CJK_END = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
const space = (a: string, b: string) =>
  CJK_END.test(a.slice(-1)) || CJK_END.test(b.slice(0, 1)) ? `${a}${b}` : `${a} ${b}`;

/** A term found inside a longer word of the text ("domain QA" in "open-domain QA"). */
function partOfWord(term: string, text: string): boolean {
  const at = text.indexOf(term);
  return at > 0 && /[\p{L}\p{N}-]/u.test(text[at - 1]!) && !hasCjk(term);
}

/** A sample of the chapter's text, to tell its language by. */
const sectionsText = (sections: MaterialSection[]) =>
  sections
    .flatMap(sectionSentences)
    .map((x) => x.text)
    .join(" ")
    .replace(/\$\$?[^$]*\$\$?/g, " ") // formulas say nothing of the language
    .slice(0, 4000);

/** A line ends like a sentence, so that it is read with a falling tone and a pause. */
function finish(text: string): string {
  const t = text.trim();
  // a display equation ends its sentence as set (a full stop after it would stand alone on its own line)
  if (/[.!?。！？…"”»」』)）]$|\$\$$/u.test(t)) return t;
  return `${t}${hasCjk(t) ? "。" : "."}`;
}

/** One chapter as a conversation: the host opens it, the guest asks for each next item, then recaps. */
export function offlineChapter(
  plan: ChapterPlan,
  material: NoteMaterial,
  position: { index: number; count: number },
  /** The guest's questions so far in the episode: none is asked twice. */
  asked = new Set<string>(),
): ScriptChapter {
  material = materialWithoutPlaceholders(material);
  const labels = podcastLabelsFor(material.outputLanguage);
  const lang = textLanguage(sectionsText(plan.sections), material.bodyLanguage);
  const items = pickItems(plan, material, lang);
  const paper = isPaper(material);
  const first = plan.sections[0]!;
  // a chapter of several small sections opens with the first; the guest asks for the next ones by name
  const opened = plan.heads[0] ?? plan.title;
  const named = plan.heads.length > 3 ? `${labels.list(plan.heads.slice(0, 3))} …` : labels.list(plan.heads);
  const enter =
    position.index === 0
      ? labels.enterFirst(opened)
      : position.index === position.count - 1
        ? labels.enterLast(opened)
        : labels.enterNext[position.index % labels.enterNext.length]!(opened);
  const lines: ScriptLine[] = [];
  const say = (speaker: ScriptLine["speaker"], text: string, sectionIndex: number, quote: string) =>
    lines.push({ speaker, text, sectionIndex, quote });

  if (items.length === 0) {
    say("host", enter, first.index, plan.title);
    say("guest", labels.recapPlain(named), first.index, plan.title);
    return { kind: "section", title: plan.title, sectionIndexes: plan.sections.map((s) => s.index), lines };
  }
  // the host opens the chapter; the guest's first question is about its first concept
  say("host", enter, first.index, plan.title);
  items.forEach((item, i) => {
    const turn = position.index + i;
    const question = guestAsks(item, labels, lang, turn, asked, material.outputLanguage.startsWith("en"));
    if (question) {
      const reaction = i % 2 === 0 ? `${labels.reactions[turn % labels.reactions.length]!}` : "";
      say("guest", reaction ? space(reaction, question) : question, item.sectionIndex, item.quote);
    }
    // the note's wording answers "what is X"; with no question the host goes on
    say(
      "host",
      hostSays(item, labels, item.kind === "definition" && question !== null, paper),
      item.sectionIndex,
      item.quote,
    );
  });
  // a section's heading is no key term of its chapter ("les mots clés : Introduction")
  const headings = new Set(plan.sections.map((s) => normaliseForMatch(s.heading)));
  const terms = [...new Set(items.flatMap((i) => ("term" in i ? [spokenTerm(i.term, lang)] : [])))]
    .filter((t) => !headings.has(normaliseForMatch(t)))
    .slice(0, 3);
  say(
    "guest",
    terms.length ? labels.recapTerms(named, labels.list(terms)) : labels.recapPlain(named),
    first.index,
    terms.length ? terms.join(" ") : plan.title,
  );
  return {
    kind: "section",
    title: plan.title,
    sectionIndexes: plan.sections.map((s) => s.index),
    lines: alternate(lines),
  };
}

/** A podcast script drawn from the note alone: templated talk around its definitions, numbers and points. */
export function offlinePodcastScript(material: NoteMaterial, length: PodcastLength): PodcastScript {
  // no line speaks a stand-in for an equation or a picture ("[equation]"): cut out, or its fact left out
  material = materialWithoutPlaceholders(material);
  const plans = planChapters(material, length);
  const asked = new Set<string>();
  const chapters = plans.map((plan, index) =>
    offlineChapter(plan, material, { index, count: plans.length }, asked),
  );
  return assembleScript(material, plans, chapters);
}
