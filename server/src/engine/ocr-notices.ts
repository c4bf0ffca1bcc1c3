import type { SourceDocument } from "@beannote/contract";
import type { NoteLabels } from "./labels";

/** "3, 7–9, 12": sorted pages with runs of three or more as ranges. */
export function pageRanges(pages: number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    if (j - i >= 2) out.push(`${sorted[i]}–${sorted[j]}`);
    else for (let k = i; k <= j; k++) out.push(String(sorted[k]));
    i = j + 1;
  }
  return out.join(", ");
}

/**
 * One line per source and kind for the pages of a scan that are not in the note: those OCR found nothing
 * readable on (a photo, handwriting), those past OCR_MAX_PAGES or the time limit, and those left unread
 * because the server has no OCR. The note says so instead of silently covering less than the file.
 */
export function ocrNotices(
  sources: { doc: SourceDocument; fileName: string }[],
  labels: NoteLabels,
): string[] {
  const lines: string[] = [];
  for (const { doc, fileName } of sources) {
    const ocr = doc.ocr;
    if (!ocr) continue;
    const file = fileName || doc.title;
    if (ocr.unreadablePages.length > 0)
      lines.push(labels.ocrUnreadable(pageRanges(ocr.unreadablePages), file));
    if (ocr.skippedPages.length > 0)
      lines.push(
        (ocr.unavailable ? labels.ocrUnavailable : labels.ocrSkipped)(pageRanges(ocr.skippedPages), file),
      );
  }
  return lines;
}
