export type { Engine, EngineConfig, EngineDeps, GeneratedNote, NoteRequest, NoteSectionOut } from "./types";
export { createOfflineEngine, generateOfflineNote } from "./offline";

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
