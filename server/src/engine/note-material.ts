import type { Citation, OutputLanguage, SourceDocument } from "@beannote/contract";
import { OUTPUT_LANGUAGES, parseCitation } from "@beannote/contract";
import { labelsFor } from "./labels";
import { protectFormulas } from "./formula";
import { detectLanguage, findWord, hasCjk, splitSentences } from "./text";

/**
 * What every study artefact is drawn from: the note's current Markdown (the student's edits win), cut
 * into its sections, with each section's cited pages, so that an item can be traced back to a page.
 */
export interface NoteMaterial {
  title: string;
  outputLanguage: OutputLanguage;
  /** Language of the note's body text (the source language on the offline engine). */
  bodyLanguage: string;
  sections: MaterialSection[];
  /** The note's key terms: its overview's list, then every bold term, most frequent first. */
  keyTerms: string[];
  /** The page of `sections[sectionIndex]` whose text holds `text` best, or the section's first page. */
  cite(sectionIndex: number, text: string): Citation | null;
}

export interface MaterialSection {
  index: number;
  heading: string;
  /** Headings above this one, outermost first (the note title excluded). */
  path: string[];
  /** 1 for the note's `##` level, 2 for `###`, … */
  depth: number;
  pages: Citation[];
  blocks: MaterialBlock[];
}

/** One block of a section as plain text; `terms` are the spans the note set in bold. */
export type MaterialBlock =
  | { type: "paragraph" | "definition"; sentences: MaterialSentence[] }
  | { type: "list"; items: MaterialSentence[] }
  | { type: "table"; rows: string[][] };

export interface MaterialSentence {
  text: string;
  terms: string[];
}

const HEADING = /^(#{1,6})\s+(.*)$/;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/;
const CITATION_LINK = /\[([^\]]*)\]\((#source=\d+&page=\d+)\)/g;
const CITATION_ONLY_LINE = /^\*[^*]+\*\s*(?:\[[^\]]*\]\(#source=\d+&page=\d+\)\s*(?:·\s*)?)+$/;

/** Markdown inline syntax removed, bold spans collected; formulas (`$…$`) are kept exactly as written. */
export function inlineText(markdown: string): MaterialSentence {
  const terms: string[] = [];
  const formulas = protectFormulas(markdown);
  const text = formulas.text
    .replace(CITATION_LINK, "")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, (_m, a: string | undefined, b: string | undefined) => {
      const term = (a ?? b ?? "").trim();
      if (term) terms.push(term);
      return a ?? b ?? "";
    })
    .replace(/(^|[^\\*])\*([^*\n]+)\*/g, "$1$2")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~$=&])/g, "$1") // Markdown's escapes ('\\<' of a symbol table)
    .replace(/\s+/g, " ")
    .trim();
  return { text: formulas.restore(text), terms: [...new Set(terms.map(formulas.restore))] };
}

const COLON_LABELLED = /^([^:：]{2,60}?)\s?[:：]\s*(\S.*)$/su;
/** "term – what it is": a dash with a space on each side. */
export const DASH_LABELLED = /^([^–—:：]{2,60}?)\s+[-–—]\s+(\S.*)$/su;

/**
 * A list item that opens with a short label ("Thermal noise: related to …", "零点：…"; a dash instead of the colon
 * with DASH_LABELLED): the label and the rest.
 */
export function labelledItem(
  text: string,
  pattern = COLON_LABELLED,
  maxWords = 6,
): { label: string; rest: string } | null {
  const m = pattern.exec(text.trim());
  if (!m) return null;
  const label = m[1]!.trim();
  if (/[.!?。！？;；,，]/u.test(label) || /\$/u.test(label)) return null; // a sentence or a formula before the colon
  if (hasCjk(label) ? [...label].length > 16 : label.split(/\s+/).length > maxWords) return null;
  return { label, rest: m[2]!.trim() };
}

/** A list item of the note whose label the note sets in bold ("**Environmental noise**: These are …"). */
export function boldLabelled(item: MaterialSentence): { label: string; rest: string } | null {
  const labelled = labelledItem(item.text);
  return labelled && item.terms.includes(labelled.label) ? labelled : null;
}

