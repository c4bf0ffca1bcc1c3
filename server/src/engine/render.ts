import { formulaSpans } from "./formula";
import type { NoteLabels } from "./labels";
import type { NoteSectionOut } from "./types";
import { escapeLineStart, escapeMarkdown } from "./text";

/** A page of a source, as cited. */
export type PageRef = NoteSectionOut["pages"][number];

/** Sorted, de-duplicated page references. */
export function sortPages(pages: PageRef[]): PageRef[] {
  const seen = new Set<string>();
  const out: PageRef[] = [];
  for (const p of pages) {
    const key = `${p.source}:${p.page}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out.sort((a, b) => a.source - b.source || a.page - b.page);
}

/** The citation line that ends a section: `Sources: [p. 3](#source=1&page=3) · …`. */
export function citationLine(pages: PageRef[], labels: NoteLabels): string {
  if (pages.length === 0) return "";
  const links = sortPages(pages).map((p) => `[${labels.page(p.page)}](#source=${p.source}&page=${p.page})`);
  return `*${labels.sources}${labels.colon}* ${links.join(" · ")}`;
}

/** A Markdown heading line of the given depth (1 = `#`). */
export function headingLine(depth: number, text: string): string {
  return `${"#".repeat(Math.min(6, Math.max(1, depth)))} ${escapeMarkdown(text.replace(/\s+/g, " ").trim())}`;
}

/** Source text made safe to place on its own line. */
export function safeLine(text: string): string {
  return escapeLineStart(escapeMarkdown(text));
}

/**
 * A table cell's formulas without a `|`, which would end the cell in the middle of the formula
 * (`$\left\{ (a,b) |a<b \right\}$` in the topology handout's table): `\vert`, `\Vert` set the same bars.
 */
export function withoutPipesInFormulas(text: string): string {
  const spans = formulaSpans(text);
  if (spans.length === 0 || !text.includes("|")) return text;
  let out = "";
  let pos = 0;
  for (const s of spans) {
    const formula = text.slice(s.start, s.end).replace(/\\\|/g, "\\Vert ").replace(/\|/g, "\\vert ");
    out += text.slice(pos, s.start) + formula;
    pos = s.end;
  }
  return out + text.slice(pos);
}

/** A GFM table; the first row is the header. Rows past `maxRows` are counted, not shown. */
export function tableMarkdown(rows: string[][], maxRows: number, labels: NoteLabels): string {
  const width = Math.max(...rows.map((r) => r.length));
  const cell = (c: string | undefined): string =>
    withoutPipesInFormulas(escapeMarkdown((c ?? "").replace(/\s+/g, " ").trim())) || " ";
  const line = (r: string[]): string =>
    `| ${Array.from({ length: width }, (_, i) => cell(r[i])).join(" | ")} |`;
  const [head, ...body] = rows;
  const shown = body.slice(0, maxRows);
  const out = [line(head ?? []), `|${" --- |".repeat(width)}`, ...shown.map(line)];
  if (body.length > shown.length) out.push("", `*${labels.moreRows(body.length - shown.length)}*`);
  return out.join("\n");
}

/** One source's entry in the overview. */
export interface OverviewEntry {
  title: string;
  /** null: not stated (a flowing format such as DOCX, whose pages are a guess). */
  pageCount: number | null;
  sectionCount: number;
  topHeadings: string[];
}

const MAX_INDEX = 12;

/** The overview blockquote at the top of a note: an index of each source's main sections. */
export function overviewBlock(entries: OverviewEntry[], terms: string[], labels: NoteLabels): string {
  const lines = [`> **${labels.overview}**`, ">"];
  for (const e of entries) {
    const shown = e.topHeadings.slice(0, MAX_INDEX).map((h) => escapeMarkdown(h));
    if (e.topHeadings.length > MAX_INDEX) shown.push(labels.moreSections(e.topHeadings.length - MAX_INDEX));
    const index = shown.length ? `: ${shown.join(" · ")}` : "";
    lines.push(
      `> - **${escapeMarkdown(e.title)}** (${labels.extent(e.pageCount, e.sectionCount)})${index ? labels.colon + " " + index.slice(2) : ""}`,
    );
  }
  if (terms.length > 0) {
    lines.push(">", `> **${labels.keyTerms}${labels.colon}** ${terms.map(escapeMarkdown).join(" · ")}`);
  }
  return lines.join("\n");
}

/** Assembles the note: title, notice line, more notices (pages OCR could not read), overview, sections. */
export function assembleNote(
  title: string,
  notice: string | undefined,
  overview: string,
  sections: NoteSectionOut[],
  notices: string[] = [],
): string {
  const parts = [headingLine(1, title)];
  if (notice) parts.push(`*${escapeMarkdown(notice)}*`);
  for (const line of notices) parts.push(`*${escapeMarkdown(line)}*`);
  parts.push(overview);
  for (const s of sections) parts.push(s.markdown);
  return `${parts.join("\n\n")}\n`;
}
