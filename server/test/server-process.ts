// The server in a process of its own, started by startServer() rather than main.ts's command line, for tests
// and benchmarks that measure that process alone:
//   tsx server/test/server-process.ts [--role api|worker|all] [--streaming-parser]
// `--role api` works on the embedded database here (one process; the CLI refuses it, see roles.ts) so that an
// upload is measured without a parse. `--streaming-parser` replaces the parser threads by one that streams the
// file and counts it (pdf.js is then not what is measured). PORT defaults to 0 (a free port). Prints
// `{"url":…,"pid":…}` once it listens; ends on SIGTERM.
import { createReadStream } from "node:fs";
import { startServer, type Role } from "../src/main";
import type { FileParser } from "../src/modules/files/parse-file.job";

const args = process.argv.slice(2);
const roleIndex = args.indexOf("--role");
const role = (roleIndex >= 0 ? args[roleIndex + 1] : "all") as Role;
const streamingParser: FileParser = {
  async parse(filePath) {
    let bytes = 0;
    for await (const chunk of createReadStream(filePath)) bytes += (chunk as Buffer).length;
    return { title: `streamed ${bytes} bytes`, format: "pdf", language: "en", pageCount: 1, sections: [] };
  },
};

const server = await startServer({
  role,
  env: { PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...process.env },
  worker: { pollMs: 100, warmNlp: false },
  parser: args.includes("--streaming-parser") ? streamingParser : undefined,
});
process.stdout.write(`${JSON.stringify({ url: server.url, pid: process.pid })}\n`);
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
