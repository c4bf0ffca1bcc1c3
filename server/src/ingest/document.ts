import type { FileFormat, SourceBlock, SourceDocument, SourceSection } from "@beannote/contract";
import { FORMULA, formulaSpans } from "../engine/formula";
import { IngestError } from "./errors";
import { cleanText, detectLanguage, meaningfulTitle, titleFromFileName } from "./text";

export interface ParseInput {
  /** The file's bytes. */
  data: Buffer;
  /** The original file name, used only as a last-resort title. */
  fileName?: string;
}

/** Total text of a document's sections (headings included), for language detection and emptiness. */
export function sectionText(sections: SourceSection[], limit = 50_000): string {
  const parts: string[] = [];
  let n = 0;
  for (const s of sections) {
    parts.push(s.heading);
    n += s.heading.length;
    for (const b of s.blocks) {
      const t = b.text ?? b.items?.join("\n") ?? b.rows?.map((r) => r.join(" ")).join("\n") ?? "";
      parts.push(t);
      n += t.length;
      if (n > limit) return parts.join("\n");
    }
  }
  return parts.join("\n");
}

/**
 * A deck's cover title when no slide has a centred title: slide 1's title, else its first short line
 * ("MIPS Lab" above "CMPE 142 – Operating Systems").
 */
export function deckCover(sections: SourceSection[]): string | null {
  const first = sections[0];
  if (!first) return null;
  if (!/^Slide \d+$/.test(first.heading)) return first.heading;
  const block = first.blocks[0];
  const line = block?.text ?? block?.items?.[0];
  return line && line.length <= 80 && !/[.!?。！？:：;；,，]$/u.test(line) ? line : null;
}

/** A table of contents' heading, in the languages the app reads. */
const CONTENTS_HEADING =
  /^(?:table of contents|contents|table des matières|sommaire|índice|indice|sumário|contenido|inhaltsverzeichnis|inhalt|spis treści|оглавление|содержание|目录|目錄|目次|목차)\s*:?$/iu;
/** A page label anywhere in the line ("Mai 30, 18 13:27 zen_of_python.txt Page 1/1", "第 2 页"). */
const PAGE_LABEL =
  /(?:^|\s)(?:page|seite|página|pagina|страница|стр\.)\s*\d{1,4}(?:\s*(?:of|\/|von|de|sur|из)\s*\d{1,4})?(?=\s|$)|第\s*\d{1,4}\s*页/iu;
/** A file's name anywhere in the line ("zen_of_python.txt", "image12.png"). */
const FILE_NAME =
  /[\p{L}\d_-]\.(?:pdf|docx?|pptx?|xlsx?|txt|tex|jpe?g|png|gif|bmp|tiff?|svg|emf|wmf|eps)(?=[\s,;)]|$)/iu;
/** A picture's name or placeholder: "Jimage", "image12", "Picture 3". */
const IMAGE_NAME =
  /^(?:\S{0,12}(?:image|img)\d{0,4}|(?:image|img|picture|figure|grafik|imagen|图片)\s*\d{1,4})$/iu;
/** A heading's own number ("1 ", "2.3.59.1 ", "IV. "): not part of the title it gives. */
const NUMBER_PREFIX = /^(?:\d{1,3}(?:\.\d{1,3})*\.?|[IVXLC]{1,6}\.)\s+(?=\S)/u;
/** A heading every document may have: it names a part, not the document. */
const GENERIC_HEADING =
  /^(?:abstract|introduction|overview|summary|conclusions?|references|bibliography|appendix|acknowledge?ments?|preface|foreword|résumé|introduction générale|введение|аннотация|заключение|einleitung|zusammenfassung|摘要|引言|前言|绪论|结论|参考文献)$/iu;

/**
 * A line that can be a document's title: a few words to read, and not a table of contents' heading, a page
 * label or number, a file or picture name (so not a one-page printout's header "Mai 30, 18 13:27
 * zen_of_python.txt Page 1/1"), nor a code with no word ("2.3.59 (Rev 12/22)").
 */
export function titleCandidate(text: string | null | undefined): string | null {
  const title = meaningfulTitle(text);
  if (!title) return null;
  if (
    CONTENTS_HEADING.test(title) ||
    PAGE_LABEL.test(title) ||
    FILE_NAME.test(title) ||
    IMAGE_NAME.test(title)
  )
    return null;
  // a word to read: four letters in a row, or two ideographs or kana
  if (
    !/\p{L}{4}/u.test(title) &&
    !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]{2}/u.test(title)
  )
    return null;
  return title;
}

