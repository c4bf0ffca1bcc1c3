import { describe, expect, it } from "vitest";
import type { QuizQuestion } from "@beannote/contract";
import { answerWords, draftAfterKey, firstOpen, isDraftReady, splitDuration, verdict } from "./quiz-answers";

const options = ["a", "b", "c", "d"].map((id) => ({ optionId: id, text: `Option ${id.toUpperCase()}` }));
const question = (type: QuizQuestion["type"], answered = false): QuizQuestion => ({
  questionId: type,
  position: 1,
  type,
  question: "?",
  options: type === "choice" || type === "multiple_choice" ? options : [],
  answered: answered
    ? {
        answer: "a",
        answeredAt: "",
        result: {
          correct: true,
          score: 1,
          rightAnswer: "a",
          referenceAnswer: "",
          explanation: "",
          source: null,
          found: [],
          missed: [],
          reason: null,
          gradedBy: "exact",
        },
      }
    : null,
});

describe("quiz answers", () => {
  it("picks, toggles and judges with the number keys", () => {
    expect(draftAfterKey(question("choice"), null, 3)).toBe("c");
    expect(draftAfterKey(question("choice"), "c", 9)).toBe("c");
    const mc = question("multiple_choice");
    expect(draftAfterKey(mc, ["c"], 1)).toEqual(["a", "c"]);
    expect(draftAfterKey(mc, ["a", "c"], 1)).toEqual(["c"]);
    expect(draftAfterKey(question("judgment"), null, 1)).toBe(true);
    expect(draftAfterKey(question("judgment"), true, 2)).toBe(false);
    expect(draftAfterKey(question("short_answer"), "text", 1)).toBe("text");
  });

  it("sends only a complete answer", () => {
    expect(isDraftReady("choice", null)).toBe(false);
    expect(isDraftReady("choice", "b")).toBe(true);
    expect(isDraftReady("multiple_choice", [])).toBe(false);
    expect(isDraftReady("multiple_choice", ["a"])).toBe(true);
    expect(isDraftReady("judgment", false)).toBe(true);
    expect(isDraftReady("discourse", "   ")).toBe(false);
    expect(isDraftReady("discourse", "An essay")).toBe(true);
  });

  it("says answers in words, grades results, finds the next question and splits durations", () => {
    const words = { true: "True", false: "False" };
    expect(answerWords(question("multiple_choice"), ["d", "b"], words)).toEqual(["Option B", "Option D"]);
    expect(answerWords(question("judgment"), false, words)).toEqual(["False"]);
    expect(answerWords(question("short_answer"), "  ", words)).toEqual([]);
    expect(verdict({ correct: false, score: 0.4 })).toBe("partial");
    expect(verdict({ correct: false, score: 0 })).toBe("wrong");
    expect(firstOpen([question("choice", true), question("judgment")])).toBe(1);
    expect(firstOpen([question("choice", true)])).toBe(0);
    expect(splitDuration(125_400)).toEqual({ m: 2, s: 5 });
  });
});
