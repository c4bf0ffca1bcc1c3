import type { DbOrTx } from "../../db/client";
import { notesRepo } from "./notes.repo";

/**
 * Notes written from another note (a translation): created in the caller's transaction with the original's
 * files as sources (so its citations still open the right pages), then filled in or failed by a job.
 */
export const derivedNotes = {
  /** A new note in `generating` state, written by `jobId`; its sources are `fromNoteId`'s files. */
  async create(
    tx: DbOrTx,
    input: {
      id: string;
      userId: string;
      fromNoteId: string;
      title: string;
      outputLanguage: string;
      detailLevel: string;
      jobId: string;
    },
  ): Promise<void> {
    const fileIds = await notesRepo.sourceFileIds(tx, input.fromNoteId);
    await notesRepo.insert(
      tx,
      {
        id: input.id,
        userId: input.userId,
        title: input.title,
        outputLanguage: input.outputLanguage,
        detailLevel: input.detailLevel,
        jobId: input.jobId,
        status: "generating",
      },
      fileIds,
    );
  },

  /** The note's state, for the job (which acts for the owner recorded on it). */
  async status(db: DbOrTx, noteId: string): Promise<string | undefined> {
    return notesRepo.statusById(db, noteId);
  },

  /** The job finished: the text is the note's, and what reset returns to. */
  async finish(db: DbOrTx, noteId: string, markdown: string, engine: string): Promise<void> {
    await notesRepo.update(db, noteId, {
      markdown,
      generatedMarkdown: markdown,
      engine,
      status: "ready",
      errorCode: null,
    });
  },

  /** The job failed or was cancelled: the note says so (the student can delete it or try again). */
  async fail(db: DbOrTx, noteId: string, errorCode: string, cancelled: boolean): Promise<void> {
    await notesRepo.update(db, noteId, { status: cancelled ? "cancelled" : "failed", errorCode });
  },
};
