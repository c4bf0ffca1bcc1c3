/**
 * Load on loopback (autocannon): 50 logged-in students against one server process on PGlite, one on PostgreSQL,
 * and 2 API + 2 worker processes on PostgreSQL. Each scenario runs for a bounded time with 50 connections (one
 * user each): /health as the baseline, the note list of users with 0 and with 50 long notes, opening a note,
 * title search, saving an edit, then all of these mixed while 20 uploads become notes and generations stream
 * their progress over SSE. Prints req/s, p50/p99, errors (5xx, timeouts), server RSS and the ratio of an
 * authenticated list's req/s to /health's in the same run.
 *
 *   npm run bench:load
 *   BENCH_LOAD_SECONDS=15          seconds per scenario (default 60)
 *   BENCH_LOAD_TOPOLOGIES=pglite,postgres,split   which ones (postgres and split need TEST_DATABASE_URL)
 *   BENCH_LOAD_UPLOADS=20          uploads → notes during the mixed scenario
 *   BENCH_LOAD_LOG_LEVEL=info      the servers' LOG_LEVEL (their stdout is discarded)
 */
import autocannon from "autocannon";
import { openDatabase } from "../../server/src/db/client";
import { PARSER_IDLE_MS } from "../../server/src/ingest/idle-parser";
import { testDatabases, type TestDatabase } from "../../server/test/test-db";
import { BENCH_PASSWORD, SEARCH_KEYWORDS, seedUsers, type BenchUser } from "./load-seed";
import { MiB, startProcess, watchPeaks, type ServerProcess } from "./load-processes";
import { generateAndStream, login, upload, waitForFile } from "./load-client";

const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const USERS = 50;
const NOTES_PER_USER = 50;
const uploadCount = Number(process.env.BENCH_LOAD_UPLOADS ?? 20);
/** Students who upload and generate during the mixed scenario (besides the 50 browsing ones). */
const UPLOADERS = 4;
const UPLOAD_FIXTURES = [
  "en-moby-dick-headings-lists.docx",
  "en-sample-presentation-bullets.pptx",
  "en-emphasized-text-table.doc",
  "en-various-formatting.docx",
];
/** Long enough for idle parser threads to end. */
const IDLE_WAIT_MS = PARSER_IDLE_MS + 5_000;
const wanted = (process.env.BENCH_LOAD_TOPOLOGIES ?? "pglite,postgres,split").split(",").map((s) => s.trim());
const postgresKind = testDatabases.find((kind) => kind.name === "postgres");
const pgliteKind = testDatabases.find((kind) => kind.name === "pglite")!;

interface Row {
  scenario: string;
  rps: number;
  /** Server CPU (all processes) per request, ms: the cost, whatever else runs on the machine. */
  cpuPerRequest: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  s5xx: number;
  errors: number;
  timeouts: number;
}

interface Session extends BenchUser {
  token: string;
}

type Pick = (user: Session) => { method: "GET" | "PUT"; path: string; body?: string };

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
const editBody = (user: Session) =>
  JSON.stringify({
    markdown: `# Edited\n\nSaved at ${Date.now()} by ${user.email}.\n\n${"A line of notes. ".repeat(400)}`,
  });

const ROUTES: Record<string, Pick> = {
  health: () => ({ method: "GET", path: "/health" }),
  list: () => ({ method: "GET", path: "/note/list?page=1&size=20" }),
  open: (user) => ({ method: "GET", path: `/note/${pick(user.noteIds)}` }),
  search: () => ({ method: "GET", path: `/note/list?keyword=${encodeURIComponent(pick(SEARCH_KEYWORDS))}` }),
  edit: (user) => ({ method: "PUT", path: `/note/${pick(user.noteIds)}`, body: editBody(user) }),
};

/** What a browsing student does in the mixed scenario. */
const mixed: Pick = (user) => {
  if (user.noteIds.length === 0) return Math.random() < 0.7 ? ROUTES.list!(user) : ROUTES.search!(user);
  const roll = Math.random();
  if (roll < 0.3) return ROUTES.list!(user);
  if (roll < 0.6) return ROUTES.open!(user);
  if (roll < 0.8) return ROUTES.search!(user);
  return ROUTES.edit!(user);
};

