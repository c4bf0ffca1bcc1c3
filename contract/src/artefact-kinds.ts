import { flashcardsContract } from "./flashcards";
import { mindMapContract } from "./mind-map";
import { podcastContract } from "./podcast";
import { quizContract } from "./quiz";
import { slidesContract } from "./slides";
import { translateContract } from "./translate";

/**
 * Every artefact kind's contract, once (see kind-contract.ts): API_ROUTES, ERROR_STATUS, BEAN_ACTIONS, the prices
 * and the server's ROUTE_DOCS take each kind's paths, errors, price and route summaries from this list; add a
 * kind here. The order is the price list's (BEAN_ACTIONS: note, then the kinds' prices, then question).
 */
export const ARTEFACT_KIND_CONTRACTS = [
  flashcardsContract,
  quizContract,
  slidesContract,
  podcastContract,
  translateContract,
  mindMapContract,
] as const;

export type ArtefactKindContracts = typeof ARTEFACT_KIND_CONTRACTS;
