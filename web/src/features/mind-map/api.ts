import { apiPath, type MindMap } from "@beannote/contract";
import { request } from "../../api/client";

/** The mind map call, typed by the contract. */
export const mindMapApi = {
  get: (noteId: string) => request<MindMap>("GET", apiPath("noteMindMap", { noteId })),
};

/** TanStack Query keys of the mind map feature. */
export const mindMapKeys = {
  all: ["mindMap"] as const,
  /** The map is derived from the note's Markdown, so its key carries the note's last edit. */
  map: (noteId: string, updatedAt: string) => [...mindMapKeys.all, noteId, updatedAt] as const,
};
