import { openSafeZip } from "./zip";

/**
 * What is done to an office package (DOCX/PPTX, and the packages embedded in it) before LibreOffice
 * renders it, so that rendering reaches no URL and no local file:
 * - every relationship with `TargetMode="External"` is removed (linked pictures `r:link`, linked OLE
 *   objects, media, attached templates, sub-documents, frames, alt chunks…), except a hyperlink that only
 *   hyperlink elements refer to (LibreOffice resolves any external relationship a picture names, whatever
 *   its type, so a "hyperlink" a picture points at goes too);
 * - fields that read a URL or a file (`INCLUDEPICTURE`, `INCLUDETEXT`, `LINK`, `DDE`, `DDEAUTO`, `IMPORT`,
 *   `DATABASE`, `RD`… anything not on the list of fields known to stay inside the document) lose their
 *   instruction: the field's last result stays as plain content;
 * - `href`/`src` attributes holding an address (VML `o:href`, SVG images) are emptied, DOCTYPEs (external
 *   entities) removed;
 * - parts outside the OOXML folders (an OpenDocument `content.xml` beside them would be read instead) dropped.
 */
export interface LinkReport {
  relationships: number;
  fields: number;
  addresses: number;
}

/** Fields that neither fetch nor read anything outside the document. */
const SAFE_FIELDS = new Set(
  (
    "PAGE NUMPAGES SECTIONPAGES SECTION TOC TC TOA TA REF PAGEREF NOTEREF SEQ STYLEREF DATE TIME CREATEDATE " +
    "SAVEDATE PRINTDATE EDITTIME AUTHOR TITLE SUBJECT KEYWORDS COMMENTS LASTSAVEDBY NUMWORDS NUMCHARS " +
    "FILESIZE FILENAME TEMPLATE DOCPROPERTY DOCVARIABLE INFO HYPERLINK FORMTEXT FORMCHECKBOX FORMDROPDOWN EQ " +
    "SYMBOL LISTNUM AUTONUM AUTONUMLGL AUTONUMOUT XE INDEX BIBLIOGRAPHY CITATION QUOTE ADVANCE GOTOBUTTON " +
    "MACROBUTTON USERNAME USERINITIALS USERADDRESS SET IF COMPARE = MERGEFIELD MERGEREC MERGESEQ NEXT NEXTIF " +
    "SKIPIF ASK FILLIN BARCODE DISPLAYBARCODE PRIVATE ADDIN BIDIOUTLINE"
  ).split(" "),
);

const HYPERLINK_ELEMENTS = new Set(["hyperlink", "hlinkClick", "hlinkHover", "hlinkMouseOver"]);

/** Top-level folders of a DOCX/PPTX (an embedded workbook or chart keeps all of its own). */
const PACKAGE_ROOTS = /^(\[Content_Types\]\.xml$|_rels\/|docProps\/|word\/|ppt\/|customXml\/)/;

const START_TAG = /<([A-Za-z_][\w.:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

/** A DOCX/PPTX rewritten so that LibreOffice fetches and reads nothing while rendering it. */
export async function neutraliseOfficeLinks(
  data: Buffer,
  report: LinkReport = { relationships: 0, fields: 0, addresses: 0 },
  depth = 0,
): Promise<Buffer> {
  // loaded with the first office preview, not at boot
  const { default: JSZip } = await import("jszip");
  const zip = await openSafeZip(data);
  const parts = new Map<string, Buffer>();
  for (const name of zip.names) {
    if (name.endsWith("/")) continue;
    if (depth === 0 && !PACKAGE_ROOTS.test(name)) continue;
    const bytes = await zip.read(name);
    if (bytes) parts.set(name, bytes);
  }
  const texts = new Map<string, string>();
  for (const [name, bytes] of parts) {
    if (/\.(xml|rels|vml|svg)$/i.test(name) || looksLikeSvg(bytes)) {
      texts.set(name, stripDoctype(bytes.toString("utf8"), report));
    }
  }
  const out = new JSZip();
  for (const [name, bytes] of parts) {
    const text = texts.get(name);
    if (text !== undefined) {
      let rewritten: string;
      if (name.endsWith(".rels"))
        rewritten = neutraliseRelationships(text, texts.get(sourceOf(name)), report);
      else if (/\.svg$/i.test(name) || looksLikeSvg(bytes)) rewritten = neutraliseSvg(text, report);
      else rewritten = neutraliseAddresses(neutraliseFields(text, report), report);
      out.file(name, rewritten, { compression: "DEFLATE" });
    } else if (depth < 2 && bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
      // an embedded workbook, document or deck: its own links go the same way (a damaged one is left out)
      const inner = await neutraliseOfficeLinks(bytes, report, depth + 1).catch(() => null);
      if (inner) out.file(name, inner, { compression: "STORE" });
    } else {
      out.file(name, bytes, { compression: "STORE" });
    }
  }
  return out.generateAsync({ type: "nodebuffer" });
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function looksLikeSvg(bytes: Buffer): boolean {
  return /<svg[\s>]/i.test(bytes.subarray(0, 1024).toString("latin1"));
}

/** `word/_rels/document.xml.rels` → `word/document.xml`. */
function sourceOf(relsName: string): string {
  const match = /^(.*?)_rels\/([^/]*)\.rels$/.exec(relsName);
  return match ? `${match[1]}${match[2]}` : "";
}

function localName(qualified: string): string {
  return qualified.slice(qualified.indexOf(":") + 1);
}

function decode(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, ref: string) => {
    const lower = ref.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[lower] ?? "";
  });
}

function attributesOf(raw: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of raw.matchAll(ATTRIBUTE)) map.set(m[1]!, decode(m[3] ?? m[4] ?? ""));
  return map;
}

