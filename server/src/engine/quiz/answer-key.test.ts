import { describe, expect, it } from "vitest";
import { osMaterial } from "../../../test/quiz-material";
import {
  checkQuiz,
  materialVocabulary,
  questionProblems,
  type CitedQuestion,
  type KeyContext,
} from "./answer-key";

const material = osMaterial();
const ctx: KeyContext = { vocabulary: materialVocabulary(material), locale: "en" };
const cite = { source: 1, page: 1 };

const base = {
  referenceAnswer: "Round robin",
  keyPoints: [] as string[],
  explanation: "The note says: “Round robin gives each process a fixed time slice called a quantum.”",
  sectionIndex: 0,
  quote: "Round robin gives each process a fixed time slice called a quantum.",
  context: "Scheduling",
  citation: cite,
};

const choice: CitedQuestion = {
  ...base,
  type: "choice",
  question: "Which policy gives each process a fixed time slice?",
  options: ["Round robin", "Shortest job first", "Priority scheduling", "Paging"],
  correct: [0],
};
const multiple: CitedQuestion = {
  ...base,
  type: "multiple_choice",
  question: "Which of these are scheduling policies?",
  options: ["Round robin", "Shortest job first", "Page table", "Priority scheduling", "Page fault"],
  correct: [0, 1, 3],
  referenceAnswer: "Round robin; Shortest job first; Priority scheduling",
};
const falseJudgment: CitedQuestion = {
  ...base,
  type: "judgment",
  question: "Paging gives each process a fixed time slice called a quantum.",
  options: [],
  correct: [],
  statementTrue: false,
  referenceAnswer: "False",
};
const trueJudgment: CitedQuestion = {
  ...falseJudgment,
  question: "Shortest job first minimises the average waiting time.",
  statementTrue: true,
  referenceAnswer: "True",
};
const essay: CitedQuestion = {
  ...base,
  type: "discourse",
  question: "Discuss “Memory”.",
  options: [],
  correct: [],
  referenceAnswer: "Paging divides memory into fixed-size frames and pages.",
  keyPoints: ["Paging divides memory into fixed-size frames and pages."],
};

describe("answer-key checker", () => {
  it("passes a consistent quiz of every kind", () => {
    for (const q of [choice, multiple, falseJudgment, trueJudgment, essay]) {
      expect([q.type, questionProblems(q, ctx)]).toEqual([q.type, []]);
    }
    const { accepted, rejected } = checkQuiz([choice, multiple, falseJudgment, trueJudgment, essay], ctx);
    expect(accepted).toHaveLength(5);
    expect(rejected).toEqual([]);
  });

  it.each([
    [
      "choice with two options",
      { ...choice, options: ["Round robin", "Paging"], correct: [0] },
      "options-count",
    ],
    [
      "choice with six options",
      { ...choice, options: [...choice.options, "Page fault", "Aging"], correct: [0] },
      "options-count",
    ],
    ["choice with two right options", { ...choice, correct: [0, 1] }, "correct-count"],
    ["choice with no right option", { ...choice, correct: [] }, "correct-count"],
    ["a key naming a missing option", { ...choice, correct: [7] }, "correct-index"],
    ["multiple choice with one right option", { ...multiple, correct: [0] }, "correct-count"],
    [
      "multiple choice with three options",
      { ...multiple, options: multiple.options.slice(0, 3) },
      "options-count",
    ],
    [
      "multiple choice with every option right",
      { ...multiple, correct: [0, 1, 2, 3, 4] },
      "all-options-correct",
    ],
    [
      "a distractor that is the answer reworded",
      { ...choice, options: ["Round robin", "round-robin", "Paging", "Page fault"] },
      "distractor-rewords-answer",
    ],
    [
      "a distractor holding the answer",
      { ...choice, options: ["Round robin", "Round robin scheduling", "Paging", "Aging"] },
      "distractor-rewords-answer",
    ],
    [
      "two distractors alike",
      { ...choice, options: ["Round robin", "Paging", "paging", "Aging"] },
      "options-duplicate",
    ],
    [
      "a distractor from outside the material",
      { ...choice, options: ["Round robin", "Photosynthesis", "Paging", "Aging"] },
      "distractor-off-material",
    ],
    ["an empty option", { ...choice, options: ["Round robin", " ", "Paging", "Aging"] }, "option-empty"],
    ["judgment without a key", { ...falseJudgment, statementTrue: undefined }, "judgment-key-missing"],
    ["judgment with options", { ...falseJudgment, options: ["True", "False"] }, "options-not-allowed"],
    ["no reference answer", { ...choice, referenceAnswer: " " }, "reference-missing"],
    ["no explanation", { ...choice, explanation: "" }, "explanation-missing"],
    ["no citation", { ...choice, citation: null }, "citation-missing"],
    ["free text without key points", { ...essay, keyPoints: [] }, "key-points-missing"],
    ["an empty question", { ...essay, question: "  " }, "question-empty"],
    [
      "a reader's stand-in in a reference answer",
      { ...essay, keyPoints: ["Paging maps a page to a frame by [equation]."] },
      "placeholder",
    ],
    [
      "a reader's stand-in in an option",
      { ...choice, options: ["Round robin", "[image]", "Paging", "Aging"] },
      "placeholder",
    ],
  ] as [string, CitedQuestion, string][])("refuses %s", (_name, question, problem) => {
    expect(questionProblems(question, ctx)).toContain(problem);
    expect(checkQuiz([question], ctx).accepted).toEqual([]);
  });

  it("leaves out a quiz's judgments when they are all true, and repeated questions", () => {
    const { accepted, rejected } = checkQuiz(
      [
        choice,
        trueJudgment,
        { ...trueJudgment, question: "Aging raises the priority of waiting processes." },
        { ...choice },
      ],
      ctx,
    );
    expect(accepted.map((q) => q.type)).toEqual(["choice"]);
    expect(rejected.map((r) => r.problems)).toEqual([
      ["duplicate-question"],
      ["judgments-all-true"],
      ["judgments-all-true"],
    ]);
    expect(checkQuiz([trueJudgment, falseJudgment], ctx).accepted).toHaveLength(2);
  });
});
