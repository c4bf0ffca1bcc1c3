import { QUIZ_PASS_SCORE } from "@beannote/contract";
import { describe, expect, it } from "vitest";
import { offlineGrade } from "./grade";
import type { GradeRequest } from "./question";

const english: GradeRequest["question"] = {
  type: "short_answer",
  question: "What is “Round robin”? Explain it in your own words.",
  referenceAnswer:
    "Round robin gives each process a fixed time slice called a quantum.\nA process that uses up its quantum goes to the back of the ready queue.",
  keyPoints: [
    "Round robin gives each process a fixed time slice called a quantum.",
    "A process that uses up its quantum goes to the back of the ready queue.",
  ],
  context: "Scheduling\nRound robin gives each process a fixed time slice called a quantum.",
};

const chinese: GradeRequest["question"] = {
  type: "case_analysis",
  question: "阅读下面这段材料：「最小邻域构成邻域基」请运用「拓扑空间」中的知识进行分析。",
  referenceAnswer: "开集的任意并仍是开集。\n闭包是包含该集合的最小闭集。\n内部是包含在该集合中的最大开集。",
  keyPoints: ["开集的任意并仍是开集。", "闭包是包含该集合的最小闭集。", "内部是包含在该集合中的最大开集。"],
  context: "拓扑空间\n开集的任意并仍是开集。闭包是包含该集合的最小闭集。",
};

const grade = (question: GradeRequest["question"], answer: string, outputLanguage: "en-US" | "zh-CN") =>
  offlineGrade({ question, answer, outputLanguage });

describe("offline grading of free-text answers (coverage of the reference's key points)", () => {
  it("passes the reference answer with every key point found", () => {
    const r = grade(english, english.referenceAnswer, "en-US");
    expect(r).toMatchObject({ score: 1, missed: [], gradedBy: "offline" });
    expect(r.found).toEqual(english.keyPoints);
    expect(r.reason).toBe("Your answer covers 2 of 2 key points of the reference answer.");
  });

  it("gives a paraphrase in other words partial credit, never 0", () => {
    const paraphrase =
      "Each process receives the CPU for a fixed slice of time (the quantum); when that time runs out it is put at the end of the ready queue.";
    const r = grade(english, paraphrase, "en-US");
    expect(r.score).toBeGreaterThan(0.5);
    expect(r.found.length).toBeGreaterThan(0);
  });

  it("scores 0 an answer that covers none of the key points, whatever words it shares with them", () => {
    // 0 of 2 (and 0 of 3) key points found: wrong, never "partly correct" with a score above 0
    for (const answer of [
      "Processes take turns, each one only gets a short slice of time.",
      "A process gets time.",
      "What is round robin",
    ]) {
      const r = grade(english, answer, "en-US");
      expect([answer, r.found, r.score]).toEqual([answer, [], 0]);
      expect(r.reason).toMatch(/covers 0 of 2 key points/);
    }
    const r = grade(chinese, "拓扑空间里的集合。", "zh-CN");
    expect([r.found, r.score]).toEqual([[], 0]);
    // one point found: some credit, and the verdict says partly
    const one = grade(english, "Round robin gives each process a fixed time slice.", "en-US");
    expect(one.found).toHaveLength(1);
    expect(one.score).toBeGreaterThan(0);
  });

  it("fails an empty, an off-topic answer and one that only repeats the question", () => {
    expect(grade(english, "   ", "en-US")).toMatchObject({
      score: 0,
      found: [],
      missed: english.keyPoints,
      reason: "No answer was given.",
    });
    const offTopic = grade(
      english,
      "Photosynthesis turns light, water and carbon dioxide into glucose and oxygen in the chloroplasts.",
      "en-US",
    );
    expect(offTopic.score).toBe(0);
    expect(offTopic.reason).toMatch(/covers 0 of 2 key points.*missed/);
    expect(grade(english, english.question, "en-US").score).toBeLessThan(0.3);
  });

  it("grades Chinese answers by the words they hold, whatever the segmentation", () => {
    expect(grade(chinese, chinese.referenceAnswer, "zh-CN").score).toBe(1);
    const paraphrase = grade(
      chinese,
      "任意多个开集的并集还是开集；一个集合的闭包就是包含它的最小的闭集。",
      "zh-CN",
    );
    expect(paraphrase.score).toBeGreaterThanOrEqual(QUIZ_PASS_SCORE);
    expect(paraphrase.missed).toEqual(["内部是包含在该集合中的最大开集。"]);
    expect(paraphrase.reason).toBe("你的回答涵盖了参考答案 3 个要点中的 2 个。");
    expect(grade(chinese, "", "zh-CN")).toMatchObject({ score: 0, reason: "未作答。" });
    expect(grade(chinese, "光合作用把光能转化为化学能，储存在葡萄糖中。", "zh-CN").score).toBeLessThan(0.3);
  });
});
