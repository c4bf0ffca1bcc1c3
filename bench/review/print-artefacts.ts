/**
 * Every study artefact of the offline engine for one document, printed as a student would read it, for reviewing
 * material by eye (`npm run review -- <file> [output language] [simple|detail]`): the note, then the deck, a
 * quiz of all six types, the mind map's outline, the slides and the podcast script.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { DetailLevel, OutputLanguage, QuestionType } from "@beannote/contract";
import { OUTPUT_LANGUAGES, QUESTION_TYPES } from "@beannote/contract";
import { parseFile } from "../../server/src/ingest/parse-file";
import { createOfflineEngine } from "../../server/src/engine";
import { noteMaterial } from "../../server/src/engine/note-material";
import { buildMindMap, mindMapOutline } from "../../server/src/engine/mind-map";

const [file, language = "en-US", level = "detail"] = process.argv.slice(2);
if (!file) {
  console.error("usage: npm run review -- <file> [output language] [simple|detail]");
  process.exit(2);
}
if (!(OUTPUT_LANGUAGES as readonly string[]).includes(language) || !["simple", "detail"].includes(level)) {
  console.error(`output language: one of ${OUTPUT_LANGUAGES.join(", ")}; level: simple or detail`);
  process.exit(2);
}
const outputLanguage = language as OutputLanguage;
const engine = createOfflineEngine();
const doc = await parseFile(await readFile(file), path.basename(file));
const title = doc.title || path.basename(file);
const note = await engine.generateNote({
  sources: [{ doc, fileName: path.basename(file) }],
  title,
  outputLanguage,
  detailLevel: level as DetailLevel,
});
const material = noteMaterial({ title, markdown: note.markdown, outputLanguage, sources: [doc] });
const rule = (title: string) => console.log(`\n${"=".repeat(20)} ${title} ${"=".repeat(20)}`);

rule(`NOTE: ${title}`);
console.log(note.markdown);

rule("FLASHCARDS");
for (const card of await engine.flashcards({ material, count: 30 }))
  console.log(`- [${card.kind}] ${card.front}\n    → ${card.back}`);

rule("QUIZ");
const types: QuestionType[] = [...QUESTION_TYPES];
for (const q of await engine.quiz({ material, types, count: 12, seed: "review" })) {
  console.log(`- (${q.type}) ${q.question}`);
  q.options.forEach((option, i) => console.log(`    ${q.correct.includes(i) ? "*" : " "} ${option}`));
  if (q.statementTrue !== undefined) console.log(`    statement is ${q.statementTrue}`);
  console.log(
    `    answer: ${q.referenceAnswer}${q.keyPoints.length ? ` | points: ${q.keyPoints.join(" / ")}` : ""}`,
  );
}

rule("MIND MAP");
console.log(mindMapOutline(buildMindMap(material, "review").root));

rule("SLIDES");
for (const slide of await engine.slides({ material, maxSlides: 15 })) {
  console.log(`# ${slide.title}  (${slide.kind})`);
  for (const bullet of slide.bullets) console.log(`  • ${bullet}`);
  if (slide.table)
    console.log(`  [table ${slide.table.rows[0]?.join(" | ")}; ${slide.table.rows.length - 1} rows]`);
}

rule("PODCAST");
const script = await engine.podcastScript({ material, length: "short" });
for (const chapter of script.chapters) {
  console.log(`## ${chapter.title}`);
  for (const line of chapter.lines) console.log(`  ${line.speaker}: ${line.text}`);
}
