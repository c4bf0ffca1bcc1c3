import type {
  ArtefactJobResponse,
  GenerateSlidesRequest,
  SlideDeck,
  SlideExportFormat,
  UpdateSlidesRequest,
} from "@beannote/contract";
import { request } from "../../api/client";
import { downloadFile } from "../artefacts/download-file";

const deckPath = (noteId: string) => `/note/${encodeURIComponent(noteId)}/slides`;

/** The slides calls, typed by the contract. */
export const slidesApi = {
  generate: (noteId: string, body: GenerateSlidesRequest) =>
    request<ArtefactJobResponse>("POST", deckPath(noteId), { body }),
  deck: (noteId: string) => request<SlideDeck>("GET", deckPath(noteId)),
  save: (noteId: string, body: UpdateSlidesRequest) => request<SlideDeck>("PUT", deckPath(noteId), { body }),
  /** Saves the deck as a file; resolves with the file's name. */
  export: (noteId: string, format: SlideExportFormat) =>
    downloadFile(`${deckPath(noteId)}/export?format=${format}`, `slides.${format}`),
};

/** TanStack Query keys of the slides feature. */
export const slideKeys = {
  all: ["slides"] as const,
  deck: (noteId: string) => [...slideKeys.all, "deck", noteId] as const,
};
