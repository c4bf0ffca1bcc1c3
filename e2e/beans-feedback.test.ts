import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { runAdminCli } from "../server/src/cli/admin-cli";
import { expectToast, newContext, registerByApi, startStack, uniqueEmail, type Stack } from "./harness";
import { expectAccessible } from "./axe";
import { DOCX, pickFiles } from "./notes-helpers";

/**
 * Feedback with two screenshots (preview zoom, scroll lock), the student discount from upload to approval by
 * the admin CLI while the server runs, the discounted price shown before confirming, and the "recharge in the
 * mobile app" dialog when Beancoins run out.
 */
let stack: Stack;
let context: BrowserContext;
let page: Page;
let email: string;
const dir = mkdtempSync(path.join(os.tmpdir(), "beannote-e2e-images-"));
const shot = (name: string) => path.join(dir, name);

/** `npm run admin -- …` against the running server (PGlite: through its admin link). */
async function admin(...argv: string[]): Promise<string[]> {
  const out: string[] = [];
  const code = await runAdminCli(argv, {
    env: { DATA_DIR: stack.server.config.dataDir, LOG_LEVEL: "silent" },
    out: (line) => out.push(line),
  });
  expect(code, out.join("\n")).toBe(0);
  return out;
}

beforeAll(async () => {
  stack = await startStack({ env: { APP_DOWNLOAD_URL: "https://beannote.test/app" } });
  email = uniqueEmail("student");
  const token = await registerByApi(stack, email, "Study12345");
  context = await newContext(stack, { token, language: "en-US", width: 1280 });
  page = await context.newPage();
  const screen = (color: string, format: "png" | "jpeg") => {
    const image = sharp({ create: { width: 900, height: 600, channels: 3, background: color } });
    return (format === "png" ? image.png() : image.jpeg()).toBuffer();
  };
  writeFileSync(shot("bug.png"), await screen("#dbe4ff", "png"));
  writeFileSync(shot("detail.jpg"), await screen("#ffe8cc", "jpeg"));
  writeFileSync(shot("student-id.jpg"), await screen("#e6fcf5", "jpeg"));
});
afterAll(async () => {
  await context?.close();
  await stack?.close();
});

describe("feedback, student discount and Beancoin in the browser", () => {
  it("sends feedback with two images, previewed with zoom while the page cannot scroll", async () => {
    await page.goto("/subOthers/pages/feedback");
    await expect.poll(() => page.getByTestId("feedback-email").inputValue()).toBe(email);
    await page.getByTestId("image-input").setInputFiles([shot("bug.png"), shot("detail.jpg")]);
    await expect.poll(() => page.getByTestId("picked-image").count()).toBe(2);
    await expectAccessible(page, "the feedback form with two images");

    await page.getByTestId("picked-image").nth(1).locator("button").first().click();
    const preview = page.getByTestId("image-preview");
    await preview.waitFor();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    await expectAccessible(page, "the image preview");
    for (let i = 0; i < 8; i++) await page.getByTestId("zoom-in").click({ force: true });
    expect(await preview.getAttribute("data-zoom")).toBe("4");
    await page.keyboard.press("Escape");
    await preview.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.body.style.overflow)).not.toBe("hidden");

    await page.getByTestId("feedback-submit").click();
    await expect.poll(() => page.locator(".ant-form-item-explain-error").count()).toBeGreaterThan(0);
    await expectAccessible(page, "the feedback form with an error");
    await page.getByTestId("feedback-suggestion").fill("Exporting a note on my phone does nothing.");
    await page.getByTestId("feedback-submit").click();
    await expectToast(page, "Feedback submitted");
    await page.getByTestId("feedback-sent").waitFor();
    await expectAccessible(page, "the feedback sent");

    const list = await admin("feedback", "list");
    expect(list.some((line) => line.includes(`\tusage_bug\t${email}\t2\t`))).toBe(true);
  });

  it("shows the student ID pending, then approved by the admin CLI, then the discounted prices", async () => {
    await page.goto("/subOthers/pages/setting");
    await page.getByTestId("student-discount").waitFor();
    expect(await page.getByTestId("student-status").textContent()).toBe("Not verified");
    await page.getByTestId("student-file").setInputFiles(shot("student-id.jpg"));
    await expectToast(page, "Student ID sent for review");
    await expect.poll(() => page.getByTestId("student-status").textContent()).toBe("Under review");
    await expectAccessible(page, "the settings with a student ID under review");

    const queue = await admin("students", "list");
    expect(queue.some((line) => line.startsWith(`${email}\tpending\t`))).toBe(true);
    await admin("students", "approve", email);

    await page.reload();
    await expect.poll(() => page.getByTestId("student-status").textContent()).toBe("Verified");
    await page.goto("/subOthers/pages/recharge");
    const flashcards = page.getByTestId("price-flashcards");
    await flashcards.waitFor();
    // 2 Beancoins, 70 % off, rounded up: 1.
    expect(await flashcards.locator("s").textContent()).toBe("2");
    expect(await flashcards.locator("strong").textContent()).toBe("1");
    await expectAccessible(page, "the recharge page with student prices");

    await page.goto("/subOthers/pages/about");
    await page.getByTestId("app-version").waitFor();
    await expectAccessible(page, "the about page");
    await page.goto("/pages/nowhere");
    await page.locator(".ant-result-404").waitFor();
    await expectAccessible(page, "the page-not-found screen");
  });

  it("shows what a note costs before it is confirmed, and where to recharge when Beancoins run out", async () => {
    await page.goto("/pages/new-note");
    await pickFiles(page, [DOCX]);
    const cost = page.getByTestId("cost-note");
    await cost.waitFor();
    expect(await cost.locator("s").count()).toBe(1); // the list price, struck through
    expect(Number(await cost.getAttribute("data-cost"))).toBeGreaterThan(0);
    await expectAccessible(page, "the new note's cost");

    await admin("beans", email, "-100000");
    await page.getByTestId("generate").click();
    const dialog = page.locator(".ant-modal").filter({ hasText: "Not enough Beancoins" });
    await dialog.waitFor();
    expect(await dialog.locator("a[href='https://beannote.test/app']").count()).toBe(1);
    await expectAccessible(page, "the not-enough-Beancoins dialog");
    expect(page.url()).toContain("/pages/new-note");
  });
});
