import { SLIDE_BULLETS_MAX } from "@beannote/contract";
import { expect } from "vitest";
import type { SlideDraft } from "../src/engine";
import { shortLength } from "../src/engine/short-text";
import { hasCjk } from "../src/engine/text";

/** The rules every deck keeps, whatever wrote it. */
export function expectDeckRules(deck: SlideDraft[], maxSlides: number) {
  expect(deck.length).toBeLessThanOrEqual(maxSlides);
  expect(deck.map((s) => s.kind)).toEqual([
    "title",
    "agenda",
    ...Array<string>(deck.length - 3).fill("content"),
    "summary",
  ]);
  for (const slide of deck) {
    expect(slide.title.trim(), JSON.stringify(slide)).not.toBe("");
    expect(slide.bullets.length).toBeLessThanOrEqual(SLIDE_BULLETS_MAX);
    if (slide.kind !== "title") expect(slide.bullets.length, slide.title).toBeGreaterThanOrEqual(1);
    for (const bullet of slide.bullets) {
      expect(bullet.trim()).not.toBe("");
      if (slide.kind === "content" || slide.kind === "summary") {
        // a whole statement: ≤ ~16 words in spaced scripts, ≤ ~32 characters in CJK; a longer one is cut to
        // ≤ ~12 words or ~25 characters and ends in an ellipsis; the display equation a statement runs on
        // into is not counted (it is said whole or not at all)
        const cut = /…$/u.test(bullet);
        const words = bullet.replace(/…$/u, "").replace(/\s*\$\$[^$]+\$\$$/u, "");
        expect(shortLength(words), bullet).toBeLessThanOrEqual(
          hasCjk(bullet) ? (cut ? 25 : 32) : cut ? 12 : 16,
        );
      }
    }
    if (slide.kind === "content") expect(slide.sectionIndex).not.toBeNull();
  }
}
