import type { JobDefinition } from "../jobs/definition";
import type { WorkerLogger } from "../jobs/worker";
import type { Services } from "./services";
import { createParseFileJob, type FileParser, type PreviewRenderer } from "../modules/files/parse-file.job";
import { generateNoteJob, noteJobsWaitingForFiles } from "../modules/notes/generate-note.job";
import { refundOnFailure } from "../modules/beans/refund-on-failure";
import { createMailFeedbackJob } from "../modules/feedback/mail-feedback.job";
import { createStorageSweepJob } from "../modules/storage-sweep/storage-sweep.job";
import { createAnswerQuestionJob } from "../modules/ask/answer-question.job";
import { kindJobs } from "../modules/artefacts/artefact-kinds";

/** What only a worker has, besides the services: the parser threads and the office preview renderer. */
export interface WorkerDeps {
  parser: FileParser;
  renderPreview?: PreviewRenderer;
  /** The parse job's warnings (default: the services' logger). */
  logger?: WorkerLogger;
}

/** Every job a worker runs; add yours here. Each refunds its Beancoin charges when it fails or is cancelled. */
export function workerJobs(services: Services, worker: WorkerDeps): JobDefinition[] {
  const { config, db, storage, mailer, queue } = services.deps;
  const { engine, studyNotes: notes, noteFiles: files, beans } = services;
  return refundOnFailure(beans, [
    createParseFileJob({
      db,
      storage,
      parser: worker.parser,
      renderPreview: worker.renderPreview,
      logger: worker.logger ?? services.deps.logger,
      // a note waiting for its files runs when the last one's parse ends
      waiters: noteJobsWaitingForFiles(queue),
    }),
    generateNoteJob({ db, files, engine, beans }),
    // each artefact kind's generation job, from the one list of kinds
    ...kindJobs({ db, storage, notes, engine, speech: services.speech }),
    createMailFeedbackJob({ feedback: services.feedback, mailer, mailTo: config.FEEDBACK_MAIL_TO }),
    createStorageSweepJob({
      db,
      storage,
      jobRetention: { eventsDays: config.JOB_EVENTS_RETENTION_DAYS, jobsDays: config.JOB_RETENTION_DAYS },
    }),
    createAnswerQuestionJob({
      db,
      notes,
      loadDocument: (userId, fileId) => files.loadDocument(userId, fileId),
      indexes: services.askIndexes,
      model:
        config.aiEngine === "llm"
          ? {
              aiBaseUrl: config.AI_BASE_URL!,
              aiApiKey: config.AI_API_KEY ?? "unused",
              aiModel: config.AI_MODEL!,
              aiTimeoutMs: config.AI_TIMEOUT_S * 1000,
            }
          : undefined,
    }),
  ]);
}
