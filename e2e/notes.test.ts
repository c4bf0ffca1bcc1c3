import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  confirmDialog,
  expectToast,
  newContext,
  openFromMenu,
  registerByApi,
  screenshot,
  settled,
  startStack,
  uniqueEmail,
  type Stack,
} from "./harness";
import { expectAccessible } from "./axe";
import {
  DOCX,
  FIXTURES,
  PDF,
  createNoteByApi,
  horizontalOverflow,
  longWords,
  pickFiles,
  viewerPageInput,
  viewerPageText,
} from "./notes-helpers";

/**
 * The main job end to end in a real browser: upload a PDF and a DOCX, watch the note being written,
 * follow a citation into the source, edit, save, reset, then find, copy and delete it in All notes.
 */
let stack: Stack;
let token: string;

/**
 * A stack and an account for the tests of the calling describe. The upload journey's stack reads every file for
 * real; the other tests, whose files are not what they test, get one that reads through the tests' parse cache
 * (server/test/parse-cache.ts), so the same fixtures are not parsed again for each screen. One stack at a time.
 */
function withStack(options: { realReading?: boolean } = {}): void {
  beforeAll(async () => {
    stack = await startStack(options);
    token = await registerByApi(stack, uniqueEmail("notes"), "Notes12345");
  });
  afterAll(async () => stack?.close());
}

async function signedIn(options: { locale?: string; width?: number } = {}): Promise<Page> {
  const locale = options.locale ?? "en-US";
  const context = await newContext(stack, { locale, language: locale, token, width: options.width });
  return context.newPage();
}

