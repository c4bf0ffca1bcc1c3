import { describe, expect, it } from "vitest";
import { contentStems } from "./quiz-text";
import { NOTES, quizzes } from "./review-notes.test-data";

describe("a case item's key answers its passage", () => {
  const shares = (a: string, b: string, locale: string) => {
    const stems = new Set(contentStems(a, locale));
    return contentStems(b, locale).some((s) => stems.has(s));
  };

  it.each(["fr", "en", "zh", "ru"])(
    "%s: every key point names a concept of the passage, and the question names them",
    async (name) => {
      const n = NOTES[name]!;
      const items = (await quizzes(n, ["case_analysis", "choice"])).filter((q) => q.type === "case_analysis");
      for (const q of items) {
        expect(q.keyPoints.length, q.question).toBeGreaterThanOrEqual(2);
        for (const p of q.keyPoints) expect(shares(q.quote, p, n.lang), `${q.quote} → ${p}`).toBe(true);
        // the question asks about the shared concepts, not the section's heading
        for (const [heading] of n.sections) expect(q.question).not.toContain(heading);
      }
    },
  );

  it("French: 'Louis XVI est jugé et guillotiné…' shares no concept with its section's other points: no case on it", async () => {
    const items = (await quizzes(NOTES.fr!, ["case_analysis", "choice"])).filter(
      (q) => q.type === "case_analysis",
    );
    expect(items.map((q) => q.quote)).not.toContain("Louis XVI est jugé et guillotiné le 21 janvier 1793");
  });
});
