import { writeFile } from "node:fs/promises";
import path from "node:path";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { createStorageFromConfig } from "../storage";
import { runAdminCommand } from "./admin-command";
import { AdminCommandFailed, callAdminLink, readAdminLink } from "./admin-link";

/**
 * `npm run admin`: on PostgreSQL it opens the database directly (any number of processes may). On the embedded
 * database it sends the command to the running server through its admin link when there is one (a second
 * process must not open PGlite's files), and opens the files itself only when no server holds them.
 */
export async function runAdminCli(
  argv: string[],
  options: { env?: Record<string, string | undefined>; out(line: string): void },
): Promise<number> {
  const config = loadConfig(options.env ?? process.env);
  // `feedback export <file>`: the file is written here, by the CLI, whichever process ran the command.
  const exportFile =
    argv[0] === "feedback" && argv[1] === "export" && argv[2] ? path.resolve(argv[2]) : undefined;
  const args = exportFile ? argv.slice(0, 2) : argv;
  const collected: string[] = [];
  const out = exportFile ? (line: string) => collected.push(line) : options.out;

  let code: number;
  const link = config.DATABASE_URL ? null : await readAdminLink(config.dataDir);
  if (link) {
    try {
      const result = await callAdminLink(link, args);
      for (const line of result.lines) out(line);
      code = result.code;
    } catch (error) {
      if (error instanceof AdminCommandFailed) {
        options.out(`error: the server could not run the command: ${error.message}`);
        return 2;
      }
      options.out(
        `error: a BeanNote server (process ${link.pid}) is running on the embedded database in ${config.dataDir}, ` +
          `and this command could not reach it (${error instanceof Error ? error.message : String(error)}). ` +
          `Run the command again while that server is answering, or stop it and run the command again. ` +
          `(On PostgreSQL, with DATABASE_URL, admin commands work beside running servers.)`,
      );
      return 3;
    }
  } else {
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
    try {
      code = await runAdminCommand(args, {
        db: database.db,
        storage: await createStorageFromConfig(config),
        startingBeans: config.STARTING_BEANS,
        publicUrl: config.PUBLIC_URL,
        out,
      });
    } finally {
      await database.close();
    }
  }
  if (exportFile && code === 0) {
    await writeFile(exportFile, `${collected.join("\n")}\n`);
    options.out(`wrote ${collected.length - 1} feedback to ${exportFile}`);
  } else if (exportFile) {
    for (const line of collected) options.out(line);
  }
  return code;
}
