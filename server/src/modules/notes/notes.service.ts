import { randomUUID } from "node:crypto";
import type {
  GenerateNoteRequest,
  NoteDetail,
  NoteListQuery,
  NoteListResponse,
  NoteSummary,
  SourceDocument,
  UpdateNoteRequest,
} from "@beannote/contract";
import { isErrorCode, noteListQuery, type NoteStatus } from "@beannote/contract";
import { QUOTA_DEFAULTS } from "../../config";
import { cancellable } from "../../db/cancellable";
import type { Db, DbOrTx } from "../../db/client";
import { AppError } from "../../http/app-error";
import { ERROR_MESSAGES, type ServerLanguage } from "../../http/messages";
import { notesRepo, type NoteRow, type NoteSummaryRow, type NoteView } from "./notes.repo";
import type { ArtefactCopier } from "./study-notes";
import { createThrottle } from "../throttle/throttle.service";

/** What the notes feature needs of uploaded files (implemented by the files service). */
export interface NoteFiles {
  /** The user's files among `fileIds`; foreign or unknown ids are absent from the map. */
  describe(
    userId: string,
    fileIds: string[],
  ): Promise<
    Map<
      string,
      {
        fileId: string;
        fileName: string;
        format: string | null;
        status: string;
        pageCount: number | null;
        ocrPages?: number[];
        errorCode: string | null;
      }
    >
  >;
  loadDocument(userId: string, fileId: string): Promise<SourceDocument>;
}

/** What the notes feature needs of the job queue. */
export interface NoteJobs {
  /** With `tx`, the job is enqueued inside that transaction (it commits with the note and its charge). */
  enqueue(name: string, payload: unknown, options: { userId: string; tx?: DbOrTx }): Promise<string>;
  cancel(jobId: string): Promise<void>;
  /** Wakes idle workers once the enqueuing transaction has committed. */
  wake?(name: string): void;
}

/** Debits a note's price (by its pages) in the transaction that enqueues its job (the Beancoin feature). */
export interface NoteCharges {
  charge(
    tx: DbOrTx,
    charge: {
      userId: string;
      action: "note";
      jobId: string;
      noteId: string;
      noteTitle: string;
      pages: number;
    },
  ): Promise<number>;
}

export const GENERATE_NOTE_JOB = "note.generate";

const COPY_SUFFIX: Record<ServerLanguage, string> = { zh: "（副本）", en: " (copy)" };

