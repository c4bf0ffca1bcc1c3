import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { ConfigError, loadConfig, type Config } from "./config";
import { openDatabase, type Database } from "./db/client";
import { buildApp } from "./http/app";
import { createMailer, type Mailer } from "./mail/mailer";
import { createLocalStorage } from "./storage/local-storage";
import { createSvgCaptchaGenerator, type CaptchaGenerator } from "./modules/captcha/captcha-generator";

export type Role = "all" | "api" | "worker";

export interface StartOptions {
  /** Environment to read instead of process.env (tests pass their own). */
  env?: Record<string, string | undefined>;
  role?: Role;
  /** Replaces the SVG captcha generator (browser tests inject one with a known answer). */
  captcha?: CaptchaGenerator;
  mailer?: Mailer;
}

export interface RunningServer {
  url: string;
  config: Config;
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** Boots config → database → storage → HTTP; resolves once listening. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig(options.env ?? process.env);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  const storage = createLocalStorage(path.join(config.dataDir, "files"));
  const app = await buildApp({
    config,
    db: database.db,
    storage,
    captcha: options.captcha ?? createSvgCaptchaGenerator(),
    mailer: options.mailer,
    createMailer: (logger) => createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger }),
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    config,
    app,
    database,
    close: () =>
      (closing ??= (async () => {
        await app.close();
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
    const server = await startServer({ role: roleFromArgs(process.argv.slice(2)) });
    server.app.log.info(`BeanNote listening on ${server.url} (database: ${server.database.kind})`);
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
