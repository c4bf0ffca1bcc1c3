import { rm, symlink } from "node:fs/promises";
import path from "node:path";
import type { SourceDocument } from "@beannote/contract";
import { IngestError } from "../errors";
import { renderPdfPreview } from "../office-preview";
import type { PptForOcr } from "../parse-ppt";
import type { Ocr, OcrRunRequest } from "./ocr";
import { makeTempDir } from "../temp-dirs";
import { mergeSlideOcr } from "./slide-pictures";

/** Page size handed to the rasteriser: a 4:3 or 16:9 slide renders at the OCR resolution either way. */
const SLIDE_POINTS = { width: 720, height: 540 };

/**
 * The picture slides of a legacy deck, read by OCR: LibreOffice renders the deck to PDF (hidden slides too,
 * so page N is slide N), and those pages go through the same OCR as a scanned PDF. Without LibreOffice the
 * deck keeps the text it has, or fails FILE_NO_TEXT_NO_OCR when it has none.
 */
export async function recognisePptSlides(
  deck: PptForOcr,
  filePath: string,
  ocr: Ocr,
  request: OcrRunRequest & { fileName?: string; deadline: number },
): Promise<SourceDocument> {
  const dir = await makeTempDir("ppt-ocr");
  try {
    // Stored objects have no extension; the converter is told what the bytes are.
    const named = path.join(dir, "deck.ppt");
    await symlink(path.resolve(filePath), named);
    const pdf = await renderPdfPreview(named, dir, {
      allSlides: true,
      signal: request.signal,
      timeoutMs: Math.max(1_000, request.deadline - Date.now()),
    });
    request.signal?.throwIfAborted();
    if (!pdf) {
      if (deck.doc) return deck.doc;
      throw new IngestError(
        "FILE_NO_TEXT_NO_OCR",
        "ppt picture slides: LibreOffice could not render the deck",
      );
    }
    const result = await ocr.recognisePdf({
      ...request,
      filePath: pdf,
      pages: deck.slides.map((page) => ({ page, ...SLIDE_POINTS })),
      documentLanguage: request.documentLanguage ?? deck.doc?.language,
    });
    if (result.pages.length === 0 && Date.now() >= request.deadline && result.skippedPages.length > 0)
      throw new IngestError("PARSE_TIMEOUT", "OCR read no slide in time");
    return mergeSlideOcr(deck, result, request.fileName, "ppt");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
