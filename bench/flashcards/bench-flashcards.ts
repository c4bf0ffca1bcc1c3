/**
 * Deck generation time (`npm run bench:flashcards`): the offline engine on the notes of the 400-page and a
 * Chinese fixture, at the default count and at the maximum (60), from the note's Markdown and parsed source
 * (the part a generation job does after reading them). Prints the deck size and where the time goes.
 */
import { createOfflineEngine, defaultCardCount, noteMaterial } from "../../server/src/engine";
import { studyNotes } from "../study-notes";

const engine = createOfflineEngine();

for await (const { file, outputLanguage, doc, markdown } of studyNotes()) {
  for (const count of ["default", 60] as const) {
    const runs: number[] = [];
    let size = 0;
    let materialMs = 0;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      const material = noteMaterial({
        title: doc.title,
        markdown: markdown,
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
      `${file} (${doc.pageCount} pages, note ${(markdown.length / 1024).toFixed(0)} KiB), count ${count}: ` +
        `${size} cards; first ${runs[0]!.toFixed(0)} ms, best ${Math.min(...runs).toFixed(0)} ms ` +
        `(reading the note ${materialMs.toFixed(0)} ms) — target < 2000 ms`,
    );
  }
}
