import { describe, expect, it } from "vitest";
import { dispositionFileName } from "./download-file";

describe("dispositionFileName", () => {
  it("prefers the UTF-8 name", () => {
    expect(
      dispositionFileName(
        `attachment; filename="____.csv"; filename*=UTF-8''%E6%95%B0%E5%AD%A6%E7%AC%94%E8%AE%B0.csv`,
        "x.csv",
      ),
    ).toBe("数学笔记.csv");
  });
  it("falls back to the plain name, then to the given one", () => {
    expect(dispositionFileName(`attachment; filename="Deck (1).apkg"`, "x")).toBe("Deck (1).apkg");
    expect(dispositionFileName("attachment; filename=deck.csv", "x")).toBe("deck.csv");
    expect(dispositionFileName(null, "cards.csv")).toBe("cards.csv");
    expect(dispositionFileName("attachment", "cards.csv")).toBe("cards.csv");
  });
});
