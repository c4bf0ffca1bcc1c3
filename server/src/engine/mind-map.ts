import type { Citation, MindMap, MindMapNode, MindMapNodeKind } from "@beannote/contract";
import { MIND_MAP_LARGE_NODES, MIND_MAP_LABEL_MAX } from "@beannote/contract";
import type { MaterialSection, MaterialSentence, NoteMaterial } from "./note-material";
import { boldLabelled, mostlySaidBefore, normaliseForMatch, sectionSentences } from "./note-material";
import { protectFormulas } from "./formula";
import { narratesOrInstructs } from "./quiz/quiz-text";
import { fitsLimit, shortLength, shorten, tidyEnd, type ShortLimit } from "./short-text";
import { findWord, hasCjk } from "./text";
import {
  dictionaryForm,
  hasTagger,
  hasVerb,
  isConceptTerm,
  isFunctionWord,
  nounPhrases,
  rankTerms,
  russianNaming,
  termKey,
  textLanguage,
  tokenize,
  materialWithoutPlaceholders,
} from "./nlp";

/** A leaf says a term or the gist of a sentence: about 8 words, or 18 CJK characters. */
const LEAF_LIMIT: ShortLimit = { words: 7, cjkChars: 18 };
const TERMS_PER_SECTION = 3;
const LEAVES_PER_SECTION = 5;

interface Draft {
  kind: MindMapNodeKind;
  label: string;
  citation: Citation | null;
  children: Draft[];
}

/**
 * A label of at most MIND_MAP_LABEL_MAX characters (half for CJK), cut at a word when it can be; a formula
 * counts as one character and is kept whole or left out.
 */
function cap(source: string): string {
  const formulas = protectFormulas(source);
  return formulas.restore(capProse(formulas.text));
}

