import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Storage } from "../storage/storage";
import type { Mailer } from "../mail/mailer";
import type { JobQueue } from "../jobs/queue";

/** The process's connections a module's routes may read; its services come built (composition/services.ts). */
export interface AppDeps {
  config: Config;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  queue: JobQueue;
  logger: FastifyBaseLogger;
}