/** A heading as a title: without its number, and not one every document has ("Introduction"). */
function headingTitle(heading: string): string | null {
  const title = titleCandidate(heading.replace(NUMBER_PREFIX, ""));
  return title && !GENERIC_HEADING.test(title) ? title : null;
}

/**
 * Finish a parsed document: drop empty blocks and sections, refuse a document without text
 * (FILE_NO_TEXT), pick the title and language. The title is the document's own: its metadata title (else a
 * short metadata subject), else its cover (a deck's title slide, a paper's title line), else its first real
 * heading, else the file name; never a contents heading, a page label, a file or picture name (`titleCandidate`).
 */
/** Superscript digits after a sentence's or clause's mark: a footnote's number ("medicamentos.¹", "mercado,²"). */
const FOOTNOTE_MARK = /(?<=[.,;:!?)»”])[⁰¹²³⁴⁵⁶⁷⁸⁹]+(?=\s|$)/gu;
/** An ordinal's ending after a formula ("the $n$th term") stays on it. */
const ORDINAL_END = /^(?:th|st|nd|rd|s|'s|’s)(?![\p{L}\p{N}])/u;

/**
 * A text's footnote numbers left out, and a space between an inline formula and a Latin word or number it
 * touches ("$q=2$and", "with$\lambda$"), as the PDF's text layer often loses it; CJK takes none.
 */
export function tidyText(text: string): string {
  let t = text.replace(FOOTNOTE_MARK, "");
  if (!t.includes("$")) return t;
  const spans = formulaSpans(t);
  for (const span of [...spans].reverse()) {
    const after = t.slice(span.end);
    if (/^[\p{Script=Latin}\p{N}]/u.test(after) && !ORDINAL_END.test(after))
      t = `${t.slice(0, span.end)} ${after}`;
    if (span.start > 0 && /[\p{Script=Latin}]/u.test(t[span.start - 1]!))
      t = `${t.slice(0, span.start)} ${t.slice(span.start)}`;
  }
  return t;
}

function tidyBlock(b: SourceBlock): SourceBlock {
  return {
    ...b,
    ...(b.text !== undefined ? { text: tidyText(b.text) } : {}),
    ...(b.items ? { items: b.items.map(tidyText) } : {}),
    ...(b.rows ? { rows: b.rows.map((r) => r.map(tidyText)) } : {}),
  };
}

export function finishDocument(args: {
  format: FileFormat;
  pageCount: number;
  sections: SourceSection[];
  metaTitle?: string | null;
  /** The metadata's subject: a title when it is short and the metadata title is missing or no title. */
  metaSubject?: string | null;
  coverTitle?: string | null;
  fileName?: string;
}): SourceDocument {
  const sections: SourceSection[] = [];
  for (const s of args.sections) {
    const blocks = s.blocks
      .filter(
        (b) => (b.text && b.text.trim()) || (b.items && b.items.length > 0) || (b.rows && b.rows.length > 0),
      )
      .map(tidyBlock);
    const heading = cleanText(s.heading);
    // the heading said again as the section's first line (an outline's entry over the line it marks)
    const squash = (t: string) => t.replace(/[\s\p{P}]+/gu, "").toLowerCase();
    if (heading && blocks[0]?.type === "paragraph" && squash(blocks[0].text ?? "") === squash(heading))
      blocks.shift();
    if (blocks.length === 0 && !heading) continue;
    sections.push({ heading, level: Math.min(6, Math.max(1, s.level)), blocks });
  }
  const text = sectionText(sections);
  if (text.replace(/\s+/g, "").length === 0) throw new IngestError("FILE_NO_TEXT");
  const subject = args.metaSubject && args.metaSubject.length <= 100 ? args.metaSubject : null;
  let firstHeading: string | null = null;
  for (const s of sections) if ((firstHeading = headingTitle(s.heading))) break;
  const title =
    titleCandidate(args.metaTitle) ??
    (subject && !/[.!?。！？]$/u.test(subject.trim()) ? titleCandidate(subject) : null) ??
    titleCandidate(args.coverTitle) ??
    firstHeading ??
    titleFromFileName(args.fileName);
  return {
    title,
    format: args.format,
    // the LaTeX of formulas is not the document's language (`\\sum`, `\\frac` in a Chinese text)
    language: detectLanguage(text.includes("$") ? text.replace(FORMULA, " ") : text),
    pageCount: Math.max(args.pageCount, 1),
    sections,
  };
}
