import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { runAdminCommand } from "./admin-command";

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
try {
  process.exitCode = await runAdminCommand(process.argv.slice(2), {
    db: database.db,
    startingBeans: config.STARTING_BEANS,
    out: (line) => console.log(line),
  });
} finally {
  await database.close();
}
