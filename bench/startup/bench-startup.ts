/**
 * Start-up time and memory of the server as `npm start` runs it (`npm run bench:startup`): the built server
 * (server/dist/main.js, plain node) on a new DATA_DIR (PGlite's initdb included) — time to a first /health and
 * RSS after boot —, then a first note from a 13-page PDF (upload → parse → offline note) with the RSS at its
 * end and 40 s later (the parser threads ended), then a restart on the same DATA_DIR. BENCH_STARTUP_MODES=built,tsx also runs the
 * server from TypeScript through tsx (how `npm start` ran it before the build) for comparison.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { GenerateNoteResponse, JobStatusResponse, UploadUrlResponse } from "@beannote/contract";
import { buildServer } from "../../server/scripts/build";
import { freePort, MiB, rssOf } from "../load/load-processes";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const FIXTURE = path.resolve(repoRoot, "../shared/fixtures/documents/en-paper-dense-passage-retrieval.pdf");
/** The parser threads end 30 s after their last file (server/src/ingest/idle-parser.ts). */
const QUIET_MS = 40_000;
const modes = (process.env.BENCH_STARTUP_MODES ?? "built").split(",") as ("built" | "tsx")[];

const mib = (bytes: number) => `${(bytes / MiB).toFixed(0)}`;
const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 180_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

interface Started {
  child: ChildProcess;
  base: string;
  seconds: number;
  stop(): Promise<void>;
}

async function start(mode: "built" | "tsx", dataDir: string): Promise<Started> {
  const port = await freePort();
  const entry = mode === "built" ? ["server/dist/main.js"] : ["--import", "tsx", "server/src/main.ts"];
  const started = performance.now();
  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  await until("/health", async () => {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    return (await fetch(`${base}/health`).catch(() => null))?.ok === true;
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    child,
    base,
    seconds,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

async function call<T>(base: string, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { token } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as { status: number; code?: string; data: T };
  if (json.status !== 200) throw new Error(`${method} ${url}: ${json.code}`);
  return json.data;
}

/** A user made through the admin command (it reaches the running server on PGlite), then logged in. */
async function login(base: string, dataDir: string): Promise<string> {
  const email = `bench${Date.now()}@example.edu`;
  const created = spawnSync(
    process.execPath,
    ["--import", "tsx", "server/src/cli/admin.ts", "create", email, "study-2024"],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8" },
  );
  if (created.status !== 0) throw new Error(`admin create failed: ${created.stderr}${created.stdout}`);
  return (
    await call<{ token: string }>(base, "POST", "/member/password-login", undefined, {
      email,
      password: "study-2024",
    })
  ).token;
}

async function firstNote(base: string, token: string, pid: number) {
  let peak = rssOf(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  const started = performance.now();
  const bytes = await readFile(FIXTURE);
  const upload = await call<UploadUrlResponse>(base, "POST", "/file/upload-url", token, {
    fileName: path.basename(FIXTURE),
    size: bytes.length,
    contentType: "application/pdf",
  });
  const put = await fetch(new URL(upload.uploadUrl, base), {
    method: "PUT",
    headers: { ...upload.headers, token },
    body: bytes,
  });
  if (!put.ok) throw new Error(`upload failed: ${put.status}`);
  const note = await call<GenerateNoteResponse>(base, "POST", "/note/generate", token, {
    title: "startup bench",
    outputLanguage: "en-US",
    detailLevel: "detail",
    fileIds: [upload.fileId],
  });
  let status = "";
  await until("the note", async () => {
    status = (await call<JobStatusResponse>(base, "GET", `/job/${note.jobId}`, token)).status;
    return status !== "queued" && status !== "running";
  });
  clearInterval(sampler);
  if (status !== "done") throw new Error(`the note's job ended ${status}`);
  return { seconds: (performance.now() - started) / 1000, peak };
}

console.log("## server start-up and memory (RSS of the server process)\n");
const built = performance.now();
await buildServer();
console.log(`server built in ${((performance.now() - built) / 1000).toFixed(1)} s\n`);
console.log(
  "| mode | first start s | RSS after boot MiB | first note (13 p) s | peak RSS MiB | RSS after note MiB | RSS 40 s later MiB | restart s | RSS after restart MiB |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const mode of modes) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-startup-"));
  try {
    const first = await start(mode, dataDir);
    const pid = first.child.pid!;
    const bootRss = rssOf(pid);
    const token = await login(first.base, dataDir);
    const note = await firstNote(first.base, token, pid);
    const warmRss = rssOf(pid);
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    const quietRss = rssOf(pid);
    await first.stop();
    const again = await start(mode, dataDir);
    const againRss = rssOf(again.child.pid);
    await again.stop();
    console.log(
      `| ${mode} | ${first.seconds.toFixed(1)} | ${mib(bootRss)} | ${note.seconds.toFixed(1)} | ${mib(note.peak)} | ${mib(warmRss)} | ${mib(quietRss)} | ${again.seconds.toFixed(1)} | ${mib(againRss)} |`,
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