describe("note journey, files read for real", () => {
  withStack({ realReading: true });

  it("uploads, generates, cites, edits, saves, resets, lists, copies and deletes", async () => {
    const page = await signedIn();
    await page.goto("/pages/new-note");
    await page.getByTestId("new-note-form").waitFor();

    // Two files in one pick: each gets its own progress and parse state.
    await pickFiles(page, [PDF, DOCX]);
    const phases = await page
      .locator(".upload-item")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-phase")));
    expect(phases).toEqual(["ready", "ready"]);
    await expect.poll(() => page.locator(".upload-item").first().textContent()).toMatch(/Ready · pages: \d+/);
    // The title is prefilled from the first file's name.
    expect(await page.getByTestId("note-title").inputValue()).toBe("en-paper-tracemonkey-trace-jit");
    const title = `TraceMonkey and Moby ${Date.now().toString(36)}`;
    await page.getByTestId("note-title").fill(title);

    await page.getByTestId("generate").click();
    await page.waitForURL(/\/subNote\/pages\/note\?id=/);
    const noteId = new URL(page.url()).searchParams.get("id")!;
    await page.getByTestId("note-content").waitFor({ timeout: 120_000 });
    expect(await page.getByTestId("note-title").textContent()).toBe(title);
    const sections = page.locator(".note-sections--depth-0 > .ant-collapse-item");
    expect(await sections.count()).toBeGreaterThanOrEqual(2);

    // Sections collapse and expand.
    const firstBody = sections.first().locator(".note-markdown").first();
    await expect.poll(() => firstBody.isVisible()).toBe(true);
    await sections.first().locator(":scope > .ant-collapse-header").click();
    await expect.poll(() => firstBody.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Expand all" }).click();
    await expect.poll(() => firstBody.isVisible()).toBe(true);

    // A PDF citation opens the viewer beside the note at the cited page, whose text holds the section's words.
    const citation = page.locator('a.citation[data-source="1"]').nth(2);
    const cited = Number(await citation.getAttribute("data-page"));
    const sectionText =
      (await page
        .locator(".note-sections > .ant-collapse-item", { has: citation })
        .last()
        .locator(".note-markdown")
        .first()
        .textContent()) ?? "";
    await citation.click();
    await page.getByTestId("source-viewer").waitFor();
    const pageText = await viewerPageText(page, cited);
    expect(await viewerPageInput(page)).toBe(String(cited));
    const words = longWords(sectionText.replace(/p\.\s*\d+/g, ""));
    const found = words.filter((w) => pageText.includes(w));
    expect(found.length, `words of the section on page ${cited}: ${found.join(", ")}`).toBeGreaterThanOrEqual(
      Math.min(5, words.length),
    );
    const viewerBox = (await page.getByTestId("source-viewer").boundingBox())!;
    const noteBox = (await page.getByTestId("note-content").boundingBox())!;
    expect(viewerBox.x).toBeGreaterThan(noteBox.x + noteBox.width - 1); // beside, on the right

    // Page navigation and zoom.
    await page.getByRole("button", { name: "Next page" }).click();
    await viewerPageText(page, cited + 1);
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect.poll(() => page.locator(".source-viewer__zoom-value").textContent()).toBe("125%");

    // A DOCX citation: rendered through the server's PDF conversion, or, without a converter, a notice naming the page.
    const docxCitation = page.locator('a.citation[data-source="2"]').first();
    if (await docxCitation.count()) {
      const docxPage = await docxCitation.getAttribute("data-page");
      await docxCitation.click();
      await page.locator(".source-viewer__file", { hasText: "en-moby-dick-headings-lists.docx" }).waitFor();
      // With LibreOffice the DOCX is shown as PDF at the cited page; without it, the viewer says so.
      const rendered = page.locator(`[data-testid="pdf-page"][data-page="${docxPage}"][data-state="ready"]`);
      await page.getByTestId("cited-page").or(rendered).first().waitFor({ timeout: 60_000 });
      console.log(
        "DOCX source shown as",
        (await page.getByTestId("cited-page").count()) ? "notice" : "PDF page",
      );
      if (await page.getByTestId("cited-page").count())
        expect(await page.getByTestId("cited-page").textContent()).toContain(`page ${docxPage}`);
      else expect((await viewerPageText(page, Number(docxPage))).length).toBeGreaterThan(20);
    }

    // Edit, save (toast), reset (confirm) back to the generated text.
    await page.getByTestId("note-edit").click();
    const editor = page.getByTestId("note-editor").locator("textarea");
    const generated = await editor.inputValue();
    await editor.fill(`${generated}\n\n## My own summary\n\nTrace trees record **hot loops**.\n`);
    await expectAccessible(page, "the note editor");
    await page.getByTestId("note-save").click();
    await expectToast(page, "Save successful");
    await page.locator(".note-section__heading", { hasText: "My own summary" }).waitFor();
    await page.getByText("Edited", { exact: true }).waitFor();
    await page.getByTestId("note-reset").click();
    await confirmDialog(page, /Reset/);
    await expectToast(page, "The note was reset");
    await page
      .locator(".note-section__heading", { hasText: "My own summary" })
      .waitFor({ state: "detached" });

    // Home lists it among the recent notes.
    await openFromMenu(page, "/pages/index");
    await page.getByTestId("recent-notes").getByText(title).waitFor();

    // All notes: search, copy, delete with confirmation.
    await openFromMenu(page, "/pages/my-file");
    await page.getByTestId("note-search").fill(title.split(" ").at(-1)!);
    await page.waitForURL(/q=/);
    const items = page.getByTestId("note-item");
    await expect.poll(() => items.count()).toBe(1);
    await items.first().getByRole("button", { name: "Copy" }).click();
    await expectToast(page, "Note copied");
    await expect.poll(() => items.count()).toBe(2);
    const ids = await items.evaluateAll((els) => els.map((e) => e.getAttribute("data-note-id")));
    const copyId = ids.find((id) => id !== noteId)!;
    expect(copyId).toBeTruthy();
    await page.locator(`[data-note-id="${copyId}"]`).getByRole("button", { name: "Delete" }).click();
    await page
      .locator(".ant-modal-confirm")
      .getByRole("button", { name: /Delete/ })
      .click();
    await expectToast(page, "Note deleted");
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().getAttribute("data-note-id")).toBe(noteId);

    // The four sorts are offered.
    await page.getByRole("combobox", { name: "Sort" }).click();
    for (const label of ["Modified: newest first", "Modified: oldest first", "Name: A to Z", "Name: Z to A"])
      await page.locator(".ant-select-item-option", { hasText: label }).waitFor();
    await page.context().close();
  });
});

