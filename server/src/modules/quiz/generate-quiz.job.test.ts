import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../db/client";
import { notes, users } from "../../db/schema";
import type { Engine, QuestionDraft } from "../../engine";
import { createOfflineEngine } from "../../engine";
import type { JobContext } from "../../jobs/definition";
import type { JobRow } from "../../jobs/queue";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { osMaterial } from "../../../test/quiz-material";
import type { StudyNotes } from "../notes/study-notes";
import { createGenerateQuizJob } from "./generate-quiz.job";
import { quizRepo } from "./quiz.repo";

/** The job alone, with engines that misbehave on purpose: what it stores, and the code it fails with. */
describe("generate-quiz job", () => {
  let testDb: TestDatabase;
  let database: Database;
  const userId = randomUUID();
  const noteId = randomUUID();
  const studyNotes = {
    byId: async () => ({
      id: noteId,
      userId,
      title: "Operating systems",
      outputLanguage: "en-US" as const,
      detailLevel: "detail" as const,
      markdown: "",
      status: "ready",
    }),
    material: async () => osMaterial(),
  } as unknown as StudyNotes;

  beforeAll(async () => {
    testDb = await testDatabases[0]!.create();
    database = await openDatabase({ dataDir: testDb.dataDir });
    await database.db
      .insert(users)
      .values({ id: userId, email: "job@example.edu", passwordHash: "x", nickname: "j" });
    await database.db.insert(notes).values({
      id: noteId,
      userId,
      title: "OS",
      outputLanguage: "en-US",
      detailLevel: "detail",
      status: "ready",
    });
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.close();
  });

  async function run(
    quiz: Partial<Engine["quiz"]> | Engine["quiz"],
    types = ["choice", "judgment"] as const,
  ) {
    const quizId = randomUUID();
    await quizRepo.insertQuiz(database.db, {
      id: quizId,
      noteId,
      userId,
      types: [...types],
      requestedCount: 4,
      status: "generating",
    });
    const engine = { ...createOfflineEngine(), quiz } as Engine;
    const job = createGenerateQuizJob({ db: database.db, notes: studyNotes, engine });
    const ctx = {
      job: { id: randomUUID() } as JobRow,
      payload: { noteId, userId, quizId, types: [...types], count: 4 },
      signal: new AbortController().signal,
      progress: async () => {},
      emit: async () => {},
      heartbeat: async () => {},
    } as JobContext<unknown>;
    let value: unknown;
    let error: { code?: string } | undefined;
    try {
      value = await job.handler(ctx);
    } catch (e) {
      error = e as { code?: string };
      await job.onFailed?.({} as JobRow, { code: error.code ?? "INTERNAL", message: "" }, ctx.payload);
    }
    return { quizId, job, ctx, value, error, quiz: await quizRepo.byId(database.db, quizId) };
  }

  const good = (): QuestionDraft => ({
    type: "choice",
    question: "Which policy gives each process a fixed time slice called a quantum?",
    options: ["Round robin", "Shortest job first", "Priority scheduling", "Paging"],
    correct: [0],
    referenceAnswer: "Round robin",
    keyPoints: [],
    explanation: "Round robin gives each process a fixed time slice called a quantum.",
    sectionIndex: 0,
    quote: "Round robin gives each process a fixed time slice called a quantum.",
    context: "Scheduling",
  });

  it("stores only the questions that pass the answer-key checker, whatever the engine wrote", async () => {
    const { value, quiz, quizId } = await run(async () => [
      good(),
      { ...good(), question: "Two right answers?", correct: [0, 1] },
      {
        ...good(),
        type: "judgment",
        question: "Paging is scheduling.",
        options: [],
        correct: [],
        statementTrue: true,
      },
    ]);
    // the only judgment is true: judgments that are all true are left out
    expect(value).toEqual({ quizId, questions: 1 });
    expect(quiz).toMatchObject({ status: "ready", engine: "offline" });
    const stored = await quizRepo.questions(database.db, quizId);
    expect(stored.map((q) => [q.question, q.correctOptions, q.citePage])).toEqual([
      [good().question, ["a"], 1],
    ]);
  });

  it("fails with QUIZ_GENERATION_FAILED when no question passes, or the engine breaks", async () => {
    const broken = await run(async () => [{ ...good(), options: ["Round robin", "round robin", "Paging"] }]);
    expect(broken.error).toMatchObject({ code: "QUIZ_GENERATION_FAILED" });
    expect(broken.quiz).toMatchObject({ status: "failed", errorCode: "QUIZ_GENERATION_FAILED" });
    const thrown = await run(async () => {
      throw new Error("engine bug");
    });
    expect(thrown.error).toMatchObject({ code: "QUIZ_GENERATION_FAILED" });
  });

  it("fails with QUIZ_EMPTY when the note gives nothing to ask, and QUIZ_NETWORK_ERROR when the model is unreachable", async () => {
    const empty = await run(async () => []);
    expect(empty.error).toMatchObject({ code: "QUIZ_EMPTY" });
    expect(empty.quiz).toMatchObject({ status: "failed", errorCode: "QUIZ_EMPTY" });
    const unreachable = await run(async () => {
      throw Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } });
    });
    expect(unreachable.error).toMatchObject({ code: "QUIZ_NETWORK_ERROR" });
    expect(unreachable.quiz).toMatchObject({ status: "failed", errorCode: "QUIZ_NETWORK_ERROR" });
  });

  it("runs again without duplicating questions (a worker that died mid-job)", async () => {
    const first = await run(async () => [good()]);
    await first.job.handler(first.ctx);
    expect(await quizRepo.questions(database.db, first.quizId)).toHaveLength(1);
  });
});
