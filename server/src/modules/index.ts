import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../http/app";
import { webConfigRoutes } from "./web-config/web-config.routes";
import { memberRoutes } from "./member/member.routes";
import { createMemberService } from "./member/member.service";
import { portraitRoutes, portraitUrl } from "./portrait/portrait.routes";
import { fileRoutes } from "./files/files.routes";
import { createFilesService } from "./files/files.service";
import { jobRoutes } from "./jobs/jobs.routes";
import { createJobsService } from "./jobs/jobs.service";
import { notesRoutes } from "./notes/notes.routes";
import { createNoteService } from "./notes/notes.service";
import { createNoteFiles } from "./notes/note-files";

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
    iconUrl: (iconKey) => portraitUrl(deps.config.PUBLIC_URL, iconKey),
  });
  await api.register(webConfigRoutes(deps));
  await api.register(memberRoutes(deps, members));
  await api.register(portraitRoutes(deps));
  const { queue } = deps;
  const files = createFilesService({
    db: deps.db,
    storage: deps.storage,
    uploadMaxBytes: deps.config.uploadMaxBytes,
    queue,
  });
  await api.register(fileRoutes(deps, files));
  await api.register(jobRoutes(deps, {}, createJobsService({ db: deps.db, queue })));
  const notes = createNoteService({
    db: deps.db,
    files: createNoteFiles(files),
    jobs: {
      enqueue: async (name, payload, options) => (await queue.enqueue(name, payload, options)).id,
      cancel: async (jobId) => void (await queue.requestCancel(jobId)),
    },
  });
  await api.register(notesRoutes(notes));
}
