import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Storage } from "../storage/storage";
import { createParseFileJob, type FileParser, type PreviewRenderer } from "../modules/files/parse-file.job";
import type { JobDefinition } from "./definition";
import { createEngine } from "../engine";
import { generateNoteJob } from "../modules/notes/generate-note.job";
import { createNoteFiles } from "../modules/notes/note-files";
import type { WorkerLogger } from "./worker";

/** What job handlers may use; a worker process builds these once. */
export interface WorkerDeps {
  config: Config;
  db: Db;
  storage: Storage;
  parser: FileParser;
  renderPreview?: PreviewRenderer;
  logger: WorkerLogger;
}

/** Every job a worker runs; add yours here. */
export function jobDefinitions(deps: WorkerDeps): JobDefinition[] {
  const engine = createEngine({
    aiBaseUrl: deps.config.AI_BASE_URL,
    // Local servers (Ollama, llama.cpp) take any key.
    aiApiKey: deps.config.AI_API_KEY ?? "unused",
    aiModel: deps.config.AI_MODEL,
    aiContextTokens: deps.config.AI_CONTEXT_TOKENS,
    aiConcurrency: deps.config.AI_CONCURRENCY,
  });
  return [createParseFileJob(deps), generateNoteJob({ db: deps.db, files: createNoteFiles(deps), engine })];
}
