import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { testDatabases, type TestDatabase } from "../../test/test-db";
import { createJobQueue } from "./queue";

const childScript = fileURLToPath(new URL("./worker-child.fixture.ts", import.meta.url));

interface Child {
  process: ChildProcess;
  lines: string[];
  waitFor(line: string, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

function spawnWorker(testDb: TestDatabase, jobId: string, mode: "hang" | "finish"): Child {
  const child = spawn(process.execPath, ["--import", "tsx", childScript], {
    env: {
      ...process.env,
      BEANNOTE_TEST_DATABASE_URL: testDb.env.DATABASE_URL ?? "",
      BEANNOTE_TEST_DATA_DIR: testDb.dataDir,
      BEANNOTE_TEST_JOB_ID: jobId,
      CHILD_MODE: mode,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  let partial = "";
  child.stdout!.on("data", (data: Buffer) => {
    partial += data.toString("utf8");
    const parts = partial.split("\n");
    partial = parts.pop()!;
    lines.push(...parts);
    for (const waiter of waiters.splice(0)) waiter();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    process: child,
    lines,
    exited,
    waitFor: (line, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no "${line}" in ${JSON.stringify(lines)}`)),
          timeoutMs,
        );
        const check = () => {
          if (lines.some((seen) => seen.startsWith(line))) {
            clearTimeout(timer);
            resolve();
          } else waiters.push(check);
        };
        check();
      }),
  };
}

describe.each(testDatabases)("a worker killed with SIGKILL on $name", (kind) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await kind.create();
  });
  afterAll(async () => {
    await testDb?.close();
  });

  // PGlite is one process's database: the test holds it open only while no worker runs.
  async function withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
    const database = await openDatabase({ url: testDb.env.DATABASE_URL, dataDir: testDb.dataDir });
    try {
      return await use(database);
    } finally {
      await database.close();
    }
  }

  it("leaves its job to the next worker, which finishes it", async () => {
    const job = await withDatabase((database) =>
      createJobQueue({ db: database.db }).enqueue("test.crashable", { fileId: "f1" }),
    );
    const first = spawnWorker(testDb, job.id, "hang");
    await first.waitFor("started 1");
    first.process.kill("SIGKILL");
    expect(await first.exited).toBe(null);

    const second = spawnWorker(testDb, job.id, "finish");
    await second.waitFor("finished", 60_000);
    expect(second.lines).toContain("started 2");
    expect(await second.exited).toBe(0);

    await withDatabase(async (database) => {
      const queue = createJobQueue({ db: database.db });
      expect(await queue.get(job.id)).toMatchObject({
        status: "done",
        attempts: 2,
        result: { finishedBy: second.process.pid },
      });
      const events = await queue.eventsAfter(job.id, 0);
      // The killed attempt's progress is gone: the takeover starts its watchers on a clean stream.
      expect(events.map((event) => event.type)).toEqual(["restart", "progress", "done"]);
      expect(events[0]!.data).toEqual({ attempt: 2 });
    });
  });

  it("fails a job cleanly, with a reason, when every worker that takes it dies", async () => {
    const job = await withDatabase((database) =>
      createJobQueue({ db: database.db }).enqueue("test.crashable", { fileId: "f2" }),
    );
    for (const attempt of [1, 2]) {
      const doomed = spawnWorker(testDb, job.id, "hang");
      await doomed.waitFor(`started ${attempt}`);
      doomed.process.kill("SIGKILL");
      await doomed.exited;
    }
    const last = spawnWorker(testDb, job.id, "finish");
    await last.waitFor("finished", 60_000);
    expect(last.lines).toContain("onFailed INTERNAL");
    expect(last.lines.some((line) => line.startsWith("started"))).toBe(false);
    await withDatabase(async (database) => {
      const queue = createJobQueue({ db: database.db });
      expect(await queue.get(job.id)).toMatchObject({ status: "failed", errorCode: "INTERNAL", attempts: 3 });
      expect((await queue.eventsAfter(job.id, 0)).at(-1)).toMatchObject({ type: "error" });
    });
  });
});
