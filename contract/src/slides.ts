import { z } from "zod";
import { artefactGeneration, citation } from "./artefacts";
import { entityId, isStorableText } from "./text";
import { defineKindContract } from "./kind-contract";

/** The slides' part of the central lists (see kind-contract.ts): paths, route summaries, errors, price. */
export const slidesContract = defineKindContract({
  name: "slides",
  paths: {
    noteSlides: "/note/:noteId/slides",
    noteSlidesExport: "/note/:noteId/slides/export",
  },
  routes: {
    "GET /note/:noteId/slides": { summary: "The note's slide deck" },
    "POST /note/:noteId/slides": { summary: "Generate the slide deck" },
    "PUT /note/:noteId/slides": { summary: "Edit the slides" },
    "GET /note/:noteId/slides/export": {
      summary: "Download the deck as .pptx or PDF",
      files: ["application/vnd.openxmlformats-officedocument.presentationml.presentation", "application/pdf"],
    },
  },
  errors: {
    SLIDE_COUNT_INVALID: 400,
    SLIDE_TEXT_INVALID: 400,
    SLIDES_INVALID: 400,
    SLIDES_CHANGED: 409,
    SLIDES_MISSING: 409,
    SLIDES_EMPTY: 422,
    SLIDES_PDF_UNAVAILABLE: 501,
    SLIDES_EXPORT_FAILED: 503,
  },
  price: { slides: 3 },
});

/** How many slides a generated deck may have (title, agenda and summary included). */
export const SLIDES_MIN = 5;
export const SLIDES_MAX = 60;
/** A slide's bullets: at most six, each short (a generated one is cut to ~12 words, ~25 CJK characters). */
export const SLIDE_BULLETS_MAX = 6;
export const SLIDE_TITLE_MAX = 200;
export const SLIDE_BULLET_MAX = 300;
export const SLIDE_NOTES_MAX = 5000;

/**
 * How wide a slide's text is set, in Latin characters: a CJK (or other wide) character counts as two. The
 * .pptx and the web stage size their bullets by it.
 */
export function slideTextWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += /[\u1100-\uffff]/u.test(ch) ? 2 : 1;
  return width;
}
/** A table kept from the note is cut to this many rows (header included) and columns. */
export const SLIDE_TABLE_ROWS_MAX = 7;
export const SLIDE_TABLE_COLUMNS_MAX = 5;

/** title: the deck's first slide; agenda: what follows; content: one idea each; summary: the close. */
export const SLIDE_KINDS = ["title", "agenda", "content", "summary"] as const;
export type SlideKind = (typeof SLIDE_KINDS)[number];

export const SLIDE_EXPORT_FORMATS = ["pptx", "pdf"] as const;
export type SlideExportFormat = (typeof SLIDE_EXPORT_FORMATS)[number];

// POST /note/:noteId/slides → ArtefactJobResponse
export const generateSlidesRequest = z
  .object({ maxSlides: z.number().int().min(SLIDES_MIN).max(SLIDES_MAX).optional() })
  .strict();
export type GenerateSlidesRequest = z.infer<typeof generateSlidesRequest>;

/** A table kept from the note: the first row is the header. */
export const slideTable = z.object({ rows: z.array(z.array(z.string())) });
export type SlideTable = z.infer<typeof slideTable>;

export const slide = z.object({
  slideId: z.string(),
  kind: z.enum(SLIDE_KINDS),
  title: z.string(),
  /** 0–6 short lines (a title slide's subtitle lines; 1–6 on a generated content slide). */
  bullets: z.array(z.string()),
  /** Speaker notes: the detail the bullets leave out. */
  notes: z.string(),
  table: slideTable.nullable(),
  /** The page the slide was drawn from; null on the title, agenda and summary slides. */
  citation: citation.nullable(),
});
export type Slide = z.infer<typeof slide>;

// GET /note/:noteId/slides
export const slideDeck = z.object({
  noteId: z.string(),
  slides: z.array(slide),
  /** When the deck was last generated or edited; null while there is none. */
  updatedAt: z.string().nullable(),
  generation: artefactGeneration,
  /** Whether this server can make each download (PDF needs LibreOffice). */
  exports: z.object({ pptx: z.boolean(), pdf: z.boolean() }),
});
export type SlideDeck = z.infer<typeof slideDeck>;

// PUT /note/:noteId/slides: the deck in its new order; a slide left out is deleted, none can be added.
/** A slide's text: trimmed, 1..max characters (SLIDE_TEXT_INVALID), storable (TEXT_INVALID). */
const slideText = (max: number) =>
  z
    .string("SLIDE_TEXT_INVALID")
    .trim()
    .min(1, "SLIDE_TEXT_INVALID")
    .max(max, "SLIDE_TEXT_INVALID")
    .refine(isStorableText, "TEXT_INVALID");
export const slideEdit = z
  .object({
    slideId: entityId,
    title: slideText(SLIDE_TITLE_MAX),
    bullets: z.array(slideText(SLIDE_BULLET_MAX)).max(SLIDE_BULLETS_MAX, "SLIDE_TEXT_INVALID"),
    notes: z
      .string("SLIDE_TEXT_INVALID")
      .trim()
      .max(SLIDE_NOTES_MAX, "SLIDE_TEXT_INVALID")
      .refine(isStorableText, "TEXT_INVALID"),
  })
  .strict();
export type SlideEdit = z.infer<typeof slideEdit>;
export const updateSlidesRequest = z.object({ slides: z.array(slideEdit).min(1).max(SLIDES_MAX) }).strict();
export type UpdateSlidesRequest = z.infer<typeof updateSlidesRequest>;

// GET /note/:noteId/slides/export?format=
export const exportSlidesQuery = z.object({ format: z.enum(SLIDE_EXPORT_FORMATS).default("pptx") });
export type ExportSlidesQuery = z.input<typeof exportSlidesQuery>;
