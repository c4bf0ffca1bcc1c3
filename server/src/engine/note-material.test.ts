import { describe, expect, it } from "vitest";
import { noteKeyTerms } from "./note-material";

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
