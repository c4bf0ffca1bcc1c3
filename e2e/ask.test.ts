import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newContext, registerByApi, repoRoot, startStack, uniqueEmail, type Stack } from "./harness";
import {
  FIXTURES,
  createChineseNoteByApi,
  createNoteByApi,
  horizontalOverflow,
  viewerPageInput,
} from "./notes-helpers";
import { expectAccessible } from "./axe";

/**
 * The Ask journey in a real browser: suggested questions, Shift+Enter for a new line and Enter to send, the
 * answer with its citation chip, the chip opening the source viewer at the cited page, a question the document
 * does not answer, the conversation kept in the list; en-US at desktop width and zh-CN on a phone
 * (SCREENSHOTS=1 keeps the screenshots).
 */
let stack: Stack;
let token: string;
let englishNote: string;
let chineseNote: string;
const shots = path.join(repoRoot, "screenshots");
const shoot = async (page: Page, name: string) => {
  await expectAccessible(page, name);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(shots, `${name}.png`) });
};

beforeAll(async () => {
  stack = await startStack();
  token = await registerByApi(stack, uniqueEmail("ask"), "Ask123456");
  [englishNote, chineseNote] = await Promise.all([
    createNoteByApi(
      stack,
      token,
      [path.join(FIXTURES, "en-paper-dense-passage-retrieval.pdf")],
      "Dense retrieval",
    ),
    createChineseNoteByApi(stack, token),
  ]);
  mkdirSync(shots, { recursive: true });
}, 240_000);
afterAll(async () => stack?.close());

async function askTab(noteId: string, locale: string, width: number): Promise<Page> {
  const context = await newContext(stack, { locale, language: locale, token, width });
  const page = await context.newPage();
  await page.goto(`/subNote/pages/note?id=${noteId}&tab=ask`);
  await page.getByTestId("ask-tab").waitFor({ timeout: 30_000 });
  return page;
}

describe("Ask journey", () => {
  it("asks with the keyboard, shows the answer with a citation chip that opens the source at its page", async () => {
    const page = await askTab(englishNote, "en-US", 1440);
    await page.getByTestId("ask-suggestions").waitFor();
    await shoot(page, "ask-empty-en-US-1440");

    const input = page.getByTestId("ask-input");
    await input.fill("What is FAISS?");
    await input.press("Shift+Enter");
    expect(await input.inputValue()).toBe("What is FAISS?\n");
    expect(await page.getByTestId("ask-answer").count()).toBe(0);
    await input.press("Enter");

    const answer = page.getByTestId("ask-answer").first();
    await answer.waitFor({ timeout: 30_000 });
    expect(await answer.getAttribute("data-found")).toBe("true");
    expect(await answer.textContent()).toMatch(/FAISS/);
    const chip = answer.getByTestId("ask-citation").first();
    const chipText = (await chip.textContent()) ?? "";
    const citedPage = /p\. (\d+)/.exec(chipText)?.[1];
    expect(citedPage).toBeDefined();
    expect(await input.inputValue()).toBe("");
    await shoot(page, "ask-answer-en-US-1440");

    await chip.click();
    await page.getByTestId("viewer-page").first().waitFor({ timeout: 30_000 });
    expect(await viewerPageInput(page)).toBe(citedPage);
    // The quoted sentence is marked on the page's text layer.
    await page
      .locator(`[data-testid="pdf-page"][data-page="${citedPage}"][data-state="ready"]`)
      .waitFor({ timeout: 30_000 });
    expect(await page.locator(".pdf-highlight").count()).toBeGreaterThan(0);
    expect((await page.locator(".pdf-highlight").first().textContent())?.toLowerCase()).toMatch(
      /faiss|similarity|vectors/,
    );
    await page.keyboard.press("Escape");
    await page.getByTestId("viewer-page").first().waitFor({ state: "detached" });

    await input.fill("Who won the football world cup in 1954?");
    await page.getByTestId("ask-send").click();
    await page.getByTestId("ask-answer").nth(1).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("ask-answer").nth(1).getAttribute("data-found")).toBe("false");
    expect(await page.getByTestId("ask-answer").nth(1).textContent()).toContain("The document does not say.");
    await expect.poll(() => page.locator(".ask-conversation").count(), { timeout: 10_000 }).toBe(1);
    await page.context().close();
  });

  it("works on a phone in Chinese", async () => {
    const page = await askTab(chineseNote, "zh-CN", 375);
    await shoot(page, "ask-empty-zh-CN-375");
    const input = page.getByTestId("ask-input");
    await input.fill("A的闭包是什么？");
    await input.press("Enter");
    const answer = page.getByTestId("ask-answer").first();
    await answer.waitFor({ timeout: 30_000 });
    expect(await answer.getByTestId("ask-citation").count()).toBeGreaterThan(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, "ask-answer-zh-CN-375");
    await page.context().close();
  });
});
