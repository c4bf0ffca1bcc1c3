/**
 * Free-text grading against a labelled set (`npm run bench:grading`): answers written by hand in several
 * languages (paraphrases, partly correct, wrong, negated, off-topic, keyword lists, wrong numbers), each
 * labelled correct / partial / wrong. Prints how often the offline grader's verdict agrees with the label,
 * overall, per language and per kind (target ≥ 90%), then the disagreements.
 */
import { nlpReady } from "../../server/src/engine/nlp";
import { offlineGrade, readAnswer } from "../../server/src/engine/quiz/grade";
import { labelledSet } from "./labelled-set";
import { agreement, gradeSet, type GradedAnswer } from "./labelled-set";

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

function report(title: string, graded: GradedAnswer[]) {
  const [all] = agreement(graded);
  console.log(
    `${title}: ${all!.agree}/${all!.total} verdicts agree with the labels (${percent(all!.share)}) — target ≥ 90%`,
  );
  for (const [name, groupOf] of [
    ["language", (g: GradedAnswer) => g.lang],
    ["kind", (g: GradedAnswer) => g.answer.kind],
  ] as const) {
    const rows = agreement(graded, groupOf).sort((a, b) => a.group.localeCompare(b.group));
    console.log(
      `  per ${name}: ${rows.map((r) => `${r.group} ${percent(r.share)} (${r.total})`).join(", ")}`,
    );
  }
}

await nlpReady("ja");
const started = performance.now();
const offline = await gradeSet(offlineGrade);
const ms = performance.now() - started;
report("offline grader", offline);
console.log(`  ${offline.length} answers graded in ${ms.toFixed(0)} ms`);
const verbose = process.argv.includes("--verbose");
const misses = offline.filter((g) => g.verdict !== g.answer.label);
const questions = new Map(labelledSet().map(({ question }) => [question.id, question]));
for (const g of verbose ? misses : misses.slice(0, 20)) {
  console.log(
    `  ✗ ${g.id} [${g.answer.kind}] label ${g.answer.label}, graded ${g.verdict} (${g.outcome.score}, ${g.outcome.found.length} found): ${g.answer.text.slice(0, 90)}`,
  );
  if (verbose) {
    const { points, keywordList } = readAnswer(questions.get(g.id)!, g.answer.text, "en-US");
    const each = points.map((p) => `${p.coverage.toFixed(2)}${p.contradicted ? "✗" : ""}`);
    console.log(`      points ${each.join(" ")}${keywordList ? " (keyword list)" : ""}`);
  }
}
if (!verbose && misses.length > 20) console.log(`  … ${misses.length - 20} more (--verbose)`);
