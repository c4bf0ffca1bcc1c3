import type { SourceDocument } from "@beannote/contract";
import { NOTE_MARKDOWN_MAX } from "@beannote/contract";
import { cachedParseFile } from "./parse-cache";
import { fixture } from "./pipeline";

/**
 * A note near the 2 MB limit written from a real fixture's text (the handbook chapter, a DOCX): its sections
 * as headings, paragraphs with bold terms and citations, lists and tables, repeated until `chars` (default
 * 1.9 million characters, the size the hardening probe exported). Returns the source too, for citations. The
 * fixture is parsed once per version of the reading code (parse-cache.ts).
 */
export async function bigNote(
  chars = 1_900_000,
  file = "en-handbook-chapter13-trustees-large.docx",
): Promise<{ markdown: string; source: SourceDocument }> {
  const source = await cachedParseFile(fixture(file), file);
  const parts: string[] = [];
  for (const section of source.sections) {
    parts.push(`## ${section.heading || "Section"}`, "");
    for (const block of section.blocks) {
      const cite = ` *Source:* [p. ${block.page}](#source=1&page=${block.page})`;
      if (block.type === "list" && block.items?.length)
        parts.push(...block.items.map((item) => `- ${item}`), "");
      else if (block.type === "table" && block.rows?.length) {
        const width = Math.max(...block.rows.map((r) => r.length));
        const row = (cells: string[]) =>
          `| ${Array.from({ length: width }, (_, i) => (cells[i] ?? "").replace(/\|/g, "/")).join(" | ")} |`;
        parts.push(row(block.rows[0]!), `|${" --- |".repeat(width)}`, ...block.rows.slice(1).map(row), "");
      } else if (block.text) {
        const words = block.text.split(" ");
        if (words.length > 6) words[2] = `**${words[2]}**`;
        parts.push(words.join(" ") + cite, "");
      }
    }
  }
  const unit = parts.join("\n");
  let markdown = "# Handbook\n\n";
  for (let i = 1; markdown.length < chars; i++) markdown += unit.replace(/^## /m, `## Part ${i}: `) + "\n";
  return { markdown: markdown.slice(0, Math.min(chars, NOTE_MARKDOWN_MAX)), source };
}
