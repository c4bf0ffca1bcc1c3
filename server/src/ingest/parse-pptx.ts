import { nameUntitledSlides, slideTitle } from "./slide-title";
import type { SourceBlock, SourceDocument, SourceSection } from "@beannote/contract";
import { deckCover, finishDocument, type ParseInput } from "./document";
import { IngestError } from "./errors";
import { boldTerms, cleanText, joinSoftBreaks } from "./text";
import {
  EQUATION_ALT_TEXT,
  EQUATION_PLACEHOLDER,
  EQUATION_PROG_ID,
  isOfficeMath,
  latexChecker,
  officeMathText,
  type LatexCheck,
} from "./omml";
import { attr, child, find, findAll, kids, parseXml, tagOf, textOf, type XNode } from "./xml";
import { partRelationships } from "./package-rels";
import { openSafeZip, type SafeZip, type ZipLimits } from "./zip";

/** Placeholders that carry boilerplate, not content. */
const SKIPPED_PLACEHOLDERS = new Set(["dt", "ftr", "sldNum", "hdr"]);

/**
 * Parse a PPTX from its XML: one section per slide (titled by its title placeholder, else "Slide N"),
 * body text as paragraphs or lists, tables as rows, speaker notes as `quote` blocks. page = slide number.
 */
export async function parsePptx(input: ParseInput, limits?: ZipLimits): Promise<SourceDocument> {
  const zip = await openSafeZip(input.data, limits);
  const slidePaths = await slideOrder(zip);
  if (slidePaths.length === 0) throw new IngestError("FILE_CORRUPT", "pptx without slides");
  const sections: SourceSection[] = [];
  let cover: string | null = null; // the first centred title (a title slide)
  for (let i = 0; i < slidePaths.length; i++) {
    const slidePath = slidePaths[i]!;
    const xml = await zip.readText(slidePath);
    if (xml === null) continue;
    const page = i + 1;
    const check = xml.includes("oMath") ? await latexChecker() : null;
    const { title, centred, blocks } = readShapes(parseXml(xml), page, check);
    if (centred && cover === null) cover = title;
    const notes = await readNotes(zip, slidePath, page);
    sections.push({ heading: title || `Slide ${page}`, level: 1, blocks: [...blocks, ...notes] });
  }
  const core = await zip.readText("docProps/core.xml");
  const metaTitle = core ? /<dc:title>([^<]*)<\/dc:title>/.exec(core)?.[1] : null;
  const realSections = sections.filter((s) => s.blocks.length > 0 || !/^Slide \d+$/.test(s.heading));
  return finishDocument({
    format: "pptx",
    pageCount: slidePaths.length,
    sections: numberedSlideLevels(nameUntitledSlides(realSections)),
    metaTitle: metaTitle ? decodeXmlText(metaTitle) : null,
    coverTitle: cover ?? deckCover(realSections),
    fileName: input.fileName,
  });
}

/** A slide title's section number ("5.1.1 CPU与I/O突发周期" → 3 parts). */
const SLIDE_NUMBER = /^(\d{1,2}(?:\.\d{1,2}){0,4})(?:[.、:：]|\s)\s*\S/u;

/**
 * Slides whose titles are numbered ("5.1 基本概念", "5.1.1 CPU与I/O突发周期") nest as their numbers say, when
 * most titles are: a deck's 5.1.1 stood beside 5.1 in its note, its map and its podcast.
 */
function numberedSlideLevels(sections: SourceSection[]): SourceSection[] {
  // an untitled slide is called by its first line (see nameUntitledSlides)
  const titleOf = (s: SourceSection) =>
    /^Slide \d+$/u.test(s.heading) ? (s.blocks[0]?.text ?? s.heading) : s.heading;
  const depths = sections.map((s) => {
    const m = SLIDE_NUMBER.exec(titleOf(s));
    return m ? m[1]!.split(".").length : 0;
  });
  const numbered = depths.filter((d) => d > 0);
  if (numbered.length < 3 || numbered.length * 3 < sections.length * 2) return sections;
  const top = Math.min(...numbered);
  if (Math.max(...numbered) === top) return sections;
  return sections.map((s, i) => (depths[i]! > 0 ? { ...s, level: Math.min(6, depths[i]! - top + 1) } : s));
}

