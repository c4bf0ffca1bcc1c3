import CFB from "cfb";
import type { SourceBlock, SourceDocument, SourceSection } from "@beannote/contract";
import { deckCover, finishDocument, type ParseInput } from "./document";
import { oleTitle } from "./ole-summary";
import { nameUntitledSlides, slideTitle } from "./slide-title";
import { IngestError } from "./errors";
import { cleanText, joinSoftBreaks } from "./text";

// Record types of the PowerPoint binary format ([MS-PPT] 2.13.24).
const RT_DOCUMENT = 0x03e8;
const RT_SLIDE = 0x03ee;
const RT_SLIDE_LIST_WITH_TEXT = 0x0ff0;
const RT_SLIDE_PERSIST_ATOM = 0x03f3;
const RT_TEXT_HEADER_ATOM = 0x0f9f;
const RT_TEXT_CHARS_ATOM = 0x0fa0;
const RT_TEXT_BYTES_ATOM = 0x0fa8;
const RT_PERSIST_DIRECTORY_ATOM = 0x1772;
const RT_CRYPT_SESSION = 0x2f14;
// Office Art property tables (OfficeArtFOPT, secondary and tertiary) and the properties naming a picture.
const RT_OFFICE_ART_FOPT = [0xf00b, 0xf121, 0xf122];
const PROP_PIB = 0x0104;
const PROP_FILL_BLIP = 0x0186;

// TextHeaderAtom text types.
const TEXT_TITLE = 0;
const TEXT_NOTES = 2;
const TEXT_CENTER_TITLE = 6;

/** Template text that PowerPoint and WPS put in empty placeholders: not content. */
const PLACEHOLDER_TEXT =
  /^(click to (edit|add)\b.*|second level|third level|fourth level|fifth level|单击此处(编辑|添加).*|编辑母版.*|第[二三四五]级|click icon to add.*)$/i;

interface TextRun {
  type: number;
  text: string;
  /** Read from the slide's drawing (text boxes) rather than from the SlideListWithText. */
  drawing?: boolean;
}

interface Rec {
  type: number;
  instance: number;
  start: number; // offset of the record data
  len: number;
}

/**
 * Parse a legacy PowerPoint file from the "PowerPoint Document" stream: slides in the order of the
 * SlideListWithText, each slide's text from the text atoms of that list and of the slide's own
 * drawing (found through the persist directories). A damaged UserEditAtom chain does not matter:
 * every persist directory in the stream is read in order. page = slide number.
 */
export async function parsePpt(input: ParseInput): Promise<SourceDocument> {
  return finishDocument(readPpt(input).document);
}

/** A legacy deck read for OCR: its text (null without any) and the slides that are pictures without text. */
export interface PptForOcr {
  doc: SourceDocument | null;
  pageCount: number;
  /** Slide numbers with a picture and no text besides a title: what OCR reads from the rendered slide. */
  slides: number[];
}

/**
 * Parse a legacy PowerPoint file, or (some slides hold only pictures) also name those slides for OCR. A deck
 * whose every slide has text costs nothing more.
 */
export async function parsePptForOcr(
  input: ParseInput,
): Promise<{ doc: SourceDocument } | { pptSlides: PptForOcr }> {
  const { document, pictureSlides } = readPpt(input);
  const withText = new Set(document.sections.flatMap((s) => s.blocks.map((b) => b.page)));
  const slides = pictureSlides.filter((page) => !withText.has(page));
  if (slides.length === 0) return { doc: finishDocument(document) };
  let doc: SourceDocument | null = null;
  try {
    doc = finishDocument(document);
  } catch (error) {
    if (!(error instanceof IngestError) || error.code !== "FILE_NO_TEXT") throw error;
  }
  return { pptSlides: { doc, pageCount: document.pageCount, slides } };
}

