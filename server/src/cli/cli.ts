/** `npm run cli -- <command> ...`: a tiny dispatcher. */
import { runParseCommand } from "./parse-command";

const [command, ...rest] = process.argv.slice(2);
let code: number;
switch (command) {
  case "parse":
    code = await runParseCommand(rest);
    break;
  default:
    process.stdout.write(`unknown command: ${command ?? "(none)"}\ncommands: parse <file> [--json]\n`);
    code = 2;
}
process.exitCode = code;
