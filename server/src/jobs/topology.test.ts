import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import type {
  FileInfo,
  GenerateNoteResponse,
  JobStatusResponse,
  LedgerResponse,
  MemberInfo,
  NoteDetail,
  UploadUrlResponse,
} from "@beannote/contract";
import { freePort } from "../../../bench/load/load-processes";
import { runAdminCommand } from "../cli/admin-command";
import { and, eq, sql } from "drizzle-orm";
import { openDatabase, type Database } from "../db/client";
import { files, jobs } from "../db/schema";
import { LOGIN_FAILURES_PER_ACCOUNT } from "../modules/member/member.service";
import { createLocalStorage } from "../storage/local-storage";
import { testDatabases, type TestDatabase } from "../../test/test-db";
import { startFakeOpenAI, type FakeOpenAI } from "../../test/fake-openai";
import { createTestUser, fixturesDir } from "../modules/files/test-support";
import { readJobEvents } from "../../test/pipeline";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
// Separate processes share a database only on PostgreSQL (PGlite belongs to one process).
const postgres = testDatabases.find((kind) => kind.name === "postgres");
const LEASE_S = 6;

interface ServerChild {
  name: string;
  child: ChildProcess;
  /** The last lines the process wrote, shown when a test fails. */
  output: string[];
  exited: Promise<void>;
}

interface Api {
  name: string;
  url: string;
}

interface Answer<T> {
  http: number;
  body: { status: number; code?: string; data: T };
}

const authHeaders = (token: string) => ({ token, authorization: `Bearer ${token}` });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function spawnServer(name: string, role: "api" | "worker", env: Record<string, string>): ServerChild {
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts", "--role", role], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split("\n").filter(Boolean));
    output.splice(0, Math.max(0, output.length - 40));
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { name, child, output, exited };
}

async function waitForHealth(server: ServerChild, url: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.child.exitCode !== null)
      throw new Error(`${server.name} exited with ${server.child.exitCode}:\n${server.output.join("\n")}`);
    const health = await fetch(`${url}/health`).catch(() => null);
    if (health?.ok) return;
    if (Date.now() > deadline) throw new Error(`${server.name} did not answer /health`);
    await sleep(200);
  }
}

async function stopServer(server: ServerChild): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGTERM");
  const kill = setTimeout(() => server.child.kill("SIGKILL"), 5_000);
  await server.exited;
  clearTimeout(kill);
}

