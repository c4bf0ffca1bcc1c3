import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Storage } from "../storage/storage";
import { createParseFileJob, type FileParser, type PreviewRenderer } from "../modules/files/parse-file.job";
import type { JobDefinition } from "./definition";
import { createEngineFromConfig } from "../engine";
import { createFilesService } from "../modules/files/files.service";
import { generateNoteJob } from "../modules/notes/generate-note.job";
import { createNoteFiles } from "../modules/notes/note-files";
import { createStudyNotes } from "../modules/notes/study-notes";
import { createGenerateFlashcardsJob } from "../modules/flashcards/generate-flashcards.job";
import { createGeneratePodcastJob } from "../modules/podcast/generate-podcast.job";
import { createSpeechFromConfig } from "../speech";
import { createTranslateNoteJob } from "../modules/translate/translate.job";
import { createGenerateSlidesJob } from "../modules/slides/generate-slides.job";
import { createGenerateQuizJob } from "../modules/quiz/generate-quiz.job";
import type { WorkerLogger } from "./worker";
import { createMailer, type Mailer } from "../mail/mailer";
import { createBeansFromConfig } from "../modules/beans/beans-from-config";
import { refundOnFailure } from "../modules/beans/refund-on-failure";
import { createFeedbackService } from "../modules/feedback/feedback.service";
import { createMailFeedbackJob } from "../modules/feedback/mail-feedback.job";
import { createStorageSweepJob } from "../modules/storage-sweep/storage-sweep.job";
import { createAnswerQuestionJob } from "../modules/ask/answer-question.job";
import { createIndexCache } from "../modules/ask/index-cache";

/** Parsed files whose passage index a worker keeps for questions (a 400-page file's is a few MB). */
const ASK_INDEXED_FILES = 32;

/** What job handlers may use; a worker process builds these once. */
export interface WorkerDeps {
  config: Config;
  db: Db;
  storage: Storage;
  parser: FileParser;
  renderPreview?: PreviewRenderer;
  logger: WorkerLogger;
  /** Default: SMTP_URL's mailer (or the log without it). */
  mailer?: Mailer;
}

/** Every job a worker runs; add yours here. Each refunds its Beancoin charges when it fails or is cancelled. */
export function jobDefinitions(deps: WorkerDeps): JobDefinition[] {
  const files = createNoteFiles(
    createFilesService({ db: deps.db, storage: deps.storage, uploadMaxBytes: deps.config.uploadMaxBytes }),
  );
  const engine = createEngineFromConfig(deps.config);
  const notes = createStudyNotes({ db: deps.db, files });
  const beans = createBeansFromConfig(deps.db, deps.config);
  const mailer =
    deps.mailer ??
    createMailer({ smtpUrl: deps.config.SMTP_URL, from: deps.config.MAIL_FROM, logger: deps.logger });
  const feedback = createFeedbackService({
    db: deps.db,
    storage: deps.storage,
    publicUrl: deps.config.PUBLIC_URL,
  });
  return refundOnFailure(beans, [
    createParseFileJob(deps),
    generateNoteJob({ db: deps.db, files, engine, beans }),
    createGenerateFlashcardsJob({ db: deps.db, notes, engine }),
    createGeneratePodcastJob({
      db: deps.db,
      notes,
      engine,
      speech: createSpeechFromConfig(deps.config),
      storage: deps.storage,
    }),
    createTranslateNoteJob({ db: deps.db, notes, engine }),
    createGenerateSlidesJob({ db: deps.db, notes, engine }),
    createGenerateQuizJob({ db: deps.db, notes, engine }),
    createMailFeedbackJob({ feedback, mailer, mailTo: deps.config.FEEDBACK_MAIL_TO }),
    createStorageSweepJob({ db: deps.db, storage: deps.storage }),
    createAnswerQuestionJob({
      db: deps.db,
      notes,
      loadDocument: (userId, fileId) => files.loadDocument(userId, fileId),
      indexes: createIndexCache({ maxFiles: ASK_INDEXED_FILES }),
      model:
        deps.config.aiEngine === "llm"
          ? {
              aiBaseUrl: deps.config.AI_BASE_URL!,
              aiApiKey: deps.config.AI_API_KEY ?? "unused",
              aiModel: deps.config.AI_MODEL!,
              aiTimeoutMs: deps.config.AI_TIMEOUT_S * 1000,
            }
          : undefined,
    }),
  ]);
}
