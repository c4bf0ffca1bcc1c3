import type {
  GenerateNoteRequest,
  GenerateNoteResponse,
  NoteDetail,
  NoteListResponse,
  UpdateNoteRequest,
} from "@beannote/contract";
import type { NoteSort } from "@beannote/contract/limits";
import { apiPath } from "@beannote/contract/paths";
import { request } from "./client";

/** `GET /note/list` parameters as the web app sends them. */
export interface NoteListParams {
  keyword?: string;
  sort: NoteSort;
  page: number;
  size: number;
}

/** The notes calls (`/note/*`), typed by the contract. */
export const notesApi = {
  generate: (body: GenerateNoteRequest) =>
    request<GenerateNoteResponse>("POST", apiPath("noteGenerate"), { body }),
  list: (query: NoteListParams) =>
    request<NoteListResponse>("GET", apiPath("noteList"), {
      query: { keyword: query.keyword || undefined, sort: query.sort, page: query.page, size: query.size },
    }),
  detail: (noteId: string) => request<NoteDetail>("GET", apiPath("note", { noteId })),
  update: (noteId: string, body: UpdateNoteRequest) =>
    request<NoteDetail>("PUT", apiPath("note", { noteId }), { body }),
  reset: (noteId: string) => request<NoteDetail>("POST", apiPath("noteReset", { noteId }), { body: {} }),
  copy: (noteId: string) => request<NoteDetail>("POST", apiPath("noteCopy", { noteId }), { body: {} }),
  remove: (noteId: string) => request<unknown>("DELETE", apiPath("note", { noteId })),
};

/** TanStack Query keys of the notes feature. */
export const noteKeys = {
  all: ["notes"] as const,
  lists: () => [...noteKeys.all, "list"] as const,
  list: (params: NoteListParams) => [...noteKeys.lists(), params] as const,
  detail: (noteId: string) => [...noteKeys.all, "detail", noteId] as const,
};
