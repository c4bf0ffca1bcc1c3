import mammoth from "mammoth";
import type { SourceBlock, SourceDocument, SourceSection } from "@beannote/contract";
import { finishDocument, type ParseInput } from "./document";
import { latexOfEquationFile } from "./equation-object";
import { latexOfEquationPreview } from "./equation-preview";
import { partRelationships } from "./package-rels";
import { IngestError } from "./errors";
import { boldTerms, cleanText, isCjkCode, joinSoftBreaks } from "./text";
import {
  EQUATION_ALT_TEXT,
  EQUATION_PLACEHOLDER,
  EQUATION_PROG_ID,
  latexChecker,
  officeMathText,
  type LatexCheck,
} from "./omml";
import { attr, kids, parseXml, tagOf, textOf, type XNode } from "./xml";
import { openSafeZip, type SafeZip, type ZipLimits } from "./zip";

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
  const withMath = new Map<string, string>();
  for (const name of zip.names) {
    if (!/\.(xml|rels)$/i.test(name)) continue;
    const part = await zip.read(name);
    if (part && /^word\/[^/]+\.xml$/i.test(name) && MATH_MARK.some((m) => part.includes(m)))
      withMath.set(name, part.toString("utf8"));
  }
  if (!zip.has("word/document.xml")) throw new IngestError("FILE_CORRUPT", "docx without word/document.xml");
  // mammoth drops Office Math: the parts that hold equations are given to it with each one as a text run.
  if (withMath.size > 0) {
    const check = await latexChecker();
    for (const [name, xml] of withMath)
      withMath.set(name, rewriteWordMath(xml, check, await equationObjectLatex(zip, name, xml)));
  }
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      withMath.size > 0
        ? ({ file: overlayFile(zip, withMath) } as unknown as { buffer: Buffer })
        : { buffer: input.data },
      {
        convertImage: mammoth.images.imgElement((image) => {
          // a picture of an equation keeps its place; other pictures are left out
          const alt = (image as { altText?: string }).altText ?? "";
          const attributes = { src: "", alt: EQUATION_ALT_TEXT.test(alt) ? EQUATION_PLACEHOLDER : "" };
          return Promise.resolve(attributes);
        }),
        ignoreEmptyParagraphs: true,
        // a linked (not embedded) picture or file is never read, whatever mammoth's default
        externalFileAccess: false,
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

/** What a Word part holding equations contains: Office Math, or an OLE object (Equation Editor 3, MathType). */
const MATH_MARK = ["oMath", "OLEObject"];

const MATH_NS = "http://schemas.openxmlformats.org/officeDocument/2006/math";
const WORD_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

function prefixOf(xml: string, ns: string, fallback: string): string {
  const m = new RegExp(`xmlns:([\\w.-]+)="${ns.replace(/[.]/g, "\\.")}"`).exec(xml.slice(0, 8192));
  return (m?.[1] ?? fallback).replace(/[.-]/g, "\\$&");
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const progIdOf = (obj: string) => /\bProgID="([^"]*)"/.exec(obj)?.[1] ?? "";

/** An equation's class, or none (LibreOffice writes `ProgID=""` for the Equation Editor 3 objects it keeps). */
const mayBeEquation = (obj: string) => EQUATION_PROG_ID.test(progIdOf(obj)) || progIdOf(obj) === "";

const IMAGE_ID = /<(?:[\w.-]+:)?imagedata\b[^>]*?\br:id="([^"]*)"/;
const OLE_ID = /<(?:[\w.-]+:)?OLEObject\b[^>]*?\br:id="([^"]*)"/;

/**
 * The LaTeX of each equation object of a part, by relationship id: the one its preview picture carries
 * (AxMath), by the picture's id; else the MathType or Equation Editor 3 equation of its embedding, by
 * the embedding's id.
 */
async function equationObjectLatex(zip: SafeZip, part: string, xml: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const objects = [...xml.matchAll(/<(?:[\w.-]+:)?object\b[\s\S]*?<\/(?:[\w.-]+:)?object>/g)].filter((m) =>
    mayBeEquation(m[0]),
  );
  if (objects.length === 0) return found;
  const rels = await partRelationships(zip, part);
  const targets = new Map([...rels].flatMap(([id, r]) => (r.external ? [] : [[id, r.target] as const])));
  for (const [obj] of objects) {
    const id = IMAGE_ID.exec(obj)?.[1];
    const target = id ? targets.get(id) : undefined;
    if (id && target && !found.has(id) && /\.wmf$/i.test(target)) {
      const picture = await zip.read(target);
      const latex = picture ? latexOfEquationPreview(picture) : undefined;
      if (latex) {
        found.set(id, latex);
        continue;
      }
    }
    const oleId = OLE_ID.exec(obj)?.[1];
    const embedding = oleId ? targets.get(oleId) : undefined;
    if (!oleId || !embedding || found.has(oleId)) continue;
    const latex = await embeddedEquation(zip, embedding);
    if (latex) found.set(oleId, latex);
  }
  return found;
}

