import type { QuestionType } from "@beannote/contract";
import { QUESTION_TYPES, QUIZ_PASS_SCORE, isFreeTextType } from "@beannote/contract";
import { z } from "zod";
import { sectionPrompt } from "../section-prompt";
import { languageName } from "../labels";
import { quizLabelsFor } from "../study-labels";
import { isMalformed, pool, type ModelClient } from "../model-client";
import type { MaterialSection, NoteMaterial } from "../note-material";
import { groupByTokenBudget } from "../token-budget";
import type { QuizRequest } from "../types";
import { materialVocabulary, questionProblems, type KeyContext, type KeyProblem } from "./answer-key";
import { agreeWithPoints, offlineGrade } from "./grade";
import {
  createOfflineQuizWriter,
  offlineQuiz,
  quizLanguage,
  quizRuleProblems,
  sectionContext,
} from "./offline";
import { nlpReady } from "../nlp";
import { examOrder, slotTypes, type GradeOutcome, type GradeRequest, type QuestionDraft } from "./question";
import { questionKey, seededRandom } from "./quiz-text";

const index = z.union([z.number(), z.string()]);

/** What the model returns for a batch of questions. */
export const quizAnswerSchema = z.object({
  questions: z.array(
    z.object({
      slot: z.coerce.number().optional(),
      section: z.string(),
      type: z.string(),
      question: z.string(),
      options: z.array(z.string()).nullish(),
      correct: z.array(index).nullish(),
      answer: z.boolean().nullish(),
      referenceAnswer: z.string().nullish(),
      keyPoints: z.array(z.string()).nullish(),
      explanation: z.string().nullish(),
    }),
  ),
});
type ModelQuestion = z.infer<typeof quizAnswerSchema>["questions"][number];

/** What the model returns when it grades an answer. */
export const gradeAnswerSchema = z.object({
  score: z.coerce.number(),
  found: z.array(z.coerce.number()).nullish(),
  missed: z.array(z.coerce.number()).nullish(),
  reason: z.string(),
});

/** One question to write: its number in the prompt, its type, the section it is drawn from. */
interface Slot {
  slot: number;
  type: QuestionType;
  section: MaterialSection;
  /** judgment: whether the statement must be true. */
  truth?: boolean;
}

const TYPE_RULES: Record<QuestionType, string> = {
  choice:
    "choice: a question with 4 options (3 to 5), exactly one correct; `correct` holds its 0-based index.",
  multiple_choice:
    "multiple_choice: a question with 5 options (4 to 6), two or three correct; `correct` holds their 0-based indexes.",
  judgment:
    "judgment: `question` is a declarative statement (never a question) to judge true or false, made true or false as asked; a false one is a true sentence of the notes with one fact swapped for another of the same kind (a term of the same class, a number of the same unit and scale); `answer` is true or false.",
  short_answer: "short_answer: a question answered in two to four sentences.",
  case_analysis:
    "case_analysis: a short concrete case or scenario built on the section, asking the student to analyse it with the section's ideas.",
  discourse: "discourse: an essay question on the section's main ideas and how they connect.",
};

const PROBLEM_TEXT: Partial<Record<KeyProblem, string>> & Record<string, string> = {
  "options-count": "the number of options was wrong",
  "correct-count": "the number of correct options was wrong",
  "correct-index": "`correct` named options that do not exist",
  "all-options-correct": "every option was correct",
  "distractor-rewords-answer": "a wrong option was the right answer in other words",
  "options-duplicate": "two options said the same",
  "distractor-off-material": "a wrong option was not about the notes' material",
  "judgment-key-missing": "`answer` (true or false) was missing",
  "judgment-truth": "the statement was not true/false as asked",
  "reference-missing": "`referenceAnswer` was empty",
  "key-points-missing": "`keyPoints` was empty",
  "explanation-missing": "`explanation` was empty",
  placeholder: "a text showed a stand-in such as [equation] or [image] instead of what the notes say",
  "question-empty": "`question` was empty",
  "options-not-allowed": "this type takes no options",
  "citation-missing": "the section id was wrong",
  "wrong-type": "the question was of another type",
  "judgment-is-question": "the judgment was a question, not a statement",
  "filler-option":
    "an option was a function word, a bare verb, an adjective or an ordinal, not a term of the answer's kind",
  missing: "the question was missing from the answer",
};

