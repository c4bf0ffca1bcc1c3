import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../http/app-deps";
import type { Services } from "./services";
import { webConfigRoutes } from "../modules/web-config/web-config.routes";
import { healthRoutes } from "../modules/health/health.routes";
import { memberRoutes } from "../modules/member/member.routes";
import { portraitRoutes } from "../modules/portrait/portrait.routes";
import { fileRoutes } from "../modules/files/files.routes";
import { jobRoutes } from "../modules/jobs/jobs.routes";
import { notesRoutes } from "../modules/notes/notes.routes";
import { beansRoutes } from "../modules/beans/beans.routes";
import { studentRoutes } from "../modules/student/student.routes";
import { feedbackRoutes } from "../modules/feedback/feedback.routes";
import { exportRoutes } from "../modules/export/export.routes";
import { askRoutes } from "../modules/ask/ask.routes";
import { kindRoutes } from "../modules/artefacts/artefact-kinds";

/** Each feature's routes, on the services built once (services.ts); add yours here. */
export async function registerRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config, db, storage, queue, mailer } = services.deps;
  const deps: AppDeps = { config, db, storage, queue, mailer, logger: app.log };
  await api.register(healthRoutes(deps));
  await api.register(webConfigRoutes(deps));
  await api.register(memberRoutes({ ...deps, auth: services.auth }, services.members));
  await api.register(portraitRoutes(deps));
  await api.register(fileRoutes(services.files));
  await api.register(jobRoutes(services.jobs));
  await api.register(beansRoutes(services.beans));
  await api.register(studentRoutes(services.student));
  await api.register(feedbackRoutes(services.feedback, storage));
  await api.register(notesRoutes(services.notes));

  // Study artefacts (and translation): each kind's routes, with its service, from the one list of kinds.
  for (const routes of kindRoutes(services.artefactDeps)) await api.register(routes);

  await api.register(exportRoutes(services.exports));
  await api.register(askRoutes(services.ask));
}