function decodeXmlText(s: string): string {
  return s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Slide part paths in presentation order (p:sldIdLst), else by slide number. */
async function slideOrder(zip: SafeZip): Promise<string[]> {
  const presXml = await zip.readText("ppt/presentation.xml");
  if (presXml) {
    const rels = await partRelationships(zip, "ppt/presentation.xml");
    const out: string[] = [];
    for (const root of parseXml(presXml)) {
      const list = find(root, "p:sldIdLst");
      if (!list) continue;
      for (const s of kids(list)) {
        const target = rels.get(attr(s, "r:id") ?? "")?.target;
        if (target && zip.has(target)) out.push(target);
      }
    }
    if (out.length > 0) return out;
  }
  return zip.names
    .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)?.[1]) - Number(/(\d+)\.xml$/.exec(b)?.[1]));
}

interface Para {
  text: string;
  level: number;
  bullet: boolean;
  /** Runs set in bold (`b="1"`), neighbours joined, that can be terms (see boldTerms). */
  bold: string[];
}

/** The equation a PowerPoint paragraph holds (`a14:m` around `m:oMathPara` or `m:oMath`), as text. */
function mathOf(n: XNode, check: LatexCheck | null): string {
  if (!check) return EQUATION_PLACEHOLDER;
  const math = kids(n).find(isOfficeMath);
  if (!math) return "";
  return officeMathText(math, tagOf(math).endsWith("oMathPara"), check);
}

function readParagraphs(txBody: XNode, check: LatexCheck | null = null): Para[] {
  const out: Para[] = [];
  for (const p of kids(txBody)) {
    if (tagOf(p) !== "a:p") continue;
    let text = "";
    let level = 0;
    let bullet = false;
    const bold: string[] = [];
    let boldRun: string | null = null;
    const endBold = () => {
      if (boldRun !== null) bold.push(boldRun);
      boldRun = null;
    };
    const readRuns = (parent: XNode): void => {
      for (const c of kids(parent)) {
        const t = tagOf(c);
        if (t === "a:pPr") {
          level = Number(attr(c, "lvl") ?? 0) || 0;
          bullet = kids(c).some((k) => tagOf(k) === "a:buChar" || tagOf(k) === "a:buAutoNum");
        } else if (t === "a:r" || t === "a:fld") {
          const tn = child(c, "a:t");
          let run = "";
          if (tn) for (const k of kids(tn)) run += textOf(k) ?? "";
          text += run;
          const b = attr(child(c, "a:rPr") ?? {}, "b");
          if (b === "1" || b === "true") boldRun = (boldRun ?? "") + run;
          else if (run.trim()) endBold();
        } else if (t === "a:br") {
          endBold();
          text += "\n";
        } else if (t.endsWith(":m") && kids(c).some(isOfficeMath)) {
          text += mathOf(c, check);
        } else if (t === "mc:AlternateContent") {
          readRuns(chosenContent(c) ?? c);
        }
      }
    };
    readRuns(p);
    endBold();
    const clean = cleanText(joinSoftBreaks(text));
    if (clean) out.push({ text: clean, level, bullet, bold: boldTerms(bold.map(cleanText), clean) });
  }
  return out;
}

/** Requirements of an `mc:Choice` this reader understands: PowerPoint 2010 drawing, where its equations live. */
const UNDERSTOOD_CHOICE = /^a14$/;

/** The `mc:Choice` of an `mc:AlternateContent` that holds equations, when there is one. */
function chosenContent(n: XNode): XNode | undefined {
  return kids(n).find((c) => tagOf(c) === "mc:Choice" && UNDERSTOOD_CHOICE.test(attr(c, "Requires") ?? ""));
}

