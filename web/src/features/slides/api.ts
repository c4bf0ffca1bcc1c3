import {
  apiPath,
  type ArtefactJobResponse,
  type GenerateSlidesRequest,
  type SlideDeck,
  type SlideExportFormat,
  type UpdateSlidesRequest,
} from "@beannote/contract";
import { request } from "../../api/client";
import { downloadFile } from "../artefacts/download-file";

/** The slides calls, typed by the contract. */
export const slidesApi = {
  generate: (noteId: string, body: GenerateSlidesRequest) =>
    request<ArtefactJobResponse>("POST", apiPath("noteSlides", { noteId }), { body }),
  deck: (noteId: string) => request<SlideDeck>("GET", apiPath("noteSlides", { noteId })),
  save: (noteId: string, body: UpdateSlidesRequest) =>
    request<SlideDeck>("PUT", apiPath("noteSlides", { noteId }), { body }),
  /** Saves the deck as a file; resolves with the file's name. */
  export: (noteId: string, format: SlideExportFormat) =>
    downloadFile(`${apiPath("noteSlidesExport", { noteId })}?format=${format}`, `slides.${format}`),
};

/** TanStack Query keys of the slides feature. */
export const slideKeys = {
  all: ["slides"] as const,
  deck: (noteId: string) => [...slideKeys.all, "deck", noteId] as const,
};