/** One autocannon run per API process, the 50 connections shared out; each connection is one user. */
async function load(
  scenario: string,
  servers: ServerProcess[],
  users: Session[],
  route: Pick,
  duration = seconds,
): Promise<Row> {
  let next = 0;
  const apis = servers.filter((p) => p.url).map((p) => p.url!);
  const cpuBefore = servers.reduce((total, p) => total + p.cpuMs(), 0);
  const runs = apis.map((url) =>
    autocannon({
      url,
      connections: Math.ceil(USERS / apis.length),
      duration,
      timeout: 10,
      requests: [
        {
          setupRequest: (request, context) => {
            const ctx = context as { user?: Session };
            ctx.user ??= users[next++ % users.length]!;
            const chosen = route(ctx.user);
            return {
              ...request,
              method: chosen.method,
              path: chosen.path,
              body: chosen.body,
              headers: {
                token: ctx.user.token,
                ...(chosen.body ? { "content-type": "application/json" } : {}),
              },
            };
          },
        },
      ],
    }),
  );
  const results = await Promise.all(runs);
  const sum = (f: (r: autocannon.Result) => number) => results.reduce((total, r) => total + f(r), 0);
  const fivexx = (r: autocannon.Result) =>
    Object.entries(r.statusCodeStats ?? {})
      .filter(([code]) => Number(code) >= 500)
      .reduce((total, [, stat]) => total + (stat.count ?? 0), 0);
  const cpu = servers.reduce((total, p) => total + p.cpuMs(), 0) - cpuBefore;
  return {
    scenario,
    rps: sum((r) => r.requests.average),
    cpuPerRequest:
      cpu /
      Math.max(
        1,
        sum((r) => r.requests.total),
      ),
    // Across API processes: the worse of their percentiles (autocannon keeps no shared histogram).
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    requests: sum((r) => r.requests.total),
    non2xx: sum((r) => r.non2xx),
    s5xx: sum(fivexx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
  };
}

/** 20 uploads → parsed → notes generated and streamed to the end, started together (4 students). */
async function uploadsToNotes(apis: string[], uploaders: Session[]) {
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: uploadCount }, async (_, i) => {
      const user = uploaders[i % uploaders.length]!;
      // The client switches API process between calls when there are several.
      const base = apis[i % apis.length]!;
      const other = apis[(i + 1) % apis.length]!;
      try {
        const fileId = await upload(base, user.token, UPLOAD_FIXTURES[i % UPLOAD_FIXTURES.length]!);
        await waitForFile(other, user.token, fileId, 600_000);
        const streamed = await generateAndStream(base, other, user.token, [fileId], `Upload ${i + 1}`);
        return { ok: true as const, ms: performance.now() - started, firstEventMs: streamed.firstEventMs };
      } catch (error) {
        return { ok: false as const, error: String(error) };
      }
    }),
  );
  const done = outcomes.filter((o) => o.ok);
  const failed = outcomes.filter((o) => !o.ok);
  return {
    completed: done.length,
    failed: failed.map((o) => o.error),
    lastMs: Math.max(0, ...done.map((o) => o.ms)),
    firstEventP50: median(done.map((o) => o.firstEventMs)),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
};

