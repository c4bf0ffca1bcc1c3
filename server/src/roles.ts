import { ConfigError, type Config } from "./config";

/** What a process runs: the API, the job worker, or both (the default). */
export type Role = "all" | "api" | "worker";

/**
 * A process started for one role must share its database with the others; the embedded PGlite database is
 * opened by one process only, so an API and a worker on it would each see their own database and the
 * worker would never run the API's jobs. Refused at boot, with the reason.
 */
export function checkRoleFits(role: Role, config: Pick<Config, "DATABASE_URL" | "dataDir">): void {
  if (role === "all" || config.DATABASE_URL) return;
  throw new ConfigError(
    `--role ${role} needs a shared PostgreSQL database: set DATABASE_URL.\n` +
      `Without it BeanNote uses the embedded PGlite database in ${config.dataDir}, which only one process can ` +
      `open: an API process and a worker process would each have their own database, so the worker would ` +
      `never see the API's jobs (uploads would stay "parsing" forever). Run one process with --role all ` +
      `(the default) on the embedded database, or point every process at the same PostgreSQL.`,
  );
}
