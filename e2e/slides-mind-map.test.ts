import { mkdtemp, readFile, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { SlideDeck } from "@beannote/contract";
import {
  chooseMenuItem,
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
import { PDF, createNoteByApi, createChineseNoteByApi, horizontalOverflow } from "./notes-helpers";
import { expectAccessible } from "./axe";

/**
 * Mind map and slides in a real browser: open the map, fold and unfold, follow a page chip, export a PNG and
 * look at it; generate slides, step through them with the keys, present with notes, edit, download .pptx
 * and PDF; screenshots in zh-CN and en-US at phone and desktop widths (SCREENSHOTS=1 keeps them).
 */
let stack: Stack;
let token: string;
let englishNote: string;
let chineseNote: string;

beforeAll(async () => {
  stack = await startStack();
  token = await registerByApi(stack, uniqueEmail("slides"), "Slides12345");
  [englishNote, chineseNote] = await Promise.all([
    createNoteByApi(stack, token, [PDF], "TraceMonkey: trace-based JIT"),
    createChineseNoteByApi(stack, token),
  ]);
}, 240_000);
afterAll(async () => stack?.close());

async function signedIn(locale = "en-US", width = 1440): Promise<Page> {
  const context = await newContext(stack, { locale, language: locale, token, width });
  return context.newPage();
}

const visibleNodes = (page: Page) => page.locator(".mind-map-view g.markmap-node").count();

describe("mind map and slides journey", () => {
  it("shows the mind map: fold and unfold, open a page from a node, export a PNG that shows the map", async () => {
    const page = await signedIn();
    await page.goto(`/subNote/pages/note?id=${englishNote}&tab=mindMap`);
    await page.getByTestId("mind-map-view").locator("g.markmap-node").first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId("mind-map-tab").getAttribute("data-render-ms")).not.toBeNull();
    const all = await visibleNodes(page);
    expect(all).toBeGreaterThan(20);

    await page.getByTestId("mind-map-collapse").click();
    await expect.poll(() => visibleNodes(page)).toBeLessThan(all);
    const folded = await visibleNodes(page);
    await page.getByTestId("mind-map-expand").click();
    await expect.poll(() => visibleNodes(page)).toBe(all);
    // a click on a branch's circle folds it (markmap's own control)
    await page.locator(".mind-map-view g.markmap-node circle").nth(1).click();
    await expect.poll(() => visibleNodes(page)).toBeLessThan(all);
    expect(folded).toBeLessThan(all);
    await page.getByTestId("mind-map-fit").click();
    await expectAccessible(page, "the mind map");

    // a node's page chip opens the source viewer at that page
    await page.locator(".mind-map-view .mm-cite").first().click();
    await page.locator(".source-drawer").waitFor();
    await expectAccessible(page, "the mind map's source drawer");
    await page.locator(".ant-drawer-mask").click({ position: { x: 10, y: 10 } });
    await page.locator(".source-drawer").waitFor({ state: "hidden" });

    const download = page.waitForEvent("download");
    await chooseMenuItem(page, page.getByTestId("mind-map-export"), "PNG picture");
    const png = await (await download).path();
    const bytes = await readFile(png);
    expect([...bytes.subarray(1, 4)].map((c) => String.fromCharCode(c)).join("")).toBe("PNG");
    expect((await stat(png)).size).toBeGreaterThan(10_000);
    if (process.env.SCREENSHOTS)
      await page
        .context()
        .close()
        .then(() => undefined);
  }, 120_000);

  it("exports a Chinese map as SVG and PNG with every label whole (the root lost its last character)", async () => {
    const page = await signedIn("zh-CN");
    await page.goto(`/subNote/pages/note?id=${chineseNote}&tab=mindMap`);
    await page.getByTestId("mind-map-view").locator("g.markmap-node").first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId("mind-map-tab").getAttribute("data-render-ms")).not.toBeNull();
    const chips = await page.locator(".mind-map-view .mm-cite").count();
    const files: Record<string, string> = {};
    for (const [label, extension] of [
      ["SVG", "svg"],
      ["PNG", "png"],
    ] as const) {
      const download = page.waitForEvent("download");
      await chooseMenuItem(page, page.getByTestId("mind-map-export"), label);
      // saved under its extension, so that the browser opens the SVG as a picture, not as text
      files[extension] = path.join(await mkdtemp(path.join(tmpdir(), "beannote-map-")), `map.${extension}`);
      await (await download).saveAs(files[extension]);
    }
    expect((await readFile(files.png!)).subarray(1, 4).toString("latin1")).toBe("PNG");
    // The SVG opened on its own, as an image viewer would draw it: each label fits its box (a wrapped line
    // fell below it).
    await page.goto(`file://${files.svg}`);
    const labels = await page.locator("foreignObject").evaluateAll((boxes) =>
      boxes.map((box) => {
        const outer = box.getBoundingClientRect();
        const text = box.querySelector(".mm-label")!.parentElement!.getBoundingClientRect();
        return {
          text: box.textContent,
          fits: text.right <= outer.right + 0.01 && text.bottom <= outer.bottom + 0.01,
        };
      }),
    );
    expect(labels.length).toBeGreaterThan(3);
    expect(labels.filter((l) => !l.fits)).toEqual([]);
    expect(await page.locator(".mm-cite").count()).toBe(chips);
    await page.context().close();
  }, 120_000);

  it("generates slides, steps with the keys, presents with notes, edits and downloads .pptx and PDF", async () => {
    const page = await signedIn();
    await page.goto(`/subNote/pages/note?id=${englishNote}&tab=slides`);
    await page.getByTestId("artefact-empty").waitFor();
    await page.getByTestId("slides-settings-open").click();
    await page.getByTestId("slides-max").fill("8");
    await expectAccessible(page, "the slides settings");
    await page.getByTestId("slides-generate").click();
    await page.getByTestId("slide-viewer").waitFor({ timeout: 60_000 });
    await expectToast(page, "Slides ready");
    const counter = () => page.getByTestId("slide-counter").textContent();
    expect(await counter()).toBe("1 / 8");
    await expectAccessible(page, "the slides");
    // a thumbnail's number sits beside the slide, not over the start of its title ("Agenda" read "nda")
    const covered = await page.getByTestId("slide-thumb").evaluateAll(
      (thumbs) =>
        thumbs.filter((thumb) => {
          const number = thumb.querySelector(".slide-thumb__number")!.getBoundingClientRect();
          const slide = thumb.querySelector(".slide-stage")!.getBoundingClientRect();
          return number.right > slide.left && number.left < slide.right && number.bottom > slide.top;
        }).length,
    );
    expect(covered).toBe(0);

    await page.keyboard.press("ArrowRight");
    expect(await counter()).toBe("2 / 8");
    await page.keyboard.press("Space");
    expect(await counter()).toBe("3 / 8");
    await page.keyboard.press("ArrowLeft");
    expect(await counter()).toBe("2 / 8");
    await page.getByTestId("slide-thumb").nth(3).click();
    expect(await counter()).toBe("4 / 8");
    expect(await page.getByTestId("slide-notes").textContent()).not.toBe("");

    await page.getByTestId("slides-present").click();
    await page.getByTestId("slide-presenter").waitFor();
    expect(await page.getByTestId("presenter-counter").textContent()).toBe("4 / 8");
    await page.keyboard.press("ArrowRight");
    expect(await page.getByTestId("presenter-counter").textContent()).toBe("5 / 8");
    expect((await page.getByTestId("presenter-notes").textContent())?.length).toBeGreaterThan(10);
    await expectAccessible(page, "the slide presenter");
    await page.getByTestId("presenter-exit").click();
    await page.getByTestId("slide-presenter").waitFor({ state: "detached" });

    // edit the slide's title and bullets, then move it earlier
    await page.getByTestId("slide-edit").click();
    await page.getByTestId("slide-edit-title").fill("Trace trees in short");
    await page.getByTestId("slide-edit-bullets").fill("Record hot loops\nCompile the trace");
    await expectAccessible(page, "the slide editor");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Slides saved");
    await page.getByTestId("slide-move-earlier").click();
    await expect.poll(counter).toBe("4 / 8");
    const deck = (await stack.server.call<SlideDeck>("GET", `/note/${englishNote}/slides`, { token })).body
      .data;
    expect(deck.slides[3]).toMatchObject({
      title: "Trace trees in short",
      bullets: ["Record hot loops", "Compile the trace"],
    });

    for (const [label, extension] of [
      ["PowerPoint file (.pptx)", "pptx"],
      ["PDF document", "pdf"],
    ] as const) {
      const download = page.waitForEvent("download", { timeout: 90_000 });
      await chooseMenuItem(page, page.getByTestId("slides-download"), label);
      const file = await download;
      expect(file.suggestedFilename()).toMatch(new RegExp(`\\.${extension}$`));
      const bytes = await readFile((await file.path())!);
      expect(bytes.subarray(0, 4).toString("latin1")).toBe(extension === "pdf" ? "%PDF" : "PK\u0003\u0004");
    }
  }, 240_000);

  it("closes the '…' menu of the note's tabs once a tab is chosen in a narrow window", async () => {
    // A phone's user agent gets a scrolling tab bar; a narrow window of another browser gets the "…" menu.
    const context = await stack.browser.newContext({
      baseURL: stack.server.url,
      viewport: { width: 390, height: 812 },
      hasTouch: true,
    });
    await context.addInitScript((stored) => localStorage.setItem("token", stored), token);
    const page = await context.newPage();
    await page.goto(`/subNote/pages/note?id=${englishNote}`);
    await page.locator(".ant-tabs-nav-more").tap();
    const menu = page.locator(".ant-tabs-dropdown:not(.ant-tabs-dropdown-hidden)");
    const choice = menu.locator(".ant-tabs-dropdown-menu-item").last();
    const label = (await choice.textContent())!;
    await choice.tap();
    await expect.poll(() => page.locator(".ant-tabs-tab-active").textContent()).toBe(label);
    // it stayed open over the page: opened on hover, the tap's emulated mouse events opened it again
    await menu.waitFor({ state: "hidden", timeout: 5_000 });
    await context.close();
  }, 60_000);

  it("looks right in zh-CN and en-US on a phone and a desktop", async () => {
    await stack.server.call("POST", `/note/${chineseNote}/slides`, { token, body: { maxSlides: 7 } });
    await until(
      () => stack.server.call<SlideDeck>("GET", `/note/${chineseNote}/slides`, { token }),
      (deck) => deck.body.data.slides.length > 0,
      { timeout: 170_000, what: "the Chinese slides generated" },
    );
    for (const [locale, noteId] of [
      ["zh-CN", chineseNote],
      ["en-US", englishNote],
    ] as const) {
      for (const width of [375, 1440]) {
        const page = await signedIn(locale, width);
        await page.goto(`/subNote/pages/note?id=${noteId}&tab=mindMap`);
        await page.locator(".mind-map-view g.markmap-node").first().waitFor({ timeout: 30_000 });
        await expect
          .poll(() => page.getByTestId("mind-map-tab").getAttribute("data-render-ms"))
          .not.toBeNull();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        // the first view is fitted to the box: no label cut at its right edge, on a phone too
        const cut = await page.locator(".mind-map-view").evaluate((view) => {
          const box = view.getBoundingClientRect();
          return [...view.querySelectorAll("foreignObject")].filter((label) => {
            const r = label.getBoundingClientRect();
            return r.right > box.right + 1 || r.left < box.left - 1;
          }).length;
        });
        expect(cut).toBe(0);

        await expectAccessible(page, `the mind map (${locale}, ${width} px)`);
        await screenshot(page, `mind-map-${locale}-${width}`);
        await page.goto(`/subNote/pages/note?id=${noteId}&tab=slides`);
        await page.getByTestId("slide-viewer").waitFor({ timeout: 30_000 });
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("ArrowRight");
        await settled(page);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await expectAccessible(page, `the slides (${locale}, ${width} px)`);
        if (process.env.SCREENSHOTS) {
          await screenshot(page, `slides-${locale}-${width}`, { fullPage: true });
          await page.getByTestId("slides-present").click();
          await page.getByTestId("slide-presenter").waitFor();
          await screenshot(page, `slides-present-${locale}-${width}`);
        }
        await page.context().close();
      }
    }
  }, 240_000);
});
