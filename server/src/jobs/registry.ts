import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Storage } from "../storage/storage";
import { createParseFileJob, type FileParser, type PreviewRenderer } from "../modules/files/parse-file.job";
import type { JobDefinition } from "./definition";
import { createEngineFromConfig } from "../engine";
import { createFilesService } from "../modules/files/files.service";
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
  const files = createNoteFiles(
    createFilesService({ db: deps.db, storage: deps.storage, uploadMaxBytes: deps.config.uploadMaxBytes }),
  );
  return [
    createParseFileJob(deps),
    generateNoteJob({ db: deps.db, files, engine: createEngineFromConfig(deps.config) }),
  ];
}
