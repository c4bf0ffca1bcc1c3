import { describe, expect, it } from "vitest";
import { estimateTokens } from "./text";
import { groupByTokenBudget } from "./token-budget";

/** A section prompt of exactly `tokens` estimated tokens (4 Latin characters a token). */
const section = (id: string, tokens: number) => {
  const head = `<section id="${id}">\n`;
  const tail = "\n</section>";
  return head + "x".repeat(tokens * 4 - head.length - tail.length) + tail;
};

describe("grouping by token budget", () => {
  it("fills a request while the next text fits, in order, and starts another when it does not", () => {
    const texts = { a: section("a", 40), b: section("b", 50), c: section("c", 20), d: section("d", 30) };
    const groups = groupByTokenBudget(["a", "b", "c", "d"] as const, (k) => texts[k], 100);
    expect(groups.map((g) => g.items)).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(groups.map((g) => g.tokens)).toEqual([90, 50]);
    expect(groups[0]!.text).toBe(`${texts.a}\n${texts.b}`);
    // a text exactly at the budget's edge still joins
    expect(groupByTokenBudget([60, 40], (n) => section("s", n), 100).map((g) => g.items)).toEqual([[60, 40]]);
  });

  it("cuts a text larger than the budget to fit a request alone, closing its section", () => {
    const huge = section("h", 1000);
    const groups = groupByTokenBudget(
      ["small", "huge", "after"],
      (k) => (k === "huge" ? huge : section(k, k === "small" ? 30 : 10)),
      100,
    );
    // the cut text (86 tokens) does not join 30 tokens, but 10 more join it
    expect(groups.map((g) => g.items)).toEqual([["small"], ["huge", "after"]]);
    const cut = groups[1]!;
    expect(cut.text.split("\n<section")[0]).toBe(`${huge.slice(0, 333)}\n</section>`);
    expect(cut.text.startsWith('<section id="h">')).toBe(true);
    expect(cut.text.endsWith("\n</section>")).toBe(true);
    // a group counts the tokens of its pieces
    expect(estimateTokens(`${huge.slice(0, 333)}\n</section>`)).toBe(86);
    expect(cut.tokens).toBe(86 + 10);
  });

  it("returns no group for no items", () => {
    expect(groupByTokenBudget([], String, 100)).toEqual([]);
  });
});