function systemPrompt(material: NoteMaterial): string {
  const lang = `${languageName(material.outputLanguage, "en")} (${material.outputLanguage})`;
  return [
    "You write quiz questions for students from their study notes.",
    `Write every question, option, answer, key point and explanation in ${lang}.`,
    "Use only facts from the given sections. Keep formulas, numbers and names exactly as written. Formulas are LaTeX between $…$ or $$…$$: copy them unchanged, with their $ signs, and never blank one out.",
    "Question types:",
    ...QUESTION_TYPES.map((t) => `- ${TYPE_RULES[t]}`),
    "Wrong options are plausible, taken from the same material, clearly wrong, and never the right answer in other words.",
    "Every option is of the right answer's kind: a term of the same class from the same or a neighbouring section, a number of the same unit and scale, a formula that differs in one term. Never a function word, a bare verb, an adjective or an ordinal.",
    "A case passage is text of the notes' source itself or a scenario built on it, never a remark in the first person.",
    "The reference answer and key points of a question come from its own section.",
    "For short_answer, case_analysis and discourse give 2 to 5 `keyPoints` (what a good answer must say) and a `referenceAnswer` that covers them.",
    "For the other types give `referenceAnswer` as the right answer in words and leave `keyPoints` empty.",
    "Every question has an `explanation`: why the answer is right, quoting the sentence of the notes that settles it.",
    "Name the section each question comes from by its id.",
    'Answer with JSON only: {"questions":[{"slot":1,"section":"S3","type":"choice","question":"…","options":["…"],"correct":[0],"answer":null,"referenceAnswer":"…","keyPoints":[],"explanation":"…"}]}',
  ].join("\n");
}

function slotLine(s: Slot): string {
  const truth =
    s.type === "judgment" ? (s.truth ? " (a TRUE statement)" : " (a FALSE statement: change one fact)") : "";
  return `${s.slot}. section S${s.section.index + 1}: ${s.type}${truth}`;
}

/** Turns `correct` into 0-based indexes (letters and 1-based answers are read too). */
function correctIndexes(raw: (number | string)[], optionCount: number): number[] {
  let out = raw.map((v) => {
    if (typeof v === "number") return v;
    const t = v.trim();
    if (/^[A-Za-z]$/.test(t)) return t.toUpperCase().charCodeAt(0) - 65;
    return Number(t);
  });
  if (out.length > 0 && out.includes(optionCount) && !out.includes(0)) out = out.map((v) => v - 1);
  return out;
}

/** The model's question for a slot as a draft, or why it cannot be one. */
function toDraft(
  q: ModelQuestion,
  slot: Slot,
  material: NoteMaterial,
  ctx: KeyContext,
  lang: string,
): { draft?: QuestionDraft; problems: string[] } {
  const labels = quizLabelsFor(material.outputLanguage);
  if (q.type.trim() !== slot.type) return { problems: ["wrong-type"] };
  const options =
    isFreeTextType(slot.type) || slot.type === "judgment" ? [] : (q.options ?? []).map((o) => o.trim());
  const correct = options.length
    ? [...new Set(correctIndexes(q.correct ?? [], options.length))].sort((a, b) => a - b)
    : [];
  const rights = correct.map((i) => options[i] ?? "").join(" ");
  const draft: QuestionDraft = {
    type: slot.type,
    question: q.question.trim(),
    options,
    correct,
    statementTrue: slot.type === "judgment" ? (q.answer ?? undefined) : undefined,
    referenceAnswer:
      (q.referenceAnswer ?? "").trim() ||
      (slot.type === "judgment" && typeof q.answer === "boolean"
        ? labels[q.answer ? "true" : "false"]
        : rights),
    keyPoints: isFreeTextType(slot.type) ? (q.keyPoints ?? []).map((p) => p.trim()).filter(Boolean) : [],
    explanation: (q.explanation ?? "").trim(),
    sectionIndex: slot.section.index,
    quote: `${rights || q.referenceAnswer || ""} ${q.question}`.trim(),
    context: sectionContext([slot.section]),
  };
  const citation = material.cite(draft.sectionIndex, draft.quote);
  const problems: string[] = [
    ...questionProblems({ ...draft, citation }, ctx),
    ...quizRuleProblems(draft, lang),
  ];
  if (slot.type === "judgment" && draft.statementTrue !== undefined && draft.statementTrue !== slot.truth)
    problems.push("judgment-truth");
  return problems.length ? { problems } : { draft, problems };
}

/** Spreads the slots over the sections that have text, evenly, from a starting point that varies per seed. */
function planSlots(material: NoteMaterial, req: QuizRequest): Slot[] {
  const sections = material.sections.filter((s) => s.blocks.length > 0 && s.pages.length > 0);
  if (sections.length === 0) return [];
  const types = slotTypes(req.types, req.count);
  const offset = seededRandom(req.seed)();
  let judgments = 0;
  return types.map((type, i) => {
    const section = sections[Math.floor(((i + offset) * sections.length) / types.length) % sections.length]!;
    const truth = type === "judgment" ? judgments++ % 2 === 1 : undefined;
    return { slot: i + 1, type, section, truth };
  });
}