describe("files read through the parse cache", () => {
  withStack();
  /** The note of a PDF and a DOCX that the replay and the note screens look at, generated once. */
  let paperNote: string;
  beforeAll(async () => {
    paperNote = await createNoteByApi(stack, token, [PDF, DOCX], "TraceMonkey: trace-based JIT");
  });

  describe("note journey", () => {
    it("replays a job's events over SSE into the generation view, then shows the note", async () => {
      // The offline engine finishes before a browser could watch it, so the page is told once that the
      // note is still generating; the job's real event stream (replayed by the server) must then carry
      // the view through progress and sections to "done".
      const page = await signedIn();
      await page.addInitScript(() => {
        const seen = { sections: 0, steps: [] as string[] };
        (window as unknown as { __seen: typeof seen }).__seen = seen;
        new MutationObserver(() => {
          const list = document.querySelector('[data-testid="generation-sections"]');
          if (list) seen.sections = Math.max(seen.sections, list.children.length);
          const step = document.querySelector('[data-testid="generation-step"]')?.textContent;
          if (step && !seen.steps.includes(step)) seen.steps.push(step);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      let told = false;
      await page.route(`**/note/${paperNote}`, async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        if (!told) body.data = { ...body.data, status: "generating" };
        told = true;
        await route.fulfill({ response, json: body });
      });
      await page.goto(`/subNote/pages/note?id=${paperNote}`);
      await page.getByTestId("note-content").waitFor({ timeout: 30_000 });
      const seen = await page.evaluate(
        () => (window as unknown as { __seen: { sections: number; steps: string[] } }).__seen,
      );
      expect(seen.steps.length).toBeGreaterThan(0);
      expect(seen.sections).toBeGreaterThan(0);
      await page.context().close();
    });

    it("says why a file cannot be used and keeps the others", async () => {
      const page = await signedIn();
      await page.goto("/pages/new-note");
      await page.getByTestId("new-note-form").waitFor();
      await page.getByTestId("generate").click();
      await page.getByRole("alert").filter({ hasText: "No file selected" }).waitFor();

      const dir = path.join(tmpdir(), `beannote-e2e-${Date.now()}`);
      mkdirSync(dir, { recursive: true });
      const text = path.join(dir, "notes.txt");
      writeFileSync(text, "plain text is not a course file");
      await pickFiles(page, [text, path.join(FIXTURES, "encrypted-user-password-is-password.pdf"), DOCX]);
      const statuses = await page.getByTestId("upload-status").allTextContents();
      expect(statuses[0]).toContain("Unsupported format");
      expect(statuses[1]).toContain("password-protected");
      expect(statuses[2]).toMatch(/Ready/);
      // Generating with only failed files says which failed and why, not "No file selected".
      await page.getByRole("button", { name: "Remove en-moby-dick-headings-lists.docx" }).click();
      await page.getByTestId("generate").click();
      const alert = page.getByRole("alert").filter({ hasText: "None of the chosen files could be used" });
      await alert.waitFor();
      expect(await alert.textContent()).toContain("encrypted-user-password-is-password.pdf: ");
      expect(await alert.textContent()).toContain("password-protected");
      expect(await alert.textContent()).not.toContain("No file selected");
      await expectAccessible(page, "the upload page with files that failed");
      await pickFiles(page, [DOCX]);
      // The failed ones can be removed; the ready one stays.
      await page.getByRole("button", { name: "Remove notes.txt" }).click();
      await expect.poll(() => page.locator(".upload-item").count()).toBe(2);
      await page.context().close();
    });
  });

  describe("source viewer on a Chinese PDF", () => {
    // The lecture's Chinese is set in fonts that are not embedded: pdf.js needs its CMaps to draw it at all.
    const ZH_PDF = path.join(FIXTURES, "zh-lecture-notes-math-physics-methods.pdf");
    let noteId: string;
    beforeAll(async () => {
      noteId = await createNoteByApi(stack, token, [ZH_PDF], "数学物理方法", "zh-CN");
    });

    for (const [locale, width] of [
      ["zh-CN", 375],
      ["en-US", 1440],
    ] as const) {
      it(`draws the Chinese text and fits the page to the width (${locale}, ${width} px)`, async () => {
        const page = await signedIn({ locale, width });
        const logged: string[] = [];
        page.on("console", (m) => logged.push(m.text()));
        await page.goto(`/subNote/pages/note?id=${noteId}`);
        // the 115-page lecture's note (hundreds of formulas) renders for long on a loaded machine: wait for it
        await page.getByTestId("note-content").waitFor({ timeout: 120_000 });
        await page.locator('a.citation[data-page="1"]').first().click();
        const text = await viewerPageText(page, 1);
        expect((text.match(/\p{Script=Han}/gu) ?? []).length).toBeGreaterThan(100);
        expect(text).toContain("解析函数");
        // pdf.js warns when a font cannot be read without CMaps or standard fonts, and then draws nothing for it.
        expect(logged.filter((m) => /cMap|standardFont|loadFont|translateFont/i.test(m))).toEqual([]);
        const canvas = (await page.locator(".pdf-page canvas").boundingBox())!;
        if (width < 768) {
          // Fit width on a phone: the page spans the window, not the ~270 px left inside the note's card.
          expect(canvas.width).toBeGreaterThanOrEqual(width - 16);
          expect(await page.locator(".source-viewer__zoom-value").textContent()).toBe("100%");
          await page.getByRole("button", { name: "放大" }).click();
          await expect
            .poll(async () => (await page.locator(".pdf-page canvas").boundingBox())!.width)
            .toBeGreaterThan(canvas.width * 1.2);
          expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        }
        await screenshot(page, `viewer-zh-pdf-${locale}-${width}`);
        await page.context().close();
      });
    }
  });

  describe("note screens", () => {
    for (const locale of ["en-US", "zh-CN"] as const) {
      for (const width of [375, 1440] as const) {
        it(`${locale} at ${width} px`, async () => {
          const page = await signedIn({ locale, width });
          const shot = async (name: string, fullPage = true) => {
            await settled(page);
            await screenshot(page, `notes-${name}-${locale}-${width}`, { fullPage });
            expect(await horizontalOverflow(page), name).toBeLessThanOrEqual(0);
            await expectAccessible(page, `${name} (${locale}, ${width} px)`);
          };

          await page.goto("/pages/new-note");
          await pickFiles(page, [PDF, path.join(FIXTURES, "encrypted-user-password-is-password.pdf")]);
          await shot("new-note");

          // The generation view, held open: the note reads as generating and the stream sends two sections.
          const real = await stack.server.call<{ markdown: string }>("GET", `/note/${paperNote}`, { token });
          const parts = real.body.data.markdown
            .split(/\n(?=### )/)
            .slice(1, 3)
            .map((part) => part.slice(0, 900).replace(/\n[^\n]*$/, ""));
          await page.route(`**/note/${paperNote}`, async (route) => {
            const response = await route.fetch();
            const body = await response.json();
            body.data = { ...body.data, status: "generating", jobId: "held" };
            await route.fulfill({ response, json: body });
          });
          await page.route("**/job/held/events", (route) =>
            route.fulfill({
              contentType: "text/event-stream",
              body: [
                `id: 1\nevent: progress\ndata: ${JSON.stringify({ step: "write", percent: 62, messageKey: "progress.writing" })}\n\n`,
                ...parts.map(
                  (markdown, i) =>
                    `id: ${i + 2}\nevent: partial\ndata: ${JSON.stringify({ index: i, total: 6, heading: "", markdown })}\n\n`,
                ),
              ].join(""),
            }),
          );
          await page.goto(`/subNote/pages/note?id=${paperNote}`);
          await page.getByTestId("generation-sections").waitFor();
          await shot("generation");
          await page.unrouteAll({ behavior: "ignoreErrors" });

          await page.goto(`/subNote/pages/note?id=${paperNote}`);
          await page.getByTestId("note-content").waitFor();
          const citation = page.locator('a.citation[data-source="1"]').nth(1);
          const cited = Number(await citation.getAttribute("data-page"));
          await citation.click();
          await viewerPageText(page, cited);
          if (width < 768)
            // On a phone the viewer sits below the note and is scrolled (smoothly) to the top of the window.
            await page.waitForFunction(() => {
              const box = document.querySelector('[data-testid="source-viewer"]')?.getBoundingClientRect();
              return box !== undefined && box.top >= 0 && box.top < 130;
            });
          await shot("note-source", false); // the note is long: the window shows the note beside its source

          await openFromMenu(page, "/pages/my-file");
          await page.getByTestId("note-list").waitFor();
          await shot("my-file");

          await openFromMenu(page, "/pages/index");
          await page.getByTestId("recent-notes").waitFor();
          await shot("home-recent");
          await page.context().close();
        });
      }
    }
  });
});
