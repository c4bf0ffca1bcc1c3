import type { FileFormat, SourceDocument, SourceSection } from "@beannote/contract";
import { FORMULA } from "../engine/formula";
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

/**
 * Finish a parsed document: drop empty blocks and sections, refuse a document without text
 * (FILE_NO_TEXT), pick the title and language. The title is the document's own: its metadata, else its
 * cover (a deck's title slide, a paper's title line), else its first heading, else the file name.
 */
export function finishDocument(args: {
  format: FileFormat;
  pageCount: number;
  sections: SourceSection[];
  metaTitle?: string | null;
  coverTitle?: string | null;
  fileName?: string;
}): SourceDocument {
  const sections: SourceSection[] = [];
  for (const s of args.sections) {
    const blocks = s.blocks.filter(
      (b) => (b.text && b.text.trim()) || (b.items && b.items.length > 0) || (b.rows && b.rows.length > 0),
    );
    const heading = cleanText(s.heading);
    if (blocks.length === 0 && !heading) continue;
    sections.push({ heading, level: Math.min(6, Math.max(1, s.level)), blocks });
  }
  const text = sectionText(sections);
  if (text.replace(/\s+/g, "").length === 0) throw new IngestError("FILE_NO_TEXT");
  const firstHeading = sections.find((s) => meaningfulTitle(s.heading))?.heading;
  const title =
    meaningfulTitle(args.metaTitle) ??
    meaningfulTitle(args.coverTitle) ??
    (firstHeading ? cleanText(firstHeading) : null) ??
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
