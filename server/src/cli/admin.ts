import { ConfigError } from "../config";
import { runAdminCli } from "./admin-cli";

try {
  process.exitCode = await runAdminCli(process.argv.slice(2), { out: (line) => console.log(line) });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