async function call<T>(
  api: Api,
  method: string,
  route: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${api.url}${route}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(options.token ? authHeaders(options.token) : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { http: response.status, body: (await response.json()) as Answer<T>["body"] };
}

describe.skipIf(!postgres)("two API and two worker processes on one PostgreSQL (TEST_DATABASE_URL)", () => {
  let database: TestDatabase;
  let db: Database;
  let model: FakeOpenAI;
  /** How long the fake model takes to answer: a minute for a generation to cancel, seconds for one to kill. */
  let modelDelayMs = 0;
  const servers: ServerChild[] = [];
  let apiA: Api;
  let apiB: Api;
  /** What every process is started with (the API processes get their own PORT). */
  let workerEnv: Record<string, string>;

  beforeAll(async () => {
    database = await postgres!.create();
    // Migrated once here, so that four processes starting together do not race to migrate.
    db = await openDatabase({ url: database.env.DATABASE_URL, dataDir: database.dataDir });
    model = await startFakeOpenAI({
      script: () => (modelDelayMs > 0 ? { delayMs: modelDelayMs } : undefined),
    });
    workerEnv = {
      ...database.env,
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PARSE_WORKERS: "1",
      AI_BASE_URL: model.url,
      AI_API_KEY: "test-key",
      AI_MODEL: "fake-model",
      // A killed worker's job is taken over within 6 s rather than the default 30.
      JOB_LEASE_S: String(LEASE_S),
      PORT: "0",
    };
    const [portA, portB] = [await freePort(), await freePort()];
    const a = spawnServer("api A", "api", { ...workerEnv, PORT: String(portA) });
    const b = spawnServer("api B", "api", { ...workerEnv, PORT: String(portB) });
    servers.push(a, b);
    for (const name of ["worker 1", "worker 2"]) servers.push(spawnServer(name, "worker", workerEnv));
    apiA = { name: "api A", url: `http://127.0.0.1:${portA}` };
    apiB = { name: "api B", url: `http://127.0.0.1:${portB}` };
    await Promise.all([waitForHealth(a, apiA.url), waitForHealth(b, apiB.url)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await model?.close();
    await db?.close();
    await database?.close();
  }, 60_000);

  it("behaves as one server to a client that switches process between calls", async () => {
    onTestFailed(() => {
      for (const server of servers.filter((server) => server.output.length > 0))
        console.error(`--- ${server.name}\n${server.output.join("\n")}`);
    });
    const email = "topology@example.edu";
    const password = "study-2024";
    await runAdminCommand(["create", email, password], {
      db: db.db,
      storage: createLocalStorage(path.join(database.dataDir, "files")),
      startingBeans: 10_000,
      out: () => {},
    });

    // A session opened on A is known to B.
    const login = await call<{ token: string }>(apiA, "POST", "/member/password-login", {
      body: { email, password },
    });
    expect(login.http).toBe(200);
    const token = login.body.data.token;
    for (const api of [apiA, apiB]) {
      const info = await call<MemberInfo>(api, "GET", "/member/get-info", { token });
      expect([api.name, info.http, info.body.data.mailAccount]).toEqual([api.name, 200, email]);
    }

    // Upload: the slot on A, the bytes on B, parsed by a worker, watched on A.
    const fileName = "en-moby-dick-headings-lists.docx";
    const bytes = await readFile(path.join(fixturesDir, fileName));
    const slot = await call<UploadUrlResponse>(apiA, "POST", "/file/upload-url", {
      token,
      body: { fileName, size: bytes.length },
    });
    expect(slot.http).toBe(200);
    const { fileId, uploadUrl } = slot.body.data;
    const put = await fetch(`${apiB.url}${uploadUrl}`, {
      method: "PUT",
      headers: authHeaders(token),
      body: bytes,
    });
    expect(put.status).toBe(200);
    const parseDeadline = Date.now() + 60_000;
    let file: FileInfo;
    for (;;) {
      file = (await call<FileInfo>(apiA, "GET", `/file/${fileId}`, { token })).body.data;
      if (file.status !== "parsing" || Date.now() > parseDeadline) break;
      await sleep(200);
    }
    expect(file.status).toBe("ready");

    // A note asked for on B, its progress streamed by A, the result read on B; the job ran once.
    const generate = (api: Api, title: string) =>
      call<GenerateNoteResponse>(api, "POST", "/note/generate", {
        token,
        body: { title, outputLanguage: "en-US", detailLevel: "simple", fileIds: [fileId] },
      });
    const first = await generate(apiB, "Moby Dick");
    expect(first.http).toBe(200);
    const { noteId, jobId } = first.body.data;
    const events = await readJobEvents(apiA, token, jobId);
    expect(events.at(-1)).toMatchObject({ type: "done", data: { noteId } });
    expect(events.filter((event) => event.type === "restart")).toEqual([]);
    expect(events.filter((event) => (event.data as { step?: string }).step === "read")).toHaveLength(1);
    const job = await call<JobStatusResponse>(apiA, "GET", `/job/${jobId}`, { token });
    expect(job.body.data).toMatchObject({ status: "done", attempts: 1 });
    const note = await call<NoteDetail>(apiB, "GET", `/note/${noteId}`, { token });
    expect(note.body.data).toMatchObject({ status: "ready", engine: "llm" });
    expect(note.body.data.markdown).toMatch(/^#/m);

    // Another user's note is not found on either process.
    const stranger = await createTestUser(db.db);
    const strangers = await Promise.all(
      [apiA, apiB].map((api) => call(api, "GET", `/note/${noteId}`, { token: stranger.token })),
    );
    expect(strangers.map((answer) => answer.http)).toEqual([404, 404]);

    // A generation started on A, held up by a slow model, is cancelled through B while a worker runs it.
    modelDelayMs = 60_000;
    const modelCallsBefore = model.calls.length;
    const slow = await generate(apiA, "Moby Dick, slowly");
    expect(slow.http).toBe(200);
    let modelAsked!: () => void;
    const asked = new Promise<void>((resolve) => (modelAsked = resolve));
    const slowEvents = readJobEvents(apiA, token, slow.body.data.jobId, {
      onEvent: (event) => {
        if ((event.data as { step?: string }).step === "write") modelAsked();
      },
    });
    await asked;
    const askDeadline = Date.now() + 30_000;
    while (model.calls.length === modelCallsBefore && Date.now() < askDeadline) await sleep(100);
    expect(model.calls.length).toBeGreaterThan(modelCallsBefore);
    const cancelAt = Date.now();
    const cancel = await call<JobStatusResponse>(apiB, "POST", `/job/${slow.body.data.jobId}/cancel`, {
      token,
    });
    expect(cancel.body.data).toMatchObject({ status: "running", cancelRequested: true });
    const ended = (await slowEvents).at(-1);
    const cancelMs = Date.now() - cancelAt;
    expect(ended).toMatchObject({ type: "error", data: { code: "JOB_CANCELLED" } });
    expect(cancelMs).toBeLessThan(10_000);
    const cancelled = await call<NoteDetail>(apiB, "GET", `/note/${slow.body.data.noteId}`, { token });
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", error: { code: "JOB_CANCELLED" } });
    expect(cancelled.body.data.markdown).toBe("");

    // kill -9 of the worker writing a note: the other worker takes the job over once the lease lapses and
    // finishes it; the note is charged once.
    modelDelayMs = 1_500;
    const doomed = await generate(apiB, "Moby Dick, twice begun");
    expect(doomed.http).toBe(200);
    let writing!: () => void;
    const written = new Promise<void>((resolve) => (writing = resolve));
    const doomedEvents = readJobEvents(apiA, token, doomed.body.data.jobId, {
      onEvent: (event) => {
        if ((event.data as { step?: string }).step === "write") writing();
      },
    });
    await written;
    const holder = await db.db
      .select({ lockedBy: jobs.lockedBy })
      .from(jobs)
      .where(eq(jobs.id, doomed.body.data.jobId));
    const holderPid = Number(holder[0]?.lockedBy?.split(":")[1]);
    const victim = servers.find((server) => server.child.pid === holderPid);
    expect(victim?.name).toMatch(/^worker/);
    victim!.child.kill("SIGKILL");
    const killedAt = Date.now();
    await victim!.exited;
    const finished = await doomedEvents;
    const takeoverMs = Date.now() - killedAt;
    expect(finished.at(-1)).toMatchObject({ type: "done", data: { noteId: doomed.body.data.noteId } });
    expect(finished.filter((event) => event.type === "restart")).toHaveLength(1);
    // Lease (6 s) + a claim poll (1 s) + writing the note again on a slow model, with room for a loaded machine.
    expect(takeoverMs).toBeLessThan(45_000);
    const retried = await call<JobStatusResponse>(apiA, "GET", `/job/${doomed.body.data.jobId}`, { token });
    expect(retried.body.data).toMatchObject({ status: "done", attempts: 2 });
    const doneNote = await call<NoteDetail>(apiB, "GET", `/note/${doomed.body.data.noteId}`, { token });
    expect(doneNote.body.data).toMatchObject({ status: "ready" });
    const ledger = await call<LedgerResponse>(apiA, "GET", "/beans/ledger?size=100", { token });
    const charges = ledger.body.data.items.filter(
      (entry) => entry.noteId === doomed.body.data.noteId && entry.kind === "charge",
    );
    expect(charges).toHaveLength(1);
    expect(charges[0]!.refunded).toBe(false);
    console.info(`worker killed mid-generation: note finished by the other worker ${takeoverMs} ms later`);

    // The login lockout counts failures on both processes together, and then holds on both.
    const apis = [apiA, apiB];
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
      const wrong = await call(apis[i % 2]!, "POST", "/member/password-login", {
        body: { email, password: `wrong-${i}-guess` },
      });
      expect(wrong.body.code).toBe("LOGIN_FAILED");
    }
    for (const api of apis) {
      const blocked = await call(api, "POST", "/member/password-login", { body: { email, password } });
      expect([api.name, blocked.http, blocked.body.code]).toEqual([api.name, 429, "LOGIN_BLOCKED"]);
    }
  }, 180_000);

  it("parses a file once more, on the other worker, when the worker parsing it is killed", async () => {
    onTestFailed(() => {
      for (const server of servers.filter((server) => server.output.length > 0))
        console.error(`--- ${server.name}\n${server.output.join("\n")}`);
    });
    // Two live workers, as a supervisor would keep them: a worker killed earlier is started again.
    const alive = (server: ServerChild) => server.child.exitCode === null && server.child.signalCode === null;
    while (servers.filter((server) => server.name.startsWith("worker") && alive(server)).length < 2)
      servers.push(spawnServer(`worker ${servers.length - 1}`, "worker", workerEnv));
    const { token, userId } = await createTestUser(db.db);

    // 400 pages take the parser seconds: long enough to be killed half-way.
    const fileName = "en-large-irs-manual-400p.pdf";
    const bytes = await readFile(path.join(fixturesDir, fileName));
    const slot = await call<UploadUrlResponse>(apiB, "POST", "/file/upload-url", {
      token,
      body: { fileName, size: bytes.length },
    });
    const { fileId, uploadUrl } = slot.body.data;
    const put = await fetch(`${apiA.url}${uploadUrl}`, {
      method: "PUT",
      headers: authHeaders(token),
      body: bytes,
    });
    expect(put.status).toBe(200);

    const parseJobs = () =>
      db.db
        .select({ status: jobs.status, lockedBy: jobs.lockedBy, attempts: jobs.attempts })
        .from(jobs)
        .where(and(eq(jobs.name, "file.parse"), sql`${jobs.payload}->>'fileId' = ${fileId}`));
    const parseJob = async () => (await parseJobs())[0];
    const claimDeadline = Date.now() + 30_000;
    let running = await parseJob();
    while (!(running?.status === "running" && running.lockedBy) && Date.now() < claimDeadline) {
      await sleep(50);
      running = await parseJob();
    }
    expect(running?.status).toBe("running");
    // Into the parse, not at its first step.
    await sleep(300);
    const victim = servers.find((server) => server.child.pid === Number(running!.lockedBy!.split(":")[1]));
    expect(victim?.name).toMatch(/^worker/);
    victim!.child.kill("SIGKILL");
    const killedAt = Date.now();
    await victim!.exited;
    expect((await call<FileInfo>(apiA, "GET", `/file/${fileId}`, { token })).body.data.status).toBe(
      "parsing",
    );

    const deadline = Date.now() + 120_000;
    let file: FileInfo;
    for (;;) {
      file = (await call<FileInfo>(apiB, "GET", `/file/${fileId}`, { token })).body.data;
      if (file.status !== "parsing" || Date.now() > deadline) break;
      await sleep(250);
    }
    const takeoverMs = Date.now() - killedAt;
    expect(file).toMatchObject({ status: "ready", pageCount: 400 });
    // One parse job, run twice; one file row for the one upload.
    const parses = await parseJobs();
    expect(parses).toHaveLength(1);
    expect(parses[0]).toMatchObject({ status: "done", attempts: 2 });
    const rows = await db.db.select({ id: files.id }).from(files).where(eq(files.userId, userId));
    expect(rows).toEqual([{ id: fileId }]);
    console.info(`worker killed mid-parse: file parsed by another worker ${takeoverMs} ms later`);
  }, 180_000);
});
