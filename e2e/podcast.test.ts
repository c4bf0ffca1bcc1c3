import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { PodcastResponse } from "@beannote/contract";
import {
  chooseOption,
  newContext,
  registerByApi,
  screenshot,
  settled,
  SHOTS,
  startStack,
  until,
  uniqueEmail,
  type Stack,
} from "./harness";
import { expectAccessible } from "./axe";
import { PDF, createNoteByApi, createChineseNoteByApi, horizontalOverflow } from "./notes-helpers";

/**
 * The podcast tab in a real browser, on the offline voices (espeak-ng): generate a short episode, play
 * it, watch the transcript follow the audio, seek by clicking a line and a chapter, change speed, skip,
 * open a line's source, download; then the screens in en-US and zh-CN at 375 and 1440 px.
 */
let stack: Stack;
let token: string;
let noteId: string;
let chineseNoteId: string;

beforeAll(async () => {
  stack = await startStack();
  token = await registerByApi(stack, uniqueEmail("podcast"), "Podcast12345");
  [noteId, chineseNoteId] = await Promise.all([
    createNoteByApi(stack, token, [PDF], "TraceMonkey: trace-based JIT"),
    createChineseNoteByApi(stack, token),
  ]);
});
afterAll(async () => stack?.close());

async function signedIn(options: { locale?: string; width?: number } = {}): Promise<Page> {
  const locale = options.locale ?? "en-US";
  const context = await newContext(stack, { locale, language: locale, token, width: options.width });
  return context.newPage();
}

const episodeByApi = async (id: string) =>
  (await stack.server.call<PodcastResponse>("GET", `/note/${id}/podcast`, { token })).body.data;

async function generateByApi(id: string): Promise<void> {
  const started = await stack.server.call("POST", `/note/${id}/podcast`, {
    token,
    body: { length: "short" },
  });
  if (started.body.status !== 200) throw new Error(`podcast: ${JSON.stringify(started.body)}`);
  await until(
    () => episodeByApi(id),
    ({ generation, episode }) => {
      if (generation?.status === "failed" || generation?.status === "cancelled")
        throw new Error(`podcast ${JSON.stringify(generation)}`);
      return generation?.status === "done" && !!episode;
    },
    { timeout: 240_000, what: "the podcast finished" },
  );
}

const audioTime = (page: Page) =>
  page.getByTestId("podcast-audio").evaluate((audio: HTMLAudioElement) => audio.currentTime);
const currentLine = (page: Page) =>
  page.locator('[data-testid="podcast-line"][aria-current="true"]').getAttribute("data-line").then(Number);

