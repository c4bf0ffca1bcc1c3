import { flashcardsGenerators } from "./flashcards/generator";
import { composeGenerators } from "./generator";
import { podcastGenerators } from "./podcast/generator";
import { quizGenerators } from "./quiz/generator";
import { slidesGenerators } from "./slides/generator";
import { translateGenerators } from "./translate/generator";

/**
 * Every artefact kind's generators (each declared in `engine/<kind>/generator.ts`), once: the offline and the LLM
 * engine take their artefact methods from this list (offline.ts, llm.ts), the Engine type too (types.ts); the
 * server's kinds name their own (`generate.engine` in `<kind>.kind.ts`). Add a kind's generators here.
 */
export const ARTEFACT_GENERATORS = composeGenerators(
  flashcardsGenerators,
  podcastGenerators,
  slidesGenerators,
  translateGenerators,
  quizGenerators,
);

export type ArtefactGenerators = typeof ARTEFACT_GENERATORS;
