import type { ArtefactCopier } from "../notes/study-notes";
import { copyDeck } from "../flashcards/flashcards.service";
import { copyPodcast } from "../podcast/podcast.service";
import { copySlides } from "../slides/slides.service";
import { copyQuizzes } from "../quiz/quiz.service";

/** What a copy of a note takes along: every artefact kind adds its copier here. */
export const artefactCopiers: ArtefactCopier[] = [copyDeck, copyPodcast, copySlides, copyQuizzes];
