export type {
  ArtefactEngineMethod,
  ArtefactRequest,
  Engine,
  EngineConfig,
  EngineDeps,
  FlashcardsRequest,
  PodcastScriptRequest,
  QuizRequest,
  GeneratedNote,
  NoteRequest,
  NoteSectionOut,
  TranslatedNote,
  TranslateRequest,
  SlidesRequest,
} from "./types";
export type { CardDraft } from "./flashcards/card-rules";
export type { PodcastScript, ScriptChapter, ScriptLine } from "./podcast/script";
export { defaultCardCount } from "./flashcards/offline";
export { frontKey } from "./flashcards/card-rules";
export type { SlideDraft } from "./slides/slide-rules";
export { defaultSlideCount } from "./slides/offline";
export { buildMindMap } from "./mind-map";
export { noteMaterial, type NoteMaterial } from "./note-material";
export type { GradeOutcome, GradeRequest, QuestionDraft, QuizPlan } from "./quiz/question";
export { checkQuiz, materialVocabulary, type CitedQuestion, type KeyProblem } from "./quiz/answer-key";
export { questionKey } from "./quiz/quiz-text";
export { isModelUnavailable } from "./quiz/llm";
export { TranslateFailedError, TranslateNeedsModelError } from "./translate/errors";
export { createOfflineEngine, generateOfflineNote } from "./offline";
export { ARTEFACT_GENERATORS, type ArtefactGenerators } from "./artefact-generators";
export {
  composeGenerators,
  defineGenerator,
  llmMethods,
  offlineMethods,
  type AnyEngineGenerator,
  type EngineGenerator,
  type EngineGenerators,
} from "./generator";

export { createLlmEngine } from "./llm";
export { labelsFor } from "./labels";
import { createLlmEngine } from "./llm";
import { createOfflineEngine } from "./offline";
import type { Config } from "../config";
import type { Engine, EngineConfig, EngineDeps } from "./types";

/** The engine the server's configuration asks for (AI_* variables). */
export function createEngineFromConfig(config: Config): Engine {
  return createEngine({
    aiBaseUrl: config.AI_BASE_URL,
    // Local servers (Ollama, llama.cpp) take any key.
    aiApiKey: config.AI_API_KEY ?? "unused",
    aiModel: config.AI_MODEL,
    aiContextTokens: config.AI_CONTEXT_TOKENS,
    aiConcurrency: config.AI_CONCURRENCY,
    aiTimeoutMs: config.AI_TIMEOUT_S * 1000,
  });
}

/** The llm engine when a model is fully configured (base URL, key and model), else the offline engine. */
export function createEngine(config: EngineConfig, deps: EngineDeps = {}): Engine {
  if (config.aiBaseUrl && config.aiApiKey && config.aiModel) {
    return createLlmEngine(
      { ...config, aiBaseUrl: config.aiBaseUrl, aiApiKey: config.aiApiKey, aiModel: config.aiModel },
      deps,
    );
  }
  return createOfflineEngine();
}
