import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigProvider } from "antd";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import type { AnswerQuizResponse, QuizDetail, QuizQuestion } from "@beannote/contract";
import { quizKeys } from "./api";
import { QuizRunner } from "./QuizRunner";

const api = vi.hoisted(() => ({ answer: vi.fn() }));
vi.mock("./api", async (load) => {
  const actual = await load<typeof import("./api")>();
  return { ...actual, quizApi: { ...actual.quizApi, answer: api.answer } };
});

afterEach(cleanup);

const question = (questionId: string, type: QuizQuestion["type"]): QuizQuestion => ({
  questionId,
  position: Number(questionId.slice(1)),
  type,
  question: `Question ${questionId}`,
  options:
    type === "choice"
      ? ["A", "B", "C", "D"].map((text, i) => ({ optionId: `o${i}`, text }))
      : ([] as QuizQuestion["options"]),
  answered: null,
});

const graded: Omit<AnswerQuizResponse, "questionId" | "quizFinished"> = {
  correct: false,
  score: 0.5,
  rightAnswer: null,
  referenceAnswer: "A trace tree records hot loops.",
  explanation: "",
  source: null,
  found: ["hot loops"],
  missed: ["trace tree"],
  reason: null,
  gradedBy: "offline",
} as never;

/** The session's view: the runner over the cached quiz, which an answer updates. */
function Session({ quiz }: { quiz: QuizDetail }) {
  const { data } = useQuery({
    queryKey: quizKeys.detail(quiz.quizId),
    queryFn: () => quiz,
    initialData: quiz,
  });
  return (
    <QuizRunner
      quiz={data}
      sourceName={() => undefined}
      onOpenSource={() => {}}
      keysEnabled
      onFinished={() => {}}
    />
  );
}

function renderQuiz(questions: QuizQuestion[], head: Partial<QuizDetail> = {}) {
  const quiz = { quizId: "q1", questions, answeredCount: 0, ...head } as unknown as QuizDetail;
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient()}>
        <Session quiz={quiz} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

const hint = () => document.querySelector(".quiz-question__keys")?.textContent;

describe("QuizRunner's keyboard hint", { timeout: 30_000 }, () => {
  it("fits the question: Ctrl+Enter in a text answer, then Enter to go on — never '1–6 choose'", async () => {
    api.answer.mockResolvedValue({ ...graded, questionId: "q1", quizFinished: false });
    renderQuiz([question("q1", "short_answer"), question("q2", "choice")]);
    expect(hint()).toBe("quiz.runner.textKeysHint");
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "It records hot loops." } });
    fireEvent.click(screen.getByTestId("quiz-submit"));
    await screen.findByTestId("quiz-next");
    expect(hint()).toBe("quiz.runner.nextKeysHint");

    fireEvent.click(screen.getByTestId("quiz-next"));
    await waitFor(() => expect(screen.getByTestId("quiz-question").getAttribute("data-type")).toBe("choice"));
    expect(hint()).toBe("quiz.runner.keysHint");
  });

  it("names the two keys of a true-or-false question", () => {
    renderQuiz([question("q1", "judgment")]);
    expect(hint()).toBe("quiz.runner.judgeKeysHint");
  });
});

describe("QuizRunner's options", { timeout: 30_000 }, () => {
  it("names each option's input by its text, a formula-only option too (without its dollar signs)", () => {
    const choice = question("q1", "choice");
    choice.options = [
      { optionId: "a", text: "$k$" },
      { optionId: "b", text: "a trace tree" },
    ];
    renderQuiz([choice]);
    const names = [...document.querySelectorAll("input[data-option-id]")].map((el) =>
      el.getAttribute("aria-label"),
    );
    expect(names).toEqual(["k", "a trace tree"]);
  });
});

describe("QuizRunner on a quiz shorter than asked", () => {
  it("says why it holds fewer questions than were asked for, and says nothing when it holds them all", () => {
    renderQuiz([question("q1", "choice"), question("q2", "choice")], { count: 15, retryOf: null });
    expect(screen.getByTestId("quiz-fewer").textContent).toBe("quiz.runner.fewer");
    cleanup();
    renderQuiz([question("q1", "choice"), question("q2", "choice")], { count: 2, retryOf: null });
    expect(screen.queryByTestId("quiz-fewer")).toBeNull();
    cleanup();
    // a retry of the wrong ones holds fewer by design
    renderQuiz([question("q1", "choice")], { count: 15, retryOf: "q0" });
    expect(screen.queryByTestId("quiz-fewer")).toBeNull();
  });
});
