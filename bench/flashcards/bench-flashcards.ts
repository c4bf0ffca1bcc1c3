/**
 * Deck generation time (`npm run bench:flashcards`): the offline engine on the notes of the 400-page and a
 * Chinese fixture, at the default count and at the maximum (60), from the note's Markdown and parsed source
 * (the part a generation job does after reading them). Prints the deck size and where the time goes.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { OutputLanguage } from "@beannote/contract";
import { parseFile } from "../../server/src/ingest/parse-file";
import { createOfflineEngine, defaultCardCount, noteMaterial } from "../../server/src/engine";

const FIXTURES = path.resolve(fileURLToPath(new URL("../../../shared/fixtures/documents", import.meta.url)));
const cases: [string, OutputLanguage][] = [
  ["en-large-irs-manual-400p.pdf", "en-US"],
  ["zh-lecture-notes-math-physics-methods.pdf", "zh-CN"],
];

const engine = createOfflineEngine();

for (const [file, outputLanguage] of cases) {
  const doc = await parseFile(await readFile(path.join(FIXTURES, file)), file);
  const note = await engine.generateNote({
    sources: [{ doc, fileName: file }],
    title: doc.title || file,
    outputLanguage,
    detailLevel: "detail",
  });
  for (const count of ["default", 60] as const) {
    const runs: number[] = [];
    let size = 0;
    let materialMs = 0;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      const material = noteMaterial({
        title: doc.title,
        markdown: note.markdown,
        outputLanguage,
        sources: [doc],
      });
      materialMs = performance.now() - started;
      const n = count === "default" ? defaultCardCount(material, "detail") : count;
      const cards = await engine.flashcards({ material, count: n });
      for (const card of cards) material.cite(card.sectionIndex, card.quote);
      runs.push(performance.now() - started);
      size = cards.length;
    }
    console.log(
      `${file} (${doc.pageCount} pages, note ${(note.markdown.length / 1024).toFixed(0)} KiB), count ${count}: ` +
        `${size} cards; first ${runs[0]!.toFixed(0)} ms, best ${Math.min(...runs).toFixed(0)} ms ` +
        `(reading the note ${materialMs.toFixed(0)} ms) — target < 2000 ms`,
    );
  }
}
