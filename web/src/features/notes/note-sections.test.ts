import { describe, expect, it } from "vitest";
import { collapseAllKeys, splitNote, splitSections, toPanels } from "./note-sections";

describe("splitNote", () => {
  it("takes the title, the overview and each ## section in order", () => {
    const note = splitNote(
      "# Whales\n\n> Overview: Moby, Ahab\n\n## Moby\nA **white** whale. [p. 2](#source=1&page=2)\n\n### Sub\nx\n\n## Ahab\n- captain\n",
    );
    expect(note.title).toBe("Whales");
    expect(note.intro).toBe("> Overview: Moby, Ahab");
    expect(note.sections.map((s) => s.heading)).toEqual(["Moby", "Ahab"]);
    expect(note.sections[0]!.body).toContain("### Sub");
    expect(note.sections[1]!.body).toBe("- captain");
  });

  it("does not split at ## inside a code fence", () => {
    const note = splitNote("## A\n```\n## not a heading\n```\n## B\n");
    expect(note.sections.map((s) => s.heading)).toEqual(["A", "B"]);
  });

  it("keeps a note without headings as its overview", () => {
    expect(splitNote("just text")).toEqual({ title: null, intro: "just text", sections: [] });
  });
});

describe("splitSections", () => {
  it("splits a section's body at its ### headings, keeping the text before them", () => {
    const body = "Lead.\n\n### One\nfirst\n\n#### deeper\nx\n\n### Two\nsecond";
    const split = splitSections(body, 3);
    expect(split.intro).toBe("Lead.");
    expect(split.sections.map((s) => s.heading)).toEqual(["One", "Two"]);
    expect(split.sections[0]!.body).toContain("#### deeper");
  });
});

describe("collapseAllKeys", () => {
  it("folds each section below a single title heading, not the title itself", () => {
    const note = splitNote(
      "# Note\n\n## A paper's title\nauthors\n\n### 1. Introduction\nx\n\n### 2. Method\ny\n",
    );
    const panels = toPanels(note.sections);
    expect(collapseAllKeys(panels)).toEqual(["0.0", "0.1"]);
  });

  it("folds every section when there are several at the top", () => {
    const panels = toPanels(splitNote("## A\n### A1\nx\n## B\ny\n").sections);
    expect(collapseAllKeys(panels)).toEqual(["0", "0.0", "1"]);
  });
});
