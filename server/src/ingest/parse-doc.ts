import { createRequire } from "node:module";
import CFB from "cfb";
import WordExtractor from "word-extractor";
import type { SourceBlock, SourceDocument, SourceSection } from "@beannote/contract";
import { finishDocument, type ParseInput } from "./document";
import { IngestError } from "./errors";
import { type DocObject, docObjects } from "./doc-objects";
import { EQUATION_PLACEHOLDER, latexChecker, type LatexCheck } from "./omml";
import { oleTitle } from "./ole-summary";
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
    const extracted = await (equationMarkingExtract ?? ((b: Buffer) => new WordExtractor().extract(b)))(
      input.data,
    );
    // word-extractor prints "undefined" for a few characters it cannot map (seen inside Cyrillic words).
    body = extracted.getBody().replace(/(?<=\p{L})undefined(?=\p{L})/gu, "");
    footnotes = extracted.getFootnotes?.() ?? "";
  } catch (err) {
    throw new IngestError("FILE_CORRUPT", `word-extractor: ${String(err)}`);
  }
  if (OBJECT_MARKS.test(body) || OBJECT_MARKS.test(footnotes)) {
    const objects = docObjects(input.data);
    const hasEquation = [...(objects?.body ?? []), ...(objects?.footnotes ?? [])].some((o) => o.equation);
    const check = hasEquation ? await latexChecker() : () => false;
    body = placeObjects(body, objects?.body, check);
    footnotes = placeObjects(footnotes, objects?.footnotes, check);
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
  const rawLines = body.split(/\r?\n/);
  // the text line after each line (table rows skipped), for headings recognised by what follows them
  const nextText: (string | null)[] = new Array<string | null>(rawLines.length).fill(null);
  for (let i = rawLines.length - 2, next: string | null = null; i >= 0; i--) {
    const after = rawLines[i + 1]!;
    if (!(after.endsWith("\t") && after.trim())) next = cleanText(after.replace(/\t/g, " ")) || next;
    nextText[i] = next;
  }
  let previous: { text: string; heading: boolean } | null = null;
  for (const [i, rawLine] of rawLines.entries()) {
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
    const level: number =
      headingLevel(rawLine, line) || plainHeadingLevel(line, previous, nextText[i] ?? null);
    previous = { text: line, heading: level > 0 };
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
  return finishDocument({
    format: "doc",
    pageCount: pageNow(),
    sections,
    metaTitle: docTitle(input.data),
    fileName: input.fileName,
  });
}

/** Stands for an equation object until the text is out of word-extractor (which keeps private-use characters). */
const EQUATION_MARK = "\ue0f0";
/** Stands for another embedded object (LibreOffice names no class in its EMBED fields, equations included). */
const OBJECT_MARK = "\ue0f1";
const OBJECT_MARKS = /[\ue0f0\ue0f1]/;
const OBJECT_MARKS_ALL = /[\ue0f0\ue0f1]/g;
/** An equation object's field: `EMBED Equation.3` (or MathType's `Equation.DSMT4`), its result the object's anchor. */
const EQUATION_FIELD =
  // eslint-disable-next-line no-control-regex -- Word's field marks are control characters
  /(\x13[^\x13\x14\x15]*?EMBED\s+"?(?:Equation|MathType)[^\x13\x14\x15]*\x14[^\x13\x14\x15\x01]*)\x01/g;
/** Any other object's field. */
const OBJECT_FIELD =
  // eslint-disable-next-line no-control-regex -- Word's field marks are control characters
  /(\x13[^\x13\x14\x15]*?EMBED\b[^\x13\x14\x15]*\x14[^\x13\x14\x15\x01]*)\x01/g;

type Extracted = Awaited<ReturnType<WordExtractor["extract"]>>;

/**
 * word-extractor with equation objects kept: an `EMBED Equation` field's result (the object anchor, which
 * word-extractor drops) is marked, same length, in the text pieces before they are joined and cleaned.
 * Built on word-extractor's internals; when they are not there, null (equations are then left out).
 */
const equationMarkingExtract: ((data: Buffer) => Promise<Extracted>) | null = (() => {
  try {
    const require = createRequire(import.meta.url);
    const Base = require("word-extractor/lib/word-ole-extractor.js") as new () => {
      _pieces?: { text?: unknown }[];
      buildDocument(): Extracted;
      extract(reader: unknown): Promise<Extracted>;
    };
    const BufferReader = require("word-extractor/lib/buffer-reader.js") as new (b: Buffer) => {
      open(): Promise<void>;
      close(): Promise<void>;
    };
    if (typeof Base.prototype.buildDocument !== "function") return null;
    class EquationMarking extends Base {
      override buildDocument(): Extracted {
        for (const piece of this._pieces ?? []) {
          if (typeof piece.text === "string")
            piece.text = piece.text
              .replace(EQUATION_FIELD, `$1${EQUATION_MARK}`)
              .replace(OBJECT_FIELD, `$1${OBJECT_MARK}`);
        }
        return super.buildDocument();
      }
    }
    return async (data: Buffer) => {
      const reader = new BufferReader(data);
      await reader.open();
      try {
        return await new EquationMarking().extract(reader);
      } finally {
        await reader.close();
      }
    };
  } catch {
    return null;
  }
})();

/**
 * The text with each object mark replaced: an equation by its formula (`$$…$$` alone on its line, `$…$` in
 * a sentence or a table row; "[equation]" when it cannot be read or KaTeX refuses it), another object by
 * nothing. Marks and the file's objects are paired in text order, and only when they are as many and every
 * mark of an equation field meets an equation: otherwise no formula is placed (a formula at the wrong
 * place is worse than a stand-in) and equation fields stay "[equation]".
 */
function placeObjects(text: string, objects: DocObject[] | undefined, check: LatexCheck): string {
  const marks = text.match(OBJECT_MARKS_ALL) ?? [];
  const paired =
    objects !== undefined &&
    objects.length === marks.length &&
    marks.every((m, i) => m !== EQUATION_MARK || objects[i]!.equation);
  let k = 0;
  return text.replace(OBJECT_MARKS_ALL, (mark, at: number) => {
    const object = paired ? objects[k++] : undefined;
    if (!object) return mark === EQUATION_MARK ? EQUATION_PLACEHOLDER : "";
    if (!object.equation) return "";
    if (!object.latex) return EQUATION_PLACEHOLDER;
    const start = text.lastIndexOf("\n", at) + 1;
    const end = text.indexOf("\n", at);
    const line = text.slice(start, end < 0 ? text.length : end);
    const display = !line.includes("\t") && line.replace(mark, "").trim() === "";
    if (!check(object.latex, display)) return EQUATION_PLACEHOLDER;
    return display ? `$$${object.latex}$$` : `$${object.latex}$`;
  });
}

const NUMBERED = /^((?:\d{1,2}\.)*\d{1,2})\.?\s+\S/;

function headingLevel(raw: string, line: string): number {
  if (line.startsWith("$")) return 0; // a formula
  if (line.length > 100 || /[.,;:!?。，；：]$/.test(line)) return 0;
  if (/\t\d+\s*$/.test(raw)) return 0; // a table-of-contents entry
  const letters = line.replace(/[^\p{L}]/gu, "");
  if (letters.length < 3 || !/\p{L}{3}/u.test(line)) return 0; // "F - FI=0" is a formula, not a heading
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

const SENTENCE_END = /[.!?。！？]["'”’)）]?$/u;
const LIST_MARK = /^[•●○▪■◆►\-–*·]/;

/**
 * A heading without a number or capitals (word-extractor gives no styles): a short line without end
 * punctuation that opens the document, or stands between a sentence (or a heading) and a longer paragraph.
 * A run of short lines is a list, not headings.
 */
function plainHeadingLevel(
  line: string,
  previous: { text: string; heading: boolean } | null,
  next: string | null,
): number {
  if (/[.,;:!?。，；：、\-–—]$/.test(line) || LIST_MARK.test(line) || !/\p{L}{2}/u.test(line)) return 0;
  if (line.startsWith("$")) return 0; // a formula
  const dense = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(line);
  const short = dense ? [...line].length <= 24 : line.length <= 60 && line.split(/\s+/).length <= 8;
  if (!short) return 0;
  if (previous === null) return next !== null ? 1 : 0;
  if (!previous.heading && !SENTENCE_END.test(previous.text)) return 0;
  if (!next || !SENTENCE_END.test(next) || [...next].length < [...line].length * 2) return 0;
  return 2;
}

/** The Title of the document's properties, when it has one. */
function docTitle(buf: Buffer): string | null {
  try {
    return oleTitle(CFB.read(buf, { type: "buffer" }));
  } catch {
    return null;
  }
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
