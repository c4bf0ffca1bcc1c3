import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Storage } from "../storage/storage";
import type { Mailer } from "../mail/mailer";
import type { CaptchaGenerator } from "../modules/captcha/captcha-generator";
import type { JobQueue } from "../jobs/queue";
import type { AuthService } from "../modules/auth/auth.service";

/** Everything a module may need; modules take what they use. */
export interface AppDeps {
  config: Config;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  captcha: CaptchaGenerator;
  auth: AuthService;
  queue: JobQueue;
  logger: FastifyBaseLogger;
}
