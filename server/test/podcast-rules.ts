import { expect } from "vitest";
import type { NoteMaterial } from "../src/engine";
import type { PodcastScript } from "../src/engine/podcast/script";
import { inventedNumbers, noteNumbers } from "../src/engine/podcast/script";

/**
 * What every podcast script must be, whichever engine wrote it: an opening, chapters that follow the
 * note's sections in order (each section in at most one chapter), a closing; speakers that alternate
 * from the host's first line to the guest's last; every line cited; no number the note does not hold.
 */
export function expectScriptRules(script: PodcastScript, material: NoteMaterial): void {
  const { chapters } = script;
  expect(chapters[0]!.kind).toBe("opening");
  expect(chapters.at(-1)!.kind).toBe("closing");
  const sections = chapters.slice(1, -1);
  expect(sections.length).toBeGreaterThan(0);
  expect(sections.every((c) => c.kind === "section" && c.lines.length >= 2)).toBe(true);
  const covered = sections.flatMap((c) => c.sectionIndexes);
  expect(covered).toEqual([...covered].sort((a, b) => a - b));
  expect(new Set(covered).size).toBe(covered.length);
  const lines = chapters.flatMap((c) => c.lines);
  expect(lines[0]!.speaker).toBe("host");
  expect(lines.at(-1)!.speaker).toBe("guest");
  lines.forEach((line, i) => {
    if (i > 0) expect(line.speaker, line.text).not.toBe(lines[i - 1]!.speaker);
    expect(line.text.trim().length).toBeGreaterThan(0);
    expect(material.cite(line.sectionIndex, line.quote), line.text).not.toBeNull();
  });
  // a chapter's lines cite its own sections
  for (const chapter of sections)
    for (const line of chapter.lines) expect(chapter.sectionIndexes).toContain(line.sectionIndex);
  const known = noteNumbers(material);
  for (const line of lines) expect(inventedNumbers(line.text, known), line.text).toEqual([]);
}