describe("podcast journey", () => {
  it("generates an episode, plays it, follows the transcript and seeks by clicking a line", async () => {
    const page = await signedIn();
    await page.goto(`/subNote/pages/note?id=${noteId}&tab=podcast`);
    await page.getByTestId("artefact-empty").waitFor();
    await expectAccessible(page, "the podcast tab before an episode");
    await chooseOption(page, page.getByTestId("podcast-length"), "Short");
    await page.getByTestId("podcast-generate").click();
    await page.getByTestId("artefact-job").waitFor();
    await page.getByTestId("podcast-player").waitFor({ timeout: 150_000 });

    const { episode } = await episodeByApi(noteId);
    expect(episode).toMatchObject({
      length: "short",
      voices: "espeak",
      hosts: { host: "Alex", guest: "Sam" },
    });
    const lines = episode!.lines;
    await expect.poll(() => page.getByTestId("podcast-line").count()).toBe(lines.length);
    await expect.poll(() => page.getByTestId("podcast-chapter").count()).toBe(episode!.chapters.length);
    await expect.poll(() => page.getByTestId("podcast-transcript").textContent()).toContain("Alex");
    await expectAccessible(page, "the podcast player");

    // Play: the audio runs and the transcript lights the line being spoken, moving on as it plays.
    await page.getByTestId("podcast-play").click();
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
    await expect.poll(() => currentLine(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(0);
    const firstLit = await currentLine(page);
    await expect.poll(() => currentLine(page), { timeout: 30_000 }).toBeGreaterThan(firstLit);

    // Click a line further down: the audio jumps to its start and that line is lit and in view.
    const target = Math.min(lines.length - 3, 8);
    await page.locator(`[data-line="${target}"] .podcast-line__body`).click();
    await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(lines[target]!.start - 0.05);
    expect(await audioTime(page)).toBeLessThan(lines[target]!.end + 1);
    await expect.poll(() => currentLine(page)).toBeGreaterThanOrEqual(target);
    const inView = (index: number) =>
      page.locator(`[data-line="${index}"]`).evaluate((line) => {
        const box = line.closest('[data-testid="podcast-transcript"]')!.getBoundingClientRect();
        const own = line.getBoundingClientRect();
        return own.top >= box.top - 1 && own.bottom <= box.bottom + 1;
      });
    await expect.poll(() => inView(target)).toBe(true);
    // ... and it plays on from there: the next line lights up in turn
    await expect.poll(() => currentLine(page), { timeout: 30_000 }).toBeGreaterThan(target);
    // the transcript scrolls along: the line being spoken stays in view
    await expect.poll(async () => inView(await currentLine(page))).toBe(true);

    // Speed, ±15 s and chapters.
    await chooseOption(page, page.getByTestId("podcast-speed"), "2×");
    expect(
      await page.getByTestId("podcast-audio").evaluate((audio: HTMLAudioElement) => audio.playbackRate),
    ).toBe(2);
    await page.getByTestId("podcast-play").click(); // pause
    const before = await audioTime(page);
    await page.getByTestId("podcast-back").click();
    await expect.poll(() => audioTime(page)).toBeLessThanOrEqual(Math.max(0, before - 14.5));
    const last = episode!.chapters.at(-1)!;
    await page.getByTestId("podcast-chapter").last().click();
    await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(last.start - 0.05);
    expect(await page.getByTestId("podcast-chapter").last().getAttribute("aria-current")).toBe("true");

    // A line's citation opens the source viewer at its page.
    const cited = page.getByTestId("podcast-line").nth(target).getByTestId("citation-button");
    const citedPage = await cited.getAttribute("data-page");
    await cited.click();
    await page.locator(".source-drawer .source-viewer").waitFor();
    await expectAccessible(page, "the podcast's source drawer");
    expect(citedPage).toBe(String(lines[target]!.citation!.page));
    await page.keyboard.press("Escape");

    // The download is the MP3 under the note's name.
    const href = await page.getByTestId("podcast-download").getAttribute("href");
    expect(href).toBe(episode!.downloadUrl);
    const download = await fetch(new URL(href!, stack.server.url));
    expect(download.headers.get("content-type")).toBe("audio/mpeg");
    expect(download.headers.get("content-disposition")).toContain(".mp3");
    await page.context().close();
  });
});

describe("podcast screens", () => {
  beforeAll(async () => {
    if (!(await episodeByApi(noteId)).episode) await generateByApi(noteId);
    await generateByApi(chineseNoteId);
  });

  for (const locale of ["en-US", "zh-CN"] as const) {
    for (const width of [375, 1440] as const) {
      it(`${locale} at ${width} px`, async () => {
        const page = await signedIn({ locale, width });
        const id = locale === "zh-CN" ? chineseNoteId : noteId;
        const { episode } = await episodeByApi(id);
        await page.goto(`/subNote/pages/note?id=${id}&tab=podcast`);
        await page
          .getByTestId("podcast-player")
          .waitFor({ timeout: 90_000 })
          .catch(async (error: unknown) => {
            await page.screenshot({ path: path.join(SHOTS, `podcast-failed-${locale}-${width}.png`) });
            throw error;
          });
        // a line in the middle, lit, as while listening
        const target = Math.floor(episode!.lines.length / 2);
        await page.locator(`[data-line="${target}"] .podcast-line__body`).click();
        await page.getByTestId("podcast-play").click();
        await expect.poll(() => currentLine(page)).toBeGreaterThanOrEqual(target);
        await settled(page);
        await screenshot(page, `podcast-${locale}-${width}`);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await expectAccessible(page, `the podcast playing (${locale}, ${width} px)`);
        await page.context().close();
      });
    }
  }
});
