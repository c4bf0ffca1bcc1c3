export type { Engine, EngineConfig, EngineDeps, GeneratedNote, NoteRequest, NoteSectionOut } from "./types";
export { createOfflineEngine, generateOfflineNote } from "./offline";

export { createLlmEngine } from "./llm";
export { labelsFor } from "./labels";
import { createLlmEngine } from "./llm";
import { createOfflineEngine } from "./offline";
import type { Engine, EngineConfig, EngineDeps } from "./types";

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
