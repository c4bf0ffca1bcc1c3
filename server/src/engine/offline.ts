import { ARTEFACT_GENERATORS } from "./artefact-generators";
import { offlineMethods } from "./generator";
import type { DetailLevel, OutputLanguage } from "@beannote/contract";
import { labelsFor, languageName, type NoteLabels } from "./labels";
import {
  documentLanguage,
  prepareDocument,
  preparedBlockText,
  type PreparedDocument,
  type PreparedSection,
} from "./prepare";
import {
  assembleNote,
  citationLine,
  headingLine,
  overviewBlock,
  sortPages,
  tableMarkdown,
  type OverviewEntry,
  type PageRef,
} from "./render";
import { cutsFormula, formulaSpans, isFormulaOnly, isPlainEquation, maskFormulas } from "./formula";
import {
  documentStats,
  documentTerms,
  extractSection,
  withoutCode,
  type SectionExtract,
  type Unit,
} from "./summarize";
import { escapeLineStart, escapeMarkdown, joinSentences, primaryLanguage } from "./text";
import { dictionaryForm, nlpReady } from "./nlp";
import type { Engine, GeneratedNote, NoteRequest, NoteSectionOut } from "./types";
import { ocrNotices } from "./ocr-notices";

/** Displayed heading of a prepared section (a synthetic one when the source had none). */
export function displayHeading(s: PreparedSection, index: number, labels: NoteLabels): string {
  if (s.heading) return s.heading;
  if (s.slide) return labels.slide(s.slide);
  if (index === 0 && !s.notIntroduction) return labels.introduction;
  // never a page number: the opening before the document's own introduction takes its title
  return s.leadHeading || labels.overview;
}

/** Indices of the sections the overview lists: level 1, or levels 1–2 when level 1 is only a title. */
export function indexHeadings(sections: PreparedSection[]): number[] {
  const named = (s: PreparedSection) => Boolean(s.heading || s.slide); // not an untitled stretch of text
  const top = sections.flatMap((s, i) => (s.level === 1 && named(s) ? [i] : []));
  if (top.length >= 2) return top;
  return sections.flatMap((s, i) => (s.level <= 2 && named(s) ? [i] : []));
}

/** Markdown depth of a section: `##` for level 1 of a single source, one deeper per extra source part. */
export function sectionDepth(level: number, multiSource: boolean): number {
  return Math.min(level, 3) + (multiSource ? 2 : 1);
}

/** The one-line caveat when the note's body cannot be in the output language. */
export function languageNotice(docs: PreparedDocument[], output: OutputLanguage): string | undefined {
  const out = primaryLanguage(output);
  const foreign = [...new Set(docs.map((d) => primaryLanguage(d.language)))].filter(
    (l) => l && l !== "und" && l !== out,
  );
  if (foreign.length === 0) return undefined;
  const names = foreign.map((l) => languageName(l, output)).join(", ");
  return labelsFor(output).offlineLanguageNotice(names);
}

const TABLE_ROWS: Record<DetailLevel, number> = { simple: 5, detail: 40 };

/** Bolds the first occurrence of each term not yet used in the section; escapes the rest. */
function emphasise(
  text: string,
  terms: string[],
  used: Set<string>,
  extra?: { start: number; end: number },
): string {
  // an equation typed as text ("E_p = (%ΔQ) / (%ΔP)") is a formula: nothing in it is bolded
  if (isPlainEquation(text)) return escapeMarkdown(text);
  const spans: { start: number; end: number }[] = [];
  if (extra && extra.end > extra.start && !cutsFormula(text, extra.start, extra.end)) spans.push(extra);
  // terms are looked for in the prose only: nothing inside a formula is bolded
  const lower = maskFormulas(text).toLowerCase();
  const sameLength = lower.length === text.length;
  for (const t of terms) {
    const key = t.toLowerCase();
    if (used.has(key) || !sameLength) continue;
    let at = lower.indexOf(key);
    while (at >= 0 && !atWordEdges(text, at, at + key.length)) at = lower.indexOf(key, at + 1);
    // neither overlapping nor touching another bold span ("**a** **b**" reads as noise)
    const touches = (s: { start: number; end: number }): boolean => {
      const end = at + key.length;
      if (at >= s.end) return /^\s*$/.test(text.slice(s.end, at));
      if (end <= s.start) return /^\s*$/.test(text.slice(end, s.start));
      return true; // overlapping
    };
    if (at < 0 || spans.some(touches)) continue;
    spans.push({ start: at, end: at + key.length });
    used.add(key);
  }
  spans.sort((a, b) => a.start - b.start);
  let out = "";
  let pos = 0;
  for (const s of spans) {
    out += escapeMarkdown(text.slice(pos, s.start)) + `**${escapeMarkdown(text.slice(s.start, s.end))}**`;
    pos = s.end;
  }
  return out + escapeMarkdown(text.slice(pos));
}

