import { z } from "zod";
import { DETAIL_LEVELS, NOTE_SORTS, OUTPUT_LANGUAGES } from "./limits";
import { entityId, plainText } from "./text";

export const NOTE_TITLE_MAX = 120;
export const NOTE_MAX_FILES = 10;
export const NOTE_MARKDOWN_MAX = 2_000_000;
/** A note's title: 1–120 characters after trimming; longer is `TITLE_TOO_LONG`, blank is `TITLE_REQUIRED`. */
const noteTitle = plainText().trim().min(1).max(NOTE_TITLE_MAX, "TITLE_TOO_LONG");
export const NOTE_STATUSES = ["generating", "ready", "failed", "cancelled"] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];

// POST /note/generate
export const generateNoteRequest = z.object({
  title: noteTitle,
  outputLanguage: z.enum(OUTPUT_LANGUAGES),
  detailLevel: z.enum(DETAIL_LEVELS),
  fileIds: z.array(entityId).min(1).max(NOTE_MAX_FILES),
});
export type GenerateNoteRequest = z.infer<typeof generateNoteRequest>;
export const generateNoteResponse = z.object({ noteId: z.string(), jobId: z.string() });
export type GenerateNoteResponse = z.infer<typeof generateNoteResponse>;

// GET /note/list
export const noteListQuery = z.object({
  keyword: plainText().trim().max(NOTE_TITLE_MAX).optional(),
  sort: z.enum(NOTE_SORTS).default("modified_desc"),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type NoteListQuery = z.input<typeof noteListQuery>;

export const noteSummary = z.object({
  noteId: z.string(),
  title: z.string(),
  outputLanguage: z.string(),
  detailLevel: z.string(),
  status: z.enum(NOTE_STATUSES),
  sourceCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NoteSummary = z.infer<typeof noteSummary>;
export const noteListResponse = z.object({
  items: z.array(noteSummary),
  total: z.number(),
  page: z.number(),
  size: z.number(),
});
export type NoteListResponse = z.infer<typeof noteListResponse>;

// GET /note/:noteId
export const noteSource = z.object({
  index: z.number(),
  fileId: z.string(),
  fileName: z.string(),
  format: z.string().nullable(),
  pageCount: z.number().nullable(),
  /** Pages of this source read by OCR: citations of them say "p. N (OCR)". */
  ocrPages: z.array(z.number().int()).optional(),
});
export type NoteSource = z.infer<typeof noteSource>;
export const noteDetail = noteSummary.extend({
  markdown: z.string(),
  /** True when the student changed the generated text; reset returns to it. */
  edited: z.boolean(),
  jobId: z.string().nullable(),
  engine: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  sources: z.array(noteSource),
});
export type NoteDetail = z.infer<typeof noteDetail>;

// PUT /note/:noteId
export const updateNoteRequest = z
  .object({
    title: noteTitle.optional(),
    markdown: plainText().max(NOTE_MARKDOWN_MAX).optional(),
  })
  .strict();
export type UpdateNoteRequest = z.infer<typeof updateNoteRequest>;

export const noteIdParams = z.object({ noteId: entityId });

/** Parses a citation link of a note, `#source=1&page=12`. */
export function parseCitation(href: string): { source: number; page: number } | null {
  const match = /^#source=(\d+)&page=(\d+)$/.exec(href);
  return match ? { source: Number(match[1]), page: Number(match[2]) } : null;
}
