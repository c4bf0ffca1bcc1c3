import type {
  ArtefactJobResponse,
  DueFlashcardsResponse,
  Flashcard,
  FlashcardDeck,
  FlashcardInput,
  FlashcardRating,
  GenerateFlashcardsRequest,
  ReviewFlashcardResponse,
} from "@beannote/contract";
import { request } from "../../api/client";
import { downloadFile } from "../artefacts/download-file";

export type FlashcardExportFormat = "csv" | "apkg";

const note = (noteId: string) => `/note/${encodeURIComponent(noteId)}/flashcards`;
const card = (cardId: string) => `/flashcard/${encodeURIComponent(cardId)}`;

/** The flashcards calls, typed by the contract. */
export const flashcardsApi = {
  generate: (noteId: string, body: GenerateFlashcardsRequest) =>
    request<ArtefactJobResponse>("POST", `${note(noteId)}/generate`, { body }),
  deck: (noteId: string) => request<FlashcardDeck>("GET", note(noteId)),
  add: (noteId: string, body: FlashcardInput) => request<Flashcard>("POST", note(noteId), { body }),
  edit: (cardId: string, body: FlashcardInput) => request<Flashcard>("PUT", card(cardId), { body }),
  remove: (cardId: string) => request<unknown>("DELETE", card(cardId)),
  review: (cardId: string, rating: FlashcardRating) =>
    request<ReviewFlashcardResponse>("POST", `${card(cardId)}/review`, { body: { rating } }),
  due: (limit?: number) => request<DueFlashcardsResponse>("GET", "/flashcard/due", { query: { limit } }),
  /** Saves the deck as a file; resolves with the file's name. */
  export: (noteId: string, format: FlashcardExportFormat) =>
    downloadFile(`${note(noteId)}/export?format=${format}`, `flashcards.${format}`),
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
