import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { JobStatusResponse } from "@beannote/contract";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { eq } from "drizzle-orm";
import { jobs } from "../../db/schema";
import { defineJob, PermanentJobError } from "../../jobs/definition";
import { createJobQueue } from "../../jobs/queue";
import { createWorker, type Worker } from "../../jobs/worker";
import { createTestUser } from "../files/test-support";

interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

/** Reads a job's event stream to its end (or until `stopAfter` events) and returns the events. */
async function readEvents(
  url: string,
  token: string,
  options: {
    lastEventId?: string;
    body?: unknown;
    stopAfter?: number;
    onEvent?: (event: SseEvent) => void;
  } = {},
): Promise<{ status: number; contentType: string | null; events: SseEvent[] }> {
  const controller = new AbortController();
  const response = await fetch(url, {
    method: "POST",
    signal: controller.signal,
    headers: {
      token,
      "content-type": "application/json",
      accept: "text/event-stream",
      ...(options.lastEventId ? { "last-event-id": options.lastEventId } : {}),
    },
    body: JSON.stringify(options.body ?? {}),
  });
  const events: SseEvent[] = [];
  if (!response.body || response.status !== 200) {
    return { status: response.status, contentType: response.headers.get("content-type"), events };
  }
  const decoder = new TextDecoder();
  let buffer = "";
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const lines = block.split("\n").filter((line) => !line.startsWith(":"));
        if (lines.length === 0) continue;
        const field = (name: string) =>
          lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
        const event = {
          id: field("id"),
          event: field("event") ?? "message",
          data: JSON.parse(field("data") ?? "null"),
        };
        events.push(event);
        options.onEvent?.(event);
        if (options.stopAfter && events.length >= options.stopAfter) {
          controller.abort();
          return { status: response.status, contentType: response.headers.get("content-type"), events };
        }
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return { status: response.status, contentType: response.headers.get("content-type"), events };
}

