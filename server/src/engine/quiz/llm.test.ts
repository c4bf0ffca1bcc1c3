import { QUESTION_TYPES } from "@beannote/contract";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeCall, type FakeOpenAI, type FakeStep } from "../../../test/fake-openai";
import { osMaterial } from "../../../test/quiz-material";
import { createEngine } from "../index";
import { checkQuiz, materialVocabulary } from "./answer-key";
import { isModelUnavailable } from "./llm";

/** The slots a quiz prompt asks for: "3. section S2: judgment (a FALSE statement: change one fact)". */
const slotsOf = (call: FakeCall) =>
  [...call.prompt.matchAll(/^(\d+)\. section (S\d+): (\w+)(?: \(a (TRUE|FALSE) statement)?/gm)].map((m) => ({
    slot: Number(m[1]),
    section: m[2]!,
    type: m[3]!,
    truth: m[4] === "TRUE",
  }));

/** A question as the model writes it. */
interface ModelQuestion {
  slot: number;
  section: string;
  type: string;
  question: string;
  options?: string[];
  correct?: number[];
  answer?: boolean;
  referenceAnswer?: string;
  keyPoints: string[];
  explanation: string;
}

/** A good question for a slot, drawn from the section it names. */
function good(slot: ReturnType<typeof slotsOf>[number]): ModelQuestion {
  const s1 = slot.section === "S1";
  const common = { slot: slot.slot, section: slot.section, type: slot.type, keyPoints: [] as string[] };
  switch (slot.type) {
    case "choice":
      return s1
        ? {
            ...common,
            question: "Which policy gives each process a fixed time slice called a quantum?",
            options: ["Round robin", "Shortest job first", "Priority scheduling", "Aging"],
            correct: [0],
            referenceAnswer: "Round robin",
            explanation: "The notes say round robin gives each process a fixed time slice called a quantum.",
          }
        : {
            ...common,
            question: "What maps each virtual page to a physical frame?",
            options: ["The page table", "The ready queue", "A page fault", "Paging"],
            correct: [0],
            referenceAnswer: "The page table",
            explanation: "The page table maps each virtual page to a physical frame.",
          };
    case "multiple_choice":
      return {
        ...common,
        question: "Which of these are scheduling policies?",
        options: ["Round robin", "Shortest job first", "Page table", "Priority scheduling", "Page fault"],
        correct: [0, 1, 3],
        referenceAnswer: "Round robin, shortest job first and priority scheduling.",
        explanation: "The scheduling section names round robin, shortest job first and priority scheduling.",
      };
    case "judgment":
      return {
        ...common,
        question: slot.truth
          ? "Shortest job first minimises the average waiting time."
          : "Shortest job first maximises the average waiting time.",
        answer: slot.truth,
        referenceAnswer: slot.truth ? "True" : "False",
        explanation: "The notes say shortest job first minimises the average waiting time.",
      };
    default:
      return {
        ...common,
        question: s1 ? "Explain how round robin scheduling works." : "Explain what a page fault is.",
        referenceAnswer: s1
          ? "Each process gets a fixed time slice, the quantum, and goes to the back of the ready queue when it is used up."
          : "A page fault occurs when a page is not in memory.",
        keyPoints: s1
          ? [
              "Each process gets a fixed time slice called a quantum.",
              "A process that uses up its quantum goes to the back of the ready queue.",
            ]
          : ["A page fault occurs when a page is not in memory."],
        explanation: "This is what the notes say.",
      };
  }
}

const goodQuiz = (call: FakeCall): FakeStep => ({ json: { questions: slotsOf(call).map(good) } });
const isGrading = (call: FakeCall) => call.prompt.includes("Student's answer:");

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function engineWith(script: (call: FakeCall, n: number) => FakeStep | undefined) {
  fake = await startFakeOpenAI({ script });
  return createEngine(
    { aiBaseUrl: fake.url, aiApiKey: "k", aiModel: "fake-model", aiContextTokens: 8000, aiConcurrency: 2 },
    { retryBaseMs: 10, retryMaxMs: 100 },
  );
}

const ALL = [...QUESTION_TYPES];
const checked = (
  material: ReturnType<typeof osMaterial>,
  drafts: Awaited<ReturnType<ReturnType<typeof createEngine>["quiz"]>>,
) =>
  checkQuiz(
    drafts.map((d) => ({ ...d, citation: material.cite(d.sectionIndex, d.quote) })),
    { vocabulary: materialVocabulary(material), locale: "en" },
  );

describe("llm quiz", () => {
  it("takes the model's questions of every type and cites the page of the named section that holds them", async () => {
    const engine = await engineWith((call) => goodQuiz(call));
    const material = osMaterial();
    const progress: [number, number][] = [];
    const quiz = await engine.quiz({
      material,
      types: ALL,
      count: 6,
      seed: "s",
      onProgress: (d, t) => progress.push([d, t]),
    });
    expect(quiz.map((q) => q.type)).toEqual(ALL);
    expect(checked(material, quiz).rejected).toEqual([]);
    const choice = quiz.find((q) => q.type === "choice")!;
    expect(choice.options[choice.correct[0]!]).toMatch(/Round robin|page table/);
    const judgment = quiz.find((q) => q.type === "judgment")!;
    expect(judgment.statementTrue).toBe(false); // a quiz's first judgment is asked false
    const cites = quiz.map((q) => material.cite(q.sectionIndex, q.quote)!.page);
    expect(cites.every((p) => p >= 1 && p <= 4)).toBe(true);
    expect(material.cite(choice.sectionIndex, choice.quote)).toEqual(
      choice.sectionIndex === 0 ? { source: 1, page: 1 } : { source: 1, page: 3 },
    );
    expect(fake!.calls[0]!.prompt).toContain("English (en-US)");
    expect(progress.at(-1)).toEqual([fake!.calls.length, fake!.calls.length]);
  });

  it("asks again for a question whose key is inconsistent, with the reason, and keeps the repaired one", async () => {
    const engine = await engineWith((call, n) => {
      if (n > 0) return goodQuiz(call);
      const questions = slotsOf(call).map(good);
      const bad = questions.find((q) => q.type === "choice")!;
      bad.correct = [0, 1];
      const mc = questions.find((q) => q.type === "multiple_choice")!;
      mc.options = ["Round robin", "Shortest job first", "round-robin", "Priority scheduling"];
      return { json: { questions } };
    });
    const material = osMaterial();
    const quiz = await engine.quiz({ material, types: ["choice", "multiple_choice"], count: 2, seed: "s" });
    expect(quiz.map((q) => q.options.length)).toEqual([4, 5]);
    expect(checked(material, quiz).rejected).toEqual([]);
    const retries = fake!.calls.slice(1).map((c) => c.prompt);
    expect(retries).toHaveLength(2);
    expect(retries.some((p) => p.includes("rejected: the number of correct options was wrong"))).toBe(true);
    expect(retries.some((p) => p.includes("a wrong option was the right answer in other words"))).toBe(true);
  });

  it("writes offline a question the model keeps getting wrong, and one asked true that comes back false", async () => {
    const engine = await engineWith((call) => ({
      json: {
        questions: slotsOf(call).map((slot) =>
          slot.type === "choice"
            ? { ...good(slot), options: ["Round robin", "Photosynthesis"] }
            : slot.type === "judgment"
              ? { ...good(slot), answer: !slot.truth }
              : good(slot),
        ),
      },
    }));
    const material = osMaterial();
    const quiz = await engine.quiz({
      material,
      types: ["choice", "judgment", "short_answer"],
      count: 4,
      seed: "s",
    });
    expect(quiz.map((q) => q.type)).toEqual(["choice", "choice", "judgment", "short_answer"]);
    expect(
      quiz
        .filter((q) => q.type === "choice")
        .every((q) => q.question.startsWith("Which term fills the blank?")),
    ).toBe(true);
    expect(quiz.find((q) => q.type === "judgment")!.explanation).toMatch(/^False: /);
    expect(quiz.find((q) => q.type === "short_answer")!.question).toMatch(
      /^Explain (how round robin|what a page fault)/,
    );
    expect(checked(material, quiz).rejected).toEqual([]);
  });

  it("holds the model to the quiz rules: a judgment that is a question and filler options are asked again, then written offline", async () => {
    const engine = await engineWith((call) => ({
      json: {
        questions: slotsOf(call).map((slot) =>
          slot.type === "choice"
            ? { ...good(slot), options: ["Round robin", "because", "represents", "first"] }
            : slot.type === "judgment"
              ? { ...good(slot), question: "Does shortest job first minimise the average waiting time?" }
              : good(slot),
        ),
      },
    }));
    const material = osMaterial();
    const quiz = await engine.quiz({ material, types: ["choice", "judgment"], count: 2, seed: "s" });
    expect(quiz.map((q) => q.type)).toEqual(["choice", "judgment"]);
    const retries = fake!.calls.slice(1).map((c) => c.prompt);
    expect(retries.some((p) => p.includes("the judgment was a question, not a statement"))).toBe(true);
    expect(retries.some((p) => p.includes("an option was a function word"))).toBe(true);
    // what reached the quiz was written offline: a statement, and options that name concepts
    expect(quiz[1]!.question).not.toMatch(/\?$/);
    expect(quiz[0]!.options).not.toContain("because");
    expect(quiz[0]!.question).toMatch(/^Which (term|value) fills the blank\?/);
    expect(quiz.every((q) => / The note says: “.+”$/.test(q.explanation))).toBe(true);
    expect(checked(material, quiz).rejected).toEqual([]);
    expect(fake!.calls[0]!.prompt).toContain("never a question");
  });

  it("fills questions the model leaves out by asking for them alone", async () => {
    const engine = await engineWith((call, n) => {
      const answer = goodQuiz(call).json as { questions: { slot: number }[] };
      return n === 0 ? { json: { questions: answer.questions.slice(0, 1) } } : { json: answer };
    });
    const quiz = await engine.quiz({
      material: osMaterial(),
      types: ["choice", "discourse"],
      count: 3,
      seed: "s",
    });
    expect(quiz.map((q) => q.type)).toEqual(["choice", "choice", "discourse"]);
    expect(fake!.calls).toHaveLength(3);
    expect(
      fake!.calls.slice(1).every((c) => c.prompt.includes("the question was missing from the answer")),
    ).toBe(true);
  });

  it("falls back to an offline quiz after malformed answers, and passes a 429 through its retry", async () => {
    const engine = await engineWith((call, n) =>
      n === 0 ? { status: 429, headers: { "retry-after-ms": "5" } } : { content: "{not json" },
    );
    const material = osMaterial();
    const quiz = await engine.quiz({ material, types: ALL, count: 6, seed: "s" });
    expect(quiz).toHaveLength(6);
    expect(fake!.calls).toHaveLength(4); // the 429, then one ask and two retries
    expect(checked(material, quiz).rejected).toEqual([]);
  });

  it("says the model is unavailable when it keeps answering 503", async () => {
    const engine = await engineWith(() => ({ status: 503, headers: { "retry-after-ms": "0" } }));
    const error = await engine
      .quiz({ material: osMaterial(), types: ["choice"], count: 1, seed: "s" })
      .catch((e: unknown) => e);
    expect(isModelUnavailable(error)).toBe(true);
  });
});

describe("llm grading", () => {
  const question = {
    type: "short_answer" as const,
    question: "Explain how round robin scheduling works.",
    referenceAnswer:
      "Each process gets a fixed time slice, the quantum, then goes to the back of the ready queue.",
    keyPoints: [
      "Each process gets a fixed time slice called a quantum.",
      "A used-up process goes to the back of the ready queue.",
    ],
    context: "Round robin gives each process a fixed time slice called a quantum.",
  };

  it("grades with the rubric: score, the key points found and missed, and a reason in the output language", async () => {
    const engine = await engineWith(() => ({
      json: {
        score: 0.7,
        found: [1],
        missed: [2],
        reason: "Du hast das Zeitquantum erklärt, aber nicht die Warteschlange.",
      },
    }));
    const grade = await engine.gradeAnswer({
      question,
      answer: "Jeder Prozess bekommt ein festes Zeitquantum.",
      outputLanguage: "de-DE",
    });
    expect(grade).toEqual({
      score: 0.7,
      found: [question.keyPoints[0]],
      missed: [question.keyPoints[1]],
      reason: "Du hast das Zeitquantum erklärt, aber nicht die Warteschlange.",
      gradedBy: "llm",
    });
    const prompt = fake!.calls[0]!.prompt;
    expect(prompt).toMatch(/in German.*\(de-DE\)/);
    expect(prompt).toContain("1. Each process gets a fixed time slice called a quantum.");
    expect(prompt).toContain(question.context);
    expect(prompt).toContain("Rubric");
  });

  it("scores 0 an answer the model finds no key point in, so the verdict agrees with the points", async () => {
    const engine = await engineWith(() => ({
      json: { score: 0.2, found: [], missed: [1, 2], reason: "On the topic, but no key point." },
    }));
    const grade = await engine.gradeAnswer({
      question,
      answer: "Processes take turns.",
      outputLanguage: "en-US",
    });
    expect(grade).toMatchObject({ score: 0, found: [], missed: question.keyPoints, gradedBy: "llm" });
    expect(fake!.calls[0]!.prompt).not.toMatch(/misses the key points/);
  });

  it("reads a percentage as a score, and never calls the model for an empty answer", async () => {
    const engine = await engineWith(() => ({ json: { score: 85, found: [1, 2, 9], reason: "Good." } }));
    const grade = await engine.gradeAnswer({
      question,
      answer: "Time slices in turn.",
      outputLanguage: "en-US",
    });
    expect(grade).toMatchObject({ score: 0.85, found: question.keyPoints, missed: [] });
    const empty = await engine.gradeAnswer({ question, answer: "  ", outputLanguage: "en-US" });
    expect(empty).toMatchObject({ score: 0, gradedBy: "offline", reason: "No answer was given." });
    expect(fake!.calls).toHaveLength(1);
  });

  it("grades offline when the model keeps answering malformed JSON, and reports an unreachable model", async () => {
    const engine = await engineWith((call) => (isGrading(call) ? { content: "score: high" } : undefined));
    const grade = await engine.gradeAnswer({
      question,
      answer: question.referenceAnswer,
      outputLanguage: "en-US",
    });
    expect(grade.gradedBy).toBe("offline");
    expect(grade.score).toBeGreaterThanOrEqual(0.6);
    await fake!.close();
    const down = await engineWith(() => ({ status: 502, headers: { "retry-after-ms": "0" } }));
    const error = await down
      .gradeAnswer({ question, answer: "x y z", outputLanguage: "en-US" })
      .catch((e: unknown) => e);
    expect(isModelUnavailable(error)).toBe(true);
  });
});