function readShapes(
  roots: XNode[],
  page: number,
  check: LatexCheck | null = null,
): { title: string; centred: boolean; blocks: SourceBlock[] } {
  let title = "";
  let centred = false;
  const blocks: SourceBlock[] = [];
  const visit = (n: XNode) => {
    const t = tagOf(n);
    if (t === "p:sp") {
      const ph = find(n, "p:ph");
      const phType = ph ? (attr(ph, "type") ?? "body") : null;
      if (phType && SKIPPED_PLACEHOLDERS.has(phType)) return;
      const txBody = child(n, "p:txBody");
      if (!txBody) return;
      const paras = readParagraphs(txBody, check);
      if (paras.length === 0) return;
      if ((phType === "title" || phType === "ctrTitle") && !title) {
        const { title: text, rest } = slideTitle(paras.map((p) => p.text));
        title = text;
        if (rest) blocks.push({ type: "paragraph", text: rest, page });
        centred = phType === "ctrTitle";
        return;
      }
      const isList = phType === "body" || phType === "obj" || paras.some((p) => p.bullet);
      // each paragraph's spans are terms already; a list's are put together once each
      const emphasisOf = (bold: string[]) =>
        bold.length ? { emphasis: [...new Set(bold)].slice(0, 50) } : {};
      if (isList && paras.length > 1) {
        blocks.push({
          type: "list",
          items: paras.map((p) => "  ".repeat(p.level) + p.text),
          page,
          ...emphasisOf(paras.flatMap((p) => p.bold)),
        });
      } else {
        for (const p of paras) blocks.push({ type: "paragraph", text: p.text, page, ...emphasisOf(p.bold) });
      }
      return;
    }
    if (t === "mc:AlternateContent") {
      // an equation's text box comes as a choice (the math) and a fallback (its picture): read the math
      const choice = chosenContent(n);
      for (const c of choice ? [choice] : kids(n)) visit(c);
      return;
    }
    if (t === "p:graphicFrame") {
      const ole = find(n, "p:oleObj");
      if (ole && EQUATION_PROG_ID.test(attr(ole, "progId") ?? "")) {
        blocks.push({ type: "paragraph", text: EQUATION_PLACEHOLDER, page });
        return;
      }
    }
    if (t === "p:pic") {
      const props = find(n, "p:cNvPr");
      const alt = `${attr(props ?? {}, "descr") ?? ""} ${attr(props ?? {}, "title") ?? ""}`;
      if (EQUATION_ALT_TEXT.test(alt)) blocks.push({ type: "paragraph", text: EQUATION_PLACEHOLDER, page });
      return;
    }
    if (t === "a:tbl") {
      const rows: string[][] = [];
      for (const tr of kids(n)) {
        if (tagOf(tr) !== "a:tr") continue;
        const row = kids(tr)
          .filter((tc) => tagOf(tc) === "a:tc")
          .map((tc) => {
            const body = child(tc, "a:txBody");
            return body
              ? readParagraphs(body, check)
                  .map((p) => p.text)
                  .join(" ")
              : "";
          });
        if (row.some((c) => c)) rows.push(row);
      }
      if (rows.length > 0) blocks.push({ type: "table", rows, page });
      return;
    }
    for (const c of kids(n)) visit(c);
  };
  for (const r of roots) visit(r);
  return { title, centred, blocks };
}

async function readNotes(zip: SafeZip, slidePath: string, page: number): Promise<SourceBlock[]> {
  const rels = await partRelationships(zip, slidePath);
  const notes = [...rels.values()].find((r) => r.type.endsWith("/notesSlide"));
  if (!notes) return [];
  const xml = await zip.readText(notes.target);
  if (!xml) return [];
  const out: SourceBlock[] = [];
  const check = xml.includes("oMath") ? await latexChecker() : null;
  for (const root of parseXml(xml)) {
    for (const sp of findAll(root, "p:sp")) {
      const ph = find(sp, "p:ph");
      if (!ph || attr(ph, "type") !== "body") continue;
      const body = child(sp, "p:txBody");
      const text = body
        ? readParagraphs(body, check)
            .map((p) => p.text)
            .join("\n")
        : "";
      if (text.trim()) out.push({ type: "quote", text, page });
    }
  }
  return out;
}
