import type { OutputLanguage } from "@beannote/contract";
import { parseCitation } from "@beannote/contract";
import { remarkDisplayMath } from "@beannote/contract/math-text";
import type { Root, RootContent } from "mdast";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { labelsFor, languageName } from "../../engine/labels";
import { detectLanguage, primaryLanguage } from "../../engine/text";

/** What every export format is made from: the note as the student sees it, and the words around it. */
export interface ExportDocument {
  title: string;
  /** The note's Markdown (GFM) with its leading `# title` line removed: the export prints the title itself. */
  body: Root;
  /** BCP 47 tag of the text (the source language when the offline engine kept it), e.g. `zh-CN`, `ja`. */
  lang: string;
  outputLanguage: OutputLanguage;
  /** "English", "中文", … in the note's own language. */
  languageName: string;
  /** The note's last change, written the way its language writes dates. */
  dateText: string;
  /** The source files' names, source 1 first (citations name them by number). */
  sources: string[];
  labels: {
    sources: string;
    colon: string;
  };
}

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkMath).use(remarkDisplayMath);

/**
 * Parses note Markdown the way the web app does (react-markdown: remark-parse + remark-gfm + remark-math):
 * formulas (`$…$`, `$$…$$`) are `inlineMath` and `math` nodes, their LaTeX untouched by Markdown escapes.
 */
export function parseNoteMarkdown(markdown: string): Root {
  return parser.runSync(parser.parse(markdown), markdown) as Root;
}

/** The language tag of the note's text: CJK bodies keep their own (fonts differ), else the output language. */
export function textLanguage(markdown: string, outputLanguage: OutputLanguage): string {
  const detected = detectLanguage(markdown.slice(0, 20_000));
  const output = primaryLanguage(outputLanguage);
  if (detected === "und" || detected === output) return outputLanguage;
  return detected === "zh" ? "zh-CN" : detected;
}

/** Builds the export of a note. */
export function exportDocument(note: {
  title: string;
  markdown: string;
  outputLanguage: OutputLanguage;
  updatedAt: Date;
  sources: string[];
}): ExportDocument {
  const body = parseNoteMarkdown(note.markdown);
  const first = body.children[0];
  if (first?.type === "heading" && first.depth === 1) body.children.shift();
  const labels = labelsFor(note.outputLanguage);
  const name = languageName(primaryLanguage(note.outputLanguage), note.outputLanguage);
  return {
    title: note.title,
    body,
    lang: textLanguage(note.markdown, note.outputLanguage),
    outputLanguage: note.outputLanguage,
    languageName: name.charAt(0).toLocaleUpperCase(note.outputLanguage) + name.slice(1),
    dateText: new Intl.DateTimeFormat(note.outputLanguage, { dateStyle: "long" }).format(note.updatedAt),
    sources: note.sources,
    labels: { sources: labels.sources, colon: labels.colon },
  };
}

/** The page a citation link points at (`#source=1&page=12`), or null for any other link. */
export function citationOf(url: string): { source: number; page: number } | null {
  return parseCitation(url);
}

/** Plain text of an mdast node (for alt texts and checks). */
export function nodeText(node: RootContent | Root): string {
  if ("value" in node && typeof node.value === "string") return node.value;
  if ("children" in node) return (node.children as RootContent[]).map(nodeText).join("");
  return "";
}
