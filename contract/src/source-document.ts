import { z } from "zod";
import { FILE_FORMATS } from "./limits";

/** A block of a source document; `page` is the 1-based page or slide it came from. */
export const sourceBlock = z.object({
  type: z.enum(["paragraph", "list", "table", "quote"]),
  text: z.string().optional(),
  items: z.array(z.string()).optional(),
  rows: z.array(z.array(z.string())).optional(),
  /** The block's bold spans as written (a teacher's key terms), when the format marks them. */
  emphasis: z.array(z.string().max(80)).max(50).optional(),
  page: z.number().int().min(1),
});
export type SourceBlock = z.infer<typeof sourceBlock>;

export const sourceSection = z.object({
  heading: z.string(),
  level: z.number().int().min(1).max(6),
  blocks: z.array(sourceBlock),
});
export type SourceSection = z.infer<typeof sourceSection>;

/**
 * The pages of a file that had no usable text layer (a scan, unmapped glyphs): which OCR read, with the mean
 * word confidence (0–100) of the text kept; which it found nothing readable on (a photo, handwriting); which
 * were left unread (past OCR_MAX_PAGES or the time limit, or every one of them when `unavailable`: OCR off
 * or not installed).
 */
export const sourceOcr = z.object({
  pages: z.array(z.object({ page: z.number().int().min(1), confidence: z.number().min(0).max(100) })),
  unreadablePages: z.array(z.number().int().min(1)),
  skippedPages: z.array(z.number().int().min(1)),
  unavailable: z.boolean(),
});
export type SourceOcr = z.infer<typeof sourceOcr>;

/** The structured text of one uploaded file: what every engine reads. */
export const sourceDocument = z.object({
  title: z.string(),
  format: z.enum(FILE_FORMATS),
  language: z.string(),
  pageCount: z.number().int().min(0),
  sections: z.array(sourceSection),
  /** Present when some pages had no usable text layer. */
  ocr: sourceOcr.optional(),
});
export type SourceDocument = z.infer<typeof sourceDocument>;