function readPpt(input: ParseInput): {
  document: Parameters<typeof finishDocument>[0];
  pictureSlides: number[];
} {
  let stream: Buffer;
  let names: string[];
  let cfb: CFB.CFB$Container;
  try {
    cfb = CFB.read(input.data, { type: "buffer" });
    names = cfb.FileIndex.map((e) => e.name);
    const entry = CFB.find(cfb, "PowerPoint Document");
    if (!entry?.content) throw new Error("no PowerPoint Document stream");
    stream = Buffer.from(entry.content as Uint8Array);
  } catch (err) {
    throw new IngestError("FILE_CORRUPT", `ppt: ${String(err)}`);
  }
  if (names.includes("EncryptedSummary")) throw new IngestError("FILE_ENCRYPTED", "ppt EncryptedSummary");

  const topLevel = readRecords(stream, 0, stream.length);
  if (topLevel.length === 0) throw new IngestError("FILE_CORRUPT", "ppt: no records");
  // Persist id → stream offset, later directories overriding earlier ones (incremental saves).
  const persist = new Map<number, number>();
  let slideList: Rec | null = null;
  const slidesInStreamOrder: Rec[] = [];
  for (const r of topLevel) {
    if (r.type === RT_CRYPT_SESSION) throw new IngestError("FILE_ENCRYPTED", "ppt CryptSession10Container");
    if (r.type === RT_PERSIST_DIRECTORY_ATOM) readPersistDirectory(stream, r, persist);
    else if (r.type === RT_SLIDE) slidesInStreamOrder.push(r);
    else if (r.type === RT_DOCUMENT) {
      for (const c of readRecords(stream, r.start, r.start + r.len)) {
        if (c.type === RT_SLIDE_LIST_WITH_TEXT && c.instance === 0) slideList = c;
      }
    }
  }

  const slides: TextRun[][] = [];
  /** Per slide (same order): whether its drawing holds a picture. */
  const pictures: boolean[] = [];
  if (slideList) {
    let current: { runs: TextRun[]; persistId: number } | null = null;
    let type = -1;
    const done: { runs: TextRun[]; persistId: number }[] = [];
    for (const r of readRecords(stream, slideList.start, slideList.start + slideList.len)) {
      if (r.type === RT_SLIDE_PERSIST_ATOM && r.len >= 4) {
        current = { runs: [], persistId: stream.readUInt32LE(r.start) };
        done.push(current);
        type = -1;
      } else if (r.type === RT_TEXT_HEADER_ATOM && r.len >= 4) {
        type = stream.readUInt32LE(r.start);
      } else if (current && (r.type === RT_TEXT_CHARS_ATOM || r.type === RT_TEXT_BYTES_ATOM)) {
        current.runs.push({ type, text: decodeText(stream, r) });
      }
    }
    for (const s of done) {
      const runs = [...s.runs];
      const offset = persist.get(s.persistId);
      let picture = false;
      if (offset !== undefined) {
        const rec = readRecords(stream, offset, Math.min(stream.length, offset + 8 + 0x7fffffff), 1)[0];
        if (rec && rec.type === RT_SLIDE) {
          runs.push(...slideTextRuns(stream, rec).map((run) => ({ ...run, drawing: true })));
          picture = hasPicture(stream, rec);
        }
      }
      slides.push(runs);
      pictures.push(picture);
    }
  }
  if (slides.length === 0 || slides.every((s) => s.length === 0)) {
    // No usable slide list (damaged file): every slide container in stream order.
    slides.length = 0;
    pictures.length = 0;
    for (const r of slidesInStreamOrder) {
      slides.push(slideTextRuns(stream, r));
      pictures.push(hasPicture(stream, r));
    }
  }
  if (slides.length === 0) throw new IngestError("FILE_CORRUPT", "ppt: no slides");

  const sections: SourceSection[] = [];
  let cover: string | null = null; // the first title slide's title (a centred title), else slide 1's
  slides.forEach((runs, i) => {
    const page = i + 1;
    let title = "";
    const blocks: SourceBlock[] = [];
    // Placeholder text is stored twice, in the slide list and in the slide's drawing: each list run hides one
    // drawing run with the same text. Runs repeated within one of them (table cells "0", "0") all stay.
    const fromList = new Map<string, number>();
    for (const run of runs) {
      if (run.type === TEXT_NOTES) continue;
      const paras = run.text
        .split(/[\r\n]+/)
        .map((p) => cleanText(joinSoftBreaks(p.split("\u000b").join("\n"))))
        .filter((p) => p && !PLACEHOLDER_TEXT.test(p));
      if (paras.length === 0) continue;
      const key = paras.join("\n");
      const listed = fromList.get(key) ?? 0;
      if (run.drawing && listed > 0) {
        fromList.set(key, listed - 1);
        continue;
      }
      if (!run.drawing) fromList.set(key, listed + 1);
      if ((run.type === TEXT_TITLE || run.type === TEXT_CENTER_TITLE) && !title) {
        const { title: text, rest } = slideTitle(paras);
        title = text;
        if (rest) blocks.push({ type: "paragraph", text: rest, page });
        if (run.type === TEXT_CENTER_TITLE && cover === null) cover = title;
      } else if (paras.length > 1) blocks.push({ type: "list", items: paras, page });
      else blocks.push({ type: "paragraph", text: paras[0]!, page });
    }
    if (title || blocks.length > 0) sections.push({ heading: title || `Slide ${page}`, level: 1, blocks });
  });
  return {
    document: {
      format: "ppt",
      pageCount: slides.length,
      sections: nameUntitledSlides(sections),
      metaTitle: oleTitle(cfb),
      coverTitle: cover ?? deckCover(sections),
      fileName: input.fileName,
    },
    pictureSlides: pictures.flatMap((picture, i) => (picture ? [i + 1] : [])),
  };
}

