import { describe, expect, it } from "vitest";
import { mathSegments } from "./math-segments";

describe("mathSegments", () => {
  it("keeps text without a dollar as it is", () => {
    expect(mathSegments("Photosynthesis makes glucose.")).toEqual([
      { text: "Photosynthesis makes glucose." },
    ]);
  });

  it("finds inline and display formulas", () => {
    expect(mathSegments("Energy $E = mc^2$ and $$\\int_0^1 x\\,dx$$ done")).toEqual([
      { text: "Energy " },
      { tex: "E = mc^2", display: false },
      { text: " and " },
      { tex: "\\int_0^1 x\\,dx", display: true },
      { text: " done" },
    ]);
  });

  it("sets a short double-dollar formula inside a sentence in the line, at display size (kramdown's inline maths)", () => {
    expect(mathSegments("If the MRS between good $$x$$ and good $$y$$ is $$2.5$$, buy more.")).toEqual([
      { text: "If the MRS between good " },
      { tex: "\\displaystyle{x}", display: false },
      { text: " and good " },
      { tex: "\\displaystyle{y}", display: false },
      { text: " is " },
      { tex: "\\displaystyle{2.5}", display: false },
      { text: ", buy more." },
    ]);
    // alone on its line, or large, a formula keeps its block
    expect(mathSegments("so:\n$$x$$\n")[1]).toEqual({ tex: "x", display: true });
  });

  it("leaves prices, lone and escaped dollars as text", () => {
    expect(mathSegments("It cost $5 and $10.")).toEqual([{ text: "It cost $5 and $10." }]);
    expect(mathSegments("a $ b")).toEqual([{ text: "a $ b" }]);
    expect(mathSegments("pay \\$3 now")).toEqual([{ text: "pay $3 now" }]);
    expect(mathSegments("$x $ y")).toEqual([{ text: "$x $ y" }]);
    expect(mathSegments("open $$ never closed")).toEqual([{ text: "open $$ never closed" }]);
  });

  it("keeps CJK text around a formula", () => {
    expect(mathSegments("波动方程 $u_{tt}=a^2u_{xx}$ 的解")).toEqual([
      { text: "波动方程 " },
      { tex: "u_{tt}=a^2u_{xx}", display: false },
      { text: " 的解" },
    ]);
  });
});
