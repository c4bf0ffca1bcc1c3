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
