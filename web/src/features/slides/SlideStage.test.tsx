import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Slide } from "@beannote/contract";
import { bulletDensity, SlideStage } from "./SlideStage";

const slide = (bullets: string[]): Slide => ({
  slideId: "s1",
  kind: "content",
  title: "Graphical representation",
  bullets,
  notes: "",
  table: null,
  citation: null,
});

describe("a slide's bullets", () => {
  it("are set smaller as they hold more text, so that six long statements are not cut off at the stage's edge", () => {
    const long = "At the utility maximizing point, the budget line is just tangent to an indifference curve";
    expect(bulletDensity(["Budget line", "Indifference curve"])).toBe("normal");
    expect(bulletDensity(Array.from({ length: 5 }, () => long))).toBe("dense");
    expect(
      bulletDensity(Array.from({ length: 6 }, () => `${long}, which is where the consumer chooses`)),
    ).toBe("packed");
    // a CJK character is as wide as two Latin ones: six one-line bullets stay, six of two lines are set smaller
    const cjk = "在效用最大化的点上，预算线恰好与一条无差异曲线相切";
    expect(bulletDensity(Array.from({ length: 6 }, () => cjk))).toBe("normal");
    expect(bulletDensity(Array.from({ length: 6 }, () => `${cjk}，此时消费者选择的商品组合最优`))).toBe(
      "dense",
    );
    const { container } = render(<SlideStage slide={slide(Array.from({ length: 6 }, () => long))} />);
    expect(container.querySelector("ul")!.dataset.density).toBe("dense");
  });
});
