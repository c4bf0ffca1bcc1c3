/**
 * Quiz generation time (`npm run bench:quiz`): the offline engine writing a 15-question quiz of all six types
 * from the note of the 400-page fixture (and a Chinese one), from the note's Markdown and parsed source, then
 * the answer-key check and the citations — what the generation job does after reading them. Target: under 2 s,
 * for the first quiz of a freshly started worker too: each note's first quiz is also timed in fresh processes
 * (study-first-job.ts), before any warm-up and after the worker's background warm-up, with the RSS it adds and
 * the models it loads. Also times the offline grading of a free-text answer.
 */
import { QUESTION_TYPES } from "@beannote/contract";
import { checkQuiz, createOfflineEngine, materialVocabulary, noteMaterial } from "../../server/src/engine";
import { studyNotes } from "../study-notes";
import { describeFirstJobs, firstJobs } from "../study-first-job";

const engine = createOfflineEngine();
const ms = (from: number) => performance.now() - from;

for await (const { file, outputLanguage, doc, markdown } of studyNotes()) {
  const runs: number[] = [];
  let parts = { material: 0, quiz: 0, check: 0 };
  let size = 0;
  let types = 0;
  let sections = 0;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const material = noteMaterial({
      title: doc.title,
      markdown: markdown,
      outputLanguage,
      sources: [doc],
    });
    const afterMaterial = performance.now();
    const drafts = await engine.quiz({
      material,
      types: [...QUESTION_TYPES],
      count: 15,
      seed: `bench-${run}`,
    });
    const afterQuiz = performance.now();
    const { accepted } = checkQuiz(
      drafts.map((d) => ({ ...d, citation: material.cite(d.sectionIndex, d.quote) })),
      { vocabulary: materialVocabulary(material), locale: material.bodyLanguage },
    );
    const total = ms(started);
    if (run === 0)
      console.log(
        `  first run in this process: reading the note ${(afterMaterial - started).toFixed(0)} ms, writing ${(afterQuiz - afterMaterial).toFixed(0)} ms, ` +
          `key check and citations ${ms(afterQuiz).toFixed(0)} ms (this process parsed the file and wrote the note first)`,
      );
    // where the time of the best run went
    if (runs.every((r) => total < r))
      parts = { material: afterMaterial - started, quiz: afterQuiz - afterMaterial, check: ms(afterQuiz) };
    runs.push(total);
    size = accepted.length;
    types = new Set(accepted.map((q) => q.type)).size;
    sections = new Set(accepted.map((q) => q.sectionIndex)).size;
  }
  console.log(
    `${file} (${doc.pageCount} pages, note ${(markdown.length / 1024).toFixed(0)} KiB): ` +
      `${size} questions of ${types} types from ${sections} sections; first ${runs[0]!.toFixed(0)} ms, ` +
      `best ${Math.min(...runs).toFixed(0)} ms (reading the note ${parts.material.toFixed(0)} ms, ` +
      `writing ${parts.quiz.toFixed(0)} ms, key check and citations ${parts.check.toFixed(0)} ms) — target < 2000 ms`,
  );
  for (const line of describeFirstJobs(await firstJobs("quiz", { outputLanguage, doc, markdown })))
    console.log(line);

  const material = noteMaterial({
    title: doc.title,
    markdown: markdown,
    outputLanguage,
    sources: [doc],
  });
  const [essay] = await engine.quiz({ material, types: ["discourse"], count: 1, seed: "grade" });
  if (essay) {
    const answer = essay.keyPoints.join(" ").repeat(3);
    const started = performance.now();
    const grade = await engine.gradeAnswer({ question: essay, answer, outputLanguage });
    console.log(
      `  offline grading of a ${answer.length}-character essay: ${ms(started).toFixed(1)} ms (score ${grade.score})`,
    );
  }
}