/** Whether a slide's drawing places a picture: a shape whose properties name a blip (picture or picture fill). */
function hasPicture(buf: Buffer, slide: Rec): boolean {
  const walk = (from: number, to: number, depth: number): boolean => {
    if (depth > 16) return false;
    for (const r of readRecords(buf, from, to)) {
      const isContainer = (buf.readUInt16LE(r.start - 8) & 0x0f) === 0x0f;
      if (isContainer) {
        if (walk(r.start, r.start + r.len, depth + 1)) return true;
      } else if (RT_OFFICE_ART_FOPT.includes(r.type)) {
        // recInstance properties of 6 bytes: opid (pid in the low 14 bits), then its value
        for (let i = 0; i < r.instance && (i + 1) * 6 <= r.len; i++) {
          const pid = buf.readUInt16LE(r.start + i * 6) & 0x3fff;
          if ((pid === PROP_PIB || pid === PROP_FILL_BLIP) && buf.readUInt32LE(r.start + i * 6 + 2) !== 0)
            return true;
        }
      }
    }
    return false;
  };
  return walk(slide.start, slide.start + slide.len, 0);
}

/** Records between two offsets (one level); stops at the first record that does not fit. */
function readRecords(buf: Buffer, from: number, to: number, max = Infinity): Rec[] {
  const out: Rec[] = [];
  let p = from;
  const end = Math.min(to, buf.length);
  while (p + 8 <= end && out.length < max) {
    const verInst = buf.readUInt16LE(p);
    const type = buf.readUInt16LE(p + 2);
    const len = buf.readUInt32LE(p + 4);
    if (p + 8 + len > end) break;
    out.push({ type, instance: verInst >> 4, start: p + 8, len });
    p += 8 + len;
  }
  return out;
}

/** All text atoms inside a slide container (drawing text boxes), with their text types. */
function slideTextRuns(buf: Buffer, slide: Rec): TextRun[] {
  const runs: TextRun[] = [];
  let type = -1;
  const walk = (from: number, to: number, depth: number) => {
    if (depth > 16) return;
    for (const r of readRecords(buf, from, to)) {
      const isContainer = (buf.readUInt16LE(r.start - 8) & 0x0f) === 0x0f;
      if (isContainer) walk(r.start, r.start + r.len, depth + 1);
      else if (r.type === RT_TEXT_HEADER_ATOM && r.len >= 4) type = buf.readUInt32LE(r.start);
      else if (r.type === RT_TEXT_CHARS_ATOM || r.type === RT_TEXT_BYTES_ATOM)
        runs.push({ type, text: decodeText(buf, r) });
    }
  };
  walk(slide.start, slide.start + slide.len, 0);
  return runs;
}

function decodeText(buf: Buffer, r: Rec): string {
  const bytes = buf.subarray(r.start, r.start + r.len);
  return r.type === RT_TEXT_CHARS_ATOM ? bytes.toString("utf16le") : bytes.toString("latin1");
}

function readPersistDirectory(buf: Buffer, r: Rec, persist: Map<number, number>): void {
  let p = r.start;
  const end = r.start + r.len;
  while (p + 4 <= end) {
    const head = buf.readUInt32LE(p);
    const first = head & 0xfffff;
    const count = head >>> 20;
    p += 4;
    for (let i = 0; i < count && p + 4 <= end; i++, p += 4) persist.set(first + i, buf.readUInt32LE(p));
  }
}
