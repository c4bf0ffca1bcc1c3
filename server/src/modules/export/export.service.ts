import type { FeatureAvailability, NoteDetail, NoteExportFormat, OutputLanguage } from "@beannote/contract";
import type { Config } from "../../config";
import { safeFileName } from "../../http/attachment";
import { AppError } from "../../http/app-error";
import { exportDocument } from "./export-document";
import { noteDocx } from "./note-docx";
import { headerFooter, noteHtml } from "./note-html";
import { exportedMarkdown } from "./markdown-export";
import { isExecutable, type PdfPrinter } from "./pdf-printer";

/** What export needs of the notes feature: the note as its owner sees it (another user's note is NOT_FOUND). */
export interface ExportNotes {
  detail(userId: string, noteId: string, language: "zh" | "en"): Promise<NoteDetail>;
}

/** A finished export, ready to be sent as an attachment. */
export interface ExportedFile {
  fileName: string;
  contentType: string;
  body: Buffer | string;
}

const CONTENT_TYPES: Record<NoteExportFormat, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  md: "text/markdown; charset=utf-8",
};

/** `/config/web`'s flag: PDF export works when the configured Chromium is installed. */
export function pdfExportAvailability(config: Pick<Config, "CHROMIUM_PATH">): FeatureAvailability {
  return isExecutable(config.CHROMIUM_PATH)
    ? { available: true, reason: null }
    : { available: false, reason: "EXPORT_UNAVAILABLE" };
}

/** Exports a ready note to PDF (printed by Chromium), DOCX or its Markdown as it is. */
export function createExportService(deps: { notes: ExportNotes; printer: PdfPrinter }) {
  return {
    async export(userId: string, noteId: string, format: NoteExportFormat): Promise<ExportedFile> {
      const note = await deps.notes.detail(userId, noteId, "en");
      if (note.status === "generating") throw new AppError("NOTE_NOT_READY");
      if (note.status !== "ready") throw new AppError("NOTE_FAILED");
      const fileName = safeFileName(note.title, format);
      const contentType = CONTENT_TYPES[format];
      if (format === "md")
        return { fileName, contentType, body: exportedMarkdown(note.title, note.markdown) };
      const doc = exportDocument({
        title: note.title,
        markdown: note.markdown,
        outputLanguage: note.outputLanguage as OutputLanguage,
        updatedAt: new Date(note.updatedAt),
        sources: note.sources.map((s) => s.fileName),
      });
      if (format === "docx") return { fileName, contentType, body: await noteDocx(doc) };
      return { fileName, contentType, body: await deps.printer.print(noteHtml(doc), headerFooter(doc)) };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