/** A unit that is one `$$…$$` equation, as a Markdown math block (which KaTeX sets on its own line). */
function displayFormula(text: string): string | undefined {
  const span = isFormulaOnly(text) ? formulaSpans(text.trim())[0] : undefined;
  return span?.display ? `$$\n${span.latex}\n$$` : undefined;
}

function atWordEdges(text: string, start: number, end: number): boolean {
  const isWord = (c: string | undefined): boolean =>
    !!c && /[\p{L}\p{N}]/u.test(c) && !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(c);
  return !isWord(text[start - 1]) && !isWord(text[end]);
}

const NUMBER = /\d+(?:[.,]\d+)*%?/gu;

/**
 * A concise note's table: its header and the rows that carry the section's key figures (a number the kept text
 * states, a key term), in the source's order; the first rows when none stands out.
 */
function keyRowsTable(rows: string[][], ex: SectionExtract, labels: NoteLabels): string {
  const [head, ...body] = rows;
  const kept = ex.kept.map((i) => ex.units[i]!.text).join(" ");
  const figures = new Set(kept.match(NUMBER) ?? []);
  const terms = ex.terms.map((t) => t.toLowerCase());
  const score = (row: string[]): number => {
    const text = row.join(" ");
    const stated = (text.match(NUMBER) ?? []).filter((n) => figures.has(n) && n.length > 1).length;
    return 2 * stated + terms.filter((t) => text.toLowerCase().includes(t)).length;
  };
  const scores = body.map(score);
  const max = TABLE_ROWS.simple;
  const picked = scores.some((x) => x > 0)
    ? body
        .map((_, i) => i)
        .filter((i) => scores[i]! > 0)
        .sort((a, b) => scores[b]! - scores[a]! || a - b)
        .slice(0, max)
        .sort((a, b) => a - b)
    : body.slice(0, max).map((_, i) => i);
  const table = tableMarkdown([head ?? [], ...picked.map((i) => body[i]!)], max, labels);
  const left = body.length - picked.length;
  return left > 0 ? `${table}\n\n*${labels.moreRows(left)}*` : table;
}

/** Renders the kept parts of a section in source order; returns the body and the pages used. */
function renderBody(
  section: PreparedSection,
  ex: SectionExtract,
  source: number,
  level: DetailLevel,
  labels: NoteLabels,
): { body: string; pages: PageRef[] } {
  const parts: string[] = [];
  const pages: PageRef[] = [];
  const used = new Set<string>();
  const keptByBlock = new Map<number, Unit[]>();
  for (const i of ex.kept) {
    const u = ex.units[i]!;
    const list = keptByBlock.get(u.block) ?? [];
    list.push(u);
    keptByBlock.set(u.block, list);
  }
  section.blocks.forEach((b, bi) => {
    if (ex.tables.includes(bi) && b.type === "table") {
      parts.push(
        level === "simple"
          ? keyRowsTable(b.rows, ex, labels)
          : tableMarkdown(b.rows, TABLE_ROWS.detail, labels),
      );
      pages.push({ source, page: b.page });
      return;
    }
    const kept = keptByBlock.get(bi);
    if (!kept) return;
    for (const u of kept) pages.push({ source, page: u.page });
    if (b.type === "list") {
      parts.push(
        kept.map((u) => `- ${escapeLineStart(emphasise(u.text, ex.terms, used, u.definition))}`).join("\n"),
      );
      return;
    }
    // paragraphs: consecutive sentences form one paragraph; a definition stands alone as a quote
    let run: string[] = [];
    const flush = (): void => {
      if (run.length) parts.push((b.type === "quote" ? "> " : "") + escapeLineStart(joinSentences(run)));
      run = [];
    };
    for (const u of kept) {
      const display = displayFormula(u.text);
      if (display) {
        flush();
        parts.push(display);
        continue;
      }
      const md = emphasise(u.text, ex.terms, used, u.definition);
      if (u.definition) {
        flush();
        parts.push(`> ${md}`);
      } else run.push(md);
    }
    flush();
  });
  return { body: parts.join("\n\n"), pages: sortPages(pages) };
}

