import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { NoteDetail, NoteListResponse } from "@beannote/contract";
import { startFakeOpenAI, type FakeOpenAI } from "../server/test/fake-openai";
import { translationScript } from "../server/test/fake-translation";
import { testDatabases, type TestDatabase } from "../server/test/test-db";
import { startTestServer, type TestServer } from "../server/test/test-server";
import {
  chooseOption,
  expectToast,
  newContext,
  registerByApi,
  screenshot,
  SHOTS,
  startStack,
  uniqueEmail,
  type Stack,
} from "./harness";
import { expectAccessible } from "./axe";
import { createNoteByApi, FIXTURES } from "./notes-helpers";
import { cachedReading } from "../server/test/parse-cache";

/**
 * Export and translate as a student uses them: a note exported to PDF from its page and from the list of
 * all notes (the file checked with pdftotext), the translate action disabled with its reason on a server
 * without a model, and, on a server with a (fake) model, a translation that becomes a new note.
 */
const ZH_DOCX = path.join(FIXTURES, "zh-study-notes-point-set-topology.docx");
const EN_DOCX = path.join(FIXTURES, "en-various-formatting.docx");

let stack: Stack;
let token: string;
let zhNote: string;
let enNote: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  stack = await startStack();
  token = await registerByApi(stack, uniqueEmail("export"), "Export12345");
  [zhNote, enNote] = await Promise.all([
    createNoteByApi(stack, token, [ZH_DOCX], "点集拓扑笔记", "zh-CN"),
    createNoteByApi(stack, token, [EN_DOCX], "Formatting notes", "en-US"),
  ]);
});
afterAll(async () => {
  await stack?.close();
});

