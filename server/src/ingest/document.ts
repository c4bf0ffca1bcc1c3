import type { FileFormat, SourceDocument, SourceSection } from "@beannote/contract";
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
 * Finish a parsed document: drop empty blocks and sections, refuse a document without text
 * (FILE_NO_TEXT), pick the title (metadata, else first heading, else the file name) and language.
 */
export function finishDocument(args: {
  format: FileFormat;
  pageCount: number;
  sections: SourceSection[];
  metaTitle?: string | null;
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
    (firstHeading ? cleanText(firstHeading) : null) ??
    titleFromFileName(args.fileName);
  return {
    title,
    format: args.format,
    language: detectLanguage(text),
    pageCount: Math.max(args.pageCount, 1),
    sections,
  };
}
