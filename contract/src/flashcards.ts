import { z } from "zod";
import { artefactGeneration, citation, studentText } from "./artefacts";
import { entityId } from "./text";
import { defineKindContract } from "./kind-contract";

/** The flashcards' part of the central lists (see kind-contract.ts): paths, route summaries, errors, price. */
export const flashcardsContract = defineKindContract({
  name: "flashcards",
  paths: {
    noteFlashcards: "/note/:noteId/flashcards",
    noteFlashcardsGenerate: "/note/:noteId/flashcards/generate",
    noteFlashcardsExport: "/note/:noteId/flashcards/export",
    flashcardsDue: "/flashcard/due",
    flashcard: "/flashcard/:cardId",
    flashcardReview: "/flashcard/:cardId/review",
  },
  routes: {
    "GET /note/:noteId/flashcards": { summary: "The note's deck" },
    "POST /note/:noteId/flashcards/generate": { summary: "Generate the deck" },
    "POST /note/:noteId/flashcards": { summary: "Add a card" },
    "GET /note/:noteId/flashcards/export": {
      summary: "Download the deck as CSV or Anki package",
      files: ["text/csv", "application/octet-stream"],
    },
    "GET /flashcard/due": { summary: "Cards due for review" },
    "PUT /flashcard/:cardId": { summary: "Edit a card" },
    "DELETE /flashcard/:cardId": { summary: "Delete a card" },
    "POST /flashcard/:cardId/review": { summary: "Rate a review" },
  },
  errors: {
    CARD_TEXT_INVALID: 400,
    CARD_COUNT_INVALID: 400,
    CARD_RATING_INVALID: 400,
    FLASHCARD_LIMIT: 409,
    FLASHCARDS_EMPTY: 422,
  },
  price: { flashcards: 2 },
});

export const FLASHCARD_TEXT_MAX = 2000;
export const FLASHCARDS_PER_NOTE_MAX = 2000;
export const FLASHCARD_GENERATE_MIN = 5;
export const FLASHCARD_GENERATE_MAX = 60;
export const FLASHCARD_DUE_LIMIT_MAX = 200;
export const FLASHCARD_KINDS = ["definition", "cloze", "keypoint", "table", "model", "manual"] as const;
export type FlashcardKind = (typeof FLASHCARD_KINDS)[number];
/** Again, Hard, Good, Easy (FSRS / Anki). */
export const FLASHCARD_RATINGS = [1, 2, 3, 4] as const;
export type FlashcardRating = (typeof FLASHCARD_RATINGS)[number];

export const flashcardIdParams = z.object({ cardId: entityId });

// POST /note/:noteId/flashcards/generate
export const generateFlashcardsRequest = z
  .object({
    count: z.number().int().min(FLASHCARD_GENERATE_MIN).max(FLASHCARD_GENERATE_MAX).optional(),
    replace: z.boolean().optional(),
  })
  .strict();
export type GenerateFlashcardsRequest = z.infer<typeof generateFlashcardsRequest>;

/** A card's spaced-repetition state (FSRS); `due` is null for a card never reviewed. */
export const flashcardSchedule = z.object({
  state: z.enum(["new", "learning", "review", "relearning"]),
  due: z.string().nullable(),
  reps: z.number(),
  lapses: z.number(),
  lastReview: z.string().nullable(),
  /** What each rating would give now: the next due time, and the interval in days (fractional when < 1). */
  preview: z.array(z.object({ rating: z.number(), due: z.string(), intervalDays: z.number() })),
});
export type FlashcardSchedule = z.infer<typeof flashcardSchedule>;

export const flashcard = z.object({
  cardId: z.string(),
  noteId: z.string(),
  front: z.string(),
  back: z.string(),
  kind: z.enum(FLASHCARD_KINDS),
  citation: citation.nullable(),
  schedule: flashcardSchedule,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Flashcard = z.infer<typeof flashcard>;

// GET /note/:noteId/flashcards
export const flashcardDeck = z.object({
  noteId: z.string(),
  cards: z.array(flashcard),
  dueCount: z.number(),
  newCount: z.number(),
  generation: artefactGeneration,
});
export type FlashcardDeck = z.infer<typeof flashcardDeck>;

// POST /note/:noteId/flashcards, PUT /flashcard/:cardId
export const flashcardInput = z
  .object({ front: studentText(FLASHCARD_TEXT_MAX), back: studentText(FLASHCARD_TEXT_MAX) })
  .strict();
export type FlashcardInput = z.infer<typeof flashcardInput>;

// POST /flashcard/:cardId/review
export const reviewFlashcardRequest = z
  .object({ rating: z.union(FLASHCARD_RATINGS.map((r) => z.literal(r))) })
  .strict();
export type ReviewFlashcardRequest = z.infer<typeof reviewFlashcardRequest>;
export const reviewFlashcardResponse = z.object({ card: flashcard, nextDue: z.string() });
export type ReviewFlashcardResponse = z.infer<typeof reviewFlashcardResponse>;

// GET /flashcard/due?limit=
export const dueFlashcardsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(FLASHCARD_DUE_LIMIT_MAX).default(50),
});
export type DueFlashcardsQuery = z.input<typeof dueFlashcardsQuery>;
export const dueFlashcard = flashcard.extend({ noteTitle: z.string() });
export type DueFlashcard = z.infer<typeof dueFlashcard>;
export const dueFlashcardsResponse = z.object({
  cards: z.array(dueFlashcard),
  /** Cards due now across all notes (reviewed before), and cards never reviewed. */
  dueCount: z.number(),
  newCount: z.number(),
});
export type DueFlashcardsResponse = z.infer<typeof dueFlashcardsResponse>;

// GET /note/:noteId/flashcards/export?format=
export const FLASHCARD_EXPORT_FORMATS = ["csv", "apkg"] as const;
export const exportFlashcardsQuery = z.object({ format: z.enum(FLASHCARD_EXPORT_FORMATS).default("csv") });
