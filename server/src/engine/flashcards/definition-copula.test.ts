import { beforeAll, describe, expect, it } from "vitest";
import { nlpReady } from "../nlp";
import { definedTerm } from "./card-kinds";
import { noteMaterial } from "../note-material";
import { offlineFlashcards } from "./offline";

describe("a Chinese definition by a bare 是", () => {
  beforeAll(() => nlpReady("zh"));

  it("defines when it says what the term is", () => {
    expect(definedTerm("收敛半径就是距离展开点最近的奇点到展开点的距离。", "zh")).toBe("收敛半径");
    expect(definedTerm("Hankel函数是第三类柱函数。", "zh")).toBe("Hankel函数");
  });

  it("defines nothing when it reasons, narrates or lists", () => {
    expect(definedTerm("最低次项是$-\\infty$，因此0是本性奇点。", "zh")).toBeNull();
    expect(definedTerm("孤立奇点是$\\pm i\\omega$且是二阶极点，所以取$s>0$即可。", "zh")).toBeNull();
    expect(definedTerm("好消息是我们不需要求其次常微分方程了，坏消息就是，我们还要求和。", "zh")).toBeNull();
    expect(definedTerm("常用方法是：求极限；求Laurent展开。", "zh")).toBeNull();
  });
});

describe("a cause card", () => {
  beforeAll(() => nlpReady("zh"));

  it("asks why of one statement, never of a lead-in, and not with a 'moreover' for its reason", () => {
    const markdown = [
      "# 留数定理",
      "## 无穷积分",
      "而且第二项同样用大圆弧定理解出为零，因此原式答案为二分之一含三角函数的无穷积分：我们考虑如下的两个积分。",
      "幂级数的收敛范围是圆，因此泰勒展开只需要在圆内解析函数的性质成立。",
    ].join("\n\n");
    const deck = offlineFlashcards(
      noteMaterial({ title: "T", markdown, outputLanguage: "zh-CN", sources: [] }),
      {
        count: 10,
      },
    );
    const why = deck.filter((c) => c.form === "cause");
    expect(why.map((c) => c.back)).not.toContainEqual(expect.stringMatching(/^而且/u));
    for (const card of why) expect(card.front).not.toMatch(/[:：]/u);
  });
});
