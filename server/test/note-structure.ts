import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { SourceDocument } from "@beannote/contract";
import { isBoilerplateHeading, isBoilerplateLine } from "../src/engine/prepare";
import { addsOnlyLetters, headingNumberDepth } from "../src/ingest/parse-pdf";

/**
 * Structure and debris measures of a note (issue 22), for tests and `npm run bench:notes`: how many of a PDF's
 * outline entries are note headings at the right level and under their own chapter, and how much debris of
 * the page layout (contents lines, running headers, footnote markers) reached the note's text.
 */

/** One entry of a PDF's outline: level 1 for a chapter, 2 for its sections; `parent` is its chapter's title. */
export interface OutlineEntry {
  title: string;
  level: number;
  parent?: string;
}

/** The first two levels of a PDF's outline (empty when it has none), without its contents or references entry. */
export async function pdfOutline(data: Uint8Array): Promise<OutlineEntry[]> {
  const task = getDocument({ data: new Uint8Array(data), verbosity: VerbosityLevel.ERRORS });
  const doc = await task.promise;
  try {
    const outline = (await doc.getOutline()) ?? [];
    // a flat outline of numbered titles ("2.3.59.1 Scope", " 2.3.59.1.1 Background") nests by its numbers
    const depths = outline.map((entry) => headingNumberDepth(entry.title.trim()));
    const numbered = depths.filter((d) => d > 0);
    const flat = outline.every((entry) => !entry.items?.length);
    if (flat && new Set(numbered).size >= 2 && numbered.length >= 3) {
      const top = Math.min(...numbered);
      let chapter = "";
      return outline
        .flatMap((entry, i) => {
          const level = depths[i] ? depths[i] - top + 1 : 1;
          const title = entry.title.trim();
          if (level === 1) chapter = title;
          return level === 1 ? [{ title, level }] : level === 2 ? [{ title, level, parent: chapter }] : [];
        })
        .filter((entry) => !isBoilerplateHeading(entry.title));
    }
    return outline
      .flatMap((chapter) => [
        { title: chapter.title, level: 1 },
        ...(chapter.items ?? []).map((section) => ({
          title: section.title,
          level: 2,
          parent: chapter.title,
        })),
      ])
      .filter((entry) => !isBoilerplateHeading(entry.title));
  } finally {
    await task.destroy();
  }
}

/** Letters and digits only, lower-cased: "3.1 Traces" and "3.1  traces" are one title. */
const titleKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/\\(.)/g, "$1")
    .replace(/[^\p{L}\p{N}]+/gu, "");

