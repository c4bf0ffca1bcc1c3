import { flashcardsKind } from "../flashcards/flashcards.kind";
import { mindMapKind } from "../mind-map/mind-map.kind";
import { podcastKind } from "../podcast/podcast.kind";
import { quizKind } from "../quiz/quiz.kind";
import { slidesKind } from "../slides/slides.kind";
import { translateKind } from "../translate/translate.kind";
import type { ArtefactKind } from "./artefact-kind";

/**
 * Every artefact kind, once. The API registers their routes, the worker runs their jobs, a copy of a note takes
 * their copies along and a deleted note releases their objects, all from this list; add a kind here.
 */
export const artefactKinds: readonly ArtefactKind[] = [
  flashcardsKind,
  podcastKind,
  mindMapKind,
  quizKind,
  slidesKind,
  translateKind,
];