async function runTopology(name: "pglite" | "postgres" | "split"): Promise<void> {
  const kind = name === "pglite" ? pgliteKind : postgresKind;
  if (!kind) {
    console.log(`\n## ${name}: skipped (set TEST_DATABASE_URL=postgres://… for PostgreSQL)`);
    return;
  }
  const database: TestDatabase = await kind.create();
  const processes: ServerProcess[] = [];
  try {
    const seeding = performance.now();
    const db = await openDatabase({ url: database.env.DATABASE_URL, dataDir: database.dataDir });
    const seeded = await seedUsers(db.db, {
      users: USERS + UPLOADERS,
      withNotes: USERS / 2,
      notesPerUser: NOTES_PER_USER,
      prefix: `${name}-`,
    });
    await db.close();
    const seedSeconds = (performance.now() - seeding) / 1000;

    const env = {
      ...database.env,
      DATABASE_URL: database.env.DATABASE_URL ?? "",
      LOG_LEVEL: process.env.BENCH_LOAD_LOG_LEVEL ?? "info",
      BEANS: "off",
      UPLOADS_PER_HOUR: "100000",
    };
    if (name === "split") {
      processes.push(await startProcess("api", env), await startProcess("api", env));
      processes.push(await startProcess("worker", env), await startProcess("worker", env));
    } else processes.push(await startProcess("all", env));
    const apis = processes.filter((p) => p.url).map((p) => p.url!);

    const sessions: Session[] = [];
    for (const [i, user] of seeded.entries()) {
      sessions.push({ ...user, token: await login(apis[i % apis.length]!, user.email, BENCH_PASSWORD) });
    }
    const browsing = sessions.slice(0, USERS);
    const withNotes = browsing.filter((user) => user.noteIds.length > 0);
    const empty = browsing.filter((user) => user.noteIds.length === 0);
    const uploaders = sessions.slice(USERS);
    const warm = processes.map((p) => p.rss());

    console.log(
      `\n## ${name}: ${processes.map((p) => p.role).join(" + ")} on ${database.kind}; ${USERS} users ` +
        `(${withNotes.length} with ${NOTES_PER_USER} notes of ~24 KB), ${seconds} s per scenario; seeded in ${seedSeconds.toFixed(0)} s`,
    );
    const rows: Row[] = [];
    const { peaks } = await watchPeaks(processes, async () => {
      // Unmeasured warm-up: the JIT, the pools and the caches settle before the first figure.
      await load("warm-up", processes, browsing, mixed, Math.min(5, seconds));
      await load("warm-up", processes, browsing, ROUTES.health!, Math.min(3, seconds));
      rows.push(await load("GET /health", processes, browsing, ROUTES.health!));
      rows.push(await load("list, 0 notes", processes, empty, ROUTES.list!));
      rows.push(await load("list, 50 notes", processes, withNotes, ROUTES.list!));
      rows.push(await load("open a note", processes, withNotes, ROUTES.open!));
      rows.push(await load("search titles", processes, withNotes, ROUTES.search!));
      rows.push(await load("edit-save", processes, withNotes, ROUTES.edit!));
      rows.push(await load("GET /health (again)", processes, browsing, ROUTES.health!));
    });
    const beforeMixed = processes.map((p) => p.rss());
    const mixedRun = await watchPeaks(processes, async () => {
      const pipeline = uploadsToNotes(apis, uploaders);
      const row = await load("mixed + uploads + SSE", processes, browsing, mixed);
      return { row, pipeline: await pipeline };
    });
    rows.push(mixedRun.result.row);
    const pipeline = mixedRun.result.pipeline;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = processes.map((p) => p.rss());
    // Parser threads end after 30 s without a file (server/src/ingest/idle-parser.ts): the warm figure after parses.
    await new Promise((resolve) => setTimeout(resolve, IDLE_WAIT_MS));
    const idle = processes.map((p) => p.rss());

    console.log(
      "| scenario | req/s | p50 ms | p99 ms | requests | non-2xx | 5xx | errors | timeouts | server CPU ms/req |\n" +
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    );
    for (const r of rows) {
      console.log(
        `| ${r.scenario} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.requests} | ${r.non2xx} | ${r.s5xx} | ` +
          `${r.errors} | ${r.timeouts} | ${r.cpuPerRequest.toFixed(2)} |`,
      );
    }
    const byName = (scenario: string) => rows.find((r) => r.scenario === scenario)!;
    // /health is measured before and after the routes; the ratio uses their mean (the machine is shared).
    const health = (byName("GET /health").rps + byName("GET /health (again)").rps) / 2;
    const healthCpu = (byName("GET /health").cpuPerRequest + byName("GET /health (again)").cpuPerRequest) / 2;
    const ratio = (scenario: string) => (byName(scenario).rps / health).toFixed(2);
    const cpuRatio = (scenario: string) => (healthCpu / byName(scenario).cpuPerRequest).toFixed(2);
    console.log(
      `ratio to /health req/s: list of 0 notes ${ratio("list, 0 notes")}, list of 50 notes ${ratio("list, 50 notes")}` +
        (database.kind === "postgres" ? " (target ≥ 0.5 on PostgreSQL)" : "") +
        `; by server CPU per request: ${cpuRatio("list, 0 notes")} and ${cpuRatio("list, 50 notes")}`,
    );
    console.log(
      `uploads → notes under the mixed load: ${pipeline.completed}/${uploadCount} complete, last after ` +
        `${(pipeline.lastMs / 1000).toFixed(1)} s, first SSE event after ${pipeline.firstEventP50.toFixed(0)} ms (median)` +
        (pipeline.failed.length ? `; failed: ${pipeline.failed.slice(0, 3).join("; ")}` : ""),
    );
    const mib = (n: number) => `${(n / MiB).toFixed(0)}`;
    for (const [i, p] of processes.entries()) {
      console.log(
        `RSS ${p.role}#${i + 1}: warm ${mib(warm[i]!)} MiB, peak under HTTP load ${mib(peaks[i]!)}, before mixed ` +
          `${mib(beforeMixed[i]!)}, peak with parses ${mib(mixedRun.peaks[i]!)}, after ${mib(after[i]!)}, ` +
          `${IDLE_WAIT_MS / 1000} s later ${mib(idle[i]!)} MiB`,
      );
    }
    const bad = rows.reduce((n, r) => n + r.s5xx + r.timeouts, 0);
    if (bad > 0 || pipeline.completed < uploadCount) process.exitCode = 1;
  } finally {
    for (const p of processes) await p.stop();
    await database.close();
  }
}

console.log(
  `bench:load: ${USERS} users, ${seconds} s per scenario, autocannon and the servers share this machine's ` +
    `${(await import("node:os")).cpus().length} CPUs`,
);
for (const name of ["pglite", "postgres", "split"] as const) {
  if (wanted.includes(name)) await runTopology(name);
}
