import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../http/app-deps";
import { webConfigRoutes } from "./web-config/web-config.routes";
import { healthRoutes } from "./health/health.routes";
import { memberRoutes } from "./member/member.routes";
import { createMemberService } from "./member/member.service";
import { portraitRoutes, portraitUrl } from "./portrait/portrait.routes";
import { fileRoutes } from "./files/files.routes";
import { createFilesService, uploadLimitsOf } from "./files/files.service";
import { jobRoutes } from "./jobs/jobs.routes";
import { createJobsService } from "./jobs/jobs.service";
import { notesRoutes } from "./notes/notes.routes";
import { createNoteService } from "./notes/notes.service";
import { createNoteFiles } from "./notes/note-files";
import { createStudyNotes } from "./notes/study-notes";
import { createArtefactJobs } from "./artefacts/artefact-jobs";
import { flashcardsRoutes } from "./flashcards/flashcards.routes";
import { createFlashcardService } from "./flashcards/flashcards.service";
import { podcastRoutes } from "./podcast/podcast.routes";
import { createPodcastService, podcastAudioReleaser } from "./podcast/podcast.service";
import { releasingNoteObjects } from "./files/note-release";
import { artefactCopiers } from "./artefacts/artefact-copiers";
import { quizRoutes } from "./quiz/quiz.routes";
import { createQuizService } from "./quiz/quiz.service";
import { createEngineFromConfig } from "../engine";
import { mindMapRoutes } from "./mind-map/mind-map.routes";
import { createMindMapService } from "./mind-map/mind-map.service";
import { slidesRoutes } from "./slides/slides.routes";
import { createSlidesService } from "./slides/slides.service";
import { createSlidesPdf } from "./slides/slides-pdf";
import { createBeansFromConfig } from "./beans/beans-from-config";
import { beansRoutes } from "./beans/beans.routes";
import { createStudentService } from "./student/student.service";
import { studentRoutes } from "./student/student.routes";
import { createFeedbackService, feedbackLimitsOf } from "./feedback/feedback.service";
import { feedbackRoutes } from "./feedback/feedback.routes";