/** The note's headings in order, with their level (`##` is level 1 of a single source's note). */
function noteHeadings(markdown: string): { key: string; level: number }[] {
  return markdown.split("\n").flatMap((line) => {
    const m = /^(#{2,6}) (.+)$/.exec(line);
    return m ? [{ key: titleKey(m[2]!), level: m[1]!.length - 1 }] : [];
  });
}

/**
 * A note heading says an outline title when their keys are equal, or when the heading is the title with a
 * formula's letters the bookmark lost ("Γ函数" for the outline's "函数"; the parser takes the page's heading).
 */
function sameTitle(heading: string, title: string): boolean {
  return heading === title || addsOnlyLetters(heading, title);
}

/**
 * Share of the outline's level-1/2 entries that are note headings at their level, and share of its level-2
 * entries whose nearest level-1 heading above them in the note is their own chapter's.
 */
export function outlineRecall(
  outline: OutlineEntry[],
  markdown: string,
): { recall: number; underChapter: number; missing: string[] } {
  const headings = noteHeadings(markdown);
  const missing: string[] = [];
  let underOwn = 0;
  let from = 0; // entries are matched in order, so a title said twice is found at its own place
  for (const entry of outline) {
    const key = titleKey(entry.title);
    const at = headings.findIndex((h, i) => i >= from && sameTitle(h.key, key) && h.level === entry.level);
    if (at < 0) {
      missing.push(`${"#".repeat(entry.level + 1)} ${entry.title}`);
      continue;
    }
    from = at + 1;
    if (entry.level !== 2) continue;
    const chapter = headings.slice(0, at).findLast((h) => h.level === 1);
    if (chapter && chapter.key === titleKey(entry.parent ?? "")) underOwn++;
  }
  const wanted = outline.length;
  const sectionCount = outline.filter((e) => e.level === 2).length;
  return {
    recall: wanted ? (wanted - missing.length) / wanted : 1,
    underChapter: sectionCount ? underOwn / sectionCount : 1,
    missing,
  };
}

/** The note's text lines: no headings, citations or engine notes; bold and escapes removed, formulas masked. */
function textLines(markdown: string): string[] {
  const body = markdown.indexOf("\n## ");
  return markdown
    .slice(body < 0 ? 0 : body) // not the title and overview
    .split("\n")
    .filter((l) => l.trim() && !/^#{1,6} /.test(l) && !/\]\(#source=\d+&page=\d+\)/.test(l))
    .map((l) =>
      l
        .replace(/^\s*(?:[-*>]\s+)+/, "")
        .replace(/\*\*/g, "")
        .replace(/\\(.)/g, "$1")
        .replace(/\$\$?[^$]*\$\$?/g, " $ "),
    );
}

/** A table of contents' entry: dot (or other) leaders and a page number. */
const LEADERS = /(?:\.\s?){4,}\s*\d{1,4}|…{2,}\s*\d{1,4}|·{4,}\s*\d{1,4}|_{4,}\s*\d{1,4}/u;

/** Lines of the note that are a table of contents' entries. */
export function tocLines(markdown: string): string[] {
  return textLines(markdown).filter((l) => LEADERS.test(l));
}

/**
 * Lines of the note that open with a running header glued to the text: a page number and a heading of the
 * document's ("1重积分然而…", "7 Convex Sets A set is …"), or the heading then its page number.
 */
export function gluedRunningHeaders(markdown: string): string[] {
  const titles = [
    ...new Set(
      markdown
        .split("\n")
        .flatMap((l) => (/^#{1,6} /.test(l) ? [l.replace(/^#+ /, "").replace(/\\(.)/g, "$1").trim()] : []))
        // without its number: a running header names the chapter as "7 傅里叶级数" or "CHAPTER 7. …"
        .map((h) => h.replace(/^(?:[\dIVX]+(?:\.\d+)*\.?|第\s*\S{1,3}\s*[章节])\s*/u, ""))
        .filter((h) => [...h].length >= 2),
    ),
  ];
  return textLines(markdown).filter((line) => {
    const t = line.trim();
    const numbered = /^(\d{1,4})\s*(.*)$/u.exec(t);
    return titles.some((title) => {
      const lower = title.toLowerCase();
      if (numbered && numbered[2]!.toLowerCase().startsWith(lower) && numbered[2]!.length > title.length)
        return true;
      return (
        t.toLowerCase().startsWith(lower) &&
        new RegExp(`^\\s*\\d{1,4}\\s+\\S`, "u").test(t.slice(title.length))
      );
    });
  });
}

/**
 * Footnote markers joined to the text: a marker digit after a word's punctuation ("performance.4 The"), a raised
 * digit after a word ("performance⁴"), or a footnote's marker glued to its first word ("2We fixed …").
 */
export function joinedFootnoteMarkers(markdown: string): string[] {
  // not a citation the text runs on into ("insider.11 U.S.C. § 101")
  const afterPunctuation = /\p{Ll}{3,}[.,;:!?]\d{1,2}(?=$|\s+(?!\p{Lu}\.))/u;
  const raised = /\p{L}{4,}[¹²³⁴⁵⁶⁷⁸⁹⁰]+(?=[\s.,;:]|$)/u;
  const gluedToWord = /^\d{1,2}(?=\p{Lu}\p{Ll}+\s)/u; // at a paragraph's start, not "10Mbits"
  return textLines(markdown).filter(
    (l) => afterPunctuation.test(l) || raised.test(l) || gluedToWord.test(l.trim()),
  );
}

/** The note's sections by heading (escapes removed): whether each has text of its own. */
function noteSectionBodies(markdown: string): Map<string, boolean> {
  const out = new Map<string, boolean>();
  let heading: string | undefined;
  for (const line of markdown.split("\n")) {
    const m = /^#{2,6} (.+)$/.exec(line);
    if (m) {
      heading = titleKey(m[1]!);
      if (!out.has(heading)) out.set(heading, false);
    } else if (heading && line.trim() && !/\]\(#source=\d+&page=\d+\)/.test(line)) out.set(heading, true);
  }
  return out;
}

/**
 * Source sections with 100 characters of text or more that have no text in the note: their heading is a note
 * heading without text under it, or (a slide the note named or joined to another) none of their pages is cited.
 * Reference lists, contents and acknowledgments are left out on purpose, so they do not count.
 */
export function emptySections(doc: SourceDocument, markdown: string): string[] {
  const bodies = noteSectionBodies(markdown);
  const cited = new Set([...markdown.matchAll(/#source=\d+&page=(\d+)\)/g)].map((m) => Number(m[1])));
  // page numbers, contents entries with leaders and copyright lines are not the section's text
  const text = (s: SourceDocument["sections"][number]) =>
    s.blocks
      .flatMap((b) => [b.text ?? "", ...(b.items ?? []), ...(b.rows ?? []).flat()])
      .filter((t) => !isBoilerplateLine(t))
      .join("");
  return (
    doc.sections
      // a worksheet's blanks are not text
      .filter((s) => text(s).replace(/\s+|_{2,}/g, "").length >= 100 && !isBoilerplateHeading(s.heading))
      .filter((s) => {
        const body = bodies.get(titleKey(s.heading));
        if (body !== undefined) return !body;
        return !s.blocks.some((b) => cited.has(b.page));
      })
      .map((s) => s.heading)
  );
}
