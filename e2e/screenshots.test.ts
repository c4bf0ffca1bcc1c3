import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newContext, registerByApi, settled, SHOTS, startStack, uniqueEmail, type Stack } from "./harness";
import { PDF, createNoteByApi } from "./notes-helpers";
import { generateDeckByApi } from "./flashcards-helpers";

/**
 * Screenshots of every screen in zh-CN and en-US at 375 px and 1440 px, into screenshots/.
 * Each shot also checks that nothing is wider than the window (no horizontal overflow).
 */
const LOCALES = ["en-US", "zh-CN"] as const;
const WIDTHS = [375, 1440] as const;
const SCREENS = [
  { name: "index", path: "/pages/index" },
  { name: "my-file", path: "/pages/my-file" },
  { name: "new-note", path: "/pages/new-note" },
  { name: "note", path: "/subNote/pages/note" },
  { name: "setting", path: "/subOthers/pages/setting" },
  { name: "feedback", path: "/subOthers/pages/feedback" },
  { name: "recharge", path: "/subOthers/pages/recharge" },
  { name: "about", path: "/subOthers/pages/about" },
  { name: "not-found", path: "/pages/nowhere" },
];
const LOGIN_SCREENS = [
  { name: "login", path: "/pages/login" },
  { name: "register", path: "/pages/login?mode=register" },
  { name: "forgot", path: "/pages/login?mode=forgot" },
];

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await settled(page);
}

let stack: Stack;
let token: string;
let noteId: string;

beforeAll(async () => {
  if (!process.env.SCREENSHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  stack = await startStack();
  token = await registerByApi(stack, uniqueEmail("shots"), "Shots12345");
  await stack.server.call("PUT", "/member/modify-info", { token, body: { nickname: "Lin Xiaoyu" } });
  noteId = await createNoteByApi(stack, token, [PDF], "TraceMonkey: trace-based JIT");
  await generateDeckByApi(stack, token, noteId, { count: 12 });
});
afterAll(async () => stack?.close());

// About two minutes of shots: run with `npm run screenshots` (SCREENSHOTS=1), not in every `npm test`.
describe.skipIf(!process.env.SCREENSHOTS)("screenshots", () => {
  for (const locale of LOCALES) {
    for (const width of WIDTHS) {
      it(`${locale} at ${width} px`, async () => {
        const anon = await newContext(stack, { locale, width, language: locale });
        const page = await anon.newPage();
        for (const screen of LOGIN_SCREENS) {
          await page.goto(screen.path);
          await page.locator(".login-card").waitFor();
          await settle(page);
          await page.screenshot({
            path: path.join(SHOTS, `${screen.name}-${locale}-${width}.png`),
            fullPage: true,
          });
          expect(await horizontalOverflow(page), screen.name).toBeLessThanOrEqual(0);
        }
        await anon.close();

        const signedIn = await newContext(stack, { locale, width, language: locale, token });
        const app = await signedIn.newPage();
        for (const screen of SCREENS) {
          await app.goto(screen.path);
          await app.locator(".app-content").waitFor();
          await settle(app);
          await app.screenshot({
            path: path.join(SHOTS, `${screen.name}-${locale}-${width}.png`),
            fullPage: true,
          });
          expect(await horizontalOverflow(app), screen.name).toBeLessThanOrEqual(0);
        }
        // A note's flashcards tab, and the review of due cards it leads to from home.
        for (const [name, to] of [
          ["flashcards", `/subNote/pages/note?id=${noteId}&tab=flashcards`],
          ["review", "/subNote/pages/review"],
        ] as const) {
          await app.goto(to);
          await app.getByTestId("flip-card").waitFor();
          await settle(app);
          await app.screenshot({ path: path.join(SHOTS, `${name}-${locale}-${width}.png`), fullPage: true });
          expect(await horizontalOverflow(app), name).toBeLessThanOrEqual(0);
        }
        // The menu: drawer on a phone, collapsed rail on a desktop.
        await app.goto("/pages/index");
        await app.locator(".nav-bar__toggle").click();
        await settled(app);
        await app.screenshot({ path: path.join(SHOTS, `menu-${locale}-${width}.png`) });
        await app.keyboard.press("Escape");
        await app.goto("/subOthers/pages/setting");
        await app.getByTestId("user-id").waitFor();
        await app.locator(".setting-page__logout").click();
        await app.locator(".ant-modal-confirm").waitFor();
        await settled(app);
        await app.screenshot({ path: path.join(SHOTS, `logout-confirm-${locale}-${width}.png`) });
        await signedIn.close();
      });
    }
  }
});
