import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { ConfigError, loadConfig, type Config } from "./config";
import { openDatabase, type Database } from "./db/client";
import { createHttpApp, mountApi, type ApiOptions } from "./http/app";
import { createMailer, type Mailer } from "./mail/mailer";
import { createStorageFromConfig } from "./storage";
import type { Storage } from "./storage/storage";
import { createSvgCaptchaGenerator, type CaptchaGenerator } from "./modules/captcha/captcha-generator";
import { createJobQueue, type JobQueue } from "./jobs/queue";
import { createWorker, type Worker, type WorkerOptions } from "./jobs/worker";
import { createServices, type Services } from "./composition/services";
import { registerRoutes } from "./composition/routes";
import { workerJobs } from "./composition/worker-jobs";
import { createParserPool } from "./ingest/parser-pool";
import { createIdleParser } from "./ingest/idle-parser";
import { createOcrFromConfig } from "./ingest/ocr/ocr-from-config";
import { renderPdfPreview } from "./ingest/office-preview";
import { cleanTempDirs } from "./ingest/temp-dirs";
import type { FileParser, PreviewRenderer } from "./modules/files/parse-file.job";
import { startAdminLink } from "./cli/admin-link";
import { runAdminCommand } from "./cli/admin-command";
import { DEFAULT_WARM_LANGUAGES, warmNlp, type WarmedLanguage } from "./engine/nlp";

import { checkRoleFits, type Role } from "./roles";

export type { Role };

export interface StartOptions {
  /** Environment to read instead of process.env (tests pass their own). */
  env?: Record<string, string | undefined>;
  role?: Role;
  /** Replaces the SVG captcha generator (browser tests inject one with a known answer). */
  captcha?: CaptchaGenerator;
  mailer?: Mailer;
  /** Replaces the parser worker pool (its `close` is then the caller's business). */
  parser?: FileParser;
  /** Renders office files to PDF for the source viewer (default: LibreOffice when `soffice` is installed). */
  renderPreview?: PreviewRenderer;
  /** Job worker tuning (tests shorten the lease and the retries' backoff). */
  worker?: Pick<WorkerOptions, "concurrency" | "pollMs" | "leaseMs" | "heartbeatMs" | "retryBaseMs"> & {
    /**
     * The languages whose NLP tools (wink, jieba, kuromoji) the worker loads in the background once the server
     * is ready, so that its first deck or quiz is as fast as the next (default DEFAULT_WARM_LANGUAGES: en, zh);
     * false loads them only when a job needs them (the tests).
     */
    warmNlp?: readonly string[] | false;
  };
  /** Sees every API route as it is registered (the route-walking tests). */
  onRoute?: ApiOptions["onRoute"];
}

export interface RunningServer {
  url: string;
  config: Config;
  app: FastifyInstance;
  database: Database;
  storage: Storage;
  queue: JobQueue;
  /** Every service of this process, built once (composition/services.ts). */
  services: Services;
  /** The job worker of this process (roles all and worker). */
  worker?: Worker;
  /** The worker's background warm-up of the language tools (StartOptions.worker.warmNlp), once it has started. */
  warming?: Promise<WarmedLanguage[]>;
  close(): Promise<void>;
}

