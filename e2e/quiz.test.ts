import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { eq } from "drizzle-orm";
import type { QuizDetail, QuizHistoryResponse } from "@beannote/contract";
import { QUESTION_TYPES } from "@beannote/contract";
import { quizQuestions } from "../server/src/db/schema";
import {
  expectToast,
  newContext,
  registerByApi,
  screenshot,
  settled,
  startStack,
  until,
  uniqueEmail,
  type Stack,
} from "./harness";
import { FIXTURES, createNoteByApi, createChineseNoteByApi, horizontalOverflow } from "./notes-helpers";
import { expectAccessible } from "./axe";
import { mathSegments } from "../web/src/components/math-segments";

/**
 * The quiz journey in a real browser: settings (a type is required), generate six questions of all six types
 * with progress, answer each with the keys or the mouse (some right, some wrong), see each analysis and open a
 * citation, see the results, retry the wrong ones, open the quiz again from the history; zh-CN and en-US at
 * phone and desktop widths (SCREENSHOTS=1 keeps the screenshots).
 */
let stack: Stack;
let token: string;
let englishNote: string;
let chineseNote: string;
/** Checks the screen with axe, and takes its screenshot when asked to (SCREENSHOTS=1). */
const shoot = async (page: Page, name: string, fullPage = false) => {
  await expectAccessible(page, name);
  await screenshot(page, name, { fullPage });
};

beforeAll(async () => {
  stack = await startStack();
  token = await registerByApi(stack, uniqueEmail("quiz"), "Quiz12345");
  [englishNote, chineseNote] = await Promise.all([
    createNoteByApi(
      stack,
      token,
      [path.join(FIXTURES, "en-paper-dense-passage-retrieval.pdf")],
      "Dense retrieval",
    ),
    createChineseNoteByApi(stack, token),
  ]);
}, 240_000);
afterAll(async () => stack?.close());

async function signedIn(locale = "en-US", width = 1440): Promise<Page> {
  const context = await newContext(stack, { locale, language: locale, token, width });
  return context.newPage();
}

/** The stored keys of a quiz (the API keeps them hidden), to answer right or wrong on purpose. */
async function keysOf(quizId: string) {
  const rows = await stack.server.database.db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId));
  return new Map(rows.map((r) => [r.id, r]));
}

const currentQuizId = async (noteId: string) => {
  const history = await stack.server.call<QuizHistoryResponse>("GET", `/note/${noteId}/quizzes`, { token });
  return history.body.data.quizzes[0]!.quizId;
};