/** A lettered answer option of a self-test ("A) Ribosom", "(b) 3 ms", "C．细胞核"). */
const OPTION = /^[(（]?([A-Fa-f])[)）.．:：、]\s*/u;
/** The label of an answer or its explanation, which says nothing itself ("Erklärung: …", "解析：…"). */
const ANSWER_LABEL =
  /^(?:explanation|answer|solution|erklärung|antwort|lösung|explication|réponse|solution|explicación|respuesta|solución|explicação|resposta|ответ|объяснение|решение|解析|解答|答案|解释|説明|解説|答え|해설|정답)\s*[:：]\s*/iu;

/**
 * A list's items as study material: a self-test's lettered options are left out (they are its wrong
 * answers as much as its right one: "A) Ribosom" was a slide's summary, the podcast read "A) Aus einer
 * einzelnen Schicht von Proteinen"), and an explanation says what it explains without its label.
 */
function studyItems(items: MaterialSentence[]): MaterialSentence[] {
  const letters = items.map((i) => OPTION.exec(i.text)?.[1]?.toUpperCase() ?? "");
  const run = letters.filter(Boolean).join("");
  const options = run.length >= 3 && "ABCDEF".startsWith(run);
  return items
    .filter((_, k) => !(options && letters[k]))
    .map((i) => (ANSWER_LABEL.test(i.text) ? { ...i, text: i.text.replace(ANSWER_LABEL, "") } : i));
}

/**
 * A sentence that runs on into the display equation after it: it ends in a colon or with no end mark ("…the
 * least-squares estimates are", "…满足"), and no equation is joined to it yet.
 */
