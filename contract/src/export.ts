import { z } from "zod";

/** What a note can be exported to: a printed PDF, a Word document, or its Markdown as it is. */
export const NOTE_EXPORT_FORMATS = ["pdf", "docx", "md"] as const;
export type NoteExportFormat = (typeof NOTE_EXPORT_FORMATS)[number];

// POST /note/:noteId/export — answered with the file itself (Content-Disposition: attachment), not JSON.
export const exportNoteRequest = z.object({ format: z.enum(NOTE_EXPORT_FORMATS) });
export type ExportNoteRequest = z.infer<typeof exportNoteRequest>;
