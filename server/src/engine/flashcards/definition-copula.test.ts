import { beforeAll, describe, expect, it } from "vitest";
import { nlpReady } from "../nlp";
import { definedTerm } from "./card-kinds";

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
