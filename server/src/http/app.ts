import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from "fastify";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { randomUUID } from "node:crypto";
import type { Config } from "../config";
import { tokenFromHeaders, type AuthUser } from "./auth-user";
import { clientErrorHandler, frameworkErrorHandler, installErrorHandling, sendError } from "./error-handler";
import { installBodyParsers } from "./request-body";
import { installInputGuard } from "./input-guard";
import { installSecurityHeaders } from "./security-headers";
import { installOpenApi } from "./openapi";
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
  /** The object storage's origin, where clients PUT direct uploads (allowed by the CSP); none: local storage. */
  uploadOrigin?: string;
  logger?: FastifyBaseLogger;
}

/** What the API scope is given by the composition root (main.ts): its sessions and its routes. */
export interface ApiOptions {
  /** Resolves a request's token to its user, or throws the AppError the request answers with. */
  authenticate(token: string | undefined): Promise<AuthUser>;
  /** Registers every feature's routes in the API scope. */
  registerRoutes(api: FastifyInstance): Promise<void>;
  /** Sees every API route as it is registered (the route-walking tests use it). */
  onRoute?: (route: RouteOptions) => void;
}

const defaultWebDist = fileURLToPath(new URL("../../../web/dist", import.meta.url));

/** Paths that belong to the web app; everything else unknown is an API 404 in the envelope. */
const WEB_PREFIXES = ["/pages/", "/subNote/", "/subOthers/", "/assets/"];
const isWebPath = (url: string) => url === "/" || WEB_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * The HTTP server without its routes: the envelope's error handling, body parsers, input guard and security
 * headers. Its logger is the process's; `mountApi` then adds the API and the web app.
 */
export function createHttpApp(options: BuildAppOptions): FastifyInstance {
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
        connectSrc: ["'self'", ...(options.uploadOrigin ? [options.uploadOrigin] : [])],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  return app;
}

/** Adds the API scope (auth hook, OpenAPI, the features' routes) and the web app to `createHttpApp`'s server. */
export async function mountApi(app: FastifyInstance, config: Config, options: ApiOptions): Promise<void> {
  await app.register(multipart, { limits: { files: 1, fields: 10 } });
  // Raw bodies for binary uploads (PUT /file/:id/content) are streamed by the route itself.
  app.addContentTypeParser("application/octet-stream", (_request, payload, done) => done(null, payload));

  app.decorateRequest("user", undefined as unknown as AuthUser);
  // /openapi.json and /docs describe every route of the API scope below.
  const openApi = await installOpenApi(app);
  await app.register(async (api) => {
    api.addHook("onRoute", openApi.onApiRoute);
    if (options.onRoute) api.addHook("onRoute", options.onRoute);
    // Before the body is read: a caller without a valid token gets 401, never a validation error.
    api.addHook("onRequest", async (request) => {
      if (request.routeOptions.config.public) return;
      request.user = await options.authenticate(tokenFromHeaders(request.headers));
    });
    await options.registerRoutes(api);
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
}
