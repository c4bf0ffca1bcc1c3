/**
 * Deck generation time (`npm run bench:flashcards`): the offline engine on the notes of the 400-page and a
 * Chinese fixture, at the default count and at the maximum (60), from the note's Markdown and parsed source
 * (the part a generation job does after reading them). Prints the deck size and where the time goes; the NLP
 * models (wink, jieba, kuromoji) load once per process, timed apart, with the RSS they add. The first deck of a
 * freshly started worker is timed in fresh processes (study-first-job.ts), before any warm-up and after the
 * worker's background warm-up, with the RSS it adds and the models it loads.
 */
import { createOfflineEngine, defaultCardCount, noteMaterial } from "../../server/src/engine";
import { studyNotes } from "../study-notes";
import { keyTerms, nlpReady } from "../../server/src/engine/nlp";
import { describeFirstJobs, firstJobs } from "../study-first-job";

const engine = createOfflineEngine();

for await (const { file, outputLanguage, doc, markdown } of studyNotes()) {
  console.log(`${file}, default count, its first deck:`);
  for (const line of describeFirstJobs(await firstJobs("flashcards", { outputLanguage, doc, markdown })))
    console.log(line);
  const lang = outputLanguage.slice(0, 2);
  const rss = process.memoryUsage().rss;
  const loading = performance.now();
  await nlpReady(lang);
  keyTerms(lang === "zh" ? "模型的损失函数" : "The hinge loss of a model.", lang);
  console.log(
    `In this process (it parsed the file and wrote the note first), NLP models for ${lang} loaded in ${(performance.now() - loading).toFixed(0)} ms (once per process), ` +
      `RSS +${((process.memoryUsage().rss - rss) / 2 ** 20).toFixed(0)} MiB`,
  );
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
