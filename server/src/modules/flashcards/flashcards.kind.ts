import { flashcardsContract } from "@beannote/contract";
import { flashcardsGenerators } from "../../engine/flashcards/generator";
import { defineArtefactKind } from "../artefacts/artefact-kind";
import { flashcardsRoutes } from "./flashcards.routes";
import { copyDeck, createFlashcardService, generateFlashcardsJob, presentCard } from "./flashcards.service";
import { createGenerateFlashcardsJob, saveCards } from "./generate-flashcards.job";

/** Flashcards: a deck per note, written by a job (added to or replaced), reviewed on a spaced schedule. */
export const flashcardsKind = defineArtefactKind({
  name: "flashcards",
  contract: flashcardsContract,
  price: "flashcards",
  job: { spec: generateFlashcardsJob, create: createGenerateFlashcardsJob },
  generate: { engine: flashcardsGenerators },
  save: saveCards,
  present: presentCard,
  copy: copyDeck,
  release: null,
  routes: (deps) => flashcardsRoutes(createFlashcardService(deps)),
});
