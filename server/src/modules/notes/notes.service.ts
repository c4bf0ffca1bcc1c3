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
import type { Db } from "../../db/client";
import { AppError } from "../../http/app-error";
import { ERROR_MESSAGES, type ServerLanguage } from "../../http/messages";
import { notesRepo, type NoteRow } from "./notes.repo";

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
        errorCode: string | null;
      }
    >
  >;
  loadDocument(userId: string, fileId: string): Promise<SourceDocument>;
}

/** What the notes feature needs of the job queue. */
export interface NoteJobs {
  enqueue(name: string, payload: unknown, options: { userId: string }): Promise<string>;
  cancel(jobId: string): Promise<void>;
}

export const GENERATE_NOTE_JOB = "generate-note";

const COPY_SUFFIX: Record<ServerLanguage, string> = { zh: "（副本）", en: " (copy)" };

export function createNoteService(deps: { db: Db; files: NoteFiles; jobs: NoteJobs }) {
  const { db } = deps;

  const summary = (row: NoteRow, sourceCount: number): NoteSummary => ({
    noteId: row.id,
    title: row.title,
    outputLanguage: row.outputLanguage,
    detailLevel: row.detailLevel,
    status: row.status as NoteStatus,
    sourceCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  async function owned(userId: string, noteId: string): Promise<NoteRow> {
    const row = await notesRepo.find(db, userId, noteId);
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
        if (file.status === "failed") {
          throw new AppError(isErrorCode(file.errorCode) ? file.errorCode : "FILE_CORRUPT", { fileId });
        }
      }
      const noteId = randomUUID();
      await db.transaction(async (tx) => {
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
      });
      const jobId = await deps.jobs.enqueue(GENERATE_NOTE_JOB, { noteId }, { userId });
      await notesRepo.update(db, noteId, { jobId }, false);
      return { noteId, jobId };
    },

    async list(userId: string, rawQuery: NoteListQuery): Promise<NoteListResponse> {
      const query = noteListQuery.parse(rawQuery);
      const { rows, total } = await notesRepo.list(db, userId, query);
      const counts = await notesRepo.sourceCounts(
        db,
        rows.map((row) => row.id),
      );
      return {
        items: rows.map((row) => summary(row, counts.get(row.id) ?? 0)),
        total,
        page: query.page,
        size: query.size,
      };
    },

    async detail(userId: string, noteId: string, language: ServerLanguage): Promise<NoteDetail> {
      const row = await owned(userId, noteId);
      const fileIds = await notesRepo.sourceFileIds(db, noteId);
      const files = await deps.files.describe(userId, fileIds);
      const errorCode = row.errorCode && isErrorCode(row.errorCode) ? row.errorCode : null;
      return {
        ...summary(row, fileIds.length),
        markdown: row.markdown,
        edited: row.status === "ready" && row.markdown !== row.generatedMarkdown,
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
          };
        }),
      };
    },

    async update(userId: string, noteId: string, input: UpdateNoteRequest, language: ServerLanguage) {
      const row = await owned(userId, noteId);
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
      });
      return this.detail(userId, copyId, language);
    },

    async remove(userId: string, noteId: string): Promise<void> {
      const row = await owned(userId, noteId);
      if (row.status === "generating" && row.jobId) await deps.jobs.cancel(row.jobId);
      await notesRepo.delete(db, userId, noteId);
    },
  };
}

export type NoteService = ReturnType<typeof createNoteService>;