/** Boots config → database → storage → services → HTTP and worker; resolves once listening. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig(options.env ?? process.env);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  const storage = await createStorageFromConfig(config);
  const queue = createJobQueue({ db: database.db });
  // One set of services for every role: the API's routes and the worker's jobs read the same objects.
  const app = createHttpApp({ config, uploadOrigin: storage.uploadOrigin });
  const services = createServices({
    config,
    db: database.db,
    storage,
    queue,
    mailer:
      options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger: app.log }),
    captcha: options.captcha ?? createSvgCaptchaGenerator(),
    logger: app.log,
  });
  app.addHook("onClose", () => services.close());
  await mountApi(app, config, {
    authenticate: (token) => services.auth.authenticate(token),
    registerRoutes: (api) => registerRoutes(api, services),
    onRoute: options.onRoute,
  });
  const role = options.role ?? "all";
  // What a server killed with kill -9 left in TMPDIR: its scratch folders, and a converter still working in them.
  const debris = await cleanTempDirs();
  if (debris.removed.length > 0)
    app.log.info(
      { folders: debris.removed.length, killed: debris.killed },
      "removed a dead server's temporary files",
    );

  let worker: Worker | undefined;
  let ownParser: (FileParser & { close(): Promise<void> }) | undefined;
  if (role !== "api") {
    // The parser threads start with the first file and end after a while without one (idle-parser.ts), so a
    // worker with nothing to parse holds none of their memory.
    const ocr = createOcrFromConfig(config);
    const parser: FileParser =
      options.parser ??
      (ownParser = createIdleParser(() =>
        createParserPool({
          size: config.PARSE_WORKERS,
          timeoutMs: config.PARSE_TIMEOUT_S * 1000,
          maxBytes: config.uploadMaxBytes,
          ocr,
        }),
      ));
    worker = createWorker({
      queue,
      logger: app.log,
      definitions: workerJobs(services, {
        parser,
        renderPreview:
          options.renderPreview ??
          // A deck's citations count its hidden slides: the preview keeps them, so page N is slide N.
          ((input, outDir) => renderPdfPreview(input, outDir, { allSlides: /\.pptx?$/i.test(input) })),
      }),
      concurrency: options.worker?.concurrency ?? config.PARSE_WORKERS,
      pollMs: options.worker?.pollMs,
      leaseMs: options.worker?.leaseMs ?? config.JOB_LEASE_S * 1000,
      heartbeatMs: options.worker?.heartbeatMs,
      retryBaseMs: options.worker?.retryBaseMs,
    });
    worker.start();
  }

  let port = config.PORT;
  if (role !== "worker") {
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    if (typeof address === "object" && address) port = address.port;
  }
  // After readiness, in the background and never in the API-only role: the language tools the study jobs need.
  const warmNlpOption = options.worker?.warmNlp;
  const warming = worker && warmNlpOption !== false ? new AbortController() : undefined;
  const warmed =
    warming &&
    new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => warmNlp(warmNlpOption || DEFAULT_WARM_LANGUAGES, { signal: warming.signal }))
      .then(
        (languages) => {
          app.log.info({ languages }, "language tools loaded");
          return languages;
        },
        (error: unknown) => {
          app.log.warn({ err: error }, "language tools failed to load");
          return [];
        },
      );
  // On PGlite no second process may open the database: `npm run admin` reaches this one through the link.
  const adminLink =
    database.kind === "pglite"
      ? await startAdminLink({
          dataDir: config.dataDir,
          run: async (argv) => {
            const lines: string[] = [];
            const code = await runAdminCommand(argv, {
              db: database.db,
              storage,
              startingBeans: config.STARTING_BEANS,
              publicUrl: config.PUBLIC_URL,
              out: (line) => lines.push(line),
            });
            return { code, lines };
          },
          onError: (error) => app.log.error({ err: error }, "admin command failed"),
        })
      : undefined;
  let closing: Promise<void> | undefined;
  return {
    url: role === "worker" ? "" : `http://127.0.0.1:${port}`,
    config,
    app,
    database,
    storage,
    queue,
    services,
    worker,
    warming: warmed,
    close: () =>
      (closing ??= (async () => {
        warming?.abort();
        await adminLink?.close();
        await worker?.stop();
        await app.close();
        await ownParser?.close();
        await database.close();
      })()),
  };
}

function roleFromArgs(argv: string[]): Role {
  const index = argv.indexOf("--role");
  const role = index >= 0 ? argv[index + 1] : "all";
  if (role !== "all" && role !== "api" && role !== "worker")
    throw new ConfigError(`--role must be api, worker or all`);
  return role;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const role = roleFromArgs(process.argv.slice(2));
    checkRoleFits(role, loadConfig(process.env));
    const server = await startServer({ role });
    server.app.log.info(
      server.url
        ? `BeanNote listening on ${server.url} (database: ${server.database.kind}, worker: ${server.worker ? "on" : "off"})`
        : `BeanNote worker ${server.worker?.workerId} started (database: ${server.database.kind})`,
    );
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => void server.close().then(() => process.exit(0)));
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