/** Groups slots by section into requests of at most `budget` tokens of section text. */
function batches(slots: Slot[], budget: number): { slots: Slot[]; text: string }[] {
  const bySection = new Map<number, Slot[]>();
  for (const s of slots) bySection.set(s.section.index, [...(bySection.get(s.section.index) ?? []), s]);
  const sections = [...bySection].sort((a, b) => a[0] - b[0]).map(([, group]) => group);
  return groupByTokenBudget(sections, (group) => sectionPrompt(group[0]!.section), budget).map((g) => ({
    slots: g.items.flat(),
    text: g.text,
  }));
}

/**
 * A quiz from the model: each question planned (type, section, true or false), asked in batches of sections,
 * checked against the answer-key rules; a question that fails is asked once more with the reasons, and then
 * written offline (same type, same section when it can be), so that the quiz is never left short by the model.
 */
export async function llmQuiz(client: ModelClient, req: QuizRequest): Promise<QuestionDraft[]> {
  const { material } = req;
  const slots = planSlots(material, req);
  if (slots.length === 0) return [];
  const ctx: KeyContext = { vocabulary: materialVocabulary(material), locale: material.bodyLanguage };
  const lang = quizLanguage(material);
  await nlpReady(lang);
  const system = systemPrompt(material);
  const groups = batches(slots, client.inputBudget);
  let total = groups.length;
  let done = 0;
  const tick = () => req.onProgress?.(++done, total);

  const ask = async (group: { slots: Slot[]; text: string }, note = "") =>
    client.askJson(quizAnswerSchema, {
      system,
      prompt: [
        `Notes: ${material.title}`,
        "",
        "Write these questions (one per line: slot, section, type):",
        ...group.slots.map(slotLine),
        note,
        "",
        group.text,
      ].join("\n"),
      signal: req.signal,
    });

  const drafts = new Map<number, QuestionDraft>();
  const failed = new Map<number, string[]>();
  const take = (group: { slots: Slot[] }, answer: z.infer<typeof quizAnswerSchema> | null) => {
    const left = [...(answer?.questions ?? [])];
    for (const slot of group.slots) {
      const i = left.findIndex((q) => q.slot === slot.slot);
      const j = i >= 0 ? i : left.findIndex((q) => q.type.trim() === slot.type && q.slot === undefined);
      const q = j >= 0 ? left.splice(j, 1)[0] : undefined;
      if (!q) {
        failed.set(slot.slot, ["missing"]);
        continue;
      }
      const { draft, problems } = toDraft(q, slot, material, ctx, lang);
      if (draft) drafts.set(slot.slot, draft);
      else failed.set(slot.slot, problems);
    }
  };

  await pool(
    groups.map((group) => async () => {
      try {
        take(group, await ask(group));
      } catch (e) {
        if (!isMalformed(e)) throw e;
        take(group, null);
        for (const s of group.slots) failed.set(s.slot, ["malformed"]);
      }
      tick();
    }),
    client.concurrency,
  );

  // each rejected question is asked once more, alone, with what was wrong
  const retry = slots.filter((s) => failed.has(s.slot) && !failed.get(s.slot)!.includes("malformed"));
  total += retry.length;
  await pool(
    retry.map((slot) => async () => {
      const reasons = failed.get(slot.slot)!.map((p) => PROBLEM_TEXT[p] ?? p);
      try {
        const group = { slots: [slot], text: batches([slot], client.inputBudget)[0]!.text };
        const answer = await ask(
          group,
          `Your last answer for this question was rejected: ${reasons.join("; ")}. Write it again.`,
        );
        const q = answer.questions.find((x) => x.slot === slot.slot) ?? answer.questions[0];
        const result = q ? toDraft(q, slot, material, ctx, lang) : { problems: ["missing"] };
        if (result.draft) {
          drafts.set(slot.slot, result.draft);
          failed.delete(slot.slot);
        }
      } catch (e) {
        if (!isMalformed(e)) throw e;
      }
      tick();
    }),
    client.concurrency,
  );

  // what the model could not write is written offline
  const keys = new Set([...drafts.values()].map((d) => questionKey(d.type, d.question)));
  const writer = createOfflineQuizWriter(material, { seed: `${req.seed}:fallback` });
  for (const slot of slots) {
    if (drafts.has(slot.slot)) continue;
    let draft: QuestionDraft | null = null;
    // a judgment asked false that the section cannot make false is made true (the checker keeps the balance)
    const truths = slot.type === "judgment" ? [slot.truth ?? false, !slot.truth] : [false];
    for (const truth of truths) {
      for (const build of writer.builders(slot.section, slot.type, () => truth)) {
        const d = build();
        if (d && !keys.has(questionKey(d.type, d.question))) {
          draft = d;
          break;
        }
      }
      if (draft) break;
    }
    draft ??=
      (
        await offlineQuiz(material, {
          types: [slot.type],
          count: 1,
          seed: `${req.seed}:${slot.slot}`,
          avoid: keys,
        })
      ).find((d) => !keys.has(questionKey(d.type, d.question))) ?? null;
    if (draft) {
      drafts.set(slot.slot, draft);
      keys.add(questionKey(draft.type, draft.question));
    }
  }
  return examOrder(slots.flatMap((s) => (drafts.has(s.slot) ? [drafts.get(s.slot)!] : [])));
}

