// `npm test`: the checks (the four TypeScript projects, ESLint, Prettier) and the tests, scheduled for a 2-core
// machine that they keep busy. The browser journeys are one chain (one file at a time, each waiting on its server,
// its worker and Chromium in turn: ~390 s alone, using one core on average), so they start at once and keep the
// normal priority; the checks (two at a time) and then the other files (whose vitest runs two at a time) run beside
// them with a lower one (nice 10), taking the rest of the machine, so that neither queues the chain. A failed check
// stops the journeys and fails the run. The wall-clock-bound files (`server-timed`) run last, alone, so that
// neither process's work is what they measure.
//
//   node --import tsx scripts/run-tests.ts [vitest filters…]   e.g. `npm test -- quiz` runs the files matching "quiz" in each stage
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

const filters = process.argv.slice(2);
const children = new Set<ChildProcess>();

/**
 * The type checks use TypeScript 7, the native compiler (`typescript-native`): the same diagnostics as 5.9 on this
 * code at a quarter of the CPU (server: 16 core-seconds instead of 58). `typescript` stays 5.9 for typescript-eslint,
 * which needs the compiler API that 7 no longer has.
 */
const TSC = ["node", "node_modules/typescript-native/bin/tsc"];

/** Work that runs beside the journeys: behind them for the CPU. */
const BESIDE = ["nice", "-n", "10"];

/** Runs `command` (after `prefix`, e.g. BESIDE); its lines carry `tag` when it runs beside another. */
function run(args: string[], tag?: string, prefix: string[] = []): Promise<number> {
  const [command, ...rest] = [...prefix, ...args];
  // a group of its own, so that stopping it stops vitest's workers and Chromium too (npx forwards no signal)
  const child = spawn(command!, rest, {
    stdio: ["ignore", "pipe", "pipe"],
    env: process.env,
    detached: true,
  });
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
function vitest(projects: string[], tag?: string, prefix: string[] = []): Promise<number> {
  const projectArgs = projects.flatMap((p) => ["--project", p]);
  return run(["npx", "vitest", "run", "--passWithNoTests", ...projectArgs, ...filters], tag, prefix);
}

/** The checks, the longest first, `lanes` at a time; the names of those that failed. */
async function checks(lanes: number): Promise<string[]> {
  const queue: [string, string[]][] = [
    ["eslint", ["npx", "eslint", "."]],
    ["tsc server", [...TSC, "-p", "server"]],
    ["tsc e2e", [...TSC, "-p", "e2e"]],
    ["prettier", ["npx", "prettier", "--check", "."]],
    ["tsc web", [...TSC, "-p", "web"]],
    ["tsc contract", [...TSC, "-p", "contract"]],
  ];
  const failed: string[] = [];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, args] = next;
      if ((await run(args, `[${name}]`, BESIDE)) !== 0) failed.push(name);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return failed;
}

/** Stops every stage still running, with everything it started. */
function stopAll(signal: NodeJS.Signals): void {
  for (const child of children) {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopAll(signal);
    process.exitCode = 130;
  });
}

const started = Date.now();
const journeys = vitest(["e2e"], "[e2e]");
const checksFailed = await checks(2);
const checked = Math.round((Date.now() - started) / 1000);
console.log(`\nchecks: ${checked} s${checksFailed.length ? `; failed: ${checksFailed.join(", ")}` : ""}`);
if (checksFailed.length) {
  stopAll("SIGTERM");
  await journeys;
  process.exit(1);
}
const main = await vitest(["contract", "server", "server-mocks", "web", "web-mocks"], "[unit]", BESIDE);
const journeysCode = await journeys;
const timed = await vitest(["server-timed"]);
const seconds = Math.round((Date.now() - started) / 1000);
const failed = Object.entries({ "contract, server, web": main, e2e: journeysCode, "server-timed": timed })
  .filter(([, code]) => code !== 0)
  .map(([name]) => name);
console.log(
  `\nchecks: ${checked} s (beside the journeys); checks and tests: ${seconds} s${failed.length ? `; failed: ${failed.join(", ")}` : ""}`,
);
process.exit(failed.length ? 1 : 0);
