import { describe, expect, it } from "vitest";
import { inlineText, noteKeyTerms, noteSections, sectionSentences } from "./note-material";

describe("a note's key terms", () => {
  it("are the overview's list and the body's bold spans, not the overview's own labels and titles", () => {
    const markdown = [
      "# Cells",
      "",
      "> **Overview**",
      ">",
      "> - **Cell division** (2 sections): Mitosis · Meiosis",
      ">",
      "> **Key terms:** chromosome · spindle",
      "",
      "## Mitosis",
      "",
      "> **Mitosis** is the division of a nucleus into two identical nuclei.",
      "",
      "The **spindle** pulls the chromatids apart.",
    ].join("\n");
    expect(noteKeyTerms(markdown)).toEqual(["chromosome", "spindle", "Mitosis"]);
  });

  it("never list a word of another listed term in a spaced script; CJK terms keep theirs", () => {
    // a French history lesson's slide and podcast said "Tiers État · Tiers"
    const markdown = [
      "# Révolution",
      "",
      "> **Termes clés :** Tiers État · Tiers · États généraux · 邻域 · 邻域基",
      "",
      "## Causes",
      "",
      "Le **Tiers** réclame plus de représentation.",
    ].join("\n");
    expect(noteKeyTerms(markdown)).toEqual(["Tiers État", "États généraux", "邻域", "邻域基"]);
  });
});

describe("a sentence's text", () => {
  it("drops Markdown's escapes, '\\<' and '\\=' included (a slide showed a literal '\\<'), and keeps formulas as written", () => {
    expect(inlineText("Symbols \\< and \\> and \\= and \\& mean order; $a \\< b$ stays.").text).toBe(
      "Symbols < and > and = and & mean order; $a \\< b$ stays.",
    );
  });
});

describe("a note's material", () => {
  it("holds no notice of the engine's under a cut table, in any output language", () => {
    const markdown = [
      "# Trial",
      "## Results",
      "| week | patients |",
      "|---|---|",
      "| 1 | 12 |",
      "",
      "*… 30 more rows in the source*",
      "",
      "*……原文另有 5 行*",
      "",
      "*… 1 weitere Zeile in der Quelle*",
      "",
      "Most patients stayed in the trial until week 20.",
    ].join("\n");
    const [section] = noteSections(markdown, "en").map((s, index) => ({ ...s, index }));
    expect(sectionSentences(section!).map((x) => x.text)).toEqual([
      "Most patients stayed in the trial until week 20.",
    ]);
  });

  it("joins a display equation to the sentence that runs on into it, and only to such a sentence", () => {
    // a handout's "…the least-squares estimates are" stood alone on a card, in a true/false item and in
    // the podcast, its equation a block of its own
    const markdown = [
      "# Statistics",
      "## Regression",
      "In the model $y=\\beta x$, the least-squares estimate is",
      "",
      "$$",
      "\\hat\\beta = \\frac{\\sum x_i y_i}{\\sum x_i^2}",
      "$$",
      "",
      "The residuals sum to zero.",
      "",
      "$$",
      "\\sum e_i = 0",
      "$$",
      "",
      "线性模型的最小二乘估计满足",
      "",
      "$$",
      "X^{T}X\\hat\\beta = X^{T}y",
      "$$",
    ].join("\n");
    const [section] = noteSections(markdown, "en").map((s, index) => ({ ...s, index }));
    expect(sectionSentences(section!).map((x) => x.text)).toEqual([
      "In the model $y=\\beta x$, the least-squares estimate is $$\\hat\\beta = \\frac{\\sum x_i y_i}{\\sum x_i^2}$$",
      "The residuals sum to zero.",
      "$$\\sum e_i = 0$$",
      "线性模型的最小二乘估计满足 $$X^{T}X\\hat\\beta = X^{T}y$$",
    ]);
  });
});
