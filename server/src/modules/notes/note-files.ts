import { AppError } from "../../http/app-error";
import type { FilesService } from "../files/files.service";
import { createDocumentCache, DOCUMENT_CACHE_BYTES, type DocumentCache } from "./document-cache";
import type { NoteFiles } from "./notes.service";

/** The parsed documents this process holds, shared by every reader of them (the API's and the worker's). */
const processDocuments = createDocumentCache({ maxBytes: DOCUMENT_CACHE_BYTES });

/**
 * The notes feature's view of uploaded files, through the files service. Parsed documents are read through
 * `documents` (by file id and content hash): the one place the notes feature loads them.
 */
export function createNoteFiles(files: FilesService, documents: DocumentCache = processDocuments): NoteFiles {
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
    async loadDocument(userId, fileId) {
      // The owner's check and the hash in one row read; storage and validation only when not held.
      const file = await files.getFile(userId, fileId);
      const load = () => files.getSourceDocument(userId, fileId);
      if (file.status !== "ready" || !file.sha256) return load();
      return documents.get(fileId, file.sha256, load);
    },
  };
}
