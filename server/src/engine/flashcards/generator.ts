import { defineGenerator } from "../generator";
import type { FlashcardsRequest } from "../types";
import type { CardDraft } from "./card-rules";
import { llmFlashcards } from "./llm";
import { writeOfflineFlashcards } from "./offline";

/** The flashcards' Engine method: up to `count` cards over the note's sections, none whose front is excluded. */
export const flashcardsGenerators = {
  flashcards: defineGenerator<FlashcardsRequest, CardDraft[]>({
    offline: (req) => writeOfflineFlashcards(req.material, { count: req.count, exclude: req.exclude }),
    llm: llmFlashcards,
  }),
};
