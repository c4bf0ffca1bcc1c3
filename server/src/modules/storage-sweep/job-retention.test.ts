import { randomUUID } from "node:crypto";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { seedFile, seedNote } from "../../../test/seed";
import { openDatabase, type Database } from "../../db/client";
import {
  beanLedger,
  conversationMessages,
  conversations,
  files,
  jobEvents,
  jobs,
  notes,
  quizzes,
} from "../../db/schema";
import { jobsRepo } from "../../jobs/jobs.repo";
import { createLocalStorage } from "../../storage/local-storage";
import { createTestUser } from "../files/test-support";
import { sweepStorage } from "./storage-sweep.service";

const pglite = testDatabases.find((kind) => kind.name === "pglite")!;
const DAY = 24 * 60 * 60 * 1000;

/** Retention at the storage sweep: ended jobs lose their events after a week, and go after a month unless named. */
describe("job retention (storage sweep) on pglite", () => {
  let testDb: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDb = await pglite.create();
    database = await openDatabase({ dataDir: testDb.dataDir });
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.close();
  });

  it("deletes old events of ended jobs and old ended jobs nothing reads, and keeps the rest", async () => {
    const db = database.db;
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const { userId } = await createTestUser(db);
    const { noteId } = await seedNote(db, userId);

    /** A job of `name` ended (or not) `days` ago, with two events. */
    async function job(
      name: string,
      days: number,
      patch: { status?: string; payload?: object; userId?: string | null } = {},
    ) {
      const status = patch.status ?? "done";
      const ended = ["done", "failed", "cancelled"].includes(status);
      const row = await jobsRepo.insert(db, {
        id: randomUUID(),
        name,
        payload: patch.payload ?? {},
        userId: patch.userId === undefined ? userId : patch.userId,
        status,
        runAt: ago(days + 1),
        createdAt: ago(days + 1),
        finishedAt: ended ? ago(days) : null,
      });
      await jobsRepo.insertEvent(db, { jobId: row.id, type: "progress", data: { percent: 50 } });
      await jobsRepo.insertEvent(db, { jobId: row.id, type: ended ? "done" : "progress", data: {} });
      return row.id;
    }

    const oldMail = await job("mail.feedback", 40, { userId: null });
    const oldFailed = await job("storage.sweep", 31, { status: "failed", userId: null });
    const weekOld = await job("mail.feedback", 10, { userId: null });
    const recent = await job("mail.feedback", 2, { userId: null });
    const longRunning = await job("file.parse", 60, { status: "running" });
    const longQueued = await job("file.parse", 60, { status: "queued" });

    // Named by rows: a note's job, a quiz's, a file's parse, an answer's, a Beancoin charge's.
    const noteJob = await job("generate-note", 40, { payload: { noteId } });
    await db.update(notes).set({ jobId: noteJob });
    const quizJob = await job("quiz.generate.old", 40);
    await db.insert(quizzes).values({
      id: randomUUID(),
      noteId,
      userId,
      types: ["single"],
      requestedCount: 5,
      jobId: quizJob,
    });
    const parseJob = await job("file.parse", 40);
    const fileId = await seedFile(db, userId);
    await db
      .update(files)
      .set({ parseJobId: parseJob })
      .where(inArray(files.id, [fileId]));
    const answerJob = await job("answer-question.old", 40);
    const conversationId = randomUUID();
    await db.insert(conversations).values({ id: conversationId, noteId, userId, title: "Q" });
    await db.insert(conversationMessages).values({
      id: randomUUID(),
      conversationId,
      position: 1,
      role: "assistant",
      text: "A",
      jobId: answerJob,
    });
    const chargedJob = await job("charged.old", 40);
    await db
      .insert(beanLedger)
      .values({ userId, delta: -1, reason: "charge", action: "note", jobId: chargedJob });

    // An artefact's generations of one note: the latest is what its tab shows, the older one is history.
    const cardsBefore = await job("generate-flashcards", 45, { payload: { noteId, userId } });
    const cardsLatest = await job("generate-flashcards", 40, {
      status: "failed",
      payload: { noteId, userId },
    });

    const named = [noteJob, quizJob, parseJob, answerJob, chargedJob];
    const gone = [oldMail, oldFailed, cardsBefore];
    const all = [...gone, weekOld, recent, longRunning, longQueued, ...named, cardsLatest];
    const eventsOf = async (ids: string[]) =>
      (await db.select({ jobId: jobEvents.jobId }).from(jobEvents).where(inArray(jobEvents.jobId, ids))).map(
        (row) => row.jobId,
      );
    const jobIds = async () =>
      (await db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, all))).map((row) => row.id);

    const storage = createLocalStorage(path.join(testDb.dataDir, "files"));
    const sweep = (dryRun: boolean) =>
      sweepStorage({
        db,
        storage,
        dryRun,
        jobRetention: { eventsDays: 7, jobsDays: 30 },
        now: () => now,
      });

    // Ended over a week ago: every job but the running, the queued and the recent one (2 events each).
    const endedOverAWeek = all.length - 3;
    const dry = await sweep(true);
    expect(dry.endedJobs).toEqual({ eventsDays: 7, jobsDays: 30, events: 2 * endedOverAWeek, jobs: 3 });
    expect((await eventsOf(all)).length).toBe(2 * all.length);
    expect((await jobIds()).length).toBe(all.length);

    const real = await sweep(false);
    expect(real.endedJobs).toEqual({ eventsDays: 7, jobsDays: 30, events: 2 * endedOverAWeek, jobs: 3 });
    expect((await jobIds()).sort()).toEqual(all.filter((id) => !gone.includes(id)).sort());
    expect((await eventsOf(all)).sort()).toEqual(
      [recent, recent, longRunning, longRunning, longQueued, longQueued].sort(),
    );
    // The rows that named their jobs still do.
    const ledger = await db
      .select({ jobId: beanLedger.jobId })
      .from(beanLedger)
      .where(inArray(beanLedger.jobId, named));
    expect(ledger).toHaveLength(1);

    const again = await sweep(false);
    expect(again.endedJobs).toMatchObject({ events: 0, jobs: 0 });
  });
});
