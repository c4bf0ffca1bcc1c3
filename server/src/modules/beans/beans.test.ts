import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_BEAN_COSTS,
  type GenerateNoteResponse,
  type LedgerResponse,
  type MemberInfo,
  type WebConfig,
} from "@beannote/contract";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { loginNewUser } from "../../../test/pipeline";
import { seedFile, seedNote } from "../../../test/seed";
import { createWorker, type Worker } from "../../jobs/worker";
import { workerJobs } from "../../composition/worker-jobs";
import { notesRepo } from "../notes/notes.repo";
import { filesRepo } from "../files/files.repo";
import { studentRepo } from "../student/student.repo";
import { createBeansFromConfig } from "./beans-from-config";
import { and, eq, notInArray } from "drizzle-orm";
import { beanLedger, jobs } from "../../db/schema";

const silent = { info() {}, warn() {}, error() {} };

/**
 * Charging, 402, concurrent spending, refunds and the student discount. The server runs without a worker, so
 * jobs stay queued (nothing refunds behind a test's back) until a test runs them with its own worker.
 */
describe.each(testDatabases)("Beancoin on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let beans: ReturnType<typeof createBeansFromConfig>;
  const accounts = new Map<string, { token: string; userId: string }>();

  beforeAll(async () => {
    database = await kind.create();
    server = await startTestServer(database, { role: "api" });
    beans = createBeansFromConfig(server.database.db, server.config);
    for (const name of ["alice", "bob"]) {
      const token = await loginNewUser(server, `${name}@example.edu`);
      const info = await server.call<MemberInfo>("GET", "/member/get-info", { token });
      accounts.set(name, { token, userId: info.body.data.userId });
    }
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  /** Alice (or `name`) with exactly `balance` Beancoin. */
  async function student(balance: number, name = "alice") {
    const { token, userId } = accounts.get(name)!;
    await beans.adjust(userId, balance - (await beans.balance(userId)));
    return { token, userId };
  }
  const balanceOf = async (token: string) =>
    (await server.call<MemberInfo>("GET", "/member/get-info", { token })).body.data.effectCloudBeans;
  const ledger = async (token: string, query = "") =>
    (await server.call<LedgerResponse>("GET", `/beans/ledger${query}`, { token })).body.data;
  const generateCards = (token: string, noteId: string) =>
    server.call<{ jobId: string }>("POST", `/note/${noteId}/flashcards/generate`, { token, body: {} });
  const generateNote = (token: string, fileIds: string[], title = "Paid note") =>
    server.call<GenerateNoteResponse>("POST", "/note/generate", {
      token,
      body: { title, outputLanguage: "en-US", detailLevel: "simple", fileIds },
    });

  /** Runs the jobs `jobIds` (the others stay queued) with this process's own worker until `done()` holds. */
  async function runJobs(jobIds: string[], done: () => Promise<boolean>) {
    await server.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() + 86_400_000) })
      .where(and(eq(jobs.status, "queued"), notInArray(jobs.id, jobIds)));
    const worker: Worker = createWorker({
      queue: server.queue,
      logger: silent,
      pollMs: 50,
      concurrency: 4,
      definitions: workerJobs(server.services, {
        parser: { parse: () => Promise.reject(new Error("no parsing in this test")) },
        logger: silent,
      }),
    });
    worker.start();
    try {
      const deadline = Date.now() + 30_000;
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error("jobs did not finish in time");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await worker.stop();
    }
  }

  it("keeps an operator's grants under the cap and takes any balance, even one from before the cap, to 0", async () => {
    const { token, userId } = accounts.get("bob")!;
    await beans.adjust(userId, -Number.MAX_SAFE_INTEGER);
    expect(await beans.adjust(userId, 2_000_000_000)).toEqual({
      balance: 1_000_000_000,
      applied: 1_000_000_000,
    });
    expect(await beans.adjust(userId, 1)).toEqual({ balance: 1_000_000_000, applied: 0 });
    // two grants of the int4 maximum written before the cap existed: 4,294,967,294 in the ledger
    await server.database.db.insert(beanLedger).values([
      { userId, delta: 2_147_483_647, reason: "admin" },
      { userId, delta: 2_147_483_647, reason: "admin" },
    ]);
    expect(await beans.adjust(userId, 5)).toEqual({ balance: 5_294_967_294, applied: 0 });
    expect(await beans.adjust(userId, -99_999_999_999)).toEqual({ balance: 0, applied: -5_294_967_294 });
    expect(await balanceOf(token)).toBe(0);
  });

  it("publishes the prices in /config/web", async () => {
    const config = (await server.call<WebConfig>("GET", "/config/web")).body.data;
    expect(config.beans).toEqual({ enabled: true, costs: DEFAULT_BEAN_COSTS, studentDiscountPercent: 70 });
  });

  it("charges a note by its pages in the request that starts it, and lists it in the ledger", async () => {
    const { token, userId } = await student(50);
    const fileId = await seedFile(server.database.db, userId);
    await filesRepo.update(server.database.db, fileId, { pageCount: 25 });
    const started = await generateNote(token, [fileId], "Thermodynamics");
    expect(started.body.status).toBe(200);
    // 2 + 1 for each started ten pages: 2 + 3.
    expect(await balanceOf(token)).toBe(45);
    const history = await ledger(token);
    expect(history.balance).toBe(45);
    expect(history.items[0]).toMatchObject({
      kind: "charge",
      action: "note",
      noteId: started.body.data.noteId,
      noteTitle: "Thermodynamics",
      amount: -5,
      refunded: false,
    });
    expect(history.items).toContainEqual(expect.objectContaining({ kind: "welcome", amount: 10_000 }));
  });

  it("answers 402 BEANS_INSUFFICIENT with what is needed, and starts nothing", async () => {
    const { token, userId } = await student(1);
    const { noteId } = await seedNote(server.database.db, userId);
    const fileId = await seedFile(server.database.db, userId);
    const notesBefore = (await server.call<{ total: number }>("GET", "/note/list", { token })).body.data
      .total;

    const cards = await generateCards(token, noteId);
    expect(cards.http).toBe(402);
    expect(cards.body).toMatchObject({
      status: 402,
      code: "BEANS_INSUFFICIENT",
      data: { required: 2, balance: 1, appDownloadUrl: "https://beannote.app/download" },
    });
    expect(cards.body.message).toMatch(/mobile app/);
    const chinese = await server.call("POST", `/note/${noteId}/flashcards/generate`, {
      token,
      body: {},
      headers: { language: "zh-CN" },
    });
    expect(chinese.body.message).toContain("手机 App");
    // No job was left behind: the deck has no generation.
    const deck = await server.call<{ generation: unknown }>("GET", `/note/${noteId}/flashcards`, { token });
    expect(deck.body.data.generation).toBeNull();

    const note = await generateNote(token, [fileId]);
    expect(note.body).toMatchObject({ status: 402, code: "BEANS_INSUFFICIENT", data: { required: 3 } });
    expect((await server.call<{ total: number }>("GET", "/note/list", { token })).body.data.total).toBe(
      notesBefore,
    );
    expect(await balanceOf(token)).toBe(1);
  });

  it("never spends below zero under concurrent requests", async () => {
    // 11 Beancoin, flashcards cost 2: of 8 requests at once exactly 5 may pass, whatever the interleaving.
    const { token, userId } = await student(11);
    const noteIds = await Promise.all(
      Array.from({ length: 8 }, async () => (await seedNote(server.database.db, userId)).noteId),
    );
    const answers = await Promise.all(noteIds.map((noteId) => generateCards(token, noteId)));
    expect(answers.filter((answer) => answer.http === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.body.code === "BEANS_INSUFFICIENT")).toHaveLength(3);
    expect(await balanceOf(token)).toBe(1);

    // Notes at once too (2 Beancoin for a page-less file): 1 left, so none; then 4 for two of three.
    const fileIds = await Promise.all(
      Array.from({ length: 3 }, () => seedFile(server.database.db, userId, { status: "parsing" })),
    );
    expect((await generateNote(token, [fileIds[0]!])).body.code).toBe("BEANS_INSUFFICIENT");
    await beans.adjust(userId, 3);
    const notes = await Promise.all(fileIds.map((fileId) => generateNote(token, [fileId])));
    expect(notes.filter((answer) => answer.http === 200)).toHaveLength(2);
    expect(await balanceOf(token)).toBe(0);
    const history = await ledger(token, "?size=100");
    const charged = new Set([...noteIds, ...notes.map((answer) => answer.body.data?.noteId)]);
    expect(history.items.filter((item) => item.kind === "charge" && charged.has(item.noteId!))).toHaveLength(
      7,
    );
  });

  it("refunds a job that fails, and a job that is cancelled", async () => {
    const { token, userId } = await student(10);
    // A note with nothing to make cards from: its job fails (FLASHCARDS_EMPTY).
    const empty = await seedNote(server.database.db, userId);
    await notesRepo.update(server.database.db, empty.noteId, { markdown: "", generatedMarkdown: "" });
    const failing = await generateCards(token, empty.noteId);
    // A second one is cancelled while queued.
    const other = await seedNote(server.database.db, userId);
    const cancelled = await generateCards(token, other.noteId);
    expect(await balanceOf(token)).toBe(6);
    expect((await server.call("POST", `/job/${cancelled.body.data.jobId}/cancel`, { token })).http).toBe(200);

    const status = async (jobId: string) => (await server.queue.get(jobId))?.status;
    await runJobs(
      [failing.body.data.jobId, cancelled.body.data.jobId],
      async () =>
        (await status(failing.body.data.jobId)) === "failed" &&
        (await status(cancelled.body.data.jobId)) === "cancelled",
    );
    expect(await balanceOf(token)).toBe(10);
    const history = await ledger(token);
    const ours = history.items.filter((item) => item.noteId === empty.noteId || item.noteId === other.noteId);
    const charges = ours.filter((item) => item.kind === "charge");
    const refunds = ours.filter((item) => item.kind === "refund");
    expect(charges.map((item) => [item.noteId, item.amount, item.refunded]).sort()).toEqual(
      [
        [empty.noteId, -2, true],
        [other.noteId, -2, true],
      ].sort(),
    );
    expect(refunds.map((item) => [item.action, item.amount])).toEqual([
      ["flashcards", 2],
      ["flashcards", 2],
    ]);
    // A second refund of the same job gives nothing more.
    expect(await beans.refundJob(failing.body.data.jobId)).toBe(0);
    expect(await balanceOf(token)).toBe(10);
  });

  it("charges the pages of files still being read once they are, and refunds it all when the note fails", async () => {
    const { token, userId } = await student(4);
    const fileId = await seedFile(server.database.db, userId, { status: "parsing" });
    const started = await generateNote(token, [fileId], "Late pages");
    expect(await balanceOf(token)).toBe(2); // the base price; pages unknown yet
    await filesRepo.update(server.database.db, fileId, { status: "ready", pageCount: 25 });
    // 25 pages need 3 more but 2 are left: the job fails with BEANS_INSUFFICIENT and is refunded.
    await runJobs(
      [started.body.data.jobId],
      async () => (await server.queue.get(started.body.data.jobId))?.status === "failed",
    );
    const note = await server.call<{ status: string; error: { code: string } }>(
      "GET",
      `/note/${started.body.data.noteId}`,
      { token },
    );
    expect(note.body.data).toMatchObject({ status: "failed", error: { code: "BEANS_INSUFFICIENT" } });
    expect(await balanceOf(token)).toBe(4);

    // With enough, the missing 3 are charged once (a retried job does not pay twice), then refunded on failure.
    await beans.adjust(userId, 6);
    const again = await generateNote(token, [fileId], "Late pages");
    const jobId = again.body.data.jobId;
    expect(await balanceOf(token)).toBe(5);
    await beans.settle({ userId, action: "note", jobId, noteId: again.body.data.noteId, pages: 25 });
    await beans.settle({ userId, action: "note", jobId, noteId: again.body.data.noteId, pages: 25 });
    expect(await balanceOf(token)).toBe(5); // already paid in full: 2 + 3 at enqueue (pages known now)
    expect(await beans.refundJob(jobId)).toBe(5);
    expect(await balanceOf(token)).toBe(10);
  });

  it("takes 70 % off every price for an approved student, rounded up", async () => {
    const { token, userId } = await student(20, "bob");
    const fileId = await seedFile(server.database.db, userId);
    await filesRepo.update(server.database.db, fileId, { pageCount: 14 });
    await studentRepo.upsert(server.database.db, {
      userId,
      status: "approved",
      imageKey: "students/none.png",
      submittedAt: new Date(),
    });
    const { noteId } = await seedNote(server.database.db, userId);
    expect((await generateCards(token, noteId)).http).toBe(200);
    expect(await balanceOf(token)).toBe(19); // 2 → ⌈0.6⌉ = 1
    expect((await generateNote(token, [fileId])).http).toBe(200);
    expect(await balanceOf(token)).toBe(17); // 2 + 2 = 4 → ⌈1.2⌉ = 2
    expect(await beans.price(userId, "podcast")).toBe(2); // 5 → ⌈1.5⌉
    expect(await beans.price(userId, "slides")).toBe(1); // 3 → ⌈0.9⌉
  });

  it("shows each account only its own ledger, page by page, and needs a token", async () => {
    const { token } = await student(30);
    const all = await ledger(token, "?size=100");
    const first = await ledger(token, "?page=1&size=1");
    const second = await ledger(token, "?page=2&size=1");
    expect(first).toMatchObject({ page: 1, size: 1, total: all.total, balance: 30 });
    expect([...first.items, ...second.items]).toEqual(all.items.slice(0, 2));
    const newcomer = await loginNewUser(server, "newcomer@example.edu");
    expect((await ledger(newcomer)).items.map((item) => [item.kind, item.amount])).toEqual([
      ["welcome", 10_000],
    ]);
    expect((await server.call("GET", "/beans/ledger")).http).toBe(401);
    expect((await server.call("GET", "/beans/ledger?size=1000", { token })).body.code).toBe(
      "VALIDATION_FAILED",
    );
  });
});

describe("BEANS=off", () => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await testDatabases[0]!.create();
    server = await startTestServer(database, {
      role: "api",
      env: { BEANS: "off", BEAN_COSTS: "flashcards=7" },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("charges nothing and says so in /config/web", async () => {
    const config = (await server.call<WebConfig>("GET", "/config/web")).body.data;
    expect(config.beans).toMatchObject({ enabled: false, costs: { flashcards: 7, quiz: 2 } });
    const token = await loginNewUser(server, "selfhost@example.edu");
    const info = await server.call<MemberInfo>("GET", "/member/get-info", { token });
    const { noteId } = await seedNote(server.database.db, info.body.data.userId);
    expect((await server.call("POST", `/note/${noteId}/flashcards/generate`, { token, body: {} })).http).toBe(
      200,
    );
    const history = await server.call<LedgerResponse>("GET", "/beans/ledger", { token });
    expect(history.body.data.items.map((item) => item.kind)).toEqual(["welcome"]);
  });
});
