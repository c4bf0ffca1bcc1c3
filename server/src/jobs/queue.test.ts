import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { openDatabase, type Database } from "../db/client";
import { testDatabases, type TestDatabase } from "../../test/test-db";
import { memberRepo } from "../modules/member/member.repo";
import { backoffDelay, DeferJob, defineJob, PermanentJobError, type JobDefinition } from "./definition";
import { createJobQueue, type JobQueue } from "./queue";
import { createWorker, type Worker } from "./worker";

const silent = { info() {}, warn() {}, error() {} };
const until = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe.each(testDatabases)("job queue on $name", (kind) => {
  /** The job's last event (done or error) is written after its row is final: wait for it before reading events. */
  const untilLastEvent = (jobId: string) =>
    until(async () =>
      (await queue.eventsAfter(jobId, 0)).some((event) => event.type === "done" || event.type === "error"),
    );

  let testDb: TestDatabase;
  let database: Database;
  let queue: JobQueue;
  const workers: Worker[] = [];

  beforeAll(async () => {
    testDb = await kind.create();
    database = await openDatabase({ url: testDb.env.DATABASE_URL, dataDir: testDb.dataDir });
    queue = createJobQueue({ db: database.db });
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await database?.close();
    await testDb?.close();
  });

  const startWorker = (
    definitions: JobDefinition[],
    options: { leaseMs?: number; heartbeatMs?: number } = {},
  ) => {
    const worker = createWorker({ queue, definitions, logger: silent, pollMs: 50, ...options });
    workers.push(worker);
    worker.start();
    return worker;
  };

  it("claims a job once, holds it by its lease, and hands it over when the lease runs out", async () => {
    let clock = new Date("2030-01-01T00:00:00Z");
    const timed = createJobQueue({ db: database.db, now: () => clock });
    const job = await timed.enqueue("test.claim", { id: 1 });
    const first = await timed.claim(["test.claim"], "worker-a", 30_000);
    expect(first).toMatchObject({ id: job.id, status: "running", attempts: 1, lockedBy: "worker-a" });
    expect(await timed.claim(["test.claim"], "worker-b", 30_000)).toBeUndefined();

    clock = new Date(clock.getTime() + 20_000);
    expect(await timed.heartbeat(job.id, "worker-a", 30_000)).toEqual({ cancelRequested: false });
    clock = new Date(clock.getTime() + 20_000); // within the renewed lease
    expect(await timed.claim(["test.claim"], "worker-b", 30_000)).toBeUndefined();

    clock = new Date(clock.getTime() + 31_000); // worker-a went silent
    const second = await timed.claim(["test.claim"], "worker-b", 30_000);
    expect(second).toMatchObject({ id: job.id, attempts: 2, lockedBy: "worker-b" });
    expect(await timed.heartbeat(job.id, "worker-a", 30_000)).toBeUndefined();
    expect(await timed.complete(job.id, "worker-a", {})).toBe(false);
    expect(await timed.complete(job.id, "worker-b", { ok: true })).toBe(true);
    expect(await timed.get(job.id)).toMatchObject({ status: "done", result: { ok: true } });
  });

  it("gives two concurrent claimers different jobs (SKIP LOCKED)", async () => {
    const a = await queue.enqueue("test.pair", {});
    const b = await queue.enqueue("test.pair", {});
    const claimed = await Promise.all([
      queue.claim(["test.pair"], "w1", 30_000),
      queue.claim(["test.pair"], "w2", 30_000),
    ]);
    expect(claimed.map((job) => job?.id).sort()).toEqual([a.id, b.id].sort());
  });

  it("gives each user a fair share: a user's next job queues behind another user's first", async () => {
    const user = async (id: string) => {
      await memberRepo.insertUser(database.db, {
        id,
        email: `${id}@example.test`,
        passwordHash: "x",
        nickname: id,
      });
      return id;
    };
    const [ann, ben] = [await user("100000001"), await user("100000002")];
    const a1 = await queue.enqueue("test.fair", {}, { userId: ann });
    const a2 = await queue.enqueue("test.fair", {}, { userId: ann });
    const a3 = await queue.enqueue("test.fair", {}, { userId: ann });
    const b1 = await queue.enqueue("test.fair", {}, { userId: ben });
    const order = [];
    for (let i = 0; i < 4; i++) order.push((await queue.claim(["test.fair"], "w", 30_000))?.id);
    // ann's first runs; ben's first goes before ann's second although it was queued later
    expect(order).toEqual([a1.id, b1.id, a2.id, a3.id]);
  });

  it("a job waiting for something outside itself gives its slot back and keeps its attempt", async () => {
    let ready = false;
    let waits = 0;
    const ran: string[] = [];
    startWorker([
      defineJob({
        name: "test.waits",
        payload: z.object({}),
        maxAttempts: 1,
        backoff: { baseMs: 10, maxMs: 10 },
        async handler() {
          if (!ready) {
            waits++;
            throw new DeferJob(50);
          }
          ran.push("waits");
          return null;
        },
      }),
      defineJob({
        name: "test.quick",
        payload: z.object({}),
        maxAttempts: 1,
        backoff: { baseMs: 10, maxMs: 10 },
        async handler() {
          ran.push("quick");
          return null;
        },
      }),
    ]); // one slot
    const waiting = await queue.enqueue("test.waits", {});
    await until(async () => waits >= 2);
    const quick = await queue.enqueue("test.quick", {});
    await until(async () => (await queue.get(quick.id))?.status === "done", 3000);
    expect(ran).toEqual(["quick"]);
    ready = true;
    await until(async () => (await queue.get(waiting.id))?.status === "done", 3000);
    expect(await queue.get(waiting.id)).toMatchObject({ attempts: 1 });
    expect(waits).toBeGreaterThanOrEqual(2);
  });

  // PGlite runs one transaction at a time, so the race below needs two connections.
  it.skipIf(kind.name !== "postgres")(
    "a waker's transaction that commits while the job is deferring still brings it forward",
    async () => {
      // The note job's race: it finds its file unparsed and defers; the parse job marks the file ready and wakes
      // it in one transaction that commits between the job's release and its second look at the file.
      const job = await queue.enqueue("test.woken-while-deferring", {});
      const claimed = await queue.claim(["test.woken-while-deferring"], "deferring-worker", 60_000);
      expect(claimed?.id).toBe(job.id);
      let fileReady = false;
      let deferred = false;
      let deferring: Promise<void> | undefined;
      const waitingOnLock = async () => {
        const { rows } = (await database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: { n: number }[] };
        return (rows[0]?.n ?? 0) > 0;
      };
      await database.db.transaction(async (tx) => {
        await queue.runNow("test.woken-while-deferring", [job.id], tx); // the job is still running: nothing moves
        deferring = queue
          .defer(job.id, "deferring-worker", new Date(Date.now() + 3_600_000), async () => !fileReady)
          .then(() => void (deferred = true));
        // Either the deferral ran to its end inside the waker's transaction (the lost wake-up) or it waits for it.
        await until(async () => deferred || (await waitingOnLock()));
        fileReady = true; // what the waker wrote, visible once it commits
      });
      await deferring;
      expect((await queue.get(job.id))!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    },
  );

  it("a stopped worker leaves a job queued and runs it once started again", async () => {
    let runs = 0;
    const worker = startWorker([
      defineJob({
        name: "test.restart",
        payload: z.object({}),
        maxAttempts: 1,
        backoff: { baseMs: 10, maxMs: 10 },
        handler: async () => ({ runs: ++runs }),
      }),
    ]);
    await worker.stop();
    const job = await queue.enqueue("test.restart", {});
    expect((await queue.get(job.id))?.status).toBe("queued");
    worker.start();
    await untilLastEvent(job.id);
    expect(await queue.get(job.id)).toMatchObject({ status: "done", result: { runs: 1 } });
  });

  it("does not run a job before its run_at", async () => {
    await queue.enqueue("test.later", {}, { runAt: new Date(Date.now() + 60_000) });
    expect(await queue.claim(["test.later"], "w", 30_000)).toBeUndefined();
  });

  it("retries a failing job with exponential backoff, then succeeds and sends done", async () => {
    const runs: number[] = [];
    startWorker([
      defineJob({
        name: "test.flaky",
        payload: z.object({ n: z.number() }),
        maxAttempts: 3,
        backoff: { baseMs: 200, maxMs: 10_000 },
        async handler({ payload }) {
          runs.push(Date.now());
          if (runs.length < 3) throw new Error("temporary");
          return { doubled: payload.n * 2 };
        },
      }),
    ]);
    const job = await queue.enqueue("test.flaky", { n: 21 });
    await until(async () => (await queue.get(job.id))?.status === "done");
    await untilLastEvent(job.id);
    expect(runs).toHaveLength(3);
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(150); // ~200 ms
    expect(runs[2]! - runs[1]!).toBeGreaterThanOrEqual(300); // ~400 ms
    const events = await queue.eventsAfter(job.id, 0);
    expect(events.at(-1)).toMatchObject({ type: "done", data: { doubled: 42 } });
    expect(await queue.get(job.id)).toMatchObject({ attempts: 3, result: { doubled: 42 } });
  });

  it("backoff doubles and is capped", () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 10].map((n) => backoffDelay({ baseMs: 1000, maxMs: 5000 }, n, mid))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
  });

  it("fails after its last attempt with the reason, and tells onFailed", async () => {
    const failed: string[] = [];
    startWorker([
      defineJob({
        name: "test.broken",
        payload: z.object({}),
        maxAttempts: 2,
        backoff: { baseMs: 10, maxMs: 10 },
        async handler() {
          throw Object.assign(new Error("the model is down"), { code: "GENERATION_FAILED" });
        },
        async onFailed(job, reason) {
          failed.push(`${job.id}:${reason.code}`);
        },
      }),
    ]);
    const job = await queue.enqueue("test.broken", {});
    await until(async () => (await queue.get(job.id))?.status === "failed");
    await until(async () => (await queue.eventsAfter(job.id, 0)).some((event) => event.type === "error"));
    expect(await queue.get(job.id)).toMatchObject({
      attempts: 2,
      errorCode: "GENERATION_FAILED",
      errorMessage: "the model is down",
    });
    expect(failed).toEqual([`${job.id}:GENERATION_FAILED`]);
    expect((await queue.eventsAfter(job.id, 0)).at(-1)).toMatchObject({
      type: "error",
      data: { code: "GENERATION_FAILED", message: "the model is down" },
    });
  });

  it("fails at once on a permanent error (a bad file is not retried)", async () => {
    startWorker([
      defineJob({
        name: "test.permanent",
        payload: z.object({}),
        maxAttempts: 5,
        backoff: { baseMs: 10, maxMs: 10 },
        async handler() {
          throw new PermanentJobError("FILE_CORRUPT", "damaged");
        },
      }),
    ]);
    const job = await queue.enqueue("test.permanent", {});
    await until(async () => (await queue.get(job.id))?.status === "failed");
    expect(await queue.get(job.id)).toMatchObject({ attempts: 1, errorCode: "FILE_CORRUPT" });
  });

  it("cancels a running job within seconds through its signal", async () => {
    let sawAbort = false;
    startWorker(
      [
        defineJob({
          name: "test.long",
          payload: z.object({}),
          maxAttempts: 3,
          backoff: { baseMs: 10, maxMs: 10 },
          async handler({ signal, progress }) {
            await progress("work", 10, "progress.working");
            await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve()));
            sawAbort = true;
            throw signal.reason;
          },
        }),
      ],
      { leaseMs: 3000, heartbeatMs: 200 },
    );
    const job = await queue.enqueue("test.long", {});
    await until(async () => (await queue.eventsAfter(job.id, 0)).length > 0);
    const asked = Date.now();
    expect((await queue.requestCancel(job.id))?.cancelRequested).toBe(true);
    await until(async () => (await queue.get(job.id))?.status === "cancelled");
    await untilLastEvent(job.id);
    expect(Date.now() - asked).toBeLessThan(3000);
    expect(sawAbort).toBe(true);
    const events = await queue.eventsAfter(job.id, 0);
    expect(events.map((event) => event.type)).toEqual(["progress", "error"]);
    expect(events[1]!.data).toMatchObject({ code: "JOB_CANCELLED" });
    expect(await queue.get(job.id)).toMatchObject({ errorCode: "JOB_CANCELLED", attempts: 1 });
  });

  it("cancels a queued job without running it, and tells onFailed", async () => {
    const ran: string[] = [];
    const failed: string[] = [];
    startWorker([
      defineJob({
        name: "test.waiting",
        payload: z.object({}),
        maxAttempts: 3,
        backoff: { baseMs: 10, maxMs: 10 },
        async handler({ job }) {
          ran.push(job.id);
        },
        async onFailed(job, reason) {
          failed.push(`${job.id}:${reason.code}`);
        },
      }),
    ]);
    const job = await queue.enqueue("test.waiting", {}, { runAt: new Date(Date.now() + 60_000) });
    expect(await queue.requestCancel(job.id)).toMatchObject({ status: "queued", cancelRequested: true });
    await until(async () => (await queue.get(job.id))?.status === "cancelled", 3000);
    // the error event is written last, after onFailed
    await until(async () => (await queue.eventsAfter(job.id, 0)).length > 0, 3000);
    expect(ran).toEqual([]);
    expect(failed).toEqual([`${job.id}:JOB_CANCELLED`]);
    expect((await queue.eventsAfter(job.id, 0)).map((event) => event.type)).toEqual(["error"]);
    // A finished job stays as it ended.
    expect(await queue.requestCancel(job.id)).toMatchObject({ status: "cancelled" });
  });

  it("records progress on the row", async () => {
    startWorker([
      defineJob({
        name: "test.progress",
        payload: z.object({}),
        maxAttempts: 1,
        backoff: { baseMs: 10, maxMs: 10 },
        async handler({ progress, emit }) {
          await progress("read", 40, "progress.reading");
          await emit("partial", { section: 1 });
          return null;
        },
      }),
    ]);
    const job = await queue.enqueue("test.progress", {});
    await until(async () => (await queue.get(job.id))?.status === "done");
    await untilLastEvent(job.id);
    // Finished is 100 %, whatever the handler reported last.
    expect((await queue.get(job.id))?.progress).toEqual({
      step: "done",
      percent: 100,
      messageKey: "progress.done",
    });
    const events = await queue.eventsAfter(job.id, 0);
    expect(events.map((event) => event.type)).toEqual(["progress", "partial", "done"]);
    expect(events[0]!.data).toEqual({ step: "read", percent: 40, messageKey: "progress.reading" });
  });

  it("starts each retry on a clean stream: only the last attempt's events remain", async () => {
    let attempt = 0;
    startWorker([
      defineJob({
        name: "test.retried",
        payload: z.object({}),
        maxAttempts: 2,
        backoff: { baseMs: 50, maxMs: 50 },
        async handler({ progress, emit }) {
          attempt++;
          await progress("write", 30 * attempt, "progress.writing");
          await emit("partial", { attempt, index: 0 });
          if (attempt === 1) throw new Error("model timed out");
          return { attempt };
        },
      }),
    ]);
    const job = await queue.enqueue("test.retried", {});
    await until(async () => (await queue.get(job.id))?.status === "done");
    await untilLastEvent(job.id);
    const events = await queue.eventsAfter(job.id, 0);
    expect(events.map((event) => [event.type, event.data])).toEqual([
      ["restart", { attempt: 2 }],
      ["progress", { step: "write", percent: 60, messageKey: "progress.writing" }],
      ["partial", { attempt: 2, index: 0 }],
      ["done", { attempt: 2 }],
    ]);
    expect((await queue.get(job.id))?.progress).toMatchObject({ percent: 100 });
  });
});
