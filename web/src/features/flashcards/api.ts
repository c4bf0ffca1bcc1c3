import {
  apiPath,
  type ArtefactJobResponse,
  type DueFlashcardsResponse,
  type Flashcard,
  type FlashcardDeck,
  type FlashcardInput,
  type FlashcardRating,
  type GenerateFlashcardsRequest,
  type ReviewFlashcardResponse,
} from "@beannote/contract";
import { request } from "../../api/client";
import { downloadFile } from "../artefacts/download-file";

export type FlashcardExportFormat = "csv" | "apkg";

/** The flashcards calls, typed by the contract. */
export const flashcardsApi = {
  generate: (noteId: string, body: GenerateFlashcardsRequest) =>
    request<ArtefactJobResponse>("POST", apiPath("noteFlashcardsGenerate", { noteId }), { body }),
  deck: (noteId: string) => request<FlashcardDeck>("GET", apiPath("noteFlashcards", { noteId })),
  add: (noteId: string, body: FlashcardInput) =>
    request<Flashcard>("POST", apiPath("noteFlashcards", { noteId }), { body }),
  edit: (cardId: string, body: FlashcardInput) =>
    request<Flashcard>("PUT", apiPath("flashcard", { cardId }), { body }),
  remove: (cardId: string) => request<unknown>("DELETE", apiPath("flashcard", { cardId })),
  review: (cardId: string, rating: FlashcardRating) =>
    request<ReviewFlashcardResponse>("POST", apiPath("flashcardReview", { cardId }), { body: { rating } }),
  due: (limit?: number) =>
    request<DueFlashcardsResponse>("GET", apiPath("flashcardsDue"), { query: { limit } }),
  /** Saves the deck as a file; resolves with the file's name. */
  export: (noteId: string, format: FlashcardExportFormat) =>
    downloadFile(`${apiPath("noteFlashcardsExport", { noteId })}?format=${format}`, `flashcards.${format}`),
};

/** TanStack Query keys of the flashcards feature. */
export const flashcardKeys = {
  all: ["flashcards"] as const,
  deck: (noteId: string) => [...flashcardKeys.all, "deck", noteId] as const,
  /** How many cards are due across all notes (home). */
  dueSummary: () => [...flashcardKeys.all, "due-summary"] as const,
  /** The cards of a review session across notes; fetched once per session. */
  dueQueue: () => [...flashcardKeys.all, "due-queue"] as const,
};