function introducesFormula(text: string): boolean {
  return !/[.!?。！？…]["'”’)\]）]*$/u.test(text) && !/\$\$$/u.test(text);
}

function sentencesOf(markdown: string, locale: string): MaterialSentence[] {
  const whole = inlineText(markdown);
  if (!whole.text) return [];
  return splitSentences(whole.text, locale).map((text) => ({
    text,
    terms: whole.terms.filter((t) => text.includes(t)),
  }));
}

function tableRows(lines: string[]): string[][] {
  return lines
    .filter((line) => !/^\|?\s*:?-{3,}/.test(line.trim()))
    .map((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, "")
        .split(/(?<!\\)\|/)
        .map((cell) => inlineText(cell).text),
    );
}

/** Cuts a note's Markdown into sections (the title and the overview are left out). */
/**
 * The note's own notice under a cut table ("*… 46 more rows in the source*", "*……原文另有 3 行*"), in every output
 * language: the engine's words, not the document's, so no card, question or leaf is made of them.
 */
const MORE_ROWS = new RegExp(
  `^\\*(?:${OUTPUT_LANGUAGES.flatMap((l) => [1, 7].map((n) => labelsFor(l).moreRows(n)))
    .map((t) => t.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&").replace(/[17]/u, "\\d+"))
    .join("|")})\\*$`,
  "u",
);

export function noteSections(markdown: string, locale: string): Omit<MaterialSection, "index">[] {
  const out: Omit<MaterialSection, "index">[] = [];
  const stack: { depth: number; heading: string }[] = [];
  let current: Omit<MaterialSection, "index"> | undefined;
  let paragraph: string[] = [];
  let quote: string[] = [];
  let list: string[] = [];
  let table: string[] = [];

  const flush = () => {
    if (!current) {
      paragraph = [];
      quote = [];
      list = [];
      table = [];
      return;
    }
    if (paragraph.length)
      current.blocks.push({ type: "paragraph", sentences: sentencesOf(paragraph.join(" "), locale) });
    if (quote.length)
      current.blocks.push({ type: "definition", sentences: sentencesOf(quote.join(" "), locale) });
    if (list.length) {
      const items = studyItems(list.map(inlineText).filter((i) => i.text));
      if (items.length) current.blocks.push({ type: "list", items });
    }
    if (table.length) current.blocks.push({ type: "table", rows: tableRows(table) });
    paragraph = [];
    quote = [];
    list = [];
    table = [];
  };

  let math: string[] | null = null; // the lines of a `$$` math block being read
  for (const raw of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trimEnd();
    if (math || /^\s*\$\$\s*$/.test(line)) {
      // a display equation: one paragraph of its own, the formula as written (`$$…$$` on one line)
      if (!math) {
        flush();
        math = [];
      } else if (/^\s*\$\$\s*$/.test(line)) {
        const latex = math.join(" ").trim();
        const before = current?.blocks.at(-1);
        const lead = before?.type === "paragraph" ? before.sentences.at(-1) : undefined;
        // the sentence that introduces it and the equation are one statement: "The sample variance is" has
        // no content of its own, on a card, in a question or in the podcast
        if (latex && lead && introducesFormula(lead.text))
          lead.text = `${lead.text} ${inlineText(`$$${latex}$$`).text}`;
        else if (latex) paragraph.push(`$$${latex}$$`);
        flush();
        math = null;
      } else math.push(line.trim());
      continue;
    }
    for (const m of line.matchAll(CITATION_LINK)) {
      const cite = parseCitation(m[2]!);
      if (cite && current && !current.pages.some((p) => p.source === cite.source && p.page === cite.page)) {
        current.pages.push(cite);
      }
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const level = heading[1]!.length;
      const text = inlineText(heading[2]!).text;
      if (level === 1) {
        stack.length = 0;
        current = undefined;
        continue;
      }
      while (stack.length && stack[stack.length - 1]!.depth >= level) stack.pop();
      current = { heading: text, path: stack.map((s) => s.heading), depth: level - 1, pages: [], blocks: [] };
      stack.push({ depth: level, heading: text });
      out.push(current);
      continue;
    }
    if (!line.trim() || CITATION_ONLY_LINE.test(line.trim()) || MORE_ROWS.test(line.trim())) {
      flush();
      continue;
    }
    const trimmed = line.trim();
    if (trimmed.startsWith(">")) {
      if (paragraph.length || list.length || table.length) flush();
      quote.push(trimmed.replace(/^>\s?/, ""));
    } else if (trimmed.startsWith("|")) {
      if (paragraph.length || list.length || quote.length) flush();
      table.push(trimmed);
    } else if (LIST_ITEM.test(line)) {
      if (paragraph.length || quote.length || table.length) flush();
      list.push(LIST_ITEM.exec(line)![1]!);
    } else if (list.length && /^\s{2,}/.test(raw)) {
      list[list.length - 1] += ` ${trimmed}`;
    } else {
      if (list.length || quote.length || table.length) flush();
      paragraph.push(trimmed);
    }
  }
  flush();
  return out.filter((s) => s.blocks.length > 0 || s.pages.length > 0);
}

/** Letters, digits and CJK only, lower-cased: what survives every line break, hyphen and re-spacing. */
/**
 * Whether `again` mostly repeats `said` (two thirds of its texts or more, compared as `normaliseForMatch` does):
 * a talk's agenda slide shown again between its parts says what it said the first time.
 */
export function mostlySaidBefore(said: string[], again: string[]): boolean {
  const keys = new Set(said.map(normaliseForMatch));
  return (
    again.length > 0 && again.filter((t) => keys.has(normaliseForMatch(t))).length * 3 >= again.length * 2
  );
}

export function normaliseForMatch(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Finds the page of a source that holds a piece of note text. */
export function createPageLocator(sources: SourceDocument[]) {
  const pageTexts = sources.map((doc) => {
    const pages = new Map<number, string[]>();
    for (const section of doc.sections) {
      const push = (page: number, text: string) => {
        const list = pages.get(page) ?? [];
        list.push(text);
        pages.set(page, list);
      };
      if (section.blocks[0]) push(section.blocks[0].page, section.heading);
      for (const b of section.blocks) {
        push(b.page, [b.text ?? "", ...(b.items ?? []), ...(b.rows ?? []).flat()].join(" "));
      }
    }
    return new Map([...pages].map(([page, parts]) => [page, normaliseForMatch(parts.join(" "))]));
  });

  /** Share of the text's 8-character shingles (4 for CJK) found on the page. */
  const overlap = (needle: string, page: string, cjk: boolean): number => {
    if (!needle || !page) return 0;
    if (page.includes(needle)) return 1;
    const size = cjk ? 4 : 8;
    if (needle.length <= size) return 0;
    let hits = 0;
    let total = 0;
    for (let i = 0; i + size <= needle.length; i += Math.max(1, Math.floor(size / 2))) {
      total++;
      if (page.includes(needle.slice(i, i + size))) hits++;
    }
    return total ? hits / total : 0;
  };

  return {
    /** The page whose text best holds `text`, among `candidates` first, then their neighbours. */
    locate(text: string, candidates: Citation[]): { citation: Citation; score: number } | null {
      const needle = normaliseForMatch(text).slice(0, 400);
      const cjk = hasCjk(text);
      let best: { citation: Citation; score: number } | null = null;
      const seen = new Set<string>();
      const tryPage = (c: Citation, penalty: number) => {
        const key = `${c.source}:${c.page}`;
        if (seen.has(key)) return;
        seen.add(key);
        const page = pageTexts[c.source - 1]?.get(c.page);
        if (page === undefined) return;
        const score = overlap(needle, page, cjk) - penalty;
        if (!best || score > best.score) best = { citation: c, score };
      };
      for (const c of candidates) tryPage(c, 0);
      for (const c of candidates) {
        tryPage({ source: c.source, page: c.page - 1 }, 0.05);
        tryPage({ source: c.source, page: c.page + 1 }, 0.05);
      }
      return best;
    },
    /** The text of a page, normalised (for tests and checks). */
    pageText: (c: Citation) => pageTexts[c.source - 1]?.get(c.page) ?? "",
  };
}

/** Key terms of a note: the overview's "Key terms: a · b" line, then bold spans by how often they occur. */
export function noteKeyTerms(markdown: string): string[] {
  const listed = /^>\s*\*\*[^*\n]+[:：]\*\*\s*(.+)$/m.exec(markdown)?.[1] ?? "";
  const counts = new Map<string, number>();
  // the overview's bold labels and document titles ("**Overview**", "**Lecture 3** (4 sections)") are no terms
  const firstSection = markdown.search(/^#{2,6} /m);
  const overview = firstSection < 0 ? "" : markdown.slice(0, firstSection);
  const body = overview.replace(/^>.*$/gm, "") + markdown.slice(overview.length);
  for (const m of body.matchAll(/\*\*([^*\n]{2,60})\*\*/g)) {
    const term = m[1]!.trim();
    if (!/[:：]$/.test(term)) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  const bold = [...counts].sort((a, b) => b[1] - a[1]).map(([term]) => term);
  const fromList = listed
    .split(/\s+·\s+/)
    .map((t) => inlineText(t).text)
    .filter(Boolean);
  const terms = [...new Set([...fromList, ...bold])];
  // in a spaced script a term that is a word of another listed term says it twice ("Tiers État · Tiers");
  // CJK terms keep theirs ("邻域" and "邻域基" are two concepts)
  const inside = (t: string, o: string) =>
    o !== t && !hasCjk(o) && findWord(o.toLowerCase(), t.toLowerCase()) >= 0;
  return terms.filter((t) => !terms.some((o) => inside(t, o)));
}

/** Builds the material of a note from its Markdown and the parsed files it cites. */
export function noteMaterial(input: {
  title: string;
  markdown: string;
  outputLanguage: OutputLanguage;
  sources: SourceDocument[];
}): NoteMaterial {
  const sample = input.markdown.slice(0, 20_000);
  const detected = detectLanguage(sample);
  const bodyLanguage = detected !== "und" ? detected : input.sources[0]?.language || input.outputLanguage;
  const sections = noteSections(input.markdown, bodyLanguage).map((s, index) => ({ ...s, index }));
  const locator = createPageLocator(input.sources);
  return {
    title: input.title,
    outputLanguage: input.outputLanguage,
    bodyLanguage,
    sections,
    keyTerms: noteKeyTerms(input.markdown),
    cite(sectionIndex, text) {
      const section = sections[sectionIndex];
      if (!section) return null;
      const found = text ? locator.locate(text, section.pages) : null;
      if (found && found.score > 0.3) return found.citation;
      return section.pages[0] ?? null;
    },
  };
}

/** Every sentence of a section, list items included, in order. */
export function sectionSentences(section: MaterialSection): MaterialSentence[] {
  return section.blocks.flatMap((b) => (b.type === "table" ? [] : b.type === "list" ? b.items : b.sentences));
}
