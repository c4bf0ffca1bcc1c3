import type { SourceBlock, SourceDocument } from "@beannote/contract";
import { cleanText, detectLanguage, hasCjk } from "./text";

/** A block after cleaning: text trimmed, boilerplate removed. */
export type PreparedBlock =
  | { type: "paragraph" | "quote"; text: string; page: number }
  | { type: "list"; items: string[]; page: number }
  | { type: "table"; rows: string[][]; page: number };

/** A section of the source as the engines see it. */
export interface PreparedSection {
  /** Cleaned heading; "" when the source section had none. */
  heading: string;
  /** Level normalised so the shallowest level in the document is 1. */
  level: number;
  blocks: PreparedBlock[];
  /** First page of the section (for untitled headings). */
  firstPage: number;
  /** Set for a slide the parser could only call "Slide N": the engines name it in the note's language. */
  slide?: number;
  /** Set on an untitled opening section when the source has an introduction of its own (no second one). */
  notIntroduction?: boolean;
  /** The heading an untitled opening takes (the document's title) when it cannot be the introduction. */
  leadHeading?: string;
  /** The source's bold spans in this section (a teacher's key terms), as written. */
  emphasis?: string[];
  /** A slide of a deck: its text is terse already. */
  slideText?: boolean;
}

/** A source document ready for summarising. */
export interface PreparedDocument {
  language: string;
  pageCount: number;
  /** DOCX and DOC flow: their page count is a guess, so the note does not state one. */
  flowing: boolean;
  /** Slides: already terse, so a detailed note keeps every bullet. */
  slides: boolean;
  sections: PreparedSection[];
}

const BOILERPLATE_HEADING =
  /^(?:\d+(?:\.\d+)*\.?\s*)?(?:references?|bibliography|works cited|literature cited|table of contents|contents|table des matières|índice|indice|sumário|sommaire|inhaltsverzeichnis|inhalt|spis treści|оглавление|содержание|literaturverzeichnis|bibliographie|referências|referencias|bibliografía|参考文献|参考资料|目录|目次|목차|참고\s*문헌)\s*:?$/iu;
const PAGE_NUMBER =
  /^(?:[-–—\s]*\d{1,4}[-–—\s]*|(?=[ivxlcdm]+$)m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})|(?:page|p\.|seite|página|pagina)\s*\d+(?:\s*(?:of|\/|von|de)\s*\d+)?|第\s*\d+\s*页(?:\s*共\s*\d+\s*页)?|\d+\s*\/\s*\d+)$/iu;
const COPYRIGHT =
  /(?:©|\(c\)\s*\d{4}|copyright\b|all rights reserved|版权所有|著作権|저작권|tous droits réservés|alle rechte vorbehalten|todos los derechos reservados|todos os direitos reservados)/iu;
const TOC_LINE = /(?:\.{4,}|…{2,}|(?:\s\.){4,}|·{4,})\s*\d+\s*$/u;
/** Leaders and a page number inside a line: contents entries run together ("1.1 A . . . . 3 1.2 B . . . . 4"). */
const LEADER_ENTRY = /(?:\.{4,}|…{2,}|(?:\s?\.){4,}|·{4,})\s*\d{1,4}(?:\s|$)/gu;

/** True for a line that is a page number, a copyright line or a table-of-contents entry. */
export function isBoilerplateLine(text: string): boolean {
  const t = text.trim();
  if (!t) return true;
  if (PAGE_NUMBER.test(t)) return true;
  if (TOC_LINE.test(t) || (t.match(LEADER_ENTRY) ?? []).length >= 2) return true;
  if (t.length < 200 && COPYRIGHT.test(t)) return true;
  return false;
}

const EMAIL = /[\w.+-]+@[\w-]+\.[\w.-]+|\}@[\w-]+\./u;
const NAME = /^[\p{Lu}][\p{L}'’.-]*(?:\s+[\p{Lu}][\p{L}'’.-]*){0,3}$/u;

/**
 * True for the front matter of a paper's first pages: author lists ("A. Gal∗, B. Eich∗, …") and affiliation
 * lines with e-mail addresses. Students do not study these, and they crowd out the abstract.
 */
