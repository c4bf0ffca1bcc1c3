import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AnswerQuizResponse,
  CreateQuizResponse,
  GenerateNoteResponse,
  QuizDetail,
} from "@beannote/contract";
import { QUESTION_TYPES } from "@beannote/contract";
import { testDatabases } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { cachedReading } from "../../../test/parse-cache";
import { isConceptTerm } from "../../engine/nlp";
import { startFakeOpenAI, type FakeCall, type FakeOpenAI, type FakeStep } from "../../../test/fake-openai";
import { fixture, loginNewUser, readJobEvents, uploadFile, waitForFile } from "../../../test/pipeline";

/** Words of a section of the prompt, to write options that come from the note's own material. */
function sectionWords(prompt: string, id: string): string[] {
  const body = new RegExp(`<section id="${id}">\\n([\\s\\S]*?)</section>`).exec(prompt)?.[1] ?? "";
  const words = [...body.matchAll(/\p{L}{5,}/gu)].map((m) => m[0].toLowerCase());
  // a careful model's options name concepts: the checks every model question passes refuse filler words
  return [...new Set(words)].filter((w) => isConceptTerm(w, "en"));
}

/** A model that writes consistent questions from the sections it is given, and grades with a fixed verdict. */
function quizModel(call: FakeCall): FakeStep | undefined {
  if (call.prompt.includes("Student's answer:")) {
    return { json: { score: 0.75, found: [1], missed: [], reason: "Model: the main idea is right." } };
  }
  if (!call.prompt.includes("Write these questions")) return undefined; // the note: the fake's own answer
  const slots = [...call.prompt.matchAll(/^(\d+)\. section (S\d+): (\w+)(?: \(a (TRUE|FALSE) statement)?/gm)];
  const questions = slots.map((m) => {
    const [, slot, section, type, truth] = m;
    const words = sectionWords(call.prompt, section!);
    const pick = (n: number) => words.slice(0, n).map((w) => `${w[0]!.toUpperCase()}${w.slice(1)}`);
    const base = {
      slot: Number(slot),
      section,
      type,
      explanation: `Model: the notes on ${words[0]} say so.`,
    };
    if (type === "choice")
      return { ...base, question: `Model: which word names ${words[0]}?`, options: pick(4), correct: [0] };
    if (type === "multiple_choice")
      return {
        ...base,
        question: `Model: which words are in the section?`,
        options: pick(5),
        correct: [0, 1],
      };
    if (type === "judgment")
      return { ...base, question: `Model: ${words.slice(0, 6).join(" ")}.`, answer: truth === "TRUE" };
    return {
      ...base,
      question: `Model: explain ${words[0]} and ${words[1]}.`,
      referenceAnswer: `${words.slice(0, 8).join(" ")}.`,
      keyPoints: [`${words.slice(0, 4).join(" ")}.`, `${words.slice(4, 8).join(" ")}.`],
    };
  });
  return { json: { questions } };
}

/** Quizzes on a configured model: questions written and free text graded by it; an unreachable model is a retry. */
describe("quizzes on a configured model", () => {
  let fake: FakeOpenAI;
  let server: TestServer;
  let close: () => Promise<void>;
  let token: string;
  let noteId: string;
  let down = false;

  beforeAll(async () => {
    fake = await startFakeOpenAI({
      script: (call) => (down ? { status: 503, headers: { "retry-after-ms": "0" } } : quizModel(call)),
    });
    const database = await testDatabases[0]!.create();
    server = await startTestServer(database, {
      ...cachedReading,
      env: { AI_BASE_URL: fake.url, AI_API_KEY: "test-key", AI_MODEL: "fake-model", AI_CONCURRENCY: "2" },
    });
    close = async () => {
      await server.close();
      await database.close();
      await fake.close();
    };
    token = await loginNewUser(server, "llm-quiz@example.edu");
    const { fileId } = await uploadFile(server, token, fixture("en-lab-handout-force-on-current.doc"));
    expect((await waitForFile(server, token, fileId)).status).toBe("ready");
    const started = await server.call<GenerateNoteResponse>("POST", "/note/generate", {
      token,
      body: {
        title: "Force on a current",
        outputLanguage: "en-US",
        detailLevel: "detail",
        fileIds: [fileId],
      },
    });
    expect((await readJobEvents(server, token, started.body.data.jobId)).at(-1)?.type).toBe("done");
    noteId = started.body.data.noteId;
  });
  afterAll(() => close?.());

  let quiz: QuizDetail;

  it("writes the quiz through the model, every question of the six types checked and cited", async () => {
    const started = await server.call<CreateQuizResponse>("POST", `/note/${noteId}/quiz`, {
      token,
      body: { types: [...QUESTION_TYPES], count: 6 },
    });
    const events = await readJobEvents(server, token, started.body.data.jobId);
    expect(events.at(-1)).toMatchObject({ type: "done", data: { questions: 6 } });
    quiz = (await server.call<QuizDetail>("GET", `/quiz/${started.body.data.quizId}`, { token })).body.data;
    expect(quiz.questions.map((q) => q.type)).toEqual([...QUESTION_TYPES]);
    expect(quiz.questions.every((q) => q.question.startsWith("Model: "))).toBe(true);
    expect(fake.calls.some((c) => c.prompt.includes("Write these questions"))).toBe(true);
  });

  it("grades free text with the model's rubric, and refuses with a network error (storing nothing) while it is down", async () => {
    const [first, second] = quiz.questions.filter((q) => q.type === "short_answer" || q.type === "discourse");
    const graded = await server.call<AnswerQuizResponse>("POST", `/quiz/${quiz.quizId}/answer`, {
      token,
      body: { questionId: first!.questionId, answer: "The force on a wire grows with the current." },
    });
    expect(graded.body.data).toMatchObject({
      correct: true,
      score: 0.75,
      gradedBy: "llm",
      reason: "Model: the main idea is right.",
      source: { source: 1, page: expect.any(Number) },
    });

    down = true;
    const refused = await server.call<AnswerQuizResponse>("POST", `/quiz/${quiz.quizId}/answer`, {
      token,
      body: { questionId: second!.questionId, answer: "Some answer." },
      headers: { language: "zh-CN" },
    });
    expect([refused.http, refused.body.code, refused.body.message]).toEqual([
      503,
      "QUIZ_NETWORK_ERROR",
      "网络错误，请重试",
    ]);
    const after = (await server.call<QuizDetail>("GET", `/quiz/${quiz.quizId}`, { token })).body.data;
    expect(after.questions.find((q) => q.questionId === second!.questionId)!.answered).toBeNull();
    down = false;
    const retried = await server.call<AnswerQuizResponse>("POST", `/quiz/${quiz.quizId}/answer`, {
      token,
      body: { questionId: second!.questionId, answer: "Some answer." },
    });
    expect(retried.body.data.gradedBy).toBe("llm");
  });

  it("fails a generation with QUIZ_NETWORK_ERROR when the model stays unreachable", async () => {
    down = true;
    try {
      const started = await server.call<CreateQuizResponse>("POST", `/note/${noteId}/quiz`, {
        token,
        body: { types: ["choice"], count: 2 },
      });
      const events = await readJobEvents(server, token, started.body.data.jobId);
      expect(events.at(-1)).toMatchObject({ type: "error", data: { code: "QUIZ_NETWORK_ERROR" } });
      const failed = (await server.call<QuizDetail>("GET", `/quiz/${started.body.data.quizId}`, { token }))
        .body.data;
      expect(failed).toMatchObject({
        status: "failed",
        questions: [],
        generation: { errorCode: "QUIZ_NETWORK_ERROR" },
      });
    } finally {
      down = false;
    }
  });
});
