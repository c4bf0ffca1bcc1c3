import type { SourceDocument } from "@beannote/contract";
import { isBoilerplateHeading, isBoilerplateLine } from "../src/engine/prepare";
import { wordTokens } from "../src/engine/text";
import type { GeneratedNote } from "../src/engine/types";

/** Study-quality measures of spec/study-quality.md, for tests and benchmarks. */

function norm(s: string): string {
  return s.replace(/\\(.)/g, "$1").replace(/\s+/g, " ").trim().toLowerCase();
}

function blockText(b: SourceDocument["sections"][number]["blocks"][number]): string {
  return [b.text ?? "", ...(b.items ?? []), ...(b.rows ?? []).flat()].join(" ");
}

/**
 * Level 1–2 sections (relative to the shallowest level) that carry content, by heading; not a slide the parser
 * could only call "Slide N" (the note names it by a line of its own or keeps it under the title-only slide before).
 */
export function contentSections(doc: SourceDocument): string[] {
  const min = Math.min(...doc.sections.map((s) => s.level), 6);
  const placeholder = (h: string) => (doc.format === "ppt" || doc.format === "pptx") && /^Slide \d+$/.test(h);
  return doc.sections
    .filter((s) => s.level <= min + 1 && s.heading.trim() && !isBoilerplateHeading(s.heading))
    .filter((s) => !placeholder(s.heading.trim()))
    .filter((s) =>
      s.blocks.some(
        (b) => (blockText(b).match(/\p{L}/gu) ?? []).length >= 3 && !isBoilerplateLine(blockText(b)),
      ),
    )
    .map((s) => s.heading);
}

/** Share of the source's level 1–2 content sections whose heading appears as a heading of the note. */
export function headingCoverage(
  doc: SourceDocument,
  markdown: string,
): { share: number; missing: string[]; total: number } {
  const headings = new Set(
    markdown
      .split("\n")
      .filter((l) => /^#{1,6} /.test(l))
      .map((l) => norm(l.replace(/^#+ /, ""))),
  );
  const wanted = contentSections(doc);
  const missing = wanted.filter((h) => !headings.has(norm(h)));
  return {
    share: wanted.length ? (wanted.length - missing.length) / wanted.length : 1,
    missing,
    total: wanted.length,
  };
}

/** Content lines of a section's Markdown: not headings, citations, table rules or the engine's notes. */
export function contentLines(markdown: string): string[] {
  return markdown
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !/^#{1,6} /.test(l) && !/\]\(#source=\d+&page=\d+\)/.test(l))
    .filter((l) => !/^\|(?:\s*-+\s*\|)+$/.test(l) && !/^\*[^*].*[^*]\*$/.test(l));
}

function stripMarkdown(line: string): string {
  return (
    line
      .replace(/^>\s?/, "")
      .replace(/^[-*+]\s+/, "")
      .replace(/\*\*/g, "")
      // Markdown escapes are of ASCII punctuation only: a formula's "\\sin" keeps its command
      .replace(/\\([!-/:-@[-`{-~])/g, "$1")
      .replace(/\|/g, " ")
  );
}

/**
 * Share of content lines whose words are all found on the pages their section cites (± one page).
 * `docs[i]` is source i+1 of the note.
 */
export function groundedness(
  note: GeneratedNote,
  docs: SourceDocument[],
  locale = "en",
): { share: number; ungrounded: string[]; lines: number } {
  // spaces, table bars and backslashes go from both sides: a formula's "|z|" and "\\{" survive Markdown changed
  const squash = (t: string): string => t.replace(/[\s|\\]+/g, "").toLowerCase();
  const pageText = docs.map((d) => {
    const byPage = new Map<number, string>();
    for (const s of d.sections) {
      for (const b of s.blocks)
        byPage.set(b.page, `${byPage.get(b.page) ?? ""} ${s.heading} ${blockText(b)}`);
    }
    return byPage;
  });
  const pageWords = pageText.map((byPage) => {
    const out = new Map<number, Set<string>>();
    // read as the note's lines are (a bar is a space there: "$|h|\\to$" gives "h" and "to" on both sides)
    for (const [page, text] of byPage)
      out.set(page, new Set(wordTokens(text.replace(/\|/g, " "), locale).map((t) => t.word)));
    return out;
  });
  let lines = 0;
  const ungrounded: string[] = [];
  for (const s of note.sections) {
    const allowed = new Set<string>();
    let text = "";
    for (const p of s.pages) {
      for (const page of [p.page - 1, p.page, p.page + 1]) {
        for (const w of pageWords[p.source - 1]?.get(page) ?? []) allowed.add(w);
        text += pageText[p.source - 1]?.get(page) ?? "";
      }
    }
    const squashed = squash(text);
    for (const line of contentLines(s.markdown)) {
      const ws = wordTokens(stripMarkdown(line), locale).map((t) => t.word);
      if (ws.length === 0) continue;
      lines++;
      // words split differently out of context (mixed scripts) still count when the text itself is there
      const found = ws.filter((w) => allowed.has(w)).length;
      // or each of its sentences is there as it stands (a summary may drop the sentence between two it keeps,
      // and a segmenter may cut a word of the joined line otherwise than in the source)
      const sentences = stripMarkdown(line).split(/(?<=[。！？])|(?<=[.!?])\s+/u);
      if (found < ws.length && !sentences.every((t) => !squash(t) || squashed.includes(squash(t))))
        ungrounded.push(line);
    }
  }
  return { share: lines ? (lines - ungrounded.length) / lines : 1, ungrounded, lines };
}

/** Length of a note's body: the content lines of its sections. */
export function bodyLength(note: GeneratedNote): number {
  return note.sections.flatMap((s) => contentLines(s.markdown)).join("\n").length;
}

/**
 * Characters of a text without white space (so that CJK and spaced scripts count alike); a formula counts as
 * one, whatever the length of its LaTeX (a note that keeps a lecture's equations is not the longer for it).
 */
const inkChars = (text: string): number =>
  text.replace(/\$\$[\s\S]+?\$\$|\$[^$\n]+\$/g, "∑").replace(/\s+/g, "").length;

/**
 * How much of the source a note keeps: the characters of its sections' text (headings and body, without
 * Markdown syntax, link targets and citation lines) over the characters of the source document's text; a
 * formula counts as one character on both sides.
 */
export function compressionRatio(note: GeneratedNote, docs: SourceDocument[]): number {
  const noteText = note.sections
    .flatMap((s) => s.markdown.split("\n"))
    .filter((l) => !/\]\(#source=\d+&page=\d+\)/.test(l) && !/^\|(?:\s*-+\s*\|)+$/.test(l.trim()))
    .map((l) => stripMarkdown(l.replace(/^#{1,6}\s+/, "")).replace(/\[([^\]]*)\]\([^)]*\)/g, "$1"))
    .join("\n");
  const source = docs
    .flatMap((d) => d.sections.flatMap((s) => [s.heading, ...s.blocks.map(blockText)]))
    .join("\n");
  return inkChars(noteText) / Math.max(1, inkChars(source));
}