function capProse(label: string): string {
  const chars = [...label];
  const max = hasCjk(label) ? Math.ceil(MIND_MAP_LABEL_MAX / 2) : MIND_MAP_LABEL_MAX;
  if (chars.length <= max) return label;
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.…-]+$/u, "")}…`;
}

/** A term worth a leaf: a noun phrase or a name (the NLP layer's view), short, not a cut fragment. */
function usableTerm(term: string, lang: string): boolean {
  const n = [...term].length;
  if (n < 2 || n > 40 || (!hasCjk(term) && n < 3) || /^[\p{N}\p{P}\s]+$/u.test(term)) return false;
  return fitsLimit(term, LEAF_LIMIT) && !isFragment(term) && namesAThing(term, lang);
}

/**
 * A concept's name by the NLP layer's reading: not a phrase that starts or ends with a verb ("分为孤立奇点",
 * "函数应该"), not a verbal noun or an adverb alone ("解析", "处处"), not a formula's name in a CJK text ("res").
 */
export function namesAThing(term: string, lang: string): boolean {
  if (!isConceptTerm(term, lang)) return false;
  const tokens = tokenize(term, lang);
  const head = tokens.at(-1);
  // "Learning rate", "machine learning": an English gerund is part of a name
  const verb = (t: (typeof tokens)[number]) => t.pos === "VERB" && !(lang === "en" && /ing$/i.test(t.text));
  if (!head || verb(head) || (tokens.length > 1 && verb(tokens[0]!))) return false;
  if (tokens.length === 1 && /^[vdr]/.test(head.tag ?? "")) return false;
  return !((lang === "zh" || lang === "ja") && /^\p{Ll}{1,5}$/u.test(term));
}

/** What the leaves are chosen with: the note's language and its key terms ranked over the whole note. */
interface Vocabulary {
  lang: string;
  /** A section's key terms, the author's emphasis first, then by rarity and frequency over the note. */
  termsOf(section: MaterialSection): string[];
}

function vocabularyOf(material: NoteMaterial): Vocabulary {
  const texts = material.sections.map((s) =>
    sectionSentences(s)
      .map((x) => x.text)
      .join("\n"),
  );
  const lang = textLanguage(texts.join("\n").slice(0, 20_000), material.bodyLanguage);
  const spans = texts.map((text) => nounPhrases(text, lang));
  const bold = material.sections.map((s) => sectionSentences(s).flatMap((x) => x.terms));
  const ranked = new Map(rankTerms(spans, lang, { emphasized: bold.flat() }).map((t) => [t.key, t]));
  const sectionsWith = new Map<string, number>();
  for (const list of spans)
    for (const key of new Set(list.map((x) => x.key)))
      sectionsWith.set(key, (sectionsWith.get(key) ?? 0) + 1);
  const n = Math.max(1, spans.length);
  const firstWith = new Map<string, number>();
  spans.forEach((list, i) => list.forEach((x) => firstWith.has(x.key) || firstWith.set(x.key, i)));
  /**
   * A term the whole note speaks of (in more than half of four or more sections: the syllabus's "исследовательский
   * проект", a paper's system) is a leaf of the first section that says it, not of every section.
   */
  const elsewhere = (key: string, section: number) =>
    n >= 4 && (sectionsWith.get(key) ?? 0) * 2 > n && firstWith.get(key) !== section;
  return {
    lang,
    termsOf(section) {
      const counts = new Map<string, { count: number; form: string }>();
      for (const span of spans[section.index] ?? []) {
        // a piece of a hyphenated word ("domain QA" in "open-domain QA") is no term
        if (/[\p{L}\p{N}-]$/u.test(texts[section.index]!.slice(0, span.start))) continue;
        const seen = counts.get(span.key) ?? { count: 0, form: span.text };
        seen.count++;
        counts.set(span.key, seen);
      }
      const stressed = new Set(bold[section.index]!.map((t) => termKey(tokenize(t, lang))));
      const scored = [...counts].flatMap(([key, { count, form }]) => {
        const term = ranked.get(key);
        // an everyday word ("model", "函数") is no key term unless the author stressed it
        if (!term || (!stressed.has(key) && term.specificity < 0.9)) return [];
        // a single word said once and not stressed is as likely a PDF's broken word ("mul", "individial")
        const single = hasCjk(form) ? tokenize(form, lang).length < 2 : !/[\s·-]/u.test(form);
        if (!stressed.has(key) && count < 2 && single) return [];
        if (/\bet al\b/iu.test(form)) return [];
        // what this section says more than the rest of the note: its own frequency against the note's spread
        const spread = Math.log(1 + n / (sectionsWith.get(key) ?? 1));
        const score = (stressed.has(key) ? 2 : 0) + (1 + Math.log(count)) * term.specificity * spread;
        return [{ form: stressed.has(key) ? form : term.term, score }];
      });
      // the author's bold terms as written first, then the noun phrases this section says most
      const boldForms = bold[section.index]!.map((form) => ({ form, score: 1000 }));
      const keyOf = (form: string) => termKey(tokenize(form, lang));
      return [...boldForms, ...scored.filter((t) => !stressed.has(keyOf(t.form)))]
        .filter((t) => !elsewhere(keyOf(t.form), section.index))
        .sort((a, b) => b.score - a.score)
        .map((t) => t.form)
        .filter((t) => usableTerm(t, lang));
    },
  };
}

/** Words a phrase cut out of a sentence starts or ends with: it is a fragment, not a term or a fact. */
const LATIN_EDGE =
  /^(?:and|or|but|so|then|thus|hence|which|that|this|these|those|it|its|we|our|us|i|you|they|he|she|of|to|in|on|at|by|for|with|from|as|is|are|was|were|be|been|has|have|had|not|also|et|ou|mais|donc|qui|que|il|elle|nous|on|le|la|les|des|du|de|и|или|но|что|это|мы|мы|он|она|они|в|на|с|по|к)$/iu;
const CJK_LEAD = /^[的了和与而并则但或及在是这那其此也就都我你他她它们之于把被让因所]/u;

/** Symbols of a formula whose layout was lost ("∂2v ∂2v + = 0"): unreadable as a label. */
function isFormulaDebris(label: string): boolean {
  const chars = [...protectFormulas(label).text.replace(/\s+/g, "")];
  const symbols = chars.filter((c) => !/[\p{L}\p{N}'’\-–().,:;%·、，：（）…。]/u.test(c)).length;
  return chars.length === 0 || symbols / chars.length > 0.12;
}

/** A cut clause, a sentence's tail, a run of formula symbols or a single function word. */
export function isFragment(label: string): boolean {
  const text = protectFormulas(label).text.trim();
  if (!text || text.includes("…") || isFormulaDebris(text)) return true;
  // a display formula, or a long one, is no label; a labelled line ("proof:", "例1：") is a worked step
  if (/\$\$/.test(label) || /\$[^$]{30,}\$/.test(label) || /^[\p{L}\p{N}]{1,8}\s?[:：]/u.test(text))
    return true;
  // CJK words around a gap: a formula the PDF lost ("时， 有界，则 是一常数")
  if (
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}，、]\s+[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(
      text,
    )
  )
    return true;
  if (hasCjk(text)) return CJK_LEAD.test(text) || /^[\p{P}\p{N}]/u.test(text);
  const words = text.split(/\s+/);
  if (/^[\p{Ll}]/u.test(text) && words.length > 3) return true; // a sentence's tail, cut mid-way
  return (
    LATIN_EDGE.test(words[0]!.replace(/[^\p{L}]/gu, "")) ||
    LATIN_EDGE.test(words.at(-1)!.replace(/[^\p{L}]/gu, ""))
  );
}

/** "X is Y", "X refers to Y", "X 是指 Y", "X とは Y", "X est Y", "X — это Y": the term and its meaning. */
const DEFINITION_PATTERNS: RegExp[] = [
  /^(?<term>[^,;:.]{2,50}?)\s+(?:is defined as|refers to|is called|denotes|means|is|are)\s+(?<meaning>.{4,})$/iu,
  /^(?<term>[^,;:.]{2,50}?)\s+(?:désigne|est|sont|bezeichnet|ist|es|son)\s+(?<meaning>.{4,})$/iu,
  /^(?<term>[^,;:.]{2,50}?)\s*(?:[—–-]\s*это|называется|означает|является)\s+(?<meaning>.{4,})$/iu,
  /^(?<term>[^，,；;：:。]{2,16}?)(?:是指|指的是|称为|叫做|定义为|就是|是)(?<meaning>.{3,})$/u,
  /^(?<term>[^、，。]{2,16}?)(?:とは|は)(?<meaning>.{3,}?)(?:である|です|をいう|のこと|を指す)?[。．]?$/u,
];

/** A sentence that defines a term, read as the term and the start of its meaning. */
function definitionOf(text: string, terms: string[], lang: string): { term: string; meaning: string } | null {
  // citations and acronyms in parentheses are not part of the term: "Open-domain QA (Voorhees, 1999) is …"
  const sentence = text
    .replace(/^[>*\s]+/, "")
    .replace(/\s*[(（][^()（）]{0,40}[)）]/gu, "")
    .trim();
  if (lang === "ru") {
    // "Степенью вершины называется число рёбер …": the term is the side in the instrumental
    const naming = russianNaming(sentence);
    if (naming !== undefined) {
      if (!naming || !fitsLimit(naming.term, { words: 5, cjkChars: 10 })) return null;
      const meaning = naming.meaning && shorten(naming.meaning, { words: 8, cjkChars: 14, minClause: 2 });
      return { term: naming.term, meaning: meaning && !meaning.endsWith("…") ? meaning : "" };
    }
  }
  for (const pattern of DEFINITION_PATTERNS) {
    const m = pattern.exec(sentence);
    if (!m?.groups) continue;
    const term = m.groups.term!.replace(/^(?:the|a|an|le|la|les|l'|un|une)\s+/iu, "").trim();
    // the subject is a term when the author set it in bold, or it is a short name (not "This method")
    const named =
      terms.some((t) => normaliseForMatch(t) === normaliseForMatch(term)) ||
      (usableTerm(term, lang) && !LATIN_EDGE.test(term.split(/\s+/)[0]!) && !CJK_LEAD.test(term));
    if (!named || !fitsLimit(term, { words: 5, cjkChars: 10 })) continue;
    // the meaning's head, before a relative clause ("… components that work together")
    const head = m.groups
      .meaning!.replace(/^[\s\p{P}]+/u, "")
      .replace(/^(?:a|an|the|un|une|le|la)\s+/iu, "")
      .split(
        /\s(?:that|which|who|whose|where|when|because|while|qui|que|dont|où|который|которая|которое|которые|чтобы)\s/iu,
      )[0]!;
    const meaning = shorten(head, {
      words: 8,
      cjkChars: 14,
      minClause: 2,
    });
    if (!meaning || meaning.endsWith("…") || isFormulaDebris(meaning)) continue;
    // a meaning that says nothing the term does not ("Aperiodic signals: signals", "Transient signals: ones")
    if (
      /^(?:ones?|things?|something|concepts?|notions?|ideas?|terms?|words?|ways?|kinds?|types?|sorts?)$/iu.test(
        meaning,
      )
    )
      continue;
    if (!/\s/u.test(meaning) && term.toLowerCase().split(/\s+/).includes(meaning.toLowerCase())) continue;
    // the meaning names something ("a measure of disorder"), it is not only a quality ("有用的")
    if (nounPhrases(meaning, lang).length === 0) continue;
    return { term, meaning };
  }
  return null;
}

/** A number with its unit ("9%", "20 passages", "3 万") and the term it is about: "DPR · 9%–19%". */
function factOf(text: string, terms: string[], lang: string): string | null {
  const figure =
    /(?<![\p{L}\p{N}.-])(\p{Nd}+(?:[.,]\p{Nd}+)*(?:\s?[-–]\s?\p{Nd}+(?:[.,]\p{Nd}+)*)?)(\s?%|\s?[\p{L}]{1,12}|[\p{Script=Han}]{1,2})?/gu;
  for (const m of text.matchAll(figure)) {
    const written = (m[2] ?? "").trim();
    // in CJK text the letters after a figure run on into the clause: its first word is the unit
    const unit = hasCjk(written) ? (tokenize(written, lang)[0]?.text ?? "") : written;
    // a bare count, a year, or a figure followed by a word that is no unit ("6 that", "2 additional")
    if (!unit || /^\p{Nd}{4}$/u.test(m[1]!) || (unit !== "%" && !isUnit(unit, lang))) continue;
    const before = text.slice(0, m.index);
    const subject = terms.filter((t) => findWord(before, t) >= 0).sort((x, y) => y.length - x.length)[0];
    if (!subject) continue;
    const joiner = hasCjk(unit) || unit === "%" ? "" : " ";
    return `${subject} · ${m[1]}${joiner}${unit}`;
  }
  return null;
}

/** A word after a figure that says what it counts or measures: a noun, an abbreviation, a CJK measure word. */
function isUnit(word: string, lang: string): boolean {
  if (isFunctionWord(word.toLowerCase(), lang)) return false;
  const token = tokenize(word, lang)[0];
  if (!token || token.stop) return false;
  return token.pos === undefined || ["NOUN", "PROPN", "X"].includes(token.pos) || /^\p{Lu}{1,4}$/u.test(word);
}

/** The sentences a section leads with: definitions, then list items, then each paragraph's first sentence. */
function keySentences(section: MaterialSection): MaterialSentence[] {
  const definitions = section.blocks.flatMap((b) => (b.type === "definition" ? b.sentences : []));
  const items = section.blocks.flatMap((b) => (b.type === "list" ? b.items : []));
  const leads = section.blocks.flatMap((b) => (b.type === "paragraph" ? b.sentences.slice(0, 1) : []));
  return [...definitions, ...items, ...leads];
}

/**
 * A section's leaves: its defined terms with their meaning, its key terms, facts (a figure with its unit and
 * subject), short statements whole, and its tables; never a sentence cut mid-way or a function word.
 */
function sectionLeaves(section: MaterialSection, material: NoteMaterial, vocabulary: Vocabulary): Draft[] {
  const { lang } = vocabulary;
  const leaves: Draft[] = [];
  const seen = new Set<string>([normaliseForMatch(section.heading)]);
  const add = (kind: MindMapNodeKind, label: string, quote: string, key = label) => {
    const k = normaliseForMatch(key);
    if (!k || seen.has(k) || leaves.length >= LEAVES_PER_SECTION + 1) return false;
    seen.add(k);
    // a label longer than a leaf would be cut: a fragment
    if (cap(label) !== label) return false;
    leaves.push({ kind, label, citation: material.cite(section.index, quote), children: [] });
    return true;
  };

  const sentences = section.blocks.flatMap((b) =>
    b.type === "table" ? [] : b.type === "list" ? b.items : b.sentences,
  );
  const sectionTerms = vocabulary.termsOf(section);

  let termCount = 0;
  // a labelled list's bold labels ("Environmental noise: …", "Measurement noise: …") are the section's concepts
  for (const block of section.blocks) {
    if (block.type !== "list") continue;
    const labels = block.items.flatMap((item) => {
      const labelled = boldLabelled(item);
      return labelled && namesAThing(labelled.label, lang)
        ? [{ label: labelled.label, quote: item.text }]
        : [];
    });
    if (labels.length < 2) continue;
    for (const { label, quote } of labels) if (add("term", label, quote)) termCount++;
  }
  const defining = new Set(section.blocks.flatMap((b) => (b.type === "definition" ? b.sentences : [])));
  for (const s of keySentences(section)) {
    if (termCount >= TERMS_PER_SECTION) break;
    const found = definitionOf(s.text, s.terms, lang);
    // a term the note defines, whose meaning is too long for a leaf, is still one of the section's concepts
    const defined = defining.has(s) ? s.terms[0] : undefined;
    if (!found && defined && namesAThing(defined, lang) && add("term", defined, s.text)) termCount++;
    if (!found || seen.has(normaliseForMatch(`${found.term}${found.meaning}`))) continue;
    if (add("term", found.meaning ? `${found.term}: ${found.meaning}` : found.term, s.text)) {
      seen.add(normaliseForMatch(found.term));
      termCount++;
    }
  }
  for (const term of sectionTerms) {
    if (termCount >= TERMS_PER_SECTION) break;
    // "Internal energy changes" next to "Internal energy" says nothing more
    const key = normaliseForMatch(term);
    const overlaps = leaves.some((l) => {
      const other = normaliseForMatch(l.label.split(/: /)[0]!);
      return key.includes(other) || other.includes(key) || normaliseForMatch(l.label).includes(key);
    });
    if (overlaps) continue;
    if (onlyOpensSentences(term, sentences, lang)) continue;
    const quote = sentences.find((s) => findWord(s.text, term) >= 0)?.text ?? term;
    // a leaf stands alone: its dictionary form ("исследовательский проект", not "исследовательского проекта")
    if (add("term", dictionaryForm(term, lang), quote)) termCount++;
  }
  for (const s of sentences) {
    if (leaves.length >= LEAVES_PER_SECTION) break;
    const fact = factOf(s.text, sectionTerms, lang);
    if (fact && fitsLimit(fact, LEAF_LIMIT)) add("point", fact, s.text);
  }
  for (const s of keySentences(section)) {
    if (leaves.length >= LEAVES_PER_SECTION) break;
    // a statement short enough to be said whole; a longer one would be a fragment once cut
    const whole = tidyEnd(s.text);
    if (!fitsLimit(whole, LEAF_LIMIT) || shortLength(whole) < (hasCjk(whole) ? 6 : 3) || isFragment(whole))
      continue;
    // a statement about one of the section's concepts, said as a whole sentence (not a step of a derivation)
    if (
      !/[.!?。！？]$/u.test(s.text.trim()) &&
      !section.blocks.some((b) => b.type === "list" && b.items.includes(s))
    )
      continue;
    if (!sectionTerms.some((t) => findWord(whole, t) >= 0) || !hasVerb(whole, lang)) continue;
    // an exercise's instruction ("Write down the optimization problem") is no fact of the section
    if (narratesOrInstructs(whole, lang, tokenize(whole, lang), true)) continue;
    if (leaves.some((l) => normaliseForMatch(whole).includes(normaliseForMatch(l.label)))) continue;
    add("point", whole, s.text);
  }

  for (const block of section.blocks) {
    if (block.type !== "table" || leaves.length >= LEAVES_PER_SECTION + 1) continue;
    const head = (block.rows[0] ?? []).map((c) => c.trim()).filter(Boolean);
    if (head.length === 0) continue;
    const label = shorten(head.join(" · "), { words: 8, cjkChars: 18 });
    add("table", label, head.join(" "));
  }
  return leaves;
}

/**
 * A single capitalised word that only ever opens a sentence or an item, where no tagger tells its part of
 * speech, is more likely an adjective or a head cut from its phrase than a concept: "Mauvaises" (récoltes),
 * "Fin" (de la monarchie absolue), "Affirmation" (des droits) were leaves of a French history map.
 */
function onlyOpensSentences(term: string, sentences: MaterialSentence[], lang: string): boolean {
  if (hasTagger(lang) || /\s/u.test(term) || !/^\p{Lu}/u.test(term)) return false;
  let found = false;
  for (const s of sentences)
    for (let at = findWord(s.text, term); at >= 0; at = findWord(s.text, term, at + 1)) {
      if (s.text.slice(0, at).trim()) return false;
      found = true;
    }
  return found;
}

/** Node ids are the path of child indices from the root: stable for one version of the note. */
function withIds(draft: Draft, id: string): MindMapNode {
  return {
    id,
    kind: draft.kind,
    label: draft.label,
    citation: draft.citation,
    children: draft.children.map((child, i) => withIds(child, `${id}.${i}`)),
  };
}

const escapeInline = (text: string) => text.replace(/([\\`*_[\]<>|~#])/g, "\\$1");
/** A list item's text must not read as a nested list ("3. …", "- …"). */
const escapeItem = (text: string) =>
  escapeInline(text)
    .replace(/^(\d+)([.)])/, "$1\\$2")
    .replace(/^([+-])/, "\\$1");

