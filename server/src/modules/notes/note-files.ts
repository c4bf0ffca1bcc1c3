import { AppError } from "../../http/app-error";
import type { FilesService } from "../files/files.service";
import type { NoteFiles } from "./notes.service";

/** The notes feature's view of uploaded files, through the files service. */
export function createNoteFiles(files: FilesService): NoteFiles {
  return {
    async describe(userId, fileIds) {
      const found = await Promise.all(
        fileIds.map((fileId) =>
          files.getFile(userId, fileId).catch((error: unknown) => {
            if (error instanceof AppError && error.code === "NOT_FOUND") return undefined;
            throw error;
          }),
        ),
      );
      return new Map(
        found
          .filter((file) => file !== undefined)
          .map((file) => [
            file.fileId,
            {
              fileId: file.fileId,
              fileName: file.fileName,
              format: file.format,
              status: file.status,
              pageCount: file.pageCount,
              ocrPages: file.ocrPages,
              errorCode: file.error?.code ?? null,
            },
          ]),
      );
    },
    loadDocument: (userId, fileId) => files.getSourceDocument(userId, fileId),
  };
}
