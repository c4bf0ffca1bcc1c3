import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NoteListResponse } from "@beannote/contract";
import { startFakeOpenAI, type FakeOpenAI } from "../server/test/fake-openai";
import {
  confirmDialog,
  newContext,
  registerByApi,
  screenshot,
  startStack,
  uniqueEmail,
  type Stack,
} from "./harness";
import { expectAccessible } from "./axe";
import { FIXTURES, pickFiles } from "./notes-helpers";

/**
 * Watching a note being written, on a server configured with a (fake) model that takes 1.5 s a call, so the
 * generation view is on screen long enough to see progress, sections arriving, cancel and generate again.
 */
let fake: FakeOpenAI;
let stack: Stack;
let token: string;

beforeAll(async () => {
  fake = await startFakeOpenAI({ delayMs: 1500 });
  stack = await startStack({
    env: {
      AI_BASE_URL: fake.url,
      AI_API_KEY: "e2e",
      AI_MODEL: "fake",
      AI_CONCURRENCY: "1",
      AI_CONTEXT_TOKENS: "2000",
    },
  });
  token = await registerByApi(stack, uniqueEmail("generation"), "Watch12345");
});
afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

describe("generation view", () => {
  it("shows progress and sections as they are written, cancels, and generates again", async () => {
    const context = await newContext(stack, { locale: "en-US", language: "en-US", token });
    const page = await context.newPage();
    await page.goto("/pages/new-note");
    await pickFiles(page, [path.join(FIXTURES, "en-tutorial-apache-performance-tuning.pptx")]);
    await page.getByTestId("generate").click();

    const view = page.getByTestId("generation-view");
    await view.waitFor();
    await page.getByTestId("generation-sections").locator("section").first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("generation-step").textContent()).toBe("Writing the sections…");
    expect(await page.getByTestId("generation-tip").textContent()).not.toBe("");
    const percent = await view.locator(".ant-progress").getAttribute("aria-valuenow");
    expect(Number(percent)).toBeGreaterThan(0);
    expect(Number(percent)).toBeLessThan(100);
    await screenshot(page, "generation-live-en-US-1440");

    await view.getByRole("button", { name: "Cancel" }).click();
    await confirmDialog(page, "Stop");
    const failed = page.getByTestId("generation-failed");
    await failed.waitFor({ timeout: 15_000 });
    expect(await failed.textContent()).toContain("Generation cancelled");
    await expectAccessible(page, "the generation view, cancelled");
    const callsAtCancel = fake.calls.length;

    await failed.getByRole("button", { name: "Generate again" }).click();
    await page.getByTestId("note-edit").waitFor({ timeout: 60_000 });
    expect(fake.calls.length).toBeGreaterThan(callsAtCancel);
    expect(await page.locator(".markdown-body, article").first().textContent()).toMatch(/\w{4,}/);

    // The cancelled note was replaced by the new one: one note in the list, ready.
    const list = await stack.server.call<NoteListResponse>("GET", "/note/list", { token });
    expect(list.body.data.items.map((item) => item.status)).toEqual(["ready"]);
    await context.close();
  });
});
