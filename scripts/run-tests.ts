// `npm test`'s test step. Vitest runs a project whose files go one at a time (the browser journeys) in a group of
// its own, after every other file, so within one process the journeys never overlap the server files, which mostly
// wait. Here they do: the journeys run in a second vitest process beside the first. The wall-clock-bound files
// (`server-timed`) run last, alone, so that neither process's work is what they measure.
//
//   node --import tsx scripts/run-tests.ts [vitest filters…]   e.g. `npm test -- quiz` runs the files matching "quiz" in each stage
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

const filters = process.argv.slice(2);
const children = new Set<ChildProcess>();

/** One `vitest run` over `projects`; its lines carry `tag` when it runs beside another. */
function vitest(projects: string[], tag?: string): Promise<number> {
  const args = [
    "vitest",
    "run",
    "--passWithNoTests",
    ...projects.flatMap((p) => ["--project", p]),
    ...filters,
  ];
  const child = spawn("npx", args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
  children.add(child);
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    createInterface({ input: stream }).on("line", (line) =>
      out.write(tag ? `${tag} ${line}\n` : `${line}\n`),
    );
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exitCode = 130;
  });
}

const started = Date.now();
const [main, journeys] = await Promise.all([
  vitest(["contract", "server", "web"], "[unit]"),
  vitest(["e2e"], "[e2e]"),
]);
const timed = await vitest(["server-timed"]);
const seconds = Math.round((Date.now() - started) / 1000);
const failed = Object.entries({ "contract, server, web": main, e2e: journeys, "server-timed": timed })
  .filter(([, code]) => code !== 0)
  .map(([name]) => name);
console.log(`\nvitest: ${seconds} s${failed.length ? `; failed: ${failed.join(", ")}` : ""}`);
process.exit(failed.length ? 1 : 0);
