/** `npm run cli -- <command> ...`: a tiny dispatcher. */
import path from "node:path";
import { loadConfig } from "../config";
import { createEngineFromConfig } from "../engine";
import { createOcrFromConfig } from "../ingest/ocr/ocr-from-config";
import { createParserPool } from "../ingest/parser-pool";
import { runNotesCommand } from "./notes-command";
import { runParseCommand } from "./parse-command";

const [command, ...rest] = process.argv.slice(2);
let code: number;
switch (command) {
  case "parse":
    code = await runParseCommand(rest);
    break;
  case "notes": {
    const config = loadConfig();
    const pool = createParserPool({
      size: 1,
      timeoutMs: config.PARSE_TIMEOUT_S * 1000,
      ocr: createOcrFromConfig(config),
    });
    try {
      code = await runNotesCommand(rest, {
        parse: (file) => pool.parse(file, { fileName: path.basename(file) }),
        engine: createEngineFromConfig(config),
      });
    } finally {
      await pool.close();
    }
    break;
  }
  default:
    process.stdout.write(
      `unknown command: ${command ?? "(none)"}\ncommands:\n  parse <file> [--json]\n  notes <file>… [--lang zh-CN] [--detail simple|detail] [--title <title>]\n`,
    );
    code = 2;
}
process.exitCode = code;