export function createNoteService(deps: {
  db: Db;
  files: NoteFiles;
  jobs: NoteJobs;
  /** Copy a note's study artefacts with it. */
  copyArtefacts?: ArtefactCopier[];
  /** Copies one user may make per minute (NOTE_COPIES_PER_MINUTE); past it 429 RATE_LIMITED. */
  copiesPerMinute?: number;
  beans?: NoteCharges;
  now?: () => Date;
}) {
  const { db } = deps;
  const throttle = createThrottle({ db, now: deps.now });
  const copiesPerMinute = deps.copiesPerMinute ?? QUOTA_DEFAULTS.NOTE_COPIES_PER_MINUTE;

  const summary = (row: Omit<NoteSummaryRow, "sourceCount">, sourceCount: number): NoteSummary => ({
    noteId: row.id,
    title: row.title,
    outputLanguage: row.outputLanguage,
    detailLevel: row.detailLevel,
    status: row.status as NoteStatus,
    sourceCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  /** The whole row, generated copy included (reset and copy need it). */
  async function owned(userId: string, noteId: string): Promise<NoteRow> {
    const row = await notesRepo.find(db, userId, noteId);
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  }

  /** The note as shown and edited, without the generated copy. */
  async function viewed(userId: string, noteId: string): Promise<NoteView> {
    const row = await notesRepo.findView(db, userId, noteId);
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  }

  return {
    async generate(userId: string, input: GenerateNoteRequest): Promise<{ noteId: string; jobId: string }> {
      const fileIds = [...new Set(input.fileIds)];
      const known = await deps.files.describe(userId, fileIds);
      for (const fileId of fileIds) {
        const file = known.get(fileId);
        if (!file) throw new AppError("NOT_FOUND", { fileId });
        // Bytes that never arrived cannot be waited for: a job waiting on them would only hold a worker.
        if (file.status === "uploading") throw new AppError("FILE_NOT_READY", { fileId });
        if (file.status === "failed") {
          throw new AppError(isErrorCode(file.errorCode) ? file.errorCode : "FILE_CORRUPT", { fileId });
        }
      }
      // Pages of files still being read are not known yet: the job charges them once they are (settle).
      const pages = [...known.values()].reduce(
        (sum, file) => sum + (file.status === "ready" ? (file.pageCount ?? 0) : 0),
        0,
      );
      const noteId = randomUUID();
      // Note, job and charge commit together: 402 BEANS_INSUFFICIENT leaves no note and no job behind.
      const jobId = await db.transaction(async (tx) => {
        await notesRepo.insert(
          tx,
          {
            id: noteId,
            userId,
            title: input.title,
            outputLanguage: input.outputLanguage,
            detailLevel: input.detailLevel,
          },
          fileIds,
        );
        const jobId = await deps.jobs.enqueue(GENERATE_NOTE_JOB, { noteId }, { userId, tx });
        await notesRepo.update(tx, noteId, { jobId }, false);
        await deps.beans?.charge(tx, {
          userId,
          action: "note",
          jobId,
          noteId,
          noteTitle: input.title,
          pages,
        });
        return jobId;
      });
      deps.jobs.wake?.(GENERATE_NOTE_JOB);
      return { noteId, jobId };
    },

    /** One page of the user's notes; `signal` (the client went away) stops the query. */
    async list(userId: string, rawQuery: NoteListQuery, signal?: AbortSignal): Promise<NoteListResponse> {
      const query = noteListQuery.parse(rawQuery);
      const { rows, total } = await cancellable(db, signal, (reader) =>
        notesRepo.list(reader, userId, query),
      );
      return {
        items: rows.map((row) => summary(row, row.sourceCount)),
        total,
        page: query.page,
        size: query.size,
      };
    },

    async detail(
      userId: string,
      noteId: string,
      language: ServerLanguage,
      signal?: AbortSignal,
    ): Promise<NoteDetail> {
      const row = await cancellable(db, signal, (reader) =>
        notesRepo.findViewWithSources(reader, userId, noteId),
      );
      if (!row) throw new AppError("NOT_FOUND");
      signal?.throwIfAborted();
      const fileIds = row.fileIds;
      const files = await deps.files.describe(userId, fileIds);
      const errorCode = row.errorCode && isErrorCode(row.errorCode) ? row.errorCode : null;
      return {
        ...summary(row, fileIds.length),
        markdown: row.markdown,
        edited: row.status === "ready" && row.edited,
        jobId: row.jobId,
        engine: row.engine,
        error: errorCode ? { code: errorCode, message: ERROR_MESSAGES[errorCode][language] } : null,
        sources: fileIds.map((fileId, i) => {
          const file = files.get(fileId);
          return {
            index: i + 1,
            fileId,
            fileName: file?.fileName ?? "",
            format: file?.format ?? null,
            pageCount: file?.pageCount ?? null,
            ...(file?.ocrPages?.length ? { ocrPages: file.ocrPages } : {}),
          };
        }),
      };
    },

    async update(userId: string, noteId: string, input: UpdateNoteRequest, language: ServerLanguage) {
      const row = await viewed(userId, noteId);
      if (input.markdown !== undefined && row.status !== "ready") throw new AppError("FILE_NOT_READY");
      await notesRepo.update(db, noteId, input);
      return this.detail(userId, noteId, language);
    },

    async reset(userId: string, noteId: string, language: ServerLanguage) {
      const row = await owned(userId, noteId);
      if (row.status !== "ready") throw new AppError("FILE_NOT_READY");
      await notesRepo.update(db, noteId, { markdown: row.generatedMarkdown });
      return this.detail(userId, noteId, language);
    },

    async copy(userId: string, noteId: string, language: ServerLanguage) {
      const row = await owned(userId, noteId);
      if (row.status === "generating") throw new AppError("FILE_NOT_READY");
      await throttle.take([
        { kind: "note-copy", key: userId, limit: copiesPerMinute, windowMs: 60_000, code: "RATE_LIMITED" },
      ]);
      const copyId = randomUUID();
      const fileIds = await notesRepo.sourceFileIds(db, noteId);
      await db.transaction(async (tx) => {
        await notesRepo.insert(
          tx,
          {
            ...row,
            id: copyId,
            title: `${row.title}${COPY_SUFFIX[language]}`.slice(0, 160),
            createdAt: new Date(),
            updatedAt: new Date(),
          },
          fileIds,
        );
        for (const copyArtefact of deps.copyArtefacts ?? []) await copyArtefact(tx, noteId, copyId, userId);
      });
      return this.detail(userId, copyId, language);
    },

    async remove(userId: string, noteId: string): Promise<void> {
      const row = await viewed(userId, noteId);
      if (row.status === "generating" && row.jobId) await deps.jobs.cancel(row.jobId);
      await notesRepo.delete(db, userId, noteId);
    },
  };
}

export type NoteService = ReturnType<typeof createNoteService>;