/**
 * The text with comments, CDATA sections and processing instructions blanked out (same length), so that
 * a start tag found in it is a real one at the same position as in the text.
 */
function masked(text: string): string {
  return text.replace(/<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<\?[\s\S]*?(?:\?>|$)/g, (m) =>
    " ".repeat(m.length),
  );
}

function stripDoctype(text: string, report: LinkReport): string {
  return text.replace(/<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>/gi, () => {
    report.addresses++;
    return "";
  });
}

/** Removes the external relationships of a `.rels` part, but for hyperlinks only hyperlinks use. */
function neutraliseRelationships(rels: string, source: string | undefined, report: LinkReport): string {
  const view = masked(rels);
  const cuts: [number, number][] = [];
  let usedElsewhere: Set<string> | undefined;
  for (const m of view.matchAll(START_TAG)) {
    if (localName(m[1]!) !== "Relationship") continue;
    const attributes = attributesOf(m[2]!);
    if ((attributes.get("TargetMode") ?? "").trim().toLowerCase() !== "external") continue;
    const id = attributes.get("Id") ?? "";
    const isHyperlink = /\/hyperlink$/.test(attributes.get("Type") ?? "");
    if (isHyperlink && source !== undefined) {
      usedElsewhere ??= idsUsedOutsideHyperlinks(source);
      if (!usedElsewhere.has(id)) continue;
    }
    let end = m.index + m[0].length;
    if (m[3] !== "/") {
      const close = view.slice(end).match(/^\s*<\/([\w.-]+:)?Relationship\s*>/);
      if (close) end += close[0].length;
    }
    cuts.push([m.index, end]);
    report.relationships++;
  }
  let out = rels;
  for (const [start, end] of cuts.reverse()) out = out.slice(0, start) + out.slice(end);
  return out;
}

/** Every attribute value of an element that is not a hyperlink (whatever the attribute's name). */
function idsUsedOutsideHyperlinks(xml: string): Set<string> {
  const ids = new Set<string>();
  for (const m of masked(xml).matchAll(START_TAG)) {
    if (HYPERLINK_ELEMENTS.has(localName(m[1]!))) continue;
    for (const value of attributesOf(m[2]!).values()) ids.add(value.trim());
  }
  return ids;
}

interface Field {
  instr: { start: number; end: number }[];
  text: string;
  separated: boolean;
  /** A field inside its instruction: the instruction is then partly made at run time. */
  nested: boolean;
}

