import { QUIZ_PASS_SCORE } from "@beannote/contract";
import { quizLabelsFor } from "../study-labels";
import { detectLanguage } from "../text";
import type { GradeOutcome, GradeRequest } from "./question";
import { contentStems } from "./quiz-text";

/** Share of a key point's words an answer must hold for the point to count as found. */
const FOUND_AT = 0.5;
/** Coverage of a point that earns its full share of the score (answers in other words rarely reuse more). */
const FULL_AT = 0.6;

/**
 * An answer that covers none of the key points earns nothing, whoever graded it: the verdict ("wrong", not
 * "partly correct") then agrees with "0 of N key points".
 */
export function agreeWithPoints(outcome: GradeOutcome, keyPoints: number): GradeOutcome {
  return keyPoints > 0 && outcome.found.length === 0 ? { ...outcome, score: 0 } : outcome;
}

/**
 * Grades a free-text answer without a model, by how much of each key point of the reference it covers: the
 * point's content words (inflections folded; CJK as character pairs) that the answer holds, words the
 * question already gives counting half and words several points share less. A paraphrase that keeps some of the point's words earns
 * partial credit; an empty or off-topic answer, or one that finds no key point, scores 0.
 */
export function offlineGrade(req: GradeRequest): GradeOutcome {
  const labels = quizLabelsFor(req.outputLanguage);
  const points = req.question.keyPoints.filter((p) => p.trim());
  const answer = req.answer.trim();
  if (!answer || points.length === 0) {
    return { score: 0, found: [], missed: points, reason: labels.gradeEmpty, gradedBy: "offline" };
  }
  const detected = detectLanguage(`${points.join(" ")} ${req.question.context.slice(0, 500)}`);
  const locale = detected === "und" ? "en" : detected;
  const answerStems = new Set(contentStems(answer, locale));
  const asked = new Set(contentStems(req.question.question, locale));

  const found: string[] = [];
  const missed: string[] = [];
  let total = 0;
  const stemsOf = points.map((p) => contentStems(p, locale));
  // a word several points share tells less about which point the answer covers
  const spread = new Map<string, number>();
  for (const stems of stemsOf) for (const s of stems) spread.set(s, (spread.get(s) ?? 0) + 1);
  points.forEach((point, i) => {
    const stems = stemsOf[i]!;
    let weight = 0;
    let held = 0;
    for (const s of stems) {
      const w = (asked.has(s) ? 0.5 : 1) / spread.get(s)!;
      weight += w;
      if (answerStems.has(s)) held += w;
    }
    const coverage = weight > 0 ? held / weight : 0;
    (coverage >= FOUND_AT ? found : missed).push(point);
    total += Math.min(1, coverage / FULL_AT);
  });
  const score = Math.round((total / points.length) * 100) / 100;
  return agreeWithPoints(
    {
      score,
      found,
      missed,
      reason: labels.gradeCoverage(found.length, points.length, score >= QUIZ_PASS_SCORE),
      gradedBy: "offline",
    },
    points.length,
  );
}
