import mammoth from "mammoth";
import type { SourceBlock, SourceDocument, SourceSection } from "@beannote/contract";
import { finishDocument, type ParseInput } from "./document";
import { IngestError } from "./errors";
import { cleanText, isCjkCode } from "./text";
import { allText, kids, parseXml, tagOf, type XNode } from "./xml";
import { openSafeZip, type ZipLimits } from "./zip";

/** Words per page used to place blocks on pages when the file does not say how many pages it has. */
export const WORDS_PER_PAGE = 500;

/**
 * Parse a DOCX with mammoth (to HTML), then walk the HTML: h1–h6 → sections, ul/ol → list blocks,
 * tables → rows, blockquote → quote, p → paragraphs.
 *
 * Pages: DOCX has no fixed pages. When docProps/app.xml records the page count Word last rendered,
 * each block is placed proportionally to its word offset within that count; otherwise one page per
 * ~500 words (a CJK character counts as half a word). Good enough for "see page N" references.
 */
export async function parseDocx(input: ParseInput, limits?: ZipLimits): Promise<SourceDocument> {
  const zip = await openSafeZip(input.data, limits);
  // Inflate every XML part mammoth may read through the capped reader first: a part that inflates
  // past the cap fails here, before mammoth (which has no cap) would spend the memory.
  for (const name of zip.names) {
    if (/\.(xml|rels)$/i.test(name)) await zip.read(name);
  }
  if (!zip.has("word/document.xml")) throw new IngestError("FILE_CORRUPT", "docx without word/document.xml");
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: input.data },
      {
        convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: "" })),
        ignoreEmptyParagraphs: true,
      },
    );
    html = result.value;
  } catch (err) {
    throw new IngestError("FILE_CORRUPT", `mammoth: ${String(err)}`);
  }
  const app = await zip.readText("docProps/app.xml");
  const renderedPages = app ? Number(/<Pages>(\d+)<\/Pages>/.exec(app)?.[1] ?? 0) : 0;
  const core = await zip.readText("docProps/core.xml");
  const metaTitle = core ? /<dc:title>([^<]*)<\/dc:title>/.exec(core)?.[1] : null;

  const raw = walkHtml(html);
  const totalWords = raw.reduce((n, b) => n + b.words, 0);
  const pageCount = renderedPages > 0 ? renderedPages : Math.max(1, Math.ceil(totalWords / WORDS_PER_PAGE));
  const pageAt = (wordsBefore: number) =>
    Math.min(pageCount, 1 + Math.floor(totalWords > 0 ? (wordsBefore / totalWords) * pageCount : 0));

  const sections: SourceSection[] = [{ heading: "", level: 1, blocks: [] }];
  let words = 0;
  for (const b of raw) {
    const page = pageAt(words);
    words += b.words;
    if (b.kind === "heading") {
      sections.push({ heading: b.text, level: b.level, blocks: [] });
      continue;
    }
    sections[sections.length - 1]!.blocks.push({ ...b.block, page });
  }
  return finishDocument({ format: "docx", pageCount, sections, metaTitle, fileName: input.fileName });
}

type RawBlock =
  | { kind: "heading"; text: string; level: number; words: number }
  | { kind: "block"; block: Omit<SourceBlock, "page">; words: number };

export function countWords(s: string): number {
  let words = 0;
  let cjk = 0;
  let inWord = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isCjkCode(c)) {
      cjk++;
      inWord = false;
    } else if (c === 0x20 || c === 0x0a || c === 0x09) {
      inWord = false;
    } else if (!inWord) {
      words++;
      inWord = true;
    }
  }
  return words + cjk / 2;
}

const CJK_HEADING = /^[一二三四五六七八九十]{1,3}[、．.]\s*\S.{0,38}$/u;

function walkHtml(html: string): RawBlock[] {
  const out: RawBlock[] = [];
  const roots = parseXml(`<root>${html}</root>`);
  const visit = (n: XNode) => {
    const t = tagOf(n);
    const h = /^h([1-6])$/.exec(t);
    if (h) {
      const text = cleanText(allText(n));
      if (text) out.push({ kind: "heading", text, level: Number(h[1]), words: countWords(text) });
      return;
    }
    if (t === "ul" || t === "ol") {
      const items: string[] = [];
      collectItems(n, 0, items);
      if (items.length > 0) {
        out.push({ kind: "block", block: { type: "list", items }, words: countWords(items.join(" ")) });
      }
      return;
    }
    if (t === "table") {
      const rows: string[][] = [];
      collectRows(n, rows);
      if (rows.length > 0) {
        out.push({ kind: "block", block: { type: "table", rows }, words: countWords(rows.flat().join(" ")) });
      }
      return;
    }
    if (t === "p" || t === "blockquote") {
      const text = cleanText(allText(n));
      // Chinese outline numbering typed as a plain paragraph: "一、常见拓扑空间及其性质".
      if (t === "p" && CJK_HEADING.test(text)) {
        out.push({ kind: "heading", text, level: 1, words: countWords(text) });
        return;
      }
      if (text) {
        out.push({
          kind: "block",
          block: { type: t === "p" ? "paragraph" : "quote", text },
          words: countWords(text),
        });
      }
      return;
    }
    for (const c of kids(n)) visit(c);
  };
  for (const r of roots) visit(r);
  return out;
}

/** List items, nested lists indented by two spaces per level. */
function collectItems(list: XNode, depth: number, items: string[]): void {
  for (const li of kids(list)) {
    if (tagOf(li) !== "li") continue;
    let own = "";
    const nested: XNode[] = [];
    for (const c of kids(li)) {
      const t = tagOf(c);
      if (t === "ul" || t === "ol") nested.push(c);
      else own += allText(c);
    }
    const text = cleanText(own);
    if (text) items.push("  ".repeat(depth) + text);
    for (const n of nested) collectItems(n, depth + 1, items);
  }
}

function collectRows(n: XNode, rows: string[][]): void {
  for (const c of kids(n)) {
    const t = tagOf(c);
    if (t === "tr") {
      const row = kids(c)
        .filter((td) => tagOf(td) === "td" || tagOf(td) === "th")
        .map((td) => cleanText(allText(td)));
      if (row.some((x) => x)) rows.push(row);
    } else if (t === "thead" || t === "tbody" || t === "tfoot") {
      collectRows(c, rows);
    }
  }
}