/** Blanks the instruction of every field not known to stay inside the document (simple and complex). */
function neutraliseFields(xml: string, report: LinkReport): string {
  if (!/fldSimple|instrText|fldChar/.test(xml)) return xml;
  const view = masked(xml);
  const edits: { start: number; end: number; text: string }[] = [];
  const stack: Field[] = [];
  const finish = (field: Field) => {
    if (isSafeInstruction(field.text) && !(field.nested && field.text.trim() === "")) return;
    report.fields++;
    for (const part of field.instr) edits.push({ ...part, text: "" });
  };
  for (const m of view.matchAll(START_TAG)) {
    const name = localName(m[1]!);
    if (name === "fldSimple") {
      const attrs = m[2]!;
      for (const a of attrs.matchAll(ATTRIBUTE)) {
        if (localName(a[1]!) !== "instr" || isSafeInstruction(decode(a[3] ?? a[4] ?? ""))) continue;
        report.fields++;
        const at = m.index + m[1]!.length + 1 + a.index;
        edits.push({ start: at, end: at + a[0].length, text: `${a[1]}=""` });
      }
    } else if (name === "fldChar") {
      const type = [...attributesOf(m[2]!)].find(([key]) => localName(key) === "fldCharType")?.[1];
      if (type === "begin") {
        const parent = stack[stack.length - 1];
        if (parent && !parent.separated) parent.nested = true;
        stack.push({ instr: [], text: "", separated: false, nested: false });
      } else if (type === "separate" && stack.length) stack[stack.length - 1]!.separated = true;
      else if (type === "end" && stack.length) finish(stack.pop()!);
    } else if (name === "instrText" && m[3] !== "/") {
      const start = m.index + m[0].length;
      const close = new RegExp(`</${m[1]!.replace(/[.]/g, "\\.")}\\s*>`, "g");
      close.lastIndex = start;
      const found = close.exec(view);
      const end = found ? found.index : xml.length;
      const content = xml.slice(start, end);
      const field = stack[stack.length - 1];
      if (field && !field.separated) {
        field.instr.push({ start, end });
        field.text += instructionText(content);
      } else if (!isSafeInstruction(instructionText(content))) {
        // an instruction outside any field: LibreOffice may still read it
        report.fields++;
        edits.push({ start, end, text: "" });
      }
    }
  }
  // a field never ended is judged on what it holds
  for (const field of stack) finish(field);
  let out = xml;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

function instructionText(content: string): string {
  return decode(content.replace(/<!\[CDATA\[([\s\S]*?)(?:\]\]>|$)/g, "$1").replace(/<[^>]*>/g, ""));
}

function isSafeInstruction(instruction: string): boolean {
  const word =
    instruction
      .trim()
      .match(/^(=|[^\s\\"]+)/)?.[1]
      ?.toUpperCase() ?? "";
  return word === "" ? instruction.trim() === "" : SAFE_FIELDS.has(word);
}

/** A value that names a resource outside the package: a scheme (`http:`, `file:`), a UNC or absolute path. */
const ADDRESS = /^\s*(?:[a-z][\w+.-]*:|\\\\|\/)/i;

/** Empties `href`/`src` attributes holding an address (VML `o:href`, `v:imagedata src`, …). */
function neutraliseAddresses(xml: string, report: LinkReport): string {
  if (!/\b(?:href|src)\s*=/i.test(xml)) return xml;
  return rewriteAttributes(xml, report, (name, value) => {
    const local = localName(name).toLowerCase();
    return (local === "href" || local === "src") && ADDRESS.test(value);
  });
}

/** An SVG keeps only references inside itself (`#id`) and data: URLs. */
function neutraliseSvg(svg: string, report: LinkReport): string {
  const out = rewriteAttributes(svg, report, (name, value) => {
    const local = localName(name).toLowerCase();
    if (local !== "href" && local !== "src") return false;
    return !/^\s*(#|data:)/i.test(value);
  });
  // stylesheets may import or point at resources too
  return out.replace(/@import[^;]*;?|url\(\s*(['"]?)(?!#|data:)[^)]*\)/gi, () => {
    report.addresses++;
    return "none";
  });
}

function rewriteAttributes(
  xml: string,
  report: LinkReport,
  drop: (name: string, value: string) => boolean,
): string {
  const view = masked(xml);
  const edits: { start: number; end: number; text: string }[] = [];
  for (const m of view.matchAll(START_TAG)) {
    const base = m.index + m[1]!.length + 1;
    for (const a of m[2]!.matchAll(ATTRIBUTE)) {
      if (a[1]!.startsWith("xmlns") || !drop(a[1]!, decode(a[3] ?? a[4] ?? ""))) continue;
      report.addresses++;
      edits.push({ start: base + a.index, end: base + a.index + a[0].length, text: `${a[1]}=""` });
    }
  }
  let out = xml;
  for (const edit of edits.reverse()) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}
