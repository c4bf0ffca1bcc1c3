import { describe, expect, it } from "vitest";
import { chapterAt, formatTime, lineAt } from "./podcast-time";

describe("podcast time", () => {
  it("formats minutes and hours", () => {
    expect([0, 9.9, 65, 600, 3725, Number.NaN].map(formatTime)).toEqual([
      "0:00",
      "0:09",
      "1:05",
      "10:00",
      "1:02:05",
      "0:00",
    ]);
  });

  it("finds the line being spoken, keeping it lit through the pause after it", () => {
    const lines = [{ start: 0.3 }, { start: 2.9 }, { start: 7.2 }];
    expect([0, 0.3, 2.5, 2.9, 7.19, 100].map((t) => lineAt(lines, t))).toEqual([-1, 0, 0, 1, 2, 2]);
    expect(lineAt([], 3)).toBe(-1);
  });

  it("finds the chapter playing", () => {
    const chapters = [
      { start: 0, end: 6 },
      { start: 6, end: 15 },
    ];
    expect([0, 5.9, 6, 14.9, 15, 99].map((t) => chapterAt(chapters, t))).toEqual([0, 0, 1, 1, 1, 1]);
  });
});