/** The tree as Markdown: the title and sections as headings, leaves as list items (markmap's own input). */
export function mindMapOutline(root: MindMapNode): string {
  const lines: string[] = [`# ${escapeInline(root.label)}`];
  const walk = (node: MindMapNode, depth: number) => {
    const leaves = node.children.filter((c) => c.kind !== "section");
    if (leaves.length) {
      lines.push("");
      for (const leaf of leaves) lines.push(`- ${escapeItem(leaf.label)}`);
    }
    for (const child of node.children.filter((c) => c.kind === "section")) {
      lines.push("", `${"#".repeat(Math.min(6, depth + 1))} ${escapeInline(child.label)}`);
      walk(child, depth + 1);
    }
  };
  walk(root, 1);
  return `${lines.join("\n")}\n`;
}

function countNodes(node: MindMapNode): number {
  return 1 + node.children.reduce((n, c) => n + countNodes(c), 0);
}

/** A heading's section number ("4.1 Training" → [4, 1], "Chapter 3" → [3]); null when it has none. */
export function headingNumber(heading: string): number[] | null {
  const m =
    /^(?:(?:chapter|section|part|lecture|chapitre|kapitel|capítulo|capitolo|глава|раздел|часть|§)\s*)?(\d{1,3}(?:\.\d{1,3}){0,5})(?:[.):]\s*|\s+)(?=\S)/iu.exec(
      heading.trim(),
    );
  return m ? m[1]!.split(".").map(Number) : null;
}