import { createPdfPrinter } from "./export/pdf-printer";
import { createRenderPool } from "../render/render-pool";
import { createThrottle } from "./throttle/throttle.service";
import { createExportService } from "./export/export.service";
import { exportRoutes } from "./export/export.routes";
import { createTranslateService } from "./translate/translate.service";
import { translateRoutes } from "./translate/translate.routes";
import { askRoutes } from "./ask/ask.routes";
import { createAskService } from "./ask/ask.service";
/** Each feature registers its own routes; add yours here. */
export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const members = createMemberService({
    db: deps.db,
    mailer: deps.mailer,
    auth: deps.auth,
    captcha: deps.captcha,
    captchaRequired: deps.config.CAPTCHA === "on",
    startingBeans: deps.config.STARTING_BEANS,
    captchasPerMinute: deps.config.CAPTCHAS_PER_MINUTE,
    iconUrl: (iconKey) => portraitUrl(deps.config.PUBLIC_URL, iconKey),
  });
  await api.register(healthRoutes(deps));
  await api.register(webConfigRoutes(deps));
  await api.register(memberRoutes(deps, members));
  await api.register(portraitRoutes(deps));
  const { queue } = deps;
  const files = createFilesService({
    db: deps.db,
    storage: deps.storage,
    uploadMaxBytes: deps.config.uploadMaxBytes,
    uploadLimits: uploadLimitsOf(deps.config),
    queue,
  });
  await api.register(fileRoutes(deps, files));
  const jobs = createJobsService({ db: deps.db, queue });
  await api.register(jobRoutes(deps, {}, jobs));
  // Beancoin: each paid action is charged in the transaction that enqueues its job (BEANS=off: free).
  const beans = createBeansFromConfig(deps.db, deps.config);
  await api.register(beansRoutes(beans));
  await api.register(studentRoutes(createStudentService({ db: deps.db, storage: deps.storage })));
  const feedback = createFeedbackService({
    db: deps.db,
    storage: deps.storage,
    queue,
    publicUrl: deps.config.PUBLIC_URL,
    mailTo: deps.config.FEEDBACK_MAIL_TO,
    limits: feedbackLimitsOf(deps.config),
  });
  await api.register(feedbackRoutes(feedback, deps.storage));
  const noteFiles = createNoteFiles(files);
  const notes = releasingNoteObjects(
    createNoteService({
      db: deps.db,
      files: noteFiles,
      copyArtefacts: artefactCopiers,
      copiesPerMinute: deps.config.NOTE_COPIES_PER_MINUTE,
      beans,
      jobs: {
        enqueue: async (name, payload, options) => (await queue.enqueue(name, payload, options)).id,
        cancel: async (jobId) => void (await queue.requestCancel(jobId)),
        wake: (name) => queue.wake(name),
      },
    }),
    // Deleting a note deletes its objects: unused source files, podcast audio.
    { files, releasers: [podcastAudioReleaser(deps.db, deps.storage)] },
  );
  await api.register(notesRoutes(notes));

  // Study artefacts: each hangs off a ready note, generated by a job, read and edited by plain calls.
  const studyNotes = createStudyNotes({ db: deps.db, files: noteFiles });
  const artefacts = createArtefactJobs({ db: deps.db, queue, beans });
  await api.register(flashcardsRoutes(createFlashcardService({ db: deps.db, notes: studyNotes, artefacts })));
  await api.register(
    podcastRoutes(createPodcastService({ db: deps.db, storage: deps.storage, notes: studyNotes, artefacts })),
  );
  // Exports and mind maps of large notes are built in render threads (started when needed), counted per user.
  const render = createRenderPool({
    size: deps.config.RENDER_WORKERS,
    timeoutMs: deps.config.EXPORT_TIMEOUT_S * 1000,
  });
  app.addHook("onClose", () => render.close());
  const throttle = createThrottle({ db: deps.db });
  await api.register(
    mindMapRoutes(
      createMindMapService({
        notes: studyNotes,
        render,
        throttle,
        perMinute: deps.config.EXPORTS_PER_MINUTE,
      }),
    ),
  );
  await api.register(
    quizRoutes(
      createQuizService({
        db: deps.db,
        notes: studyNotes,
        artefacts,
        // free-text answers are graded as they are sent, by the configured engine
        engine: createEngineFromConfig(deps.config),
        jobs: queue,
      }),
    ),
  );
  const slidesPdf = createSlidesPdf();
  await api.register(
    slidesRoutes(
      createSlidesService({ db: deps.db, notes: studyNotes, artefacts, pdf: slidesPdf }),
      slidesPdf,
    ),
  );

  // Export (PDF printed by one Chromium per process, DOCX, Markdown) and translation (a new note, by a job).
  const printer = createPdfPrinter({
    executablePath: deps.config.CHROMIUM_PATH,
    concurrency: deps.config.EXPORT_CONCURRENCY,
    maxPages: deps.config.EXPORT_MAX_PAGES,
    timeoutMs: deps.config.EXPORT_TIMEOUT_S * 1000,
    log: deps.logger,
  });
  app.addHook("onClose", () => printer.close());
  await api.register(
    exportRoutes(
      createExportService({
        notes,
        printer,
        render,
        throttle,
        exportsPerMinute: deps.config.EXPORTS_PER_MINUTE,
      }),
    ),
  );
  await api.register(
    translateRoutes(
      createTranslateService({ db: deps.db, queue, notes: studyNotes, config: deps.config, beans }),
    ),
  );
  // Ask the document: each answer is written by a job (streamed over its events), charged only on a model.
  await api.register(
    askRoutes(
      createAskService({
        db: deps.db,
        queue,
        jobs,
        notes: studyNotes,
        beans,
        chargeQuestions: deps.config.aiEngine === "llm",
      }),
    ),
  );
}