/** Picks a format in the export menu of `scope` and returns the downloaded file's name and bytes. */
async function exportFrom(page: Page, trigger: ReturnType<Page["locator"]>, format: "pdf" | "docx" | "md") {
  await trigger.click();
  const download = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByTestId(`export-${format}`).last().click();
  const file = await download;
  const saved = path.join(SHOTS, `.download-${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(saved);
  return { name: file.suggestedFilename(), bytes: readFileSync(saved), saved };
}

describe("export", () => {
  it("exports a note to PDF from the note page and from the list of all notes", async () => {
    const context = await newContext(stack, { locale: "zh-CN", language: "zh-CN", token });
    const page = await context.newPage();
    await page.goto(`/subNote/pages/note?id=${zhNote}`);
    await page.getByTestId("note-actions").waitFor();
    await page.getByTestId("export-button").click();
    await page.getByTestId("export-pdf").waitFor();
    await screenshot(page, "export-menu-zh-CN-1440");
    await expectAccessible(page, "the note page's export menu (zh-CN)");
    await page.keyboard.press("Escape");

    const fromNote = await exportFrom(page, page.getByTestId("export-button"), "pdf");
    expect(fromNote.name).toBe("点集拓扑笔记.pdf");
    expect(fromNote.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = execFileSync("pdftotext", [fromNote.saved, "-"], { encoding: "utf8" });
    expect(text).toContain("点集拓扑笔记");
    expect(text).toContain("一、常见拓扑空间及其性质");
    await expectToast(page, "导出成功");

    await page.goto("/pages/my-file");
    const item = page.locator(`[data-note-id="${enNote}"]`);
    await item.waitFor();
    await screenshot(page, "export-my-file-zh-CN-1440");
    const fromList = await exportFrom(page, item.getByTestId("export-button"), "pdf");
    expect(fromList.name).toBe("Formatting notes.pdf");
    expect(execFileSync("pdftotext", [fromList.saved, "-"], { encoding: "utf8" })).toContain(
      "Formatting notes",
    );
    await expectToast(page, "导出成功");

    // a failing export says so, and the button is usable again
    await page.route("**/note/*/export", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ status: 503, code: "EXPORT_BUSY", message: "busy", data: null }),
      }),
    );
    await item.getByTestId("export-button").click();
    await page.getByTestId("export-docx").last().click();
    await expectToast(page, "导出失败，请稍后再试");
    await context.close();
  });

  it("shows the export and translate actions on a phone", async () => {
    const context = await newContext(stack, { locale: "en-US", language: "en-US", token, width: 375 });
    const page = await context.newPage();
    await page.goto(`/subNote/pages/note?id=${enNote}`);
    await page.getByTestId("note-actions").waitFor();
    await screenshot(page, "export-note-en-US-375");
    await expectAccessible(page, "the note page on a phone");
    const box = await page.getByTestId("note-actions").boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await page.goto("/pages/my-file");
    await page.locator(`[data-note-id="${enNote}"]`).getByTestId("export-button").waitFor();
    await screenshot(page, "export-my-file-en-US-375");
    await expectAccessible(page, "the list of notes on a phone");
    await context.close();
  });
});

describe("translate", () => {
  it("is disabled without a model, and says why", async () => {
    for (const [locale, reason] of [
      ["en-US", "Translation needs an AI model, and the operator of this site has not configured one."],
      ["zh-CN", "翻译需要 AI 模型，本站管理员尚未配置"],
    ] as const) {
      const context = await newContext(stack, { locale, language: locale, token });
      const page = await context.newPage();
      await page.goto(`/subNote/pages/note?id=${enNote}`);
      const button = page.getByTestId("translate-button");
      await button.waitFor();
      expect(await button.isDisabled()).toBe(true);
      await page.getByTestId("translate-unavailable").hover();
      await page.getByRole("tooltip").filter({ hasText: reason }).waitFor();
      await screenshot(page, `translate-disabled-${locale}-1440`);
      await expectAccessible(page, `the note page with translation unavailable (${locale})`);
      await context.close();
    }
  });

  describe("with a model", () => {
    let fake: FakeOpenAI;
    let database: TestDatabase;
    let server: TestServer;
    let llmToken: string;
    let noteId: string;
    // The translation's model calls wait until the journey has seen the dialog's running state: a machine under
    // load must not let the translation finish before the browser looks.
    let releaseTranslation = (): void => {};
    let translationHeld: Promise<void> = Promise.resolve();
    const holdTranslation = (): void => {
      translationHeld = new Promise((resolve) => (releaseTranslation = resolve));
    };

    beforeAll(async () => {
      const script = translationScript("de");
      fake = await startFakeOpenAI({
        // note generation gets the automatic answer; translation prompts a "[de]" on every line
        script: (call, n) =>
          call.prompt.includes('<part id="') ? { ...script(call, n), hold: translationHeld } : {},
      });
      database = await testDatabases[0]!.create();
      server = await startTestServer(database, {
        env: { AI_BASE_URL: fake.url, AI_API_KEY: "e2e", AI_MODEL: "fake", SMTP_URL: stack.smtp.url },
        ...cachedReading, // like startStack's: the translation is under test here, not reading the DOCX
      });
      const llmStack = { ...stack, server };
      llmToken = await registerByApi(llmStack, uniqueEmail("translate"), "Translate12345");
      noteId = await createNoteByApi(llmStack, llmToken, [EN_DOCX], "Formatting notes", "en-US");
    });
    afterAll(async () => {
      await server?.close();
      await database?.close();
      await fake?.close();
    });

    it("writes the translation as a new note and opens it", async () => {
      for (const [locale, width] of [
        ["en-US", 1440],
        ["zh-CN", 375],
      ] as const) {
        const context = await newContext(
          { ...stack, server },
          { locale, language: locale, token: llmToken, width },
        );
        const page = await context.newPage();
        await page.goto(`/subNote/pages/note?id=${noteId}`);
        await page.getByTestId("translate-button").click();
        const dialog = page.locator(".ant-modal");
        await dialog.getByTestId("translate-start").waitFor();
        await chooseOption(page, dialog.getByTestId("translate-language"), "Deutsch");
        await screenshot(page, `translate-dialog-${locale}-${width}`);
        await expectAccessible(page, `the translate dialog (${locale}, ${width} px)`);
        holdTranslation();
        await dialog.getByTestId("translate-start").click();
        await dialog.getByTestId("translate-running").waitFor();
        await screenshot(page, `translate-running-${locale}-${width}`);
        releaseTranslation();
        await dialog.getByTestId("translate-done").waitFor({ timeout: 60_000 });
        await expectToast(page, locale === "zh-CN" ? "翻译完成" : "Translation completed");
        await screenshot(page, `translate-done-${locale}-${width}`);
        await expectAccessible(page, `the translation done (${locale}, ${width} px)`);
        await dialog.getByTestId("translate-open").click();

        await page.waitForURL(/subNote\/pages\/note\?id=/);
        const newId = new URL(page.url()).searchParams.get("id")!;
        expect(newId).not.toBe(noteId);
        // The URL changes before React renders the new note: wait for its title, not the old page.
        await page.getByTestId("note-title").filter({ hasText: "(Deutsch)" }).waitFor();
        await page.getByTestId("note-edit").waitFor();
        expect(await page.getByTestId("note-title").textContent()).toBe("Formatting notes (Deutsch)");
        expect(await page.locator(".note-markdown").first().textContent()).toContain("[de]");
        await screenshot(page, `translate-note-${locale}-${width}`);
        const note = await server.call<NoteDetail>("GET", `/note/${newId}`, { token: llmToken });
        expect(note.body.data).toMatchObject({ status: "ready", outputLanguage: "de-DE" });
        await context.close();
      }
      const list = await server.call<NoteListResponse>("GET", "/note/list", { token: llmToken });
      expect(list.body.data.items.map((i) => i.title).sort()).toEqual([
        "Formatting notes",
        "Formatting notes (Deutsch)",
        "Formatting notes (Deutsch)",
      ]);
    });
  });
});