/** The equation of an embedded OLE object; a damaged embedding is only an unreadable equation. */
async function embeddedEquation(zip: SafeZip, name: string): Promise<string | undefined> {
  try {
    const bytes = await zip.read(name);
    return bytes ? latexOfEquationFile(bytes) : undefined;
  } catch {
    return undefined;
  }
}

/** Where the last `<tag>` or `<tag …>` before `at` opens; -1 when none does. */
function lastOpening(xml: string, tag: string, at: number): number {
  for (let i = xml.lastIndexOf(`<${tag}`, at); i >= 0; i = xml.lastIndexOf(`<${tag}`, i - 1)) {
    const next = xml[i + tag.length + 1];
    if (next === ">" || next === " " || next === "/") return i;
    if (i === 0) break;
  }
  return -1;
}

/**
 * True when the paragraph around `at` holds no text but the object at `at` (an equation on its own line);
 * never in a table cell, where a formula stays inline.
 */
function aloneInParagraph(xml: string, at: number, length: number, w: string): boolean {
  if (lastOpening(xml, `${w}:tc`, at) > xml.lastIndexOf(`</${w}:tc>`, at)) return false;
  const start = lastOpening(xml, `${w}:p`, at);
  const close = xml.indexOf(`</${w}:p>`, at + length);
  if (start < 0 || close < 0) return false;
  const rest = xml.slice(start, at) + xml.slice(at + length, close);
  const texts = [...rest.matchAll(new RegExp(`<${w}:t(?:\\s[^>]*)?>([^<]*)</${w}:t>`, "g"))];
  return texts.every((t) => !t[1]!.trim());
}

/**
 * A Word part with every equation replaced by a text run at its place: `m:oMathPara` (an equation on its
 * own line) as `$$…$$`, `m:oMath` (inside a line) as `$…$`, an equation object as its LaTeX (`previews`,
 * by the relationship id of its preview picture or of its embedding) or "[equation]".
 */
export function rewriteWordMath(
  xml: string,
  check: LatexCheck,
  previews: ReadonlyMap<string, string> = new Map(),
): string {
  const m = prefixOf(xml, MATH_NS, "m");
  const w = prefixOf(xml, WORD_NS, "w");
  const textRun = (text: string) =>
    text ? `<${w}:r><${w}:t xml:space="preserve">${escapeXml(text)}</${w}:t></${w}:r>` : "";
  const convert = (fragment: string, display: boolean): string => {
    const root = parseXml(fragment)[0];
    return root ? textRun(officeMathText(root, display, check)) : "";
  };
  const latexOf = (obj: string): string | undefined => {
    const id = IMAGE_ID.exec(obj)?.[1];
    const oleId = OLE_ID.exec(obj)?.[1];
    return (id ? previews.get(id) : undefined) ?? (oleId ? previews.get(oleId) : undefined);
  };
  const objectText = (obj: string, at: number): string => {
    const latex = latexOf(obj);
    if (!latex) return EQUATION_PLACEHOLDER;
    const display = aloneInParagraph(xml, at, obj.length, w);
    if (!check(latex, display)) return EQUATION_PLACEHOLDER;
    return display ? `$$${latex}$$` : `$${latex}$`;
  };
  return xml
    .replace(new RegExp(`<${w}:object\\b[^>]*>[\\s\\S]*?</${w}:object>`, "g"), (obj, at: number) => {
      // an object of no class is an equation only when its embedding reads as one
      const equation = EQUATION_PROG_ID.test(progIdOf(obj)) || (progIdOf(obj) === "" && latexOf(obj));
      return equation ? `<${w}:t xml:space="preserve">${escapeXml(objectText(obj, at))}</${w}:t>` : obj;
    })
    .replace(new RegExp(`<${m}:oMathPara(?=[\\s>])[\\s\\S]*?</${m}:oMathPara>`, "g"), (f) => convert(f, true))
    .replace(new RegExp(`<${m}:oMath(?=[\\s>])[\\s\\S]*?</${m}:oMath>`, "g"), (f) => convert(f, false));
}

