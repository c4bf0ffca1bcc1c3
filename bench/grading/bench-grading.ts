/**
 * Free-text grading against a labelled set (`npm run bench:grading`): answers written by hand in several
 * languages (paraphrases, partly correct, wrong, negated, off-topic, keyword lists, wrong numbers), each
 * labelled correct / partial / wrong. Prints how often the offline grader's verdict agrees with the label,
 * overall, per language and per kind (target ≥ 90%), then the disagreements; first the held-out answers
 * (holdout/, never tuned on) apart (--holdout-only stops there).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createEngine } from "../../server/src/engine";
import { nlpReady } from "../../server/src/engine/nlp";
import { startFakeOpenAI } from "../../server/test/fake-openai";
import { offlineGrade, readAnswer } from "../../server/src/engine/quiz/grade";
import { HOLDOUT_B_DIR, HOLDOUT_D_DIR, HOLDOUT_DIR, labelledSet, type Verdict } from "./labelled-set";
import { offSectionGrading } from "./off-section";
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
const verbose = process.argv.includes("--verbose");
// --generated-only: the generated quizzes' reference / off-section check alone
if (process.argv.includes("--generated-only")) {
  await generatedQuizzes();
  process.exit(0);
}
// the held-out answers (holdout/*.json), written before the last grader changes and never tuned on
const holdout = await gradeSet(offlineGrade, HOLDOUT_DIR);
report("offline grader, held-out answers", holdout);
const holdoutQuestions = new Map(labelledSet(HOLDOUT_DIR).map(({ question }) => [question.id, question]));
for (const g of holdout.filter((h) => h.verdict !== h.answer.label)) {
  console.log(
    `  ✗ ${g.id} [${g.answer.kind}] label ${g.answer.label}, graded ${g.verdict} (${g.outcome.score}): ${g.answer.text.slice(0, 90)}`,
  );
  if (verbose) {
    const { points } = readAnswer(holdoutQuestions.get(g.id)!, g.answer.text, "en-US");
    console.log(
      `      points ${points.map((p) => `${p.coverage.toFixed(2)}${p.contradicted ? "✗" : ""}`).join(" ")}`,
    );
  }
}
// the second held-out set (holdout-b/*.json): its figures only, never its answers (it is not read while tuning)
report("offline grader, held-out answers (b)", await gradeSet(offlineGrade, HOLDOUT_B_DIR));
// the fourth held-out set (holdout-d/*.json: en, zh, ja, ru, fr, de, es), written before the grader changes of the
// pass that added lexical resources per language; its misses are listed with --verbose
const holdoutD = await gradeSet(offlineGrade, HOLDOUT_D_DIR);
report("offline grader, held-out answers (d)", holdoutD);
if (verbose)
  for (const g of holdoutD.filter((h) => h.verdict !== h.answer.label))
    console.log(
      `  ✗ ${g.id} [${g.answer.kind}] label ${g.answer.label}, graded ${g.verdict} (${g.outcome.score}): ${g.answer.text.slice(0, 90)}`,
    );
// the third held-out set (holdout-c/*.json: en, zh, ja, ru, fr, de, es), written blind, without reading the grader:
// its figures only, never its answers
const HOLDOUT_C_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "holdout-c");
report("offline grader, held-out answers (c)", await gradeSet(offlineGrade, HOLDOUT_C_DIR));
if (process.argv.includes("--holdout-only")) process.exit(0);
const started = performance.now();
const offline = await gradeSet(offlineGrade);
const ms = performance.now() - started;
report("offline grader", offline);
console.log(`  ${offline.length} answers graded in ${ms.toFixed(0)} ms`);
const noPoint = offline.filter((g) => g.outcome.found.length === 0);
const overNothing = noPoint.filter((g) => g.outcome.score > 0.1);
console.log(
  `  answers matching no key point: ${noPoint.length}, of which pass or score above 0.1: ${overNothing.length} — target 0`,
);
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
// --set-only: the labelled set alone (no model plumbing, no generated quizzes)
if (process.argv.includes("--set-only")) process.exit(0);

// The model-backed grader, with a fake model that grades as the labels say: what it measures is the plumbing
// (prompt, parsing, key points by number, "no point found → 0"), not a model. Every tenth request gets a
// malformed reply, which the client asks again.
const questionOf = new Map(labelledSet().map(({ question }) => [question.id, question.question]));
const labelOf = new Map(offline.map((g) => [`${questionOf.get(g.id)}\n${g.answer.text}`, g.answer.label]));
const reply: Record<Verdict, { score: number; found: (n: number) => number[] }> = {
  correct: { score: 0.9, found: (n) => Array.from({ length: n }, (_, i) => i + 1) },
  partial: { score: 0.4, found: () => [1] },
  wrong: { score: 0, found: () => [] },
};
let asked = 0;
const fake = await startFakeOpenAI({
  script: (call) => {
    asked++;
    const answer = call.prompt.split("Student's answer:\n").pop()!.trim();
    const points = (call.prompt.match(/^\d+\. /gm) ?? []).length;
    const question = /^Question: (.*)$/m.exec(call.prompt)?.[1] ?? "";
    const label = labelOf.get(`${question}\n${answer}`);
    if (!label || asked % 10 === 0) return { content: "{not json" };
    const { score, found } = reply[label];
    return { json: { score, found: found(points), missed: [], reason: `graded ${label}` } };
  },
});
try {
  const engine = createEngine(
    { aiBaseUrl: fake.url, aiApiKey: "k", aiModel: "fake-grader", aiContextTokens: 8000, aiConcurrency: 2 },
    { retryBaseMs: 1, retryMaxMs: 5 },
  );
  const llm = await gradeSet((req) => engine.gradeAnswer(req));
  const byModel = llm.filter((g) => g.outcome.gradedBy === "llm");
  const [modelShare] = agreement(byModel);
  console.log(
    `llm grader (fake model grading as labelled, plumbing only): ${byModel.length} answers graded by the model, ` +
      `${modelShare!.agree}/${modelShare!.total} verdicts as the model gave them; ` +
      `${llm.length - byModel.length} fell back to the offline grader; ${fake.calls.length} requests (malformed replies asked again)`,
  );
  report("llm grader overall", llm);
} finally {
  await fake.close();
}

await generatedQuizzes();

async function generatedQuizzes() {
  const sections = await offSectionGrading();
  const total = sections.reduce((n, r) => n + r.questions, 0);
  const both = sections.reduce((n, r) => n + r.both, 0);
  console.log(
    `generated quizzes: ${both}/${total} free-text questions (${percent(both / Math.max(1, total))}) pass the reference ` +
      `answer and fail an answer from another section — target ≥ 90%`,
  );
  for (const r of sections) {
    console.log(
      `  ${r.file}: ${r.questions} questions, reference passes ${r.referencePasses}, off-section wrong ${r.offSectionWrong}`,
    );
    for (const f of verbose ? r.failures : r.failures.slice(0, 2)) console.log(`    ✗ ${f}`);
  }
}