export function isFrontMatterLine(text: string, page: number): boolean {
  if (page > 2 || text.length > 400) return false;
  if (EMAIL.test(text)) return true;
  const parts = text
    .split(/,|\band\b|\s&\s/u)
    .map((part) => part.replace(/[∗*†‡§¶#$+\d]+/gu, "").trim())
    .filter(Boolean);
  return parts.length >= 3 && parts.filter((part) => NAME.test(part)).length / parts.length >= 0.8;
}

/** Headings of an acknowledgments section in the languages we read ("5 Acknowledgements", "致谢", "Благодарности"). */
const ACKNOWLEDGMENTS =
  /^(?:[\dIVX]+(?:\.\d+)*\.?\s*)?(?:acknowledge?ments?|acknowledgements?|remerciements|danksagung|agradecimientos|agradecimentos|ringraziamenti|podziękowania|благодарности|致谢|致謝|鸣谢|鳴謝|謝辞|감사의\s*글)\s*[:：]?$/iu;

/**
 * True for a section heading that introduces a reference list, a table of contents or the acknowledgments:
 * students study the material, not whom the authors thanked.
 */
export function isBoilerplateHeading(heading: string): boolean {
  const h = heading.trim();
  return BOILERPLATE_HEADING.test(h) || ACKNOWLEDGMENTS.test(h);
}

/** A contents entry whose leader dots were lost: "2.1 Requirements 4", "1. Общие положения 3". */
const NUMBERED_ENTRY = /^\d+(?:\.\d+)*\.?\s+\S.{0,110}\s\d{1,4}$/u;
const CONTENTS_ENTRY = /^\S.{0,110}\s\d{1,4}$/u;
const CONTENTS_TITLE =
  /^(?:table of contents|contents|table des matières|índice|indice|sumário|sommaire|inhaltsverzeichnis|inhalt|spis treści|оглавление|содержание|目录|目次|목차)\s*:?$/iu;
/** How many entries in a row make a table of contents without a title line. */
const CONTENTS_RUN = 3;

/**
 * The paragraphs of a table of contents typed into the body (a DOC or DOCX whose tab leaders became spaces):
 * a "Contents" line and the entries ending in a page number after it, or a run of numbered entries.
 * Students study the sections, not their list.
 */
function contentsParagraphs(blocks: SourceBlock[]): Set<SourceBlock> {
  const out = new Set<SourceBlock>();
  const text = (b: SourceBlock | undefined) => (b?.type === "paragraph" ? cleanText(b.text ?? "") : "");
  // entries with leaders (in any language): the chapters' entries between them, which have none, go too
  const leaders = blocks.filter((b) => (text(b).match(LEADER_ENTRY) ?? []).length > 0).length;
  if (leaders >= 2) for (const b of blocks) if (CONTENTS_ENTRY.test(text(b))) out.add(b);
  for (let i = 0; i < blocks.length; i++) {
    const titled = CONTENTS_TITLE.test(text(blocks[i]));
    const entry = titled ? CONTENTS_ENTRY : NUMBERED_ENTRY;
    let j = titled ? i + 1 : i;
    // entries point to pages in order: "Step 3 takes 100" after "Step 2 takes 250" is prose
    let lastPage = 0;
    for (;;) {
      // an entry broken over two lines: "П3. Порядок оформления сносок," then "ссылок … 18"
      const broken = titled && text(blocks[j]).length <= 110 && entry.test(text(blocks[j + 1]));
      const line = text(blocks[broken ? j + 1 : j]);
      if (j >= blocks.length || !entry.test(line)) break;
      const page = Number(/\d+$/u.exec(line)![0]);
      if (page < lastPage) break;
      lastPage = page;
      j += broken ? 2 : 1;
    }
    const entries = j - (titled ? i + 1 : i);
    if (entries >= (titled ? 1 : CONTENTS_RUN)) {
      for (let k = i; k < j; k++) out.add(blocks[k]!);
      i = j - 1;
    }
  }
  return out;
}

function cleanHeading(h: string): string {
  return cleanText(h)
    .replace(TOC_LINE, "")
    .replace(/^#+\s*/, "")
    .trim();
}

function blockTexts(b: SourceBlock): string[] {
  if (b.type === "list") return b.items ?? [];
  if (b.type === "table") return (b.rows ?? []).flat();
  return b.text ? [b.text] : [];
}

/** The language a parsed document is written in: the parser's, else read from its first 20,000 characters. */
export function documentLanguage(doc: SourceDocument): string {
  if (doc.language && doc.language !== "und") return doc.language;
  const sample = doc.sections
    .flatMap((s) => [s.heading, ...s.blocks.flatMap(blockTexts)])
    .join(" ")
    .slice(0, 20_000);
  return detectLanguage(sample);
}

/** Short lines repeated on many pages (running headers and footers), keyed with digits masked. */
function repeatedLines(doc: SourceDocument): Set<string> {
  const pagesByLine = new Map<string, Set<number>>();
  for (const s of doc.sections) {
    for (const b of s.blocks) {
      if (b.type !== "paragraph") continue;
      const key = maskKey(b.text ?? "");
      if (!key || key.length > 120) continue;
      let set = pagesByLine.get(key);
      if (!set) pagesByLine.set(key, (set = new Set()));
      set.add(b.page);
    }
  }
  const threshold = Math.max(3, doc.pageCount * 0.3);
  const out = new Set<string>();
  for (const [k, pages] of pagesByLine) if (pages.size >= threshold) out.add(k);
  return out;
}

function maskKey(text: string): string {
  return cleanText(text).toLowerCase().replace(/\d+/g, "#");
}

/** An equation's number: "(2-11)", "(7.1)", "（3.2）". */
const EQUATION_NUMBER = /[(（]\d{1,2}(?:[-.–]\d{1,3}){1,2}[)）]/u;
/**
 * An equation's number with the next paragraph's text glued on ("(2-11)这里我们不做证明"); not a reference to
 * one inside a sentence ("由式(2-11)可得").
 */
const NUMBER_GLUED = new RegExp(
  `(?<![\\p{Script=Han}])(${EQUATION_NUMBER.source})\\s*(?=[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Hangul}])`,
  "gu",
);

/**
 * The paragraphs of a text whose lines were joined across a displayed equation: its number ends the equation's
 * paragraph, and the text after it starts its own ("… dt (7-1)" | "这里的t是非负实数…"); a number opening the
 * text belongs to the equation above and goes.
 */
export function splitAtEquationNumbers(text: string): string[] {
  return text
    .replace(NUMBER_GLUED, "$1\n")
    .split("\n")
    .map((part) => part.replace(new RegExp(`^${EQUATION_NUMBER.source}$`, "u"), "").trim())
    .filter(Boolean);
}

/** A heading's own number: "1", "2.3", "IV.", "第3章", "Chapter 7". */
const HEADING_NUMBER =
  /^(?:[\dIVX]+(?:\.\d+)*\.?|第\s*\S{1,3}\s*[章节讲]|(?:chapter|chapitre|kapitel|глава)\s+\d+\.?)\s*/iu;

/**
 * The running header a paragraph opens with, when the page's header was joined to the text: a page (or chapter)
 * number and a heading of the document ("1重积分然而…", "7 Convex Sets A set is …"), or a heading then its page
 * number ("Convex Sets 14 A cone is …"). Returns the length to cut, 0 when there is none.
 */
function runningHeaderPrefix(text: string, titles: string[]): number {
  const numbered = /^\d{1,4}\s*/u.exec(text);
  for (const title of titles) {
    if (numbered && text.startsWith(title, numbered[0].length)) {
      const end = numbered[0].length + title.length;
      if (text.length - end >= 8) return end;
    }
    // a one-word heading then a number opens sentences too ("Results 2 and 3 show …")
    if (text.startsWith(title) && (hasCjk(title) || /\s/.test(title))) {
      const page = /^\s*\d{1,4}\s+(?=\S)/u.exec(text.slice(title.length));
      if (page && text.length - title.length - page[0].length >= 8) return title.length + page[0].length;
    }
  }
  return 0;
}

/** The document's headings without their numbers, as a running header repeats them. */
function headingTitles(doc: SourceDocument): string[] {
  const titles = doc.sections.map((s) => cleanHeading(s.heading).replace(HEADING_NUMBER, ""));
  return [...new Set(titles.filter((t) => [...t].length >= 2))];
}

function prepareBlock(b: SourceBlock, repeated: Set<string>, titles: string[] = []): PreparedBlock[] {
  switch (b.type) {
    case "paragraph":
    case "quote": {
      let text = cleanText(b.text ?? "");
      text = text.slice(runningHeaderPrefix(text, titles)).trim();
      if (isBoilerplateLine(text) || repeated.has(maskKey(text))) return [];
      if (b.type === "paragraph" && isFrontMatterLine(text, b.page)) return [];
      const type = b.type;
      return splitAtEquationNumbers(text).map((part) => ({ type, text: part, page: b.page }));
    }
    case "list": {
      const items = (b.items ?? []).map(cleanText).filter((t) => !isBoilerplateLine(t));
      return items.length ? [{ type: "list", items, page: b.page }] : [];
    }
    case "table": {
      const rows = (b.rows ?? []).map((r) => r.map(cleanText)).filter((r) => r.some((c) => c.length > 0));
      return rows.length ? [{ type: "table", rows, page: b.page }] : [];
    }
  }
}

const LABEL_CHARS = 60;
const LABEL_RUN = 3;

/**
 * A slide's short lines in a row (a table or a diagram drawn as text boxes: "Sessions", "Database BB",
 * "Searches Run") are one list: no line is a sentence, so read one by one the slide's text would all be
 * dropped and its section left empty.
 */
function gatherLabels(blocks: PreparedBlock[]): PreparedBlock[] {
  const out: PreparedBlock[] = [];
  for (let i = 0; i < blocks.length;) {
    let j = i;
    while (
      j < blocks.length &&
      blocks[j]!.type === "paragraph" &&
      preparedBlockText(blocks[j]!).length <= LABEL_CHARS
    )
      j++;
    if (j - i >= LABEL_RUN) {
      // its figures, without their rows and columns, say nothing
      const items = [...new Set(blocks.slice(i, j).map(preparedBlockText))].filter((t) => /\p{L}/u.test(t));
      if (items.length) out.push({ type: "list", items, page: blocks[i]!.page });
      i = j;
    } else out.push(blocks[i++]!);
  }
  return out;
}

/**
 * The line of an untitled slide that can be its title: its first paragraph when it looks like one
 * ("Registers"), else a later paragraph with two words or a CJK phrase ("MIPS: Software conventions for
 * Registers", not "A()" or "3500").
 */
function slideTitleLine(blocks: SourceBlock[]): number {
  const words = (b: SourceBlock) => (b.text ?? "").match(/\p{L}{2,}/gu) ?? [];
  return blocks.findIndex(
    (b, i) =>
      b.type === "paragraph" &&
      looksLikeTitle(b.text ?? "") &&
      !/^(?:https?:\/\/|www\.)\S+$|@/u.test((b.text ?? "").trim()) &&
      (i === 0
        ? /\p{L}{3}|\p{Script=Han}{2}/u.test(b.text ?? "")
        : words(b).length >= (hasCjk(b.text ?? "") ? 1 : 2)),
  );
}

function looksLikeTitle(text: string): boolean {
  const t = cleanText(text);
  return t.length >= 2 && t.length <= 80 && !/[.!?。！？:;：；,，]$/u.test(t) && !isBoilerplateLine(t);
}

/** Cleans a parsed document: boilerplate dropped, levels normalised, adjacent repeats merged. */
export function prepareDocument(doc: SourceDocument): PreparedDocument {
  const repeated = repeatedLines(doc);
  const titles = headingTitles(doc);
  const language = documentLanguage(doc);

  const sections: PreparedSection[] = [];
  let skipBelow = 0; // inside a reference list or contents section: skip it and its subsections
  const slides = doc.format === "pptx" || doc.format === "ppt";
  for (const s of doc.sections) {
    let placeholder = slides ? /^Slide (\d+)$/.exec(s.heading.trim()) : null;
    let heading = placeholder ? "" : cleanHeading(s.heading);
    // a deck saved as PDF keeps its untitled slides' default names as bookmarks ("Slide 10"): no heading, so the
    // slide's text continues the slide before it, as it does in the deck itself
    if (!slides && SLIDE_NAME.test(heading)) heading = "";
    let sourceBlocks = s.blocks;
    // the line an untitled slide was named by (ingest's nameUntitledSlides keeps it in the slide's text) is not text
    if (slides && heading)
      sourceBlocks = sourceBlocks.filter(
        (b) => b.type !== "paragraph" || cleanHeading(b.text ?? "") !== heading,
      );
    const titleLine = placeholder ? slideTitleLine(sourceBlocks) : -1;
    if (titleLine >= 0) {
      // An untitled slide with a short unpunctuated line of its own (not a list's): that line is its title.
      heading = cleanHeading((sourceBlocks[titleLine] as { text: string }).text);
      sourceBlocks = sourceBlocks.filter((_, i) => i !== titleLine);
      placeholder = null;
    }
    if (skipBelow && s.level > skipBelow) continue;
    skipBelow = 0;
    if (heading && isBoilerplateHeading(heading)) {
      skipBelow = s.level;
      continue;
    }
    const contents = contentsParagraphs(sourceBlocks);
    const prepared = sourceBlocks
      .filter((b) => !contents.has(b))
      .flatMap((b) => prepareBlock(b, repeated, titles));
    const blocks = slides ? gatherLabels(prepared) : prepared;
    const firstPage = s.blocks[0]?.page ?? sections[sections.length - 1]?.firstPage ?? 1;
    const emphasis = sourceBlocks.flatMap((b) => (contents.has(b) ? [] : (b.emphasis ?? [])));
    const prev = sections[sections.length - 1];
    // a title-only slide (a divider or a picture's caption) introduces the untitled slide after it
    const continuesTitleSlide = placeholder && prev?.heading && prev.slideText && prev.blocks.length === 0;
    if (prev && ((heading && prev.heading === heading && prev.level === s.level) || continuesTitleSlide)) {
      prev.blocks.push(...blocks); // a slide continued under the same title
      if (emphasis.length) prev.emphasis = [...new Set([...(prev.emphasis ?? []), ...emphasis])];
      continue;
    }
    sections.push({
      heading,
      level: s.level,
      blocks,
      firstPage,
      ...(emphasis.length ? { emphasis: [...new Set(emphasis)] } : {}),
      ...(placeholder ? { slide: Number(placeholder[1]) } : {}),
      ...(slides ? { slideText: true } : {}),
    });
  }

  // Keep a heading-only section when something below it has content; drop empty leaves.
  const kept: PreparedSection[] = [];
  for (let i = 0; i < sections.length; i++) {
    const s = sections[i]!;
    if (s.blocks.length > 0) {
      kept.push(s);
      continue;
    }
    for (let j = i + 1; j < sections.length && sections[j]!.level > s.level; j++) {
      if (sections[j]!.blocks.length > 0) {
        if (s.heading) kept.push(s);
        break;
      }
    }
  }
  unwrapTitle(kept, doc.title);
  if (slides) dropCoverSlide(kept, doc.title);
  const out: PreparedSection[] = [];
  for (const s of kept) {
    const prev = out[out.length - 1];
    // untitled text after a section (a heading cleaned away) continues it: no "Page 7" heading for it
    if (prev && !s.heading && !s.slide && s.blocks.length > 0) prev.blocks.push(...s.blocks);
    else if (s.heading || s.blocks.length > 0) out.push(s);
  }
  const minLevel = Math.min(...out.map((s) => s.level), 6);
  for (const s of out) s.level = s.level - minLevel + 1;
  const opening = out[0];
  if (opening && !opening.heading && !opening.slide && out.some((s) => INTRODUCTION.test(s.heading))) {
    opening.notIntroduction = true;
    nameOpening(opening, doc.title);
  }
  const stops = nativeStops(language);
  if (stops)
    for (const s of out) {
      s.heading = stops(s.heading);
      for (const b of s.blocks) {
        if (b.type === "list") b.items = b.items.map(stops);
        else if (b.type === "table") b.rows = b.rows.map((r) => r.map(stops));
        else b.text = stops(b.text);
      }
      if (s.emphasis) s.emphasis = s.emphasis.map(stops);
    }
  return {
    language,
    pageCount: doc.pageCount,
    flowing: doc.format === "docx" || doc.format === "doc",
    slides,
    sections: out,
  };
}

/**
 * Japanese science writing (and some Chinese) ends sentences with the full-width "．" and, in Japanese, separates
 * clauses with "，": the same marks as "。" and "、", which every reader of the note's sentences expects. A "．" or
 * "，" between digits ("3．14", "1，000") stays.
 */
function nativeStops(language: string): ((text: string) => string) | null {
  const lang = language.toLowerCase().split("-")[0];
  if (lang !== "ja" && lang !== "zh") return null;
  return (text) => {
    let out = text.replace(/．(?!\d)|(?<!\d)．/gu, "。");
    if (lang === "ja") out = out.replace(/，(?!\d)|(?<!\d)，/gu, "、");
    return out;
  };
}

/** The name a presentation program gives an untitled slide, in the languages it is set in. */
const SLIDE_NAME =
  /^(?:slide|folie|diapositive|diapositiva|dia|slajd|слайд|幻灯片|投影片|スライド|슬라이드)\s*\d+$/iu;

/** A run-in label opening a paragraph: "Abstract—Stereo …", "Summary. We …", "摘要：本文…". */
const RUN_IN_LABEL =
  /^(\p{Lu}\p{L}{2,24}|\p{Script=Han}{2,6})\s*(?:[—–:：]|\.(?=\s))\s*(?=[\p{Lu}\p{Script=Han}])/u;

/** The run-in labels of an abstract, in the languages we read. */
const ABSTRACT_LABEL =
  /^(?:abstract|summary|résumé|resumen|resumo|riassunto|zusammenfassung|kurzfassung|аннотация|реферат|摘要|内容提要|概要|要旨|抄録|초록|요약)$/iu;

/**
 * An untitled opening before the document's own introduction (a paper's abstract) is named by its run-in label
 * ("Abstract—…"), else by the document's title; never by a page number.
 */
function nameOpening(opening: PreparedSection, title: string): void {
  const first = opening.blocks[0];
  const label = first?.type === "paragraph" ? RUN_IN_LABEL.exec(first.text) : null;
  if (first?.type === "paragraph" && label && first.text.length > label[0].length + 40) {
    opening.heading = label[1]!;
    first.text = first.text.slice(label[0].length);
    return;
  }
  // a paper's abstract after its authors and affiliations ("Abstract—Stereo matching …" under the names)
  const lines = opening.blocks.slice(0, 8);
  const at = lines.findIndex(
    (b) => b.type === "paragraph" && ABSTRACT_LABEL.test(RUN_IN_LABEL.exec(b.text)?.[1] ?? ""),
  );
  // what stands before it is a title page's short lines, not text of its own
  const abstract =
    at > 0 && lines.slice(0, at).every((b) => b.type === "paragraph" && b.text.length < 200)
      ? lines[at]
      : undefined;
  const named = abstract?.type === "paragraph" ? RUN_IN_LABEL.exec(abstract.text) : null;
  if (abstract?.type === "paragraph" && named && abstract.text.length > named[0].length + 40) {
    opening.heading = named[1]!;
    abstract.text = abstract.text.slice(named[0].length);
    return;
  }
  // named by the document's title only when it says something: a paper's authors and affiliations are no section
  if (title.trim() && opening.blocks.some((b) => b.type === "paragraph" && isProseLine(b.text)))
    opening.leadHeading = cleanHeading(title);
}

/** A line of prose, formulas aside: six words or more, or sixteen CJK characters. */
function isProseLine(text: string): boolean {
  const prose = text.replace(/\$\$[\s\S]*?\$\$|\$[^$]*\$/g, " ");
  return (
    (prose.match(/\p{L}{2,}/gu) ?? []).length >= 6 || (prose.match(/\p{Script=Han}/gu) ?? []).length >= 16
  );
}

/**
 * A deck's title slide, when all it says besides the title is a few short lines that end no sentence (a
 * module's name, a lecture number, the author, a date): no section of the note ("Einleitung: Modul 01:
 * Ernährungslehre – Grundlagen · Vorlesung 1", "第五章 CPU调度: 操作系统课程笔记", and a card "_____ 01 → Modul").
 */
function dropCoverSlide(sections: PreparedSection[], title: string): void {
  const first = sections[0];
  if (!first || first.firstPage !== 1 || sections.length < 3) return;
  if (first.heading && titleKey(first.heading) !== titleKey(title)) return;
  if (first.blocks.some((b) => b.type === "table")) return;
  const lines = first.blocks.flatMap((b) =>
    b.type === "list" ? b.items : b.type === "table" ? [] : [b.text],
  );
  const short = (l: string) =>
    !/[.!?。！？]$/u.test(l.trim()) && (hasCjk(l) ? [...l].length <= 12 : l.trim().split(/\s+/u).length <= 5);
  if (lines.length > 0 && lines.length <= 4 && lines.every(short)) sections.shift();
}

/** Headings of an introduction in the languages we read ("1. Introduction", "CHAPTER 1 – INTRODUCTION", "引言"). */
const INTRODUCTION =
  /(?:^|[\s.\d–—:-])(?:introduction|intro|einleitung|einführung|introducción|introdução|introduzione|wstęp|введение|引言|绪论|緒論|前言|導入|はじめに|서론)(?:$|[\s.:])/iu;

const titleKey = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * A document's title set as its first heading: the title is the document's (the note's overview names it), not
 * a section, so it is not repeated as a heading, least of all over every real section of a paper; what stood
 * under it (authors, a date) becomes the untitled opening.
 */
function unwrapTitle(sections: PreparedSection[], title: string): void {
  const first = sections.findIndex((s) => s.heading);
  const top = sections[first];
  if (!top || !title || titleKey(top.heading) !== titleKey(title)) return;
  const rest = sections.slice(first + 1);
  if (rest.length === 0) return;
  // a numbered chapter ("第3章 留数定理", "Chapter 3 Residues") whose title the file also bears: its sections
  // belong under it, as in the source's outline
  if (CHAPTER_HEADING.test(top.heading) && rest.some((s) => s.level > top.level)) return;
  // text before it and siblings after it: the first of several sections, which only lent the title its name
  const before = sections.slice(0, first).filter((s) => s.blocks.length > 0);
  if (before.length > 0 && rest.some((s) => s.level <= top.level)) return;
  top.heading = "";
  // its text is the title again, authors, a date: the untitled opening, or nothing
  top.blocks = top.blocks.filter((b) => b.type !== "paragraph" || titleKey(b.text) !== titleKey(title));
  const opening = before[before.length - 1];
  if (opening) {
    // one untitled opening, not a second one that only a page number could name ("第 2 页")
    opening.blocks.push(...top.blocks);
    top.blocks = [];
    // and the sections the title stood over are the opening's peers, not its subsections
    const peer = Math.min(...rest.map((s) => s.level));
    if (peer > top.level) for (const s of sections.slice(0, first)) s.level = peer;
    return;
  }
  if (rest.every((s) => s.level > top.level)) top.level = Math.min(...rest.map((s) => s.level));
}

/** A chapter's heading by its number: "第3章 …", "Chapter 3 …", "Lecture IV: …", "3 Residue Theorem". */
const CHAPTER_HEADING =
  /^(?:第\s*[\d一二三四五六七八九十百]+\s*[章讲课篇编部]|(?:chapter|lecture|part|unit|lesson|kapitel|chapitre|cap[ií]tulo|глава)\s*(?:\d+|[IVXLC]+)\b|\d{1,2}\.?\s+\p{L})/iu;

/** The text of a prepared block as a flat string (for search and statistics). */
export function preparedBlockText(b: PreparedBlock): string {
  if (b.type === "list") return b.items.join("\n");
  if (b.type === "table") return b.rows.map((r) => r.join(" ")).join("\n");
  return b.text;
}
