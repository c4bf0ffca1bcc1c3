// `npm test`: first the checks (the four TypeScript projects, ESLint, Prettier), two at a time since each is one
// thread; then the tests. Vitest runs a project whose files go one at a time (the browser journeys) in a group of
// its own, after every other file, so within one process the journeys never overlap the server files, which mostly
// wait. Here they do: the journeys run in a second vitest process beside the first. The wall-clock-bound files
// (`server-timed`) run last, alone, so that neither process's work is what they measure.
//
//   node --import tsx scripts/run-tests.ts [vitest filters…]   e.g. `npm test -- quiz` runs the files matching "quiz" in each stage
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

const filters = process.argv.slice(2);
const children = new Set<ChildProcess>();

/** Runs `npx <args>`; its lines carry `tag` when it runs beside another. */
function run(args: string[], tag?: string): Promise<number> {
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

/** One `vitest run` over `projects`. */
function vitest(projects: string[], tag?: string): Promise<number> {
  const projectArgs = projects.flatMap((p) => ["--project", p]);
  return run(["vitest", "run", "--passWithNoTests", ...projectArgs, ...filters], tag);
}

/** The checks, the longest first, `lanes` at a time; the names of those that failed. */
async function checks(lanes: number): Promise<string[]> {
  const queue: [string, string[]][] = [
    ["tsc server", ["tsc", "-p", "server"]],
    ["tsc e2e", ["tsc", "-p", "e2e"]],
    ["eslint", ["eslint", "."]],
    ["prettier", ["prettier", "--check", "."]],
    ["tsc web", ["tsc", "-p", "web"]],
    ["tsc contract", ["tsc", "-p", "contract"]],
  ];
  const failed: string[] = [];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, args] = next;
      if ((await run(args, `[${name}]`)) !== 0) failed.push(name);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return failed;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exitCode = 130;
  });
}

const started = Date.now();
const checksFailed = await checks(2);
const checked = Math.round((Date.now() - started) / 1000);
console.log(`\nchecks: ${checked} s${checksFailed.length ? `; failed: ${checksFailed.join(", ")}` : ""}`);
if (checksFailed.length) process.exit(1);
const [main, journeys] = await Promise.all([
  vitest(["contract", "server", "server-mocks", "web", "web-mocks"], "[unit]"),
  vitest(["e2e"], "[e2e]"),
]);
const timed = await vitest(["server-timed"]);
const seconds = Math.round((Date.now() - started) / 1000);
const failed = Object.entries({ "contract, server, web": main, e2e: journeys, "server-timed": timed })
  .filter(([, code]) => code !== 0)
  .map(([name]) => name);
console.log(
  `\nvitest: ${seconds - checked} s; checks and tests: ${seconds} s${failed.length ? `; failed: ${failed.join(", ")}` : ""}`,
);
process.exit(failed.length ? 1 : 0);
