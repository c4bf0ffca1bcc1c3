import type { OutputLanguage } from "@beannote/contract";
import type { Db, DbOrTx } from "../../db/client";
import { noteMaterial, type NoteMaterial } from "../../engine";
import { AppError } from "../../http/app-error";
import { notesRepo, type NoteView } from "./notes.repo";
import type { NoteFiles } from "./notes.service";

/** A note as the study artefacts see it: who owns it, what it is written in, and its text. */
export interface StudyNote {
  id: string;
  userId: string;
  title: string;
  outputLanguage: OutputLanguage;
  detailLevel: "simple" | "detail";
  markdown: string;
}

/** Copies a note's artefacts to its copy, inside the copy's transaction. */
export type ArtefactCopier = (
  tx: DbOrTx,
  fromNoteId: string,
  toNoteId: string,
  userId: string,
) => Promise<void>;

const studyNote = (
  row: Pick<NoteView, "id" | "userId" | "title" | "outputLanguage" | "detailLevel" | "markdown">,
): StudyNote => ({
  id: row.id,
  userId: row.userId,
  title: row.title,
  outputLanguage: row.outputLanguage as OutputLanguage,
  detailLevel: row.detailLevel === "detail" ? "detail" : "simple",
  markdown: row.markdown,
});

/** The notes feature's service for study artefacts: ownership, readiness, and the note's material. */
export function createStudyNotes(deps: { db: Db; files: NoteFiles }) {
  const { db } = deps;
  const materialInput = async (note: StudyNote): Promise<Parameters<typeof noteMaterial>[0]> => {
    const fileIds = await notesRepo.sourceFileIds(db, note.id);
    const sources = await Promise.all(
      fileIds.map((fileId) => deps.files.loadDocument(note.userId, fileId).catch(() => undefined)),
    );
    return {
      title: note.title,
      markdown: note.markdown,
      outputLanguage: note.outputLanguage,
      sources: sources.map(
        (doc) => doc ?? { title: "", format: "pdf" as const, language: "und", pageCount: 0, sections: [] },
      ),
    };
  };
  return {
    /** The user's note, whatever its state; another user's note is NOT_FOUND. */
    async owned(userId: string, noteId: string): Promise<StudyNote> {
      const row = await notesRepo.findView(db, userId, noteId);
      if (!row) throw new AppError("NOT_FOUND");
      return studyNote(row);
    },

    /** The user's note when it can be studied from: NOTE_NOT_READY while written, NOTE_FAILED after a failure. */
    async ready(userId: string, noteId: string): Promise<StudyNote> {
      const row = await notesRepo.findView(db, userId, noteId);
      if (!row) throw new AppError("NOT_FOUND");
      if (row.status === "generating") throw new AppError("NOTE_NOT_READY");
      if (row.status !== "ready") throw new AppError("NOTE_FAILED");
      return studyNote(row);
    },

    /** For jobs, which act for the owner recorded on the note. */
    async byId(noteId: string): Promise<(StudyNote & { status: string }) | undefined> {
      const row = await notesRepo.findById(db, noteId);
      return row ? { ...studyNote(row), status: row.status } : undefined;
    },

    /** The file names of the note's sources, in citation order (source 1 first). */
    async sourceNames(userId: string, noteId: string): Promise<string[]> {
      const fileIds = await notesRepo.sourceFileIds(db, noteId);
      const files = await deps.files.describe(userId, fileIds);
      return fileIds.map((fileId) => files.get(fileId)?.fileName ?? "");
    },

    /** The note's current Markdown cut into sections, with its parsed files for citations. */
    async material(note: StudyNote): Promise<NoteMaterial> {
      return noteMaterial(await materialInput(note));
    },

    /** What `material` is made from (the note's text and its parsed files), for a render thread to cut. */
    materialInput,
  };
}

export type StudyNotes = ReturnType<typeof createStudyNotes>;
