import path from "node:path/posix";
import type { SourceBlock, SourceDocument, SourceSection } from "@beannote/contract";
import { finishDocument, type ParseInput } from "../document";
import { IngestError } from "../errors";
import { parsePptx } from "../parse-pptx";
import { joinLines } from "../text";
import { attr, findAll, kids, find, parseXml } from "../xml";
import { openSafeZip, type SafeZip, type ZipLimits } from "../zip";
import type { OcrFileResult } from "./ocr";
import type { OcrLine } from "./tesseract";

/** The pictures of one slide that has no text of its own. */
export interface SlidePictures {
  slide: number;
  images: Buffer[];
}

/** A deck whose slides without text show pictures: what was parsed (null: no text at all) and the pictures. */
export interface PptxForOcr {
  doc: SourceDocument | null;
  pageCount: number;
  slides: SlidePictures[];
}

/** Picture formats Tesseract (Leptonica) reads; EMF/WMF drawings and SVG are not pictures of text. */
const RASTER = /\.(png|jpe?g|gif|bmp|tiff?|webp)$/i;
const MAX_PICTURES_PER_SLIDE = 4;
const MIN_PICTURE_BYTES = 2048; // bullets, logos and lines are not worth a Tesseract run

async function relsOf(zip: SafeZip, partPath: string): Promise<Map<string, string>> {
  const relsPath = path.join(path.dirname(partPath), "_rels", path.basename(partPath) + ".rels");
  const xml = await zip.readText(relsPath);
  const map = new Map<string, string>();
  if (!xml) return map;
  for (const root of parseXml(xml))
    for (const r of findAll(root, "Relationship")) {
      const id = attr(r, "Id");
      const target = attr(r, "Target");
      if (id && target && attr(r, "TargetMode") !== "External")
        map.set(
          id,
          target.startsWith("/")
            ? target.slice(1)
            : path.normalize(path.join(path.dirname(partPath), target)),
        );
    }
  return map;
}

async function slidePaths(zip: SafeZip): Promise<string[]> {
  const presXml = await zip.readText("ppt/presentation.xml");
  const rels = await relsOf(zip, "ppt/presentation.xml");
  const out: string[] = [];
  for (const root of presXml ? parseXml(presXml) : []) {
    const list = find(root, "p:sldIdLst");
    for (const s of list ? kids(list) : []) {
      const target = rels.get(attr(s, "r:id") ?? "");
      if (target && zip.has(target)) out.push(target);
    }
  }
  if (out.length > 0) return out;
  return zip.names
    .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)?.[1]) - Number(/(\d+)\.xml$/.exec(b)?.[1]));
}

/** Slides with no visible text of their own (`a:t` runs) but raster pictures: what OCR may read. */
export async function pptxSlidesToOcr(data: Buffer, limits?: ZipLimits): Promise<SlidePictures[]> {
  const zip = await openSafeZip(data, limits);
  const paths = await slidePaths(zip);
  const out: SlidePictures[] = [];
  for (let i = 0; i < paths.length; i++) {
    const xml = await zip.readText(paths[i]!);
    if (!xml || /<a:t>[^<]*\S[^<]*<\/a:t>/.test(xml) || /<m:t>/.test(xml)) continue;
    const rels = await relsOf(zip, paths[i]!);
    const images: Buffer[] = [];
    for (const m of xml.matchAll(/<a:blip\b[^>]*\br:embed="([^"]+)"/g)) {
      const target = rels.get(m[1]!);
      if (!target || !RASTER.test(target)) continue;
      const bytes = await zip.read(target);
      if (bytes && bytes.length >= MIN_PICTURE_BYTES) images.push(bytes);
      if (images.length >= MAX_PICTURES_PER_SLIDE) break;
    }
    if (images.length > 0) out.push({ slide: i + 1, images });
  }
  return out;
}

/**
 * Parse a PPTX, or (some slides have no text but pictures) also return those pictures for OCR. A deck
 * whose slides all have text costs one more pass over the slide XML, no picture is read.
 */
export async function parsePptxForOcr(
  input: ParseInput,
  limits?: ZipLimits,
): Promise<{ doc: SourceDocument } | { slides: PptxForOcr }> {
  let doc: SourceDocument | null = null;
  try {
    doc = await parsePptx(input, limits);
  } catch (error) {
    if (!(error instanceof IngestError) || error.code !== "FILE_NO_TEXT") throw error;
  }
  const read = new Set(doc?.sections.flatMap((s) => s.blocks.map((b) => b.page)) ?? []);
  if (doc && doc.pageCount > 0 && read.size >= doc.pageCount) return { doc };
  const slides = (await pptxSlidesToOcr(input.data, limits)).filter((s) => !read.has(s.slide));
  if (slides.length === 0) {
    if (doc) return { doc };
    throw new IngestError("FILE_NO_TEXT", "pptx without text or pictures");
  }
  const zip = await openSafeZip(input.data, limits);
  return { slides: { doc, pageCount: doc?.pageCount ?? (await slidePaths(zip)).length, slides } };
}

/** OCR lines → paragraphs: a new one where the gap to the previous line is larger than a line. */
function paragraphs(lines: OcrLine[], page: number): SourceBlock[] {
  const out: SourceBlock[] = [];
  let text = "";
  let prev: OcrLine | null = null;
  for (const l of lines) {
    const gap = prev ? prev.y - l.y : 0;
    if (prev && (gap < 0 || gap > Math.max(prev.size, l.size) * 1.9)) {
      out.push({ type: "paragraph", text, page });
      text = "";
    }
    text = joinLines(text, l.text);
    prev = l;
  }
  if (text) out.push({ type: "paragraph", text, page });
  return out;
}

/** The deck with what OCR read on its picture slides, each as a section "Slide N" in slide order. */
export function mergeSlideOcr(
  deck: { doc: SourceDocument | null; pageCount: number },
  result: OcrFileResult,
  fileName?: string,
  format: "pptx" | "ppt" = "pptx",
): SourceDocument {
  // A section without blocks (a title alone) keeps its place after the slide before it.
  let last = 0;
  const sections: (SourceSection & { at: number })[] = (deck.doc?.sections ?? []).map((s) => {
    last = s.blocks[0]?.page ?? last;
    return { ...s, at: last };
  });
  for (const page of result.pages)
    sections.push({
      heading: `Slide ${page.page}`,
      level: 1,
      blocks: paragraphs(page.lines, page.page),
      at: page.page,
    });
  sections.sort((a, b) => a.at - b.at); // stable: the deck's own order among equals
  const finished = finishDocument({
    format,
    pageCount: deck.pageCount,
    sections: sections.map(({ at: _at, ...s }) => s),
    metaTitle: deck.doc?.title ?? null,
    fileName,
  });
  return {
    ...finished,
    ocr: {
      pages: result.pages.map((p) => ({ page: p.page, confidence: p.confidence })),
      unreadablePages: result.unreadablePages,
      skippedPages: result.skippedPages,
      unavailable: false,
    },
  };
}
