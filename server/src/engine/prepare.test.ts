import { describe, expect, it } from "vitest";
import { isFrontMatterLine } from "./prepare";

describe("isFrontMatterLine", () => {
  it("drops author lists and affiliation lines on the first pages", () => {
    expect(
      isFrontMatterLine("Andreas Gal∗+, Brendan Eich∗, Mike Shaver∗, David Anderson∗, Michael Franz+", 1),
    ).toBe(true);
    expect(isFrontMatterLine("Mozilla Corporation∗ {gal,brendan,shaver}@mozilla.com", 1)).toBe(true);
    expect(isFrontMatterLine("Vladimir Karpukhin, Barlas Oğuz, Sewon Min and Patrick Lewis", 1)).toBe(true);
  });

  it("keeps sentences, lists of concepts and anything after page 2", () => {
    expect(isFrontMatterLine("Dynamic languages such as JavaScript, Python, and Ruby, are popular.", 1)).toBe(
      false,
    );
    expect(isFrontMatterLine("Compact, Hausdorff, Connected spaces", 1)).toBe(false);
    expect(isFrontMatterLine("Contact: teacher@school.edu", 5)).toBe(false);
  });
});
