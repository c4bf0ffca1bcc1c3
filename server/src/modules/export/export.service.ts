import type { FeatureAvailability, NoteDetail, NoteExportFormat, OutputLanguage } from "@beannote/contract";
import type { Config } from "../../config";
import { safeFileName } from "../../http/attachment";
import { AppError } from "../../http/app-error";
import { RenderError, type RenderPool } from "./render-pool";
import type { ExportInput } from "./render-tasks";
import type { Throttle } from "../throttle/throttle.service";
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

/** A render thread's failure as the caller sees it: too large (time or memory bound), else a failed export. */
function exportError(error: unknown): unknown {
  if (!(error instanceof RenderError)) return error;
  return new AppError(error.reason === "failed" ? "EXPORT_FAILED" : "EXPORT_TOO_LARGE");
}

/**
 * Exports a ready note to PDF (printed by Chromium), DOCX or its Markdown as it is. The DOCX and the PDF's
 * page are built in a render thread (a 2 MB note takes seconds of CPU), and each user may start
 * `exportsPerMinute` of them.
 */
export function createExportService(deps: {
  notes: ExportNotes;
  printer: PdfPrinter;
  render: Pick<RenderPool, "run">;
  throttle: Pick<Throttle, "take">;
  exportsPerMinute: number;
}) {
  return {
    async export(userId: string, noteId: string, format: NoteExportFormat): Promise<ExportedFile> {
      const note = await deps.notes.detail(userId, noteId, "en");
      if (note.status === "generating") throw new AppError("NOTE_NOT_READY");
      if (note.status !== "ready") throw new AppError("NOTE_FAILED");
      const fileName = safeFileName(note.title, format);
      const contentType = CONTENT_TYPES[format];
      if (format === "md")
        return { fileName, contentType, body: exportedMarkdown(note.title, note.markdown) };
      if (format === "pdf" && !deps.printer.available()) throw new AppError("EXPORT_UNAVAILABLE");
      await deps.throttle.take([
        {
          kind: "export",
          key: userId,
          limit: deps.exportsPerMinute,
          windowMs: 60_000,
          code: "EXPORT_RATE_LIMITED",
        },
      ]);
      const input: ExportInput = {
        title: note.title,
        markdown: note.markdown,
        outputLanguage: note.outputLanguage as OutputLanguage,
        updatedAt: note.updatedAt,
        sources: note.sources.map((s) => s.fileName),
      };
      try {
        if (format === "docx") {
          const docx = await deps.render.run("docx", input, userId);
          return { fileName, contentType, body: Buffer.from(docx.buffer, docx.byteOffset, docx.byteLength) };
        }
        const page = await deps.render.run("pdf-page", input, userId);
        return { fileName, contentType, body: await deps.printer.print(page.html, page.options, userId) };
      } catch (error) {
        throw exportError(error);
      }
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
