import { XMLParser } from "fast-xml-parser";
import { IngestError } from "./errors";

/** A node of fast-xml-parser's ordered output: `{ tag: children[], ":@"?: attributes }` or `{ "#text": value }`. */
export type XNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  // Also decodes numeric character references ("&#9;", "&#x4E2D;"), which LibreOffice writes into PPTX text.
  htmlEntities: true,
});

/** Parse OOXML (never has a DOCTYPE: one is refused, which rules out entity expansion attacks). */
export function parseXml(text: string): XNode[] {
  if (/<!DOCTYPE/i.test(text.slice(0, 2048))) throw new IngestError("FILE_CORRUPT", "DOCTYPE in OOXML part");
  try {
    return parser.parse(text) as XNode[];
  } catch (err) {
    throw new IngestError("FILE_CORRUPT", `xml: ${String(err)}`);
  }
}

export function tagOf(n: XNode): string {
  for (const k in n) if (k !== ":@") return k;
  return "";
}

export function kids(n: XNode): XNode[] {
  const t = tagOf(n);
  const v = n[t];
  return Array.isArray(v) ? (v as XNode[]) : [];
}

export function attr(n: XNode, name: string): string | undefined {
  const a = n[":@"] as Record<string, string> | undefined;
  return a?.[name];
}

export function textOf(n: XNode): string | undefined {
  const v = n["#text"];
  return v === undefined ? undefined : String(v);
}

/** First descendant (depth first, including n) with the given tag. */
export function find(n: XNode, tag: string): XNode | undefined {
  if (tagOf(n) === tag) return n;
  for (const c of kids(n)) {
    const r = find(c, tag);
    if (r) return r;
  }
  return undefined;
}

export function findAll(n: XNode, tag: string, out: XNode[] = []): XNode[] {
  if (tagOf(n) === tag) {
    out.push(n);
    return out;
  }
  for (const c of kids(n)) findAll(c, tag, out);
  return out;
}

export function child(n: XNode, tag: string): XNode | undefined {
  return kids(n).find((c) => tagOf(c) === tag);
}

/** Concatenated text of all descendants. */
export function allText(n: XNode): string {
  const t = textOf(n);
  if (t !== undefined) return t;
  let s = "";
  for (const c of kids(n)) s += allText(c);
  return s;
}