/**
 * A key term as the overview lists it: standing alone, a Russian phrase in its dictionary form ("параметрами" and
 * "параметры" are both "параметр"; "термодинамическими параметрами" is "термодинамический параметр").
 */
function listedForm(term: string, locale: string): string {
  return primaryLanguage(locale) === "ru" ? dictionaryForm(term, "ru") : term;
}

/** Builds a note from documents without a model: structure, extractive summary, key terms, citations. */
export function generateOfflineNote(
  req: NoteRequest,
  onSection?: (s: NoteSectionOut, index: number, total: number) => void,
): GeneratedNote {
  const labels = labelsFor(req.outputLanguage);
  const multi = req.sources.length > 1;
  const prepared = req.sources.map((s) => prepareDocument(s.doc));
  const notice = languageNotice(prepared, req.outputLanguage);
  const sections: NoteSectionOut[] = [];
  const entries: OverviewEntry[] = [];
  const allTerms: string[] = [];
  const boldTerms: string[] = []; // the author's bold terms the note kept, listed first

  prepared.forEach((doc, si) => {
    const source = si + 1;
    const file = req.sources[si]!;
    const locale = doc.language || "en";
    const texts = doc.sections.map((s) => s.blocks.map(preparedBlockText).join("\n"));
    const stats = documentStats(doc, locale, texts);
    const docTerms = documentTerms(withoutCode(texts.join("\n")), locale, 8);
    const firstSection = sections.length;
    const title = file.doc.title?.trim() || file.fileName;
    entries.push({
      title: multi ? file.fileName : title,
      pageCount: doc.flowing ? null : doc.pageCount,
      sectionCount: doc.sections.length,
      topHeadings: indexHeadings(doc.sections).map((i) => displayHeading(doc.sections[i]!, i, labels)),
    });
    doc.sections.forEach((section, i) => {
      if (req.signal?.aborted) throw req.signal.reason ?? new Error("aborted");
      const heading = displayHeading(section, i, labels);
      const lines: string[] = [];
      if (multi && i === 0) lines.push(headingLine(2, file.fileName));
      lines.push(headingLine(sectionDepth(section.level, multi), heading));
      let pages: PageRef[] = [];
      if (section.blocks.length > 0) {
        const ex = extractSection(section, locale, stats, req.detailLevel);
        boldTerms.push(
          ...ex.terms.filter((t) => section.emphasis?.includes(t)).map((t) => listedForm(t, locale)),
        );
        const r = renderBody(section, ex, source, req.detailLevel, labels);
        // an untitled opening with nothing worth keeping (a title page's date and author) is left out
        if (!r.body && !section.heading && !section.slide && !(multi && i === 0)) return;
        pages = r.pages;
        if (r.body) lines.push(r.body);
        const cite = citationLine(pages, labels);
        if (cite) lines.push(cite);
      }
      sections.push({ heading, markdown: lines.join("\n\n"), pages });
    });
    // the overview lists the document's terms the note says: none only a dropped "Source:" line held
    const written = sections
      .slice(firstSection)
      .map((x) => x.markdown.replace(/\*\*/g, ""))
      .join("\n")
      .toLowerCase();
    allTerms.push(
      ...docTerms.filter((t) => written.includes(t.toLowerCase())).map((t) => listedForm(t, locale)),
    );
    if (doc.sections.length === 0 && multi) {
      sections.push({ heading: file.fileName, markdown: headingLine(2, file.fileName), pages: [] });
    }
  });

  sections.forEach((s, i) => onSection?.(s, i, sections.length));
  const listed = new Map<string, string>();
  for (const t of [...boldTerms, ...allTerms])
    if (!listed.has(t.toLowerCase())) listed.set(t.toLowerCase(), t);
  const overview = overviewBlock(entries, [...listed.values()].slice(0, 10), labels);
  return {
    markdown: assembleNote(req.title, notice, overview, sections, ocrNotices(req.sources, labels)),
    sections,
    engine: "offline",
    notice,
  };
}

/** The offline engine: deterministic, no model; each artefact by its generator's offline writer. */
export function createOfflineEngine(): Engine {
  return {
    name: "offline",
    generateNote: async (req, onSection) => {
      // Japanese key terms come from kuromoji's noun phrases, whose dictionary loads asynchronously
      for (const { doc } of req.sources) await nlpReady(primaryLanguage(documentLanguage(doc)));
      return generateOfflineNote(req, onSection);
    },
    ...offlineMethods(ARTEFACT_GENERATORS),
  };
}