/** The package as mammoth reads it (its undocumented `file` input), with some parts replaced. */
function overlayFile(zip: SafeZip, parts: Map<string, string>) {
  const clean = (name: string) => name.replace(/^\/+/, "");
  return {
    exists: (name: string) => zip.has(clean(name)),
    async read(name: string, encoding?: string): Promise<string | Uint8Array> {
      const key = clean(name);
      const replaced = parts.get(key);
      const bytes = replaced !== undefined ? Buffer.from(replaced, "utf8") : await zip.read(key);
      if (!bytes) throw new Error(`no part ${key}`);
      if (encoding === "base64") return bytes.toString("base64");
      if (encoding) return bytes.toString("utf8");
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
    },
  };
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

const BLOCK_TAGS = new Set([
  "p",
  "li",
  "ul",
  "ol",
  "table",
  "tr",
  "td",
  "th",
  "blockquote",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
]);

/**
 * The text of an element: a `<br>` is a soft line break ("self-" + break + "attention" → "self-attention",
 * "table" + break + "text" → "table text"), and the paragraphs, list items and nested tables inside it (a
 * table cell's) are kept apart: "This is a list: A First; A Second".
 */
function elementText(n: XNode): string {
  const pieces: string[] = [];
  let current = "";
  const flush = () => {
    const piece = cleanText(joinSoftBreaks(current));
    if (piece) pieces.push(piece);
    current = "";
  };
  const walk = (x: XNode) => {
    const text = textOf(x);
    if (text !== undefined) {
      current += text;
      return;
    }
    const tag = tagOf(x);
    if (tag === "br") {
      current += "\n";
      return;
    }
    if (tag === "img") {
      if (attr(x, "alt") === EQUATION_PLACEHOLDER) current += EQUATION_PLACEHOLDER;
      return;
    }
    const block = BLOCK_TAGS.has(tag);
    if (block) flush();
    for (const c of kids(x)) walk(c);
    if (block) flush();
  };
  for (const c of kids(n)) walk(c);
  flush();
  let out = "";
  for (const piece of pieces) {
    if (!out) out = piece;
    else if (/[.!?:;,。！？：；，]$/u.test(out))
      out += (isCjkCode(out.charCodeAt(out.length - 1)) ? "" : " ") + piece;
    else out += isCjkCode(out.charCodeAt(out.length - 1)) ? "；" + piece : "; " + piece;
  }
  return out;
}

/** The bold spans of a paragraph that can be terms (see boldTerms). */
function boldSpans(n: XNode, paragraph: string): string[] {
  const spans: string[] = [];
  const walk = (x: XNode) => {
    const tag = tagOf(x);
    if (tag === "strong" || tag === "b") {
      spans.push(cleanText(elementText(x)));
      return;
    }
    for (const c of kids(x)) walk(c);
  };
  walk(n);
  return boldTerms(spans, paragraph);
}

function walkHtml(html: string): RawBlock[] {
  const out: RawBlock[] = [];
  const roots = parseXml(`<root>${html}</root>`);
  const visit = (n: XNode) => {
    const t = tagOf(n);
    const h = /^h([1-6])$/.exec(t);
    if (h) {
      const text = elementText(n);
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
      const text = elementText(n);
      // A drop cap is a paragraph of its own: "D" + "rop caps are used…" is one word.
      const prev = out[out.length - 1];
      if (
        t === "p" &&
        prev?.kind === "block" &&
        prev.block.type === "paragraph" &&
        /^\p{Lu}$/u.test(prev.block.text ?? "") &&
        /^\p{Ll}/u.test(text)
      ) {
        prev.block.text += text;
        prev.words = countWords(prev.block.text!);
        return;
      }
      // Chinese outline numbering typed as a plain paragraph: "一、常见拓扑空间及其性质".
      if (t === "p" && CJK_HEADING.test(text)) {
        out.push({ kind: "heading", text, level: 1, words: countWords(text) });
        return;
      }
      if (text) {
        const emphasis = boldSpans(n, text);
        out.push({
          kind: "block",
          block: { type: t === "p" ? "paragraph" : "quote", text, ...(emphasis.length ? { emphasis } : {}) },
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
    const own: XNode[] = [];
    const nested: XNode[] = [];
    for (const c of kids(li)) {
      const t = tagOf(c);
      if (t === "ul" || t === "ol") nested.push(c);
      else own.push(c);
    }
    const text = elementText({ li: own });
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
        .map(elementText);
      if (row.some((x) => x)) rows.push(row);
    } else if (t === "thead" || t === "tbody" || t === "tfoot") {
      collectRows(c, rows);
    }
  }
}
