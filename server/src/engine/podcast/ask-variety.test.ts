import { describe, expect, it } from "vitest";
import { noteMaterial } from "../note-material";
import { offlinePodcastScript } from "./offline";

describe("the guest's questions about terms", () => {
  it("are asked in more than one way in an episode", () => {
    const markdown = [
      "# Stereo vision",
      "## Matching",
      "**Stereo matching** finds corresponding pixels in a pair of images taken by two synchronised cameras.",
      "",
      "The **disparity map** records how far each pixel moved between the two views of the scene.",
      "",
      "**Cost aggregation** sums matching costs over a window around each pixel of interest.",
      "",
      "*Sources:* [p. 1](#source=1&page=1)",
      "## Refinement",
      "**Occlusion handling** marks pixels seen by only one camera before the final disparities are chosen.",
      "",
      "**Temporal filtering** smooths the costs of consecutive frames of a stereo video sequence.",
      "",
      "*Sources:* [p. 2](#source=1&page=2)",
    ].join("\n");
    const material = noteMaterial({ title: "Stereo vision", markdown, outputLanguage: "en-US", sources: [] });
    const asks = offlinePodcastScript(material, "standard")
      .chapters.flatMap((c) => c.lines)
      .filter((l) => l.speaker === "guest" && /\?$/u.test(l.text))
      .map((l) => l.text.replace(/^(?:I see|Got it|Interesting|Okay|That makes sense)\.\s*/u, ""));
    const aboutTerms = asks.filter(
      (q) => !/^(?:What exactly is|How does the note define|Tell me more|What comes next|What else)/u.test(q),
    );
    expect(aboutTerms.length, asks.join("\n")).toBeGreaterThanOrEqual(2);
    const openings = new Set(aboutTerms.map((q) => q.split(" ").slice(0, 2).join(" ")));
    expect(openings.size, aboutTerms.join("\n")).toBeGreaterThan(1);
  });
});

describe("a podcast's chapters", () => {
  it("follow the note's parts, even a part whose text is all in its subsections, and recap no heading", () => {
    // a French history lesson was read under "## Introduction", ending "les mots clés : Introduction"
    const part = (n: number) => [
      `## ${["I", "II", "III"][n]}. Partie ${n + 1}`,
      `### A. Première étape de la partie ${n + 1}`,
      `- La noblesse et le clergé bénéficient de privilèges que le Tiers État conteste en ${1789 + n}.`,
      `- Le roi Louis XVI convoque les États généraux à Versailles en mai ${1789 + n}.`,
      `### B. Seconde étape de la partie ${n + 1}`,
      `- Une Constitution est adoptée et le roi doit respecter les lois votées par l'Assemblée en ${1791 + n}.`,
    ];
    const markdown = [
      "# La Révolution française",
      "## Introduction",
      "En 1789, la France connaît une révolution qui transforme profondément la société.",
      ...[0, 1, 2].flatMap(part),
    ].join("\n\n");
    const material = noteMaterial({ title: "Révolution", markdown, outputLanguage: "fr-FR", sources: [] });
    const script = offlinePodcastScript(material, "long");
    const titles = script.chapters.map((c) => c.title);
    for (const n of ["I. Partie 1", "II. Partie 2", "III. Partie 3"])
      expect(
        titles.some((t) => t.includes(n)),
        titles.join(" | "),
      ).toBe(true);
    const lines = script.chapters.flatMap((c) => c.lines.map((l) => l.text));
    expect(lines.join("\n")).not.toMatch(/mots clés : Introduction/u);
  });
});
