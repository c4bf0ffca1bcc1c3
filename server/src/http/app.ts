import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from "fastify";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { randomUUID } from "node:crypto";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Storage } from "../storage/storage";
import type { Mailer } from "../mail/mailer";
import type { CaptchaGenerator } from "../modules/captcha/captcha-generator";
import type { JobQueue } from "../jobs/queue";
import { createAuthService, tokenFromHeaders, type AuthUser } from "../modules/auth/auth.service";
import { clientErrorHandler, frameworkErrorHandler, installErrorHandling, sendError } from "./error-handler";
import { installBodyParsers } from "./request-body";
import { installInputGuard } from "./input-guard";
import { installSecurityHeaders } from "./security-headers";
import { registerModules } from "../modules";
import { installOpenApi } from "./openapi";
import type { AppDeps } from "./app-deps";
import type { ErrorCode } from "@beannote/contract";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the auth hook on every route that is not `config: { public: true }`. */
    user: AuthUser;
  }
  interface FastifyContextConfig {
    public?: boolean;
    /** A schema violation on one of these body fields answers with the field's own code. */
    fieldCodes?: Partial<Record<string, ErrorCode>>;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Db;
  storage: Storage;
  captcha: CaptchaGenerator;
  queue: JobQueue;
  mailer?: Mailer;
  logger?: FastifyBaseLogger;
  /** Sees every API route as it is registered (the route-walking tests use it). */
  onRoute?: (route: RouteOptions) => void;
}

const defaultWebDist = fileURLToPath(new URL("../../../web/dist", import.meta.url));

/** Paths that belong to the web app; everything else unknown is an API 404 in the envelope. */
const WEB_PREFIXES = ["/pages/", "/subNote/", "/subOthers/", "/assets/"];
const isWebPath = (url: string) => url === "/" || WEB_PREFIXES.some((prefix) => url.startsWith(prefix));

export async function buildApp(
  options: BuildAppOptions & { createMailer: (logger: FastifyBaseLogger) => Mailer },
): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    loggerInstance: options.logger,
    logger: options.logger ? undefined : { level: config.LOG_LEVEL },
    genReqId: () => randomUUID(),
    trustProxy: config.TRUST_PROXY === "on",
    bodyLimit: 1024 * 1024,
    // Errors met before a route (malformed URL) or before Fastify (headers too large) leave as the envelope too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installBodyParsers(app);
  installInputGuard(app);

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'", "blob:"],
        fontSrc: ["'self'", "data:"],
        mediaSrc: ["'self'", "blob:"],
        // Direct uploads go to the object storage's origin (presigned PUTs).
        connectSrc: ["'self'", ...(options.storage.uploadOrigin ? [options.storage.uploadOrigin] : [])],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, { limits: { files: 1, fields: 10 } });
  // Raw bodies for binary uploads (PUT /file/:id/content) are streamed by the route itself.
  app.addContentTypeParser("application/octet-stream", (_request, payload, done) => done(null, payload));

  const deps: AppDeps = {
    config,
    db: options.db,
    storage: options.storage,
    captcha: options.captcha,
    mailer: options.mailer ?? options.createMailer(app.log),
    auth: createAuthService({ db: options.db, ttlDays: config.TOKEN_TTL_DAYS }),
    queue: options.queue,
    logger: app.log,
  };

  app.decorateRequest("user", undefined as unknown as AuthUser);
  // /openapi.json and /docs describe every route of the API scope below.
  const openApi = await installOpenApi(app);
  await app.register(async (api) => {
    api.addHook("onRoute", openApi.onApiRoute);
    if (options.onRoute) api.addHook("onRoute", options.onRoute);
    // Before the body is read: a caller without a valid token gets 401, never a validation error.
    api.addHook("onRequest", async (request) => {
      if (request.routeOptions.config.public) return;
      request.user = await deps.auth.authenticate(tokenFromHeaders(request.headers));
    });
    await registerModules(api, deps);
  });

  const webDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist;
  const indexHtml = path.join(webDist, "index.html");
  if (existsSync(indexHtml)) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, serve: true });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathOnly = request.url.split("?")[0] ?? "/";
    if (
      request.method === "GET" &&
      isWebPath(pathOnly) &&
      existsSync(indexHtml) &&
      !pathOnly.startsWith("/assets/")
    ) {
      return reply.header("cache-control", "no-cache").sendFile("index.html", webDist);
    }
    return sendError(request, reply, "NOT_FOUND");
  });
  return app;
}
