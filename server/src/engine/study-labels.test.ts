import { describe, expect, it } from "vitest";
import { podcastLabelsFor } from "./study-labels";

describe("the podcast's English questions", () => {
  it("agree with a plural term ('What exactly are negative passages?'), and stay singular otherwise", () => {
    const labels = podcastLabelsFor("en-US");
    const [whatIs] = labels.askDefinition;
    const whereDoes = labels.askTerm[1]!;
    expect(whatIs!("negative passages")).toBe("What exactly are negative passages?");
    expect(whatIs!("the budget constraint")).toBe("What exactly is the budget constraint?");
    // singulars ending in "s": no plural verb
    for (const term of ["regression analysis", "economics", "the process", "thermodynamics", "MRS"])
      expect(whatIs!(term), term).toMatch(/^What exactly is /u);
    expect(whereDoes("utility functions")).toBe("Where do utility functions come in?");
    expect(whereDoes("consumer's optimization problem")).toBe(
      "Where does consumer's optimization problem come in?",
    );
  });
});