const isPrefix = (a: number[], b: number[]) => a.length < b.length && a.every((n, i) => b[i] === n);
const sameNumber = (a: number[] | null, b: number[]) =>
  a !== null && a.length === b.length && a.every((n, i) => b[i] === n);

/** A heading of the note, with the ones the note kept without text of their own (from its sections' paths). */
interface Heading {
  label: string;
  depth: number;
  section: MaterialSection | null;
}

/**
 * Every heading in note order: a chapter whose text is only its sections has no section of its own in the
 * material, but it is on their path, so it is put back (at a depth between its parent's and its child's).
 */
function noteHeadings(sections: MaterialSection[]): Heading[] {
  const out: Heading[] = [];
  let previous: string[] = [];
  for (const section of sections) {
    const chain = [...section.path, section.heading];
    let shared = 0;
    while (shared < section.path.length && previous[shared] === chain[shared]) shared++;
    for (let i = shared; i < section.path.length; i++)
      out.push({ label: section.path[i]!, depth: section.depth - (section.path.length - i), section: null });
    out.push({ label: section.heading, depth: section.depth, section });
    previous = chain;
  }
  return out;
}

interface Placed {
  depth: number;
  number: number[] | null;
  node: Draft;
  /** The chain of nodes from the root's child down to this one. */
  chain: Placed[];
}

