import { describe, expect, it } from "vitest";
import { slideTitle } from "./slide-title";

describe("slideTitle", () => {
  it("leaves a chart's value labels drawn over the title out of it", () => {
    expect(slideTitle(["Trends in vehicle population", "3500 7 '000 75% 7 %of vehicles vehicles"])).toEqual({
      title: "Trends in vehicle population",
      rest: "3500 7 '000 75% 7 %of vehicles vehicles",
    });
    expect(slideTitle(["Рост парка 2010 2015 2020 45% 60%"]).title).toBe("Рост парка");
  });

  it("keeps numbers that belong to the title", () => {
    for (const title of [
      "Code of Practice, Release 1 January 2003",
      "Results Q1 2020 Q2 2021",
      "第3章 留数定理",
      "Top 10 tips",
    ])
      expect(slideTitle([title])).toEqual({ title, rest: "" });
  });
});