function gradeSystem(req: GradeRequest): string {
  const lang = `${languageName(req.outputLanguage, "en")} (${req.outputLanguage})`;
  return [
    "You grade a student's answer to a study question, against the reference answer, its key points and the source text only.",
    "Judge the meaning, not the wording: an answer in other words that says the same earns the same credit.",
    "A key point stated negated (not, never, 不, ない, ne … pas, не), with another number or formula, or with its terms in other roles is not covered: it is wrong.",
    "A bare list of keywords without sentences earns at most 0.5, however many terms it names.",
    "Rubric for `score` (0 to 1):",
    "- 1.0: every key point, correct.",
    "- 0.7 to 0.9: most key points, minor gaps or imprecision.",
    "- 0.4 to 0.6: some key points, or partly wrong.",
    "- 0.1 to 0.3: one key point at most, and that only in part.",
    "- 0: empty, off-topic, wrong, or no key point covered (then `found` is empty).",
    `An answer passes from ${QUIZ_PASS_SCORE}.`,
    "List the numbers of the key points the answer covers in `found` and of those it misses in `missed`.",
    `Write \`reason\` as one short paragraph in ${lang}, addressed to the student: what was right, what was missing or wrong.`,
    'Answer with JSON only: {"score":0.8,"found":[1,2],"missed":[3],"reason":"…"}',
  ].join("\n");
}

/** Grades a free-text answer with the model (rubric); an empty answer, or a model that keeps answering badly, is graded offline. */
export async function llmGrade(client: ModelClient, req: GradeRequest): Promise<GradeOutcome> {
  const points = req.question.keyPoints.filter((p) => p.trim());
  if (!req.answer.trim() || points.length === 0) return offlineGrade(req);
  try {
    const answer = await client.askJson(gradeAnswerSchema, {
      system: gradeSystem(req),
      prompt: [
        `Question type: ${req.question.type}`,
        `Question: ${req.question.question}`,
        "Key points:",
        ...points.map((p, i) => `${i + 1}. ${p}`),
        `Reference answer: ${req.question.referenceAnswer}`,
        "Source text:",
        req.question.context,
        "",
        "Student's answer:",
        req.answer,
      ].join("\n"),
      signal: req.signal,
      maxOutputTokens: 1200,
    });
    let score = answer.score > 1 && answer.score <= 100 ? answer.score / 100 : answer.score;
    score = Math.round(Math.min(1, Math.max(0, Number.isFinite(score) ? score : 0)) * 100) / 100;
    const valid = (list: number[] | null | undefined) => [
      ...new Set((list ?? []).filter((n) => Number.isInteger(n) && n >= 1 && n <= points.length)),
    ];
    const found = valid(answer.found);
    return agreeWithPoints(
      {
        score,
        found: found.map((n) => points[n - 1]!),
        missed: points.filter((_, i) => !found.includes(i + 1)),
        reason: answer.reason.trim() || offlineGrade(req).reason,
        gradedBy: "llm",
      },
      points.length,
    );
  } catch (e) {
    if (!isMalformed(e)) throw e;
    return offlineGrade(req);
  }
}

/**
 * The model could not be reached or kept failing (connection refused, timeout, 5xx/429 after retries): the
 * student's "network error, retry" rather than a fault of the quiz.
 */
export function isModelUnavailable(e: unknown): boolean {
  const err = e as { name?: string; cause?: { code?: string }; message?: string } | null;
  if (!err || typeof err !== "object") return false;
  if (["AI_APICallError", "AI_RetryError", "AI_LoadAPIKeyError"].includes(err.name ?? "")) return true;
  if (err.name === "TypeError" && /fetch failed/i.test(err.message ?? "")) return true;
  return ["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "ETIMEDOUT", "UND_ERR_CONNECT_TIMEOUT"].includes(
    err.cause?.code ?? "",
  );
}