/** The open numbered heading `top` cannot hold a heading numbered `number` ("3" cannot hold "4" or "4.1"). */
function cannotHold(top: number[], number: number[]): boolean {
  if (isPrefix(top, number)) return false;
  // "1 Setup" under "3 Experiments" is a numbered list inside it; "4 Method" after "3" is the next chapter
  if (number.length === 1 && top.length === 1) return number[0]! > top[0]!;
  return true;
}

/**
 * The heading tree: by heading level, corrected by section numbers where the note's levels are wrong ("4.1"
 * goes under "4", never under "3"; "4" is not nested in "3").
 */
function headingTree(material: NoteMaterial, root: Draft): void {
  const vocabulary = vocabularyOf(material);
  let stack: Placed[] = [];
  for (const heading of noteHeadings(material.sections)) {
    const previous = stack;
    while (stack.length && stack[stack.length - 1]!.depth >= heading.depth) stack = stack.slice(0, -1);
    const number = headingNumber(heading.label);
    if (number) {
      while (
        stack.length &&
        stack[stack.length - 1]!.number &&
        cannotHold(stack[stack.length - 1]!.number!, number)
      )
        stack = stack.slice(0, -1);
      if (number.length > 1) {
        const parentNumber = number.slice(0, -1);
        const parent = previous.find((p) => sameNumber(p.number, parentNumber));
        if (parent && !stack.includes(parent)) stack = parent.chain;
      }
    }
    const section = heading.section;
    const node: Draft = {
      kind: "section",
      label: heading.label.trim() || material.title,
      citation: section?.pages[0] ?? null,
      children: section ? sectionLeaves(section, material, vocabulary) : [],
    };
    (stack[stack.length - 1]?.node ?? root).children.push(node);
    const placed: Placed = { depth: heading.depth, number, node, chain: [] };
    placed.chain = [...stack, placed];
    stack = placed.chain;
  }
}