describe.each(testDatabases)("job routes on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let worker: Worker;
  let alice: { userId: string; token: string };
  let bob: { userId: string; token: string };
  const gates = new Map<string, () => void>();
  const hooksDone = new Set<string>();

  beforeAll(async () => {
    database = await kind.create();
    server = await startTestServer(database);
    alice = await createTestUser(server.database.db);
    bob = await createTestUser(server.database.db);
    // A job that reports three steps, then waits for the test to let it finish (or for cancel).
    worker = createWorker({
      queue: server.queue,
      logger: { info() {}, warn() {}, error() {} },
      pollMs: 50,
      leaseMs: 3000,
      heartbeatMs: 200,
      concurrency: 2,
      definitions: [
        defineJob({
          name: "test.steps",
          payload: z.object({ label: z.string() }),
          maxAttempts: 1,
          backoff: { baseMs: 10, maxMs: 10 },
          async handler({ job, payload, progress, emit, signal }) {
            await progress("one", 30, "progress.one");
            await emit("partial", { section: `${payload.label} 1` });
            await progress("two", 60, "progress.two");
            await new Promise<void>((resolve, reject) => {
              gates.set(job.id, resolve);
              signal.addEventListener("abort", () => reject(signal.reason));
            });
            return { label: payload.label };
          },
        }),
        defineJob({
          name: "test.slow-hook",
          payload: z.object({}),
          maxAttempts: 1,
          backoff: { baseMs: 10, maxMs: 10 },
          async handler() {
            throw new PermanentJobError("QUIZ_GENERATION_FAILED");
          },
          // longer than the stream's poll: the stream sees the failed row well before the final event
          async onFailed(job) {
            await new Promise((resolve) => setTimeout(resolve, 2500));
            hooksDone.add(job.id);
          },
        }),
        defineJob({
          name: "test.idle",
          payload: z.object({}),
          maxAttempts: 1,
          backoff: { baseMs: 10, maxMs: 10 },
          async handler() {
            throw new Error("a cancelled job must not run");
          },
        }),
      ],
    });
    worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
    await database?.close();
  });

  const eventsUrl = (jobId: string) => `${server.url}/job/${jobId}/events`;
  const waitGate = async (jobId: string) => {
    while (!gates.has(jobId)) await new Promise((resolve) => setTimeout(resolve, 20));
    return gates.get(jobId)!;
  };

  it("streams progress, partial and done, then closes; a reconnect resumes after Last-Event-ID", async () => {
    const job = await server.queue.enqueue("test.steps", { label: "a" }, { userId: alice.userId });
    const release = await waitGate(job.id);
    const first = await readEvents(eventsUrl(job.id), alice.token, { stopAfter: 2 });
    expect(first.status).toBe(200);
    expect(first.contentType).toMatch(/^text\/event-stream/);
    expect(first.events.map((event) => event.event)).toEqual(["progress", "partial"]);
    expect(first.events[0]!.data).toEqual({ step: "one", percent: 30, messageKey: "progress.one" });

    setTimeout(release, 300);
    const rest = await readEvents(eventsUrl(job.id), alice.token, { lastEventId: first.events[1]!.id });
    expect(rest.events.map((event) => event.event)).toEqual(["progress", "done"]);
    expect(rest.events[1]!.data).toEqual({ label: "a" });
    expect(Number(rest.events[0]!.id)).toBeGreaterThan(Number(first.events[1]!.id));

    const fromBody = await readEvents(eventsUrl(job.id), alice.token, {
      body: { lastEventId: first.events[0]!.id },
    });
    expect(fromBody.events.map((event) => event.event)).toEqual(["partial", "progress", "done"]);
    // After the last event there is nothing more: the stream just ends.
    const after = await readEvents(eventsUrl(job.id), alice.token, { lastEventId: rest.events[1]!.id });
    expect(after.events).toEqual([]);

    const status = await server.call<JobStatusResponse>("GET", `/job/${job.id}`, { token: alice.token });
    expect(status.body.data).toMatchObject({
      status: "done",
      progress: { step: "done", percent: 100 },
      result: { label: "a" },
    });
  });

  it("sees events written by another process (no in-process wake-up) by polling", async () => {
    const job = await server.queue.enqueue("test.none", {}, { userId: alice.userId });
    // A queue over a different handle of the same database: its writes do not wake this process's streams.
    const other = createJobQueue({ db: new Proxy(server.database.db, {}) });
    setTimeout(() => {
      void other
        .appendEvent(job.id, "progress", { step: "x", percent: 50, messageKey: "k" })
        .then(async () => {
          await other.appendEvent(job.id, "done", { ok: true });
        });
    }, 200);
    const streamed = await readEvents(eventsUrl(job.id), alice.token);
    expect(streamed.events.map((event) => event.event)).toEqual(["progress", "done"]);
  });

  it("cancels a running job: the stream ends with JOB_CANCELLED within seconds", async () => {
    const job = await server.queue.enqueue("test.steps", { label: "c" }, { userId: alice.userId });
    await waitGate(job.id);
    const asked = Date.now();
    const streaming = readEvents(eventsUrl(job.id), alice.token);
    const cancel = await server.call<JobStatusResponse>("POST", `/job/${job.id}/cancel`, {
      token: alice.token,
    });
    expect(cancel.body.data.cancelRequested).toBe(true);
    const { events } = await streaming;
    expect(events.at(-1)).toMatchObject({ event: "error", data: { code: "JOB_CANCELLED" } });
    expect(Date.now() - asked).toBeLessThan(3000);
    const status = await server.call<JobStatusResponse>("GET", `/job/${job.id}`, { token: alice.token });
    expect(status.body.data).toMatchObject({ status: "cancelled", error: { code: "JOB_CANCELLED" } });
  });

  it("ends the stream with the final event only after the failure hook has updated the job's rows", async () => {
    const job = await server.queue.enqueue("test.slow-hook", {}, { userId: alice.userId });
    const { events } = await readEvents(eventsUrl(job.id), alice.token);
    expect(events.at(-1)).toMatchObject({ event: "error", data: { code: "QUIZ_GENERATION_FAILED" } });
    expect(hooksDone.has(job.id)).toBe(true);
  });

  it("closes with the row's word a stream whose job ended long ago without a final event (its worker died)", async () => {
    const job = await server.queue.enqueue(
      "test.idle",
      {},
      { userId: alice.userId, runAt: new Date(Date.now() + 60_000) },
    );
    await server.database.db
      .update(jobs)
      .set({
        status: "failed",
        errorCode: "INTERNAL",
        errorMessage: "worker died",
        finishedAt: new Date(Date.now() - 60_000),
      })
      .where(eq(jobs.id, job.id));
    const { events } = await readEvents(eventsUrl(job.id), alice.token);
    expect(events).toEqual([{ event: "error", data: { code: "INTERNAL", message: "worker died" } }]);
  });

  it("shows a job only to its owner, and only with a token", async () => {
    const job = await server.queue.enqueue(
      "test.idle",
      {},
      { userId: alice.userId, runAt: new Date(Date.now() + 60_000) },
    );
    for (const [method, path] of [
      ["GET", `/job/${job.id}`],
      ["POST", `/job/${job.id}/cancel`],
      ["POST", `/job/${job.id}/events`],
    ] as const) {
      const answer = await server.call(method, path, {
        token: bob.token,
        body: method === "POST" ? {} : undefined,
      });
      expect(answer.body).toMatchObject({ status: 404, code: "NOT_FOUND" });
      expect((await server.call(method, path, { body: method === "POST" ? {} : undefined })).http).toBe(401);
    }
    expect((await server.call("GET", `/job/${job.id}`, { token: alice.token })).body.data).toMatchObject({
      status: "queued",
    });
    // An empty body with a JSON content type is fine; a queued job is ended by the worker at once.
    const cancel = await fetch(`${server.url}/job/${job.id}/cancel`, {
      method: "POST",
      headers: { token: alice.token, "content-type": "application/json" },
    });
    expect(await cancel.json()).toMatchObject({ status: 200, data: { cancelRequested: true } });
    const streamed = await readEvents(eventsUrl(job.id), alice.token);
    expect(streamed.events).toMatchObject([{ event: "error", data: { code: "JOB_CANCELLED" } }]);
  });
});
