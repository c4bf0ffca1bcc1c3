import CFB from "cfb";
import WordExtractor from "word-extractor";
import type { SourceBlock, SourceDocument, SourceSection } from "@beannote/contract";
import { finishDocument, type ParseInput } from "./document";
import { IngestError } from "./errors";
import { countWords, WORDS_PER_PAGE } from "./parse-docx";
import { cleanText } from "./text";

/**
 * Parse a legacy Word file with word-extractor. The body comes as plain text, so structure is
 * inferred: lines ending in a tab are table rows (Word's cell marks), short numbered or ALL-CAPS
 * lines are headings. Pages are estimated at ~500 words each (the binary format's page count is
 * not reliable).
 */
export async function parseDoc(input: ParseInput): Promise<SourceDocument> {
  checkNotEncrypted(input.data);
  let body: string;
  let footnotes = "";
  try {
    const extracted = await new WordExtractor().extract(input.data);
    // word-extractor prints "undefined" for a few characters it cannot map (seen inside Cyrillic words).
    body = extracted.getBody().replace(/(?<=\p{L})undefined(?=\p{L})/gu, "");
    footnotes = extracted.getFootnotes?.() ?? "";
  } catch (err) {
    throw new IngestError("FILE_CORRUPT", `word-extractor: ${String(err)}`);
  }
  const sections: SourceSection[] = [{ heading: "", level: 1, blocks: [] }];
  let words = 0;
  const pageNow = () => 1 + Math.floor(words / WORDS_PER_PAGE);
  let table: string[][] | null = null;
  let tablePage = 1;
  const flushTable = () => {
    if (table && table.length > 0)
      sections[sections.length - 1]!.blocks.push({ type: "table", rows: table, page: tablePage });
    table = null;
  };
  for (const rawLine of body.split(/\r?\n/)) {
    if (rawLine.endsWith("\t") && rawLine.trim()) {
      if (!table) {
        table = [];
        tablePage = pageNow();
      }
      const row = rawLine.slice(0, -1).split("\t").map(cleanText);
      table.push(row);
      words += countWords(rawLine);
      continue;
    }
    flushTable();
    const line = cleanText(rawLine.replace(/\t/g, " "));
    if (!line) continue;
    const page = pageNow();
    words += countWords(line);
    const level = headingLevel(rawLine, line);
    if (level > 0) {
      sections.push({ heading: line, level, blocks: [] });
      continue;
    }
    const block: SourceBlock = /^[•●○▪■◆►\-–*·]\s*/.test(line)
      ? { type: "list", items: [line.replace(/^[•●○▪■◆►\-–*·]\s*/, "")], page }
      : { type: "paragraph", text: line, page };
    const blocks = sections[sections.length - 1]!.blocks;
    const last = blocks[blocks.length - 1];
    if (block.type === "list" && last?.type === "list" && last.items) last.items.push(...block.items!);
    else blocks.push(block);
  }
  flushTable();
  const notes = cleanText(footnotes);
  if (notes)
    sections.push({
      heading: "Notes",
      level: 1,
      blocks: [{ type: "paragraph", text: notes, page: pageNow() }],
    });
  return finishDocument({ format: "doc", pageCount: pageNow(), sections, fileName: input.fileName });
}

const NUMBERED = /^((?:\d{1,2}\.)*\d{1,2})\.?\s+\S/;

function headingLevel(raw: string, line: string): number {
  if (line.length > 100 || /[.,;:!?。，；：]$/.test(line)) return 0;
  if (/\t\d+\s*$/.test(raw)) return 0; // a table-of-contents entry
  const letters = line.replace(/[^\p{L}]/gu, "");
  if (letters.length < 3) return 0;
  const numbered = NUMBERED.exec(line);
  if (numbered && line.split(/\s+/).length <= 12) return Math.min(6, numbered[1]!.split(".").length);
  if (
    letters === letters.toUpperCase() &&
    letters !== letters.toLowerCase() &&
    line.split(/\s+/).length <= 12
  )
    return 1;
  return 0;
}

/** FIB flag fEncrypted (bit 8 of the flags word at offset 0x0A of the WordDocument stream). */
function checkNotEncrypted(buf: Buffer): void {
  let stream: Buffer | null = null;
  try {
    const cfb = CFB.read(buf, { type: "buffer" });
    const entry = CFB.find(cfb, "WordDocument");
    if (entry?.content) stream = Buffer.from(entry.content as Uint8Array);
  } catch (err) {
    throw new IngestError("FILE_CORRUPT", `cfb: ${String(err)}`);
  }
  if (!stream || stream.length < 12)
    throw new IngestError("FILE_CORRUPT", "WordDocument stream missing or short");
  if (stream.readUInt16LE(0) !== 0xa5ec) throw new IngestError("FILE_CORRUPT", "bad FIB signature");
  const flags = stream.readUInt16LE(0x0a);
  if (flags & 0x0100) throw new IngestError("FILE_ENCRYPTED", "doc fEncrypted");
}
