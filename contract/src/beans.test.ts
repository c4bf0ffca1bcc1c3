import { describe, expect, it } from "vitest";
import { DEFAULT_BEAN_COSTS, discounted, listPrice, priceFor } from "./beans";

describe("Beancoin prices", () => {
  it("takes 70 % off and rounds up to a whole Beancoin", () => {
    const cases = [
      [0, 0],
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 2],
      [5, 2],
      [7, 3],
      [10, 3],
      [11, 4],
      [42, 13],
      [100, 30],
      [101, 31],
    ];
    for (const [price, paid] of cases) expect([price, discounted(price!)]).toEqual([price, paid]);
  });

  it("prices a note by every started ten pages", () => {
    expect([0, 1, 10, 11, 20, 400].map((pages) => listPrice(DEFAULT_BEAN_COSTS, "note", pages))).toEqual([
      2, 3, 3, 4, 4, 42,
    ]);
    expect(priceFor(DEFAULT_BEAN_COSTS, "note", { pages: 400, student: true })).toBe(13);
    expect(priceFor(DEFAULT_BEAN_COSTS, "podcast")).toBe(5);
    expect(priceFor(DEFAULT_BEAN_COSTS, "podcast", { student: true })).toBe(2);
  });
});
