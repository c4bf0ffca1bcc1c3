import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AnswerQuizResponse,
  CreateQuizResponse,
  GenerateNoteResponse,
  QuizDetail,
  QuizHistoryResponse,
  QuizQuestion,
} from "@beannote/contract";
import { QUESTION_TYPES, QUIZ_OPTION_COUNTS } from "@beannote/contract";
import { eq } from "drizzle-orm";
import { quizQuestions } from "../../db/schema";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import type { TestServer } from "../../../test/test-server";
import { startStudyBed } from "../../../test/study-bed";
import { fixture, readJobEvents, uploadFile } from "../../../test/pipeline";

describe.each(testDatabases)("quiz API on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let alice: string;
  let bob: string;
  let englishNote: string;
  let chineseNote: string;

  beforeAll(async () => {
    ({ database, server, alice, bob, englishNote, chineseNote } = await startStudyBed(kind));
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const detail = (quizId: string, token = alice) =>
    server.call<QuizDetail>("GET", `/quiz/${quizId}`, { token });
  const answer = (quizId: string, questionId: string, value: unknown, token = alice) =>
    server.call<AnswerQuizResponse>("POST", `/quiz/${quizId}/answer`, {
      token,
      body: { questionId, answer: value },
    });
  /** The stored keys, read from the database to answer right or wrong on purpose (the API never shows them). */
  const keysOf = async (quizId: string) =>
    new Map(
      (await server.database.db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quizId))).map(
        (q) => [q.id, q],
      ),
    );

  async function generate(noteId: string, body: { types: string[]; count: number }) {
    const started = await server.call<CreateQuizResponse>("POST", `/note/${noteId}/quiz`, {
      token: alice,
      body,
    });
    expect(started.body.status, started.body.message).toBe(200);
    const events = await readJobEvents(server, alice, started.body.data.jobId);
    return { ...started.body.data, events };
  }

  let quizId = "";
  let questions: QuizQuestion[] = [];

  it("generates a quiz of all six types with progress, spread evenly, without keys until answered", async () => {
    const made = await generate(englishNote, { types: [...QUESTION_TYPES].reverse(), count: 12 });
    quizId = made.quizId;
    expect(made.events[0]?.type).toBe("progress");
    expect(made.events.at(-1)).toMatchObject({ type: "done", data: { quizId, questions: 12 } });
    const got = await detail(quizId);
    expect(got.body.status).toBe(200);
    const quiz = got.body.data;
    expect(quiz).toMatchObject({
      status: "ready",
      noteId: englishNote,
      types: [...QUESTION_TYPES],
      count: 12,
      questionCount: 12,
      answeredCount: 0,
      score: null,
      generation: { status: "done" },
      retryOf: null,
    });
    expect(quiz.startedAt).not.toBeNull();
    questions = quiz.questions;
    // two of each type, in §9 order
    expect(questions.map((q) => q.type)).toEqual(QUESTION_TYPES.flatMap((t) => [t, t]));
    expect(questions.map((q) => q.position)).toEqual(questions.map((_, i) => i + 1));
    for (const q of questions) {
      expect(q.answered).toBeNull();
      expect(q.question.trim()).not.toBe("");
      const keys = Object.keys(q).sort();
      expect(keys).toEqual(["answered", "options", "position", "question", "questionId", "type"]);
      if (q.type === "choice" || q.type === "multiple_choice") {
        const { min, max } = QUIZ_OPTION_COUNTS[q.type];
        expect(q.options.length).toBeGreaterThanOrEqual(min);
        expect(q.options.length).toBeLessThanOrEqual(max);
        expect(new Set(q.options.map((o) => o.optionId)).size).toBe(q.options.length);
      } else expect(q.options).toEqual([]);
    }
    // the questions come from several sections
    const rows = [...(await keysOf(quizId)).values()];
    expect(new Set(rows.map((r) => r.citePage)).size).toBeGreaterThanOrEqual(4);
    const judgments = rows.filter((r) => r.type === "judgment").map((r) => r.statementTrue);
    expect(judgments).toContain(false);
  });

  it("grades choice, multiple choice and judgment exactly, and shows the analysis with its citation", async () => {
    const keys = await keysOf(quizId);
    const byType = (type: string) => questions.filter((q) => q.type === type);
    const [choiceRight, choiceWrong] = byType("choice");
    const rightChoice = keys.get(choiceRight!.questionId)!.correctOptions[0]!;
    const right = await answer(quizId, choiceRight!.questionId, rightChoice);
    expect(right.body.data).toMatchObject({
      correct: true,
      score: 1,
      rightAnswer: rightChoice,
      gradedBy: "exact",
      source: { source: 1, page: expect.any(Number) },
      quizFinished: false,
    });
    expect(right.body.data.explanation).toContain(right.body.data.referenceAnswer);
    const wrongKey = keys.get(choiceWrong!.questionId)!;
    const wrongOption = choiceWrong!.options.find((o) => o.optionId !== wrongKey.correctOptions[0])!.optionId;
    const wrong = await answer(quizId, choiceWrong!.questionId, wrongOption);
    expect(wrong.body.data).toMatchObject({
      correct: false,
      score: 0,
      rightAnswer: wrongKey.correctOptions[0],
    });

    // multiple choice: all and only the right ones
    const [mcRight, mcWrong] = byType("multiple_choice");
    const mcKey = keys.get(mcRight!.questionId)!.correctOptions;
    expect(mcKey.length).toBeGreaterThanOrEqual(2);
    const allRight = await answer(quizId, mcRight!.questionId, [...mcKey].reverse());
    expect(allRight.body.data).toMatchObject({ correct: true, score: 1, rightAnswer: mcKey });
    const partKey = keys.get(mcWrong!.questionId)!.correctOptions;
    const part = await answer(quizId, mcWrong!.questionId, partKey.slice(0, 1));
    expect(part.body.data).toMatchObject({ correct: false, score: 0, rightAnswer: partKey });

    // judgment: one right, one wrong
    const [j1, j2] = byType("judgment");
    const t1 = keys.get(j1!.questionId)!.statementTrue!;
    expect((await answer(quizId, j1!.questionId, t1)).body.data).toMatchObject({
      correct: true,
      rightAnswer: t1,
    });
    const t2 = keys.get(j2!.questionId)!.statementTrue!;
    expect((await answer(quizId, j2!.questionId, !t2)).body.data).toMatchObject({
      correct: false,
      rightAnswer: t2,
    });
  });

  it("grades free text by coverage of the reference: the reference passes, empty and off-topic answers fail", async () => {
    const keys = await keysOf(quizId);
    const free = questions.filter((q) => ["short_answer", "case_analysis", "discourse"].includes(q.type));
    const [a, b, c, d, e, f] = free;
    const reference = await answer(quizId, a!.questionId, keys.get(a!.questionId)!.referenceAnswer);
    expect(reference.body.data).toMatchObject({ correct: true, gradedBy: "offline", missed: [] });
    expect(reference.body.data.score).toBeGreaterThanOrEqual(0.9);
    expect(reference.body.data.found.length).toBeGreaterThan(0);
    expect(reference.body.data.reason).toMatch(/key point/);
    expect(reference.body.data.rightAnswer).toBeNull();

    const empty = await answer(quizId, b!.questionId, "   ");
    expect(empty.body.data).toMatchObject({
      correct: false,
      score: 0,
      found: [],
      reason: "No answer was given.",
    });
    expect(empty.body.data.referenceAnswer.length).toBeGreaterThan(0);

    const offTopic = await answer(
      quizId,
      c!.questionId,
      "The French Revolution began in 1789 when the Estates-General met at Versailles and Parisians stormed the Bastille.",
    );
    expect(offTopic.body.data.correct).toBe(false);
    expect(offTopic.body.data.score).toBeLessThan(0.3);

    // half of the reference's key points: partial credit
    const half = keys.get(d!.questionId)!.keyPoints;
    const partial = await answer(quizId, d!.questionId, half.slice(0, Math.ceil(half.length / 2)).join(" "));
    expect(partial.body.data.score).toBeGreaterThan(0.3);
    expect(partial.body.data.found.length).toBeGreaterThan(0);

    for (const q of [e!, f!]) await answer(quizId, q.questionId, keys.get(q.questionId)!.referenceAnswer);
  });

  it("answers a question only once, with a clear code, and keeps the first answer", async () => {
    const first = questions[0]!;
    const again = await answer(quizId, first.questionId, first.options[0]!.optionId);
    expect([again.http, again.body.code]).toEqual([409, "QUIZ_ALREADY_ANSWERED"]);
    const stored = (await detail(quizId)).body.data.questions[0]!;
    expect(stored.answered?.result.correct).toBe(true);
  });

  it("finishes with a score and the time taken, and keeps the quiz in the note's history and across notes", async () => {
    const quiz = (await detail(quizId)).body.data;
    expect(quiz.answeredCount).toBe(12);
    expect(quiz.finishedAt).not.toBeNull();
    expect(quiz.durationMs).toBeGreaterThanOrEqual(0);
    expect(quiz.correctCount).toBeGreaterThanOrEqual(5);
    expect(quiz.correctCount).toBeLessThanOrEqual(9);
    expect(quiz.score).toBeGreaterThan(0.3);
    expect(quiz.score).toBeLessThan(0.9);
    // a past quiz shows the student's answers and the analysis
    for (const q of quiz.questions) {
      expect(q.answered).not.toBeNull();
      expect(q.answered!.result.explanation.length).toBeGreaterThan(0);
    }

    const chinese = await generate(chineseNote, { types: ["choice", "judgment", "short_answer"], count: 3 });
    const zh = (await detail(chinese.quizId)).body.data;
    expect(zh.questions.map((q) => q.type)).toEqual(["choice", "judgment", "short_answer"]);
    expect(zh.questions[0]!.question).toMatch(/[\u4e00-\u9fff]/u);

    const noteHistory = await server.call<QuizHistoryResponse>("GET", `/note/${englishNote}/quizzes`, {
      token: alice,
    });
    expect(noteHistory.body.data.quizzes.map((q) => q.quizId)).toEqual([quizId]);
    expect(noteHistory.body.data.quizzes[0]).toMatchObject({
      types: [...QUESTION_TYPES],
      count: 12,
      score: quiz.score,
      noteTitle: "en-paper-dense-passage-retrieval.pdf",
    });
    expect(noteHistory.body.data.generating).toBeNull();
    const all = await server.call<QuizHistoryResponse>("GET", "/quizzes", { token: alice });
    expect(all.body.data.quizzes.map((q) => q.quizId)).toEqual([chinese.quizId, quizId]);
    const limited = await server.call<QuizHistoryResponse>("GET", "/quizzes?limit=1", { token: alice });
    expect(limited.body.data.quizzes).toHaveLength(1);
    expect(
      (await server.call<QuizHistoryResponse>("GET", "/quizzes", { token: bob })).body.data.quizzes,
    ).toEqual([]);
  });

  it("retries the wrong ones as a new quiz with the same questions and keys, no job needed", async () => {
    const keys = await keysOf(quizId);
    const original = (await detail(quizId)).body.data.questions;
    const wrongIds = original.filter((q) => !q.answered!.result.correct).map((q) => q.questionId);
    // 30 retries at once (double clicks, a flood): one quiz, answered to every call
    const retries = await Promise.all(
      Array.from({ length: 30 }, () =>
        server.call<{ quizId: string }>("POST", `/quiz/${quizId}/retry`, { token: alice }),
      ),
    );
    expect(retries.map((r) => r.body.status)).toEqual(retries.map(() => 200));
    const retried = retries[0]!;
    expect(new Set(retries.map((r) => r.body.data.quizId))).toEqual(new Set([retried.body.data.quizId]));
    const retriesOf = async (of: string) =>
      (
        await server.call<QuizHistoryResponse>("GET", `/note/${englishNote}/quizzes`, { token: alice })
      ).body.data.quizzes.filter((q) => q.retryOf === of);
    expect(await retriesOf(quizId)).toHaveLength(1);
    // bob cannot reach alice's retry through her quiz
    expect((await server.call("POST", `/quiz/${quizId}/retry`, { token: bob })).http).toBe(404);
    const retry = (await detail(retried.body.data.quizId)).body.data;
    expect(retry).toMatchObject({ status: "ready", retryOf: quizId, generation: null, answeredCount: 0 });
    expect(retry.questions.map((q) => [q.type, q.question, q.options])).toEqual(
      original.filter((q) => wrongIds.includes(q.questionId)).map((q) => [q.type, q.question, q.options]),
    );
    // same keys: the right option of a retried choice question is the original's
    const retryKeys = await keysOf(retry.quizId);
    for (const q of retry.questions) {
      const from = original.find((o) => o.question === q.question && o.type === q.type)!;
      expect(retryKeys.get(q.questionId)!.correctOptions).toEqual(keys.get(from.questionId)!.correctOptions);
      expect(retryKeys.get(q.questionId)!.statementTrue).toEqual(keys.get(from.questionId)!.statementTrue);
    }
    // answering all of them right leaves nothing to retry
    for (const q of retry.questions) {
      const key = retryKeys.get(q.questionId)!;
      const value =
        q.type === "choice"
          ? key.correctOptions[0]
          : q.type === "multiple_choice"
            ? key.correctOptions
            : q.type === "judgment"
              ? key.statementTrue
              : key.referenceAnswer;
      expect((await answer(retry.quizId, q.questionId, value)).body.data.correct).toBe(true);
    }
    const none = await server.call("POST", `/quiz/${retry.quizId}/retry`, { token: alice });
    expect([none.http, none.body.code]).toEqual([409, "QUIZ_NOTHING_TO_RETRY"]);
    const history = await server.call<QuizHistoryResponse>("GET", `/note/${englishNote}/quizzes`, {
      token: alice,
    });
    expect(history.body.data.quizzes[0]).toMatchObject({ quizId: retry.quizId, retryOf: quizId, score: 1 });
    // once that retry is finished, retrying the first quiz again gives a new one
    const second = await server.call<{ quizId: string }>("POST", `/quiz/${quizId}/retry`, { token: alice });
    expect(second.body.status).toBe(200);
    expect(second.body.data.quizId).not.toBe(retry.quizId);
    expect(await retriesOf(quizId)).toHaveLength(2);
  });

  it("refuses bad input with its own localised code and changes nothing", async () => {
    const fresh = await generate(englishNote, {
      types: ["choice", "multiple_choice", "judgment", "discourse"],
      count: 4,
    });
    const qs = (await detail(fresh.quizId)).body.data.questions;
    const [choice, mc, judgment, essay] = qs;
    const before = (
      await server.call<QuizHistoryResponse>("GET", `/note/${englishNote}/quizzes`, { token: alice })
    ).body.data.quizzes.length;
    const cases: [string, string, unknown, string][] = [
      ["POST", `/note/${englishNote}/quiz`, { count: 5 }, "QUIZ_TYPE_REQUIRED"],
      ["POST", `/note/${englishNote}/quiz`, { types: [], count: 5 }, "QUIZ_TYPE_REQUIRED"],
      ["POST", `/note/${englishNote}/quiz`, { types: "choice", count: 5 }, "QUIZ_TYPE_REQUIRED"],
      ["POST", `/note/${englishNote}/quiz`, { types: ["essay"], count: 5 }, "QUIZ_TYPE_INVALID"],
      ["POST", `/note/${englishNote}/quiz`, { types: ["choice"], count: 16 }, "QUIZ_TOO_MANY"],
      ["POST", `/note/${englishNote}/quiz`, { types: ["choice"], count: 0 }, "QUIZ_COUNT_INVALID"],
      ["POST", `/note/${englishNote}/quiz`, { types: ["choice"], count: 2.5 }, "QUIZ_COUNT_INVALID"],
      ["POST", `/note/${englishNote}/quiz`, { types: ["choice"], count: "3" }, "QUIZ_COUNT_INVALID"],
      ["POST", `/note/${englishNote}/quiz`, { types: ["choice"] }, "QUIZ_COUNT_INVALID"],
      [
        "POST",
        `/quiz/${fresh.quizId}/answer`,
        { questionId: choice!.questionId, answer: true },
        "QUIZ_ANSWER_INVALID",
      ],
      [
        "POST",
        `/quiz/${fresh.quizId}/answer`,
        { questionId: choice!.questionId, answer: "z" },
        "QUIZ_ANSWER_INVALID",
      ],
      [
        "POST",
        `/quiz/${fresh.quizId}/answer`,
        { questionId: choice!.questionId, answer: 1 },
        "QUIZ_ANSWER_INVALID",
      ],
      ["POST", `/quiz/${fresh.quizId}/answer`, { questionId: choice!.questionId }, "QUIZ_ANSWER_INVALID"],
      [
        "POST",
        `/quiz/${fresh.quizId}/answer`,
        { questionId: mc!.questionId, answer: [] },
        "QUIZ_ANSWER_INVALID",
      ],
      [
        "POST",
        `/quiz/${fresh.quizId}/answer`,
        { questionId: mc!.questionId, answer: ["a", "a"] },
        "QUIZ_ANSWER_INVALID",
      ],
      [
        "POST",
        `/quiz/${fresh.quizId}/answer`,
        { questionId: mc!.questionId, answer: "a" },
        "QUIZ_ANSWER_INVALID",
      ],
      [
        "POST",
        `/quiz/${fresh.quizId}/answer`,
        { questionId: judgment!.questionId, answer: "true" },
        "QUIZ_ANSWER_INVALID",
      ],
      [
        "POST",
        `/quiz/${fresh.quizId}/answer`,
        { questionId: essay!.questionId, answer: ["a"] },
        "QUIZ_ANSWER_INVALID",
      ],
      [
        "POST",
        `/quiz/${fresh.quizId}/answer`,
        { questionId: essay!.questionId, answer: "x".repeat(8001) },
        "QUIZ_ANSWER_INVALID",
      ],
      [
        "POST",
        `/quiz/${fresh.quizId}/answer`,
        { questionId: essay!.questionId, answer: "a\u0000b" },
        "TEXT_INVALID",
      ],
      ["POST", `/quiz/${fresh.quizId}/answer`, { questionId: "q1", answer: "a" }, "ID_INVALID"],
      ["POST", `/quiz/${fresh.quizId}/answer`, { questionId: crypto.randomUUID(), answer: "a" }, "NOT_FOUND"],
      ["GET", `/quiz/not-a-uuid`, undefined, "ID_INVALID"],
      ["GET", `/quizzes?limit=0`, undefined, "VALIDATION_FAILED"],
      ["GET", `/note/${englishNote}/quizzes?limit=101`, undefined, "VALIDATION_FAILED"],
    ];
    for (const [method, path, body, code] of cases) {
      const got = await server.call(method, path, { token: alice, body, headers: { language: "zh-CN" } });
      expect([path, body, got.body.code]).toEqual([path, body, code]);
      expect(got.body.message).toMatch(/[\u4e00-\u9fff]/u);
    }
    const after = await server.call<QuizHistoryResponse>("GET", `/note/${englishNote}/quizzes`, {
      token: alice,
    });
    expect(after.body.data.quizzes).toHaveLength(before);
    expect((await detail(fresh.quizId)).body.data.answeredCount).toBe(0);
  });

  it("answers 404 for another user's note and quizzes, and 401 without a token", async () => {
    const questionId = questions[0]!.questionId;
    const calls: [string, string, unknown][] = [
      ["POST", `/note/${englishNote}/quiz`, { types: ["choice"], count: 3 }],
      ["GET", `/note/${englishNote}/quizzes`, undefined],
      ["GET", `/quiz/${quizId}`, undefined],
      ["POST", `/quiz/${quizId}/answer`, { questionId, answer: "a" }],
      ["POST", `/quiz/${quizId}/retry`, undefined],
    ];
    for (const [method, path, body] of calls) {
      expect([path, (await server.call(method, path, { token: bob, body })).http]).toEqual([path, 404]);
      expect([path, (await server.call(method, path, { body })).http]).toEqual([path, 401]);
    }
    expect((await server.call("GET", "/quizzes", {})).http).toBe(401);
    const history = await server.call<QuizHistoryResponse>("GET", `/note/${englishNote}/quizzes`, {
      token: alice,
    });
    expect(history.body.data.quizzes.every((q) => q.noteId === englishNote)).toBe(true);
  });

  it("refuses a second generation while one runs, and answering before the questions exist", async () => {
    const body = { types: ["choice", "short_answer"], count: 15 };
    // The worker holds off so the first job is still waiting when the second request is checked.
    await server.worker!.stop();
    const [a, b] = await Promise.all([
      server.call<CreateQuizResponse>("POST", `/note/${chineseNote}/quiz`, { token: alice, body }),
      server.call<CreateQuizResponse>("POST", `/note/${chineseNote}/quiz`, { token: alice, body }),
    ]);
    expect([a.body.code ?? "OK", b.body.code ?? "OK"].sort()).toEqual(["ARTEFACT_BUSY", "OK"]);
    const running = (a.body.status === 200 ? a : b).body.data;
    const early = await answer(running.quizId, crypto.randomUUID(), "a");
    server.worker!.start();
    // the offline engine may already be done on a fast machine; if not, the code says why
    if (early.body.code !== "NOT_FOUND") expect(early.body.code).toBe("QUIZ_NOT_READY");
    await server.call("POST", `/job/${running.jobId}/cancel`, { token: alice, body: {} });
    await readJobEvents(server, alice, running.jobId);
    const after = (await detail(running.quizId)).body.data;
    expect(["ready", "cancelled"]).toContain(after.status);
    if (after.status === "cancelled") {
      expect(after.generation).toMatchObject({ status: "cancelled", errorCode: "JOB_CANCELLED" });
      expect((await answer(running.quizId, crypto.randomUUID(), "a")).body.code).toBe("QUIZ_NOT_READY");
    }
  });

  it("refuses to quiz a note that is still being written", async () => {
    const { fileId } = await uploadFile(server, alice, fixture("en-various-formatting.docx"));
    const started = await server.call<GenerateNoteResponse>("POST", "/note/generate", {
      token: alice,
      body: { title: "in progress", outputLanguage: "en-US", detailLevel: "simple", fileIds: [fileId] },
    });
    const early = await server.call("POST", `/note/${started.body.data.noteId}/quiz`, {
      token: alice,
      body: { types: ["choice"], count: 3 },
    });
    if (early.body.status !== 200) expect(early.body.code).toBe("NOTE_NOT_READY");
    await readJobEvents(server, alice, started.body.data.jobId);
  });

  it("copies the quizzes, answers included, with the note", async () => {
    const copy = await server.call<{ noteId: string }>("POST", `/note/${englishNote}/copy`, { token: alice });
    expect(copy.body.status).toBe(200);
    const original = await server.call<QuizHistoryResponse>("GET", `/note/${englishNote}/quizzes`, {
      token: alice,
    });
    const copied = await server.call<QuizHistoryResponse>("GET", `/note/${copy.body.data.noteId}/quizzes`, {
      token: alice,
    });
    expect(copied.body.data.quizzes.map((q) => [q.score, q.questionCount, q.answeredCount])).toEqual(
      original.body.data.quizzes.map((q) => [q.score, q.questionCount, q.answeredCount]),
    );
    expect(copied.body.data.quizzes[0]!.quizId).not.toBe(original.body.data.quizzes[0]!.quizId);
  });
});
