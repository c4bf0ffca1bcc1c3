import { describe, expect, it } from "vitest";
import { fitsLimit, shorten } from "./short-text";

describe("shorten", () => {
  const limit = { words: 12, cjkChars: 25, minClause: 6 };

  it("measures a clause in its own script: a Latin formula clause of a Chinese sentence counts words", () => {
    const sentence =
      "可解得：∫ 2π 1 C0 = 2π 0 ∫ 2π 1 Cm1 = amπ 0 ∫ 2π 1 Cm2 = amπ 0 f (ϕ)dϕ 在这个例子中，我们发现一个本征值有两个本征函数。";
    const cut = shorten(sentence, limit);
    expect(fitsLimit(cut.replace(/…$/, ""), limit), cut).toBe(true);
  });

  it("keeps a first clause that fits", () => {
    expect(
      shorten(
        "Gradient descent converges for convex functions with a small step, as shown in the proof below and in the exercises",
        limit,
      ),
    ).toBe("Gradient descent converges for convex functions with a small step");
  });
});
