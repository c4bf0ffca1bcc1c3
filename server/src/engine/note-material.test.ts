import { describe, expect, it } from "vitest";
import { inlineText, noteKeyTerms } from "./note-material";

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
});

describe("a sentence's text", () => {
  it("drops Markdown's escapes, '\\<' and '\\=' included (a slide showed a literal '\\<'), and keeps formulas as written", () => {
    expect(inlineText("Symbols \\< and \\> and \\= and \\& mean order; $a \\< b$ stays.").text).toBe(
      "Symbols < and > and = and & mean order; $a \\< b$ stays.",
    );
  });
});
