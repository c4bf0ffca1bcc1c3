import type { SourceDocument } from "@beannote/contract";
import { textLanguage } from "../../engine/nlp";
import { primaryLanguage, splitSentences } from "../../engine/text";

/** One sentence of a source (or one list item, or one table row) with the page it stands on. */
export interface SourceSentence {
  text: string;
  page: number;
  /** An item of a list block (the answer to "what are the N …" is a list). */
  listItem: boolean;
}

/** A retrievable piece of a source: a few blocks of one section on one page. */
export interface Passage {
  page: number;
  /** The headings over it, outermost first. */
  headings: string[];
  sentences: SourceSentence[];
  emphasis: string[];
}

const PASSAGE_WORDS_MIN = 40;
/** A table cell the parser left as a stand-in ("[equation]", "[image]"): no text to answer with. */
const PLACEHOLDER = /^\[[\p{L} ]+\]$/u;
const PASSAGE_WORDS_MAX = 180;

const wordCount = (text: string) =>
  (text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0) / 2 +
  (text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0);

/** The language a document is written in, as a primary subtag ("en", "zh", …). */
export function documentLanguage(doc: SourceDocument): string {
  const stated = primaryLanguage(doc.language || "und");
  const sample = doc.sections
    .flatMap((s) => s.blocks.map((b) => b.text ?? b.items?.join(" ") ?? ""))
    .join(" ")
    .slice(0, 20_000);
  return textLanguage(sample, stated && stated !== "und" ? stated : undefined);
}

/**
 * Cuts a parsed document into passages by section and page: consecutive short blocks of a section on one page
 * go together, a long block is cut between sentences.
 */
export function passagesOf(doc: SourceDocument): Passage[] {
  const language = documentLanguage(doc);
  const out: Passage[] = [];
  const trail: { level: number; heading: string }[] = [];
  for (const section of doc.sections) {
    while (trail.length > 0 && trail.at(-1)!.level >= section.level) trail.pop();
    if (section.heading.trim()) trail.push({ level: section.level, heading: section.heading.trim() });
    const headings = trail.map((t) => t.heading);
    let current: Passage | undefined;
    let words = 0;
    const flush = () => {
      if (current && current.sentences.length > 0) out.push(current);
      current = undefined;
      words = 0;
    };
    for (const block of section.blocks) {
      const sentences: SourceSentence[] =
        block.type === "list"
          ? (block.items ?? []).map((text) => ({ text: text.trim(), page: block.page, listItem: true }))
          : block.type === "table"
            ? (block.rows ?? []).map((row) => ({
                text: row.filter((cell) => !PLACEHOLDER.test(cell.trim())).join(" | "),
                page: block.page,
                listItem: false,
              }))
            : splitSentences(block.text ?? "", language).map((text) => ({
                text,
                page: block.page,
                listItem: false,
              }));
      const kept = sentences.filter((s) => s.text.length > 0);
      if (kept.length === 0) continue;
      if (current && (current.page !== block.page || words >= PASSAGE_WORDS_MIN)) flush();
      for (const sentence of kept) {
        if (current && words >= PASSAGE_WORDS_MAX) flush();
        current ??= { page: block.page, headings, sentences: [], emphasis: [] };
        current.sentences.push(sentence);
        words += wordCount(sentence.text);
      }
      if (current && block.emphasis) current.emphasis.push(...block.emphasis);
    }
    flush();
  }
  return out;
}