describe("quiz journey", () => {
  it("generates six questions of every type, answers each (right and wrong), shows the analysis, the results and the history", async () => {
    const page = await signedIn();
    await page.goto(`/subNote/pages/note?id=${englishNote}&tab=quiz`);
    await page.getByTestId("quiz-settings").waitFor({ timeout: 30_000 });
    await shoot(page, "quiz-settings-en-US-1440");

    // a type is required
    await page.getByTestId("quiz-type-all").click();
    await page.getByTestId("quiz-generate").click();
    await page.getByTestId("quiz-type-required").waitFor();
    await expectAccessible(page, "the quiz settings with an error");
    await page.getByTestId("quiz-type-all").click();
    await page.getByTestId("quiz-count").fill("6");
    await page.getByTestId("quiz-generate").click();
    await page.getByTestId("quiz-runner").waitFor({ timeout: 60_000 });
    await expectToast(page, "Quiz generated");

    const quizId = await currentQuizId(englishNote);
    const keys = await keysOf(quizId);
    const position = () => page.getByTestId("quiz-position").textContent();
    const verdict = () => page.getByTestId("quiz-analysis").getAttribute("data-verdict");
    const seen: string[] = [];

    for (let n = 1; n <= 6; n++) {
      expect(await position()).toBe(`Question ${n} of 6`);
      const type = (await page.getByTestId("quiz-question").getAttribute("data-type"))!;
      seen.push(type);
      const key = keys.get((await page.getByTestId("quiz-question").getAttribute("data-question-id"))!)!;
      const ids = key.options.map((o) => o.optionId);
      await expectAccessible(page, `quiz question ${n} (${type})`);
      if (type === "choice") {
        // right, with the number keys and Enter
        await page.keyboard.press(String(ids.indexOf(key.correctOptions[0]!) + 1));
        await page.keyboard.press("Enter");
        await page.getByTestId("quiz-analysis").waitFor();
        expect(await verdict()).toBe("correct");
        // the analysis cites a page that opens in the source viewer
        await page.getByTestId("quiz-analysis").getByTestId("citation-button").click();
        await page.locator(".source-drawer").waitFor();
        await page.keyboard.press("Escape");
        await page.locator(".source-drawer").waitFor({ state: "hidden" });
        // focus went back to the citation button, where Enter would open it again
        await page.getByTestId("quiz-question-text").click();
      } else if (type === "multiple_choice") {
        // wrong: only one of the right options, with the mouse
        await page.locator(`[data-testid=quiz-option][data-option-id=${key.correctOptions[0]}]`).click();
        await page.getByTestId("quiz-submit").click();
        await page.getByTestId("quiz-analysis").waitFor();
        expect(await verdict()).toBe("wrong");
        expect((await page.getByTestId("quiz-right-answer").textContent())!.length).toBeGreaterThan(0);
      } else if (type === "judgment") {
        // wrong: the other truth value, with the keys
        await page.keyboard.press(key.statementTrue ? "2" : "1");
        await page.keyboard.press("Enter");
        await page.getByTestId("quiz-analysis").waitFor();
        expect(await verdict()).toBe("wrong");
      } else {
        const text =
          type === "case_analysis"
            ? "Photosynthesis makes glucose from light and water."
            : key.referenceAnswer;
        await page.getByTestId("quiz-text").fill(text);
        await page.getByTestId("quiz-text").press("Control+Enter");
        await page.getByTestId("quiz-analysis").waitFor();
        expect(await verdict()).toBe(type === "case_analysis" ? "wrong" : "correct");
        // the reference shows its key points, their formulas set by KaTeX (whose text is not the LaTeX)
        const point = key.keyPoints[0]!;
        const prose = point.split(/\$[^$]+\$/).find((part) => part.trim().length >= 8) ?? "";
        const reference = page.getByTestId("quiz-reference");
        expect(await reference.textContent()).toContain(prose.trim().slice(0, 20));
        // KaTeX loads on demand: the formula is set once it has loaded
        if (mathSegments(point).some((segment) => "tex" in segment))
          await expect.poll(() => reference.locator(".katex").count()).toBeGreaterThan(0);
      }
      expect((await page.getByTestId("quiz-explanation").textContent())!.length).toBeGreaterThan(0);
      if (n !== 4) await expectAccessible(page, `quiz question ${n} (${type}) answered`);
      else {
        await settled(page);
        await shoot(page, "quiz-analysis-en-US-1440", true);
      }
      if (n < 6) {
        await page.keyboard.press("Enter");
        await expect.poll(position).toBe(`Question ${n + 1} of 6`);
      }
    }
    expect(seen).toEqual([...QUESTION_TYPES]);

    await page.getByTestId("quiz-results").click();
    await page.getByTestId("quiz-results-view").waitFor();
    expect(await page.getByTestId("quiz-score").textContent()).toMatch(/^\d+%$/);
    expect(await page.getByTestId("quiz-results-item").count()).toBe(6);
    const verdicts = await page
      .getByTestId("quiz-results-item")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-verdict")));
    expect(verdicts.filter((v) => v === "correct")).toHaveLength(3);
    await page.getByTestId("quiz-results-item").nth(1).click();
    await page.getByTestId("quiz-results-list").getByTestId("quiz-analysis").first().waitFor();
    await settled(page);
    await shoot(page, "quiz-results-en-US-1440", true);

    // retry the wrong ones: a new quiz of their questions
    await page.getByTestId("quiz-retry-wrong").click();
    await page.getByTestId("quiz-runner").waitFor();
    expect(await position()).toBe("Question 1 of 3");
    await page.getByTestId("quiz-back").click();

    // the history lists both; the first quiz opens again with its answers and analysis
    await page.getByTestId("quiz-history").waitFor();
    await expect.poll(() => page.getByTestId("quiz-history-item").count()).toBe(2);
    await expectAccessible(page, "the quiz history");
    await page.locator(`[data-testid=quiz-history-item][data-quiz-id="${quizId}"]`).click();
    await page.getByTestId("quiz-results-view").waitFor();
    expect(await page.getByTestId("quiz-results-item").count()).toBe(6);
    const stored = await stack.server.call<QuizDetail>("GET", `/quiz/${quizId}`, { token });
    expect(stored.body.data).toMatchObject({ answeredCount: 6, correctCount: 3 });
    await page.context().close();
  }, 240_000);

  it("looks right in zh-CN and en-US on a phone and a desktop", async () => {
    for (const [locale, noteId] of [
      ["zh-CN", chineseNote],
      ["en-US", englishNote],
    ] as const) {
      const made = await stack.server.call<{ quizId: string; jobId: string }>(
        "POST",
        `/note/${noteId}/quiz`,
        {
          token,
          body: { types: ["choice", "multiple_choice", "short_answer"], count: 3 },
        },
      );
      await until(
        () => stack.server.call<QuizDetail>("GET", `/quiz/${made.body.data.quizId}`, { token }),
        (quiz) => quiz.body.data.status !== "generating",
        { timeout: 170_000, what: `the ${locale} quiz generated` },
      );
      for (const width of [1440, 375]) {
        const page = await signedIn(locale, width);
        await page.goto(`/subNote/pages/note?id=${noteId}&tab=quiz`);
        await page.getByTestId("quiz-settings").waitFor({ timeout: 30_000 });
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await shoot(page, `quiz-settings-${locale}-${width}`, true);
        await page
          .locator(`[data-testid=quiz-history-item][data-quiz-id="${made.body.data.quizId}"]`)
          .click();
        await page.getByTestId("quiz-runner").waitFor();
        if (width === 375) {
          // answer the first question (a choice) so that the phone shows an analysis
          await page.getByTestId("quiz-option").first().click();
          await page.getByTestId("quiz-submit").click();
          await page.getByTestId("quiz-analysis").waitFor();
        }
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await page.mouse.move(0, 0);
        await settled(page);
        await shoot(page, `quiz-question-${locale}-${width}`, true);
        if (width === 375) {
          // the rest answered elsewhere: the quiz reopens on its results
          const quiz = await stack.server.call<QuizDetail>("GET", `/quiz/${made.body.data.quizId}`, {
            token,
          });
          for (const q of quiz.body.data.questions.filter((x) => !x.answered)) {
            const answer = q.options.length ? (q.type === "choice" ? "a" : ["a", "b"]) : "—";
            await stack.server.call("POST", `/quiz/${made.body.data.quizId}/answer`, {
              token,
              body: { questionId: q.questionId, answer },
            });
          }
          await page.reload();
          await page
            .locator(`[data-testid=quiz-history-item][data-quiz-id="${made.body.data.quizId}"]`)
            .click();
          await page.getByTestId("quiz-results-view").waitFor();
          await page.getByTestId("quiz-results-item").first().click();
          await settled(page);
          expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
          await shoot(page, `quiz-results-${locale}-${width}`, true);
        }
        await page.context().close();
      }
    }
  }, 240_000);
});