/** A chapter put back without text of its own is cited where its first section is. */
function citeEmptySections(node: Draft): Citation | null {
  let first: Citation | null = node.citation;
  for (const child of node.children) {
    const cited = citeEmptySections(child);
    first ??= cited;
  }
  if (node.kind === "section") node.citation ??= first;
  return first;
}

/**
 * Whether a section that comes back under the same title says again what the first said: a talk's agenda
 * slide shown between its parts ("3 Research Questions" four times), most of whose leaves the first has.
 */
function restates(first: Draft, again: Draft): boolean {
  if (again.children.some((c) => c.kind === "section")) return false;
  return mostlySaidBefore(
    first.children.map((c) => c.label),
    again.children.map((c) => c.label),
  );
}

/**
 * No two siblings share a label: a title repeated on consecutive slides or pages becomes one node holding all
 * their children, as does a later one that says again what the first said (an agenda slide shown between a
 * talk's parts); a title that comes back with something new (two "Exercises" of one chapter) is numbered "(2)";
 * a leaf that repeats a sibling's words goes.
 */
function mergeSiblings(node: Draft): void {
  const byLabel = new Map<string, Draft>();
  const kept: Draft[] = [];
  const repeats = new Map<string, number>();
  const keyOf = (d: Draft) => normaliseForMatch(d.label) || d.label;
  for (const child of node.children) {
    const key = keyOf(child);
    const same = byLabel.get(key);
    const last = kept[kept.length - 1];
    if (!same) {
      byLabel.set(key, child);
      kept.push(child);
    } else if (child.kind !== "section") {
      continue;
    } else if (same.kind !== "section") {
      // a section wins over a leaf of the same words
      kept[kept.indexOf(same)] = child;
      byLabel.set(key, child);
    } else if (same === last || restates(same, child)) {
      same.children.push(...child.children);
      same.citation ??= child.citation;
    } else {
      const n = (repeats.get(key) ?? 1) + 1;
      repeats.set(key, n);
      child.label = `${child.label} (${n})`;
      byLabel.set(key, child);
      byLabel.set(keyOf(child), child);
      kept.push(child);
    }
  }
  node.children = kept;
  for (const child of node.children) mergeSiblings(child);
}

/**
 * The note's mind map: its title at the root, its heading tree as branches in note order (a chapter without
 * text of its own keeps its sections, numbered sections sit under their number's parent, repeated titles
 * merge), each section with short leaves (key terms with their meaning, facts, table headers), every node
 * cited.
 */
export function buildMindMap(material: NoteMaterial, noteId: string): MindMap {
  // no node carries a stand-in for an equation or a picture ("[equation]"): cut out, or its fact left out
  material = materialWithoutPlaceholders(material);
  const root: Draft = {
    kind: "root",
    label: cap(material.title.trim()) || "…",
    citation: null,
    children: [],
  };
  headingTree(material, root);
  citeEmptySections(root);
  mergeSiblings(root);
  const tree = withIds(root, "0");
  const nodeCount = countNodes(tree);
  return {
    noteId,
    root: tree,
    outline: mindMapOutline(tree),
    nodeCount,
    initialExpandLevel: nodeCount > MIND_MAP_LARGE_NODES ? 1 : -1,
  };
}
