import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { expect, inject, vi } from "vitest";
import { ERROR_STATUS, isErrorCode } from "@beannote/contract";
import { cachedReading } from "../server/test/parse-cache";
import { startSmtpSink, type SmtpSink } from "../server/test/smtp-sink";
import { testDatabases } from "../server/test/test-db";
import { KNOWN_CAPTCHA, startTestServer, type TestServer } from "../server/test/test-server";
import { ensureWebBuilt, repoRoot } from "./web-bundle";

export { repoRoot };

export const CAPTCHA_TEXT = KNOWN_CAPTCHA.text;

const captchaSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="44" viewBox="0 0 120 44"><rect width="120" height="44" fill="#f4f6fb"/><text x="60" y="30" font-family="monospace" font-size="24" text-anchor="middle" fill="#4f6bff">${CAPTCHA_TEXT}</text></svg>`;
/** The server's known-answer captcha, drawn so that screenshots show a real image. */
const VISIBLE_CAPTCHA = {
  generate: () => ({
    text: CAPTCHA_TEXT,
    image: `data:image/svg+xml;base64,${Buffer.from(captchaSvg).toString("base64")}`,
  }),
};
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The web bundle the servers of this run serve: a prebuilt one (E2E_WEB_DIST), the copy the global setup made
 * once for the whole run, or, when a file runs without it, web/dist built here if it is out of date.
 */
function webDist(): string | undefined {
  if (process.env.E2E_WEB_DIST) return process.env.E2E_WEB_DIST;
  const shared = inject("webDist");
  if (shared) return shared;
  ensureWebBuilt();
  return undefined;
}

/**
 * The parse cache (server/test/parse-cache.ts) keeps what a file reads as, but not a refusal: a file that cannot be
 * read (an encrypted PDF) started the parser threads again on every upload, ~15 s each on a busy machine. Here a
 * refusal (a contract error below 500, as the job worker judges it permanent) is remembered for the same bytes
 * within the stack: the first upload is refused by the real parser, the next ones the same way.
 */
function rememberingRefusals(reading: typeof cachedReading): typeof cachedReading {
  const refused = new Map<string, unknown>();
  return {
    ...reading,
    parser: {
      async parse(filePath, options = {}) {
        const key = createHash("sha256")
          .update(await readFile(filePath))
          .update(JSON.stringify([options.fileName ?? "", options.languageHint ?? ""]))
          .digest("hex");
        if (refused.has(key)) throw refused.get(key);
        try {
          return await reading.parser.parse(filePath, options);
        } catch (error) {
          const code = error && typeof error === "object" && "code" in error ? error.code : undefined;
          if (isErrorCode(code) && ERROR_STATUS[code] < 500) refused.set(key, error);
          throw error;
        }
      },
    },
  };
}

export interface Stack {
  server: TestServer;
  smtp: SmtpSink;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * A real server (fresh database, SMTP sink, known captcha) serving web/dist, plus Chromium. The server reads files
 * through the tests' parse cache (server/test/parse-cache.ts: the real parser and LibreOffice on a miss, their
 * result for the same bytes and reading code after), unless `realReading` asks for the parser on every upload.
 */
export async function startStack(
  options: { env?: Record<string, string>; realReading?: boolean } = {},
): Promise<Stack> {
  const dist = webDist();
  // Chromium starts while the server does: neither waits for the other.
  const launching = chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
  launching.catch(() => undefined); // awaited below; a server that fails to start must not leave it unhandled
  try {
    const smtp = await startSmtpSink();
    const database = await testDatabases[0]!.create(); // PGlite: the browser journeys test the UI, not the database
    const server = await startTestServer(database, {
      env: {
        SMTP_URL: smtp.url,
        // Journeys generate many notes and artefacts on one account: paid actions must not run out mid-journey.
        STARTING_BEANS: "1000",
        ...(dist ? { WEB_DIST: dist } : {}),
        ...options.env,
      },
      captcha: VISIBLE_CAPTCHA,
      ...(options.realReading ? {} : rememberingRefusals(cachedReading)),
    });
    const browser = await launching;
    let closing = false;
    // a journey that fails with "Target page, context or browser has been closed" then says when and why
    browser.on("disconnected", () => {
      if (!closing)
        console.error(`[harness] Chromium ended before the stack closed (${new Date().toISOString()})`);
    });
    return {
      server,
      smtp,
      browser,
      async close() {
        closing = true;
        await browser.close();
        await server.close();
        await smtp.close();
        await database.close();
      },
    };
  } catch (error) {
    await launching.then((browser) => browser.close()).catch(() => undefined);
    throw error;
  }
}

export const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

export interface ContextOptions {
  locale?: string;
  width?: number;
  height?: number;
  token?: string;
  language?: string;
}

/** A browser context with a chosen browser language, window size and optional stored token/language. */
export async function newContext(stack: Stack, options: ContextOptions = {}): Promise<BrowserContext> {
  const width = options.width ?? 1440;
  const phone = width < 768;
  const context = await stack.browser.newContext({
    baseURL: stack.server.url,
    locale: options.locale ?? "en-US",
    viewport: { width, height: options.height ?? (phone ? 812 : 900) },
    deviceScaleFactor: 1,
    isMobile: phone,
    hasTouch: phone,
    userAgent: phone ? PHONE_UA : undefined,
  });
  context.on("page", (page) =>
    page.on("crash", () =>
      console.error(`[harness] the page crashed at ${page.url()} (${new Date().toISOString()})`),
    ),
  );
  await context.addInitScript(recordToasts);
  const stored: Record<string, string> = {};
  if (options.token) stored.token = options.token;
  if (options.language) stored.language = options.language;
  if (Object.keys(stored).length) {
    await context.addInitScript((entries: Record<string, string>) => {
      if (sessionStorage.getItem("__seeded")) return;
      sessionStorage.setItem("__seeded", "1");
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, stored);
  }
  return context;
}

/** Where the journeys' screenshots go when they are kept (SCREENSHOTS=1). */
export const SHOTS = path.join(repoRoot, "screenshots");

/**
 * Waits until the page stands still: its fonts loaded and every running animation and transition that has an
 * end (fades, zooms, tab ink, drawers) ended; endless ones (spinners) are left running. Checked again after a
 * frame, since an ending animation can start the next; fails, naming them, if they are still going after 15 s.
 */
export async function settled(page: Page): Promise<void> {
  const moving = await page.evaluate(async () => {
    await document.fonts.ready;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    const ending = () =>
      document
        .getAnimations()
        .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Infinity);
    const deadline = Date.now() + 15_000;
    for (;;) {
      await frame();
      const running = ending();
      if (!running.length) return [];
      if (Date.now() > deadline)
        return running.map((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target;
          return `${(a as CSSTransition).transitionProperty ?? (a as CSSAnimation).animationName ?? a.id} on ${target?.className ?? "?"}`;
        });
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
  if (moving.length) throw new Error(`the page was still moving after 15 s: ${moving.join("; ")}`);
}

/**
 * Saves a screenshot of the page, once it has settled, as screenshots/<name>.png, only when SCREENSHOTS=1 asks
 * for pictures: a picture asserts nothing, and full-page shots cost seconds each.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: options.fullPage ?? false });
}

/**
 * Reads a state (usually through the API) until `done` holds for it and returns it, for at most `timeout`
 * milliseconds; an error thrown by `read` or `done` ends the wait at once.
 */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeout = 170_000, what = "the state" }: { timeout?: number; what?: string } = {},
): Promise<T> {
  const reached = await vi
    .waitUntil(
      async () => {
        const value = await read();
        return done(value) ? { value } : false;
      },
      { timeout, interval: 100 },
    )
    .catch((error: unknown) => {
      if (error instanceof Error && /timed out/i.test(error.message))
        throw new Error(`${what} was not reached within ${timeout / 1000} s`, { cause: error });
      throw error;
    });
  return reached.value;
}

let counter = 0;
export const uniqueEmail = (tag = "user") => `${tag}.${Date.now().toString(36)}.${counter++}@example.com`;

/** Registers through the API (for journeys that need an existing account) and returns its token. */
export async function registerByApi(stack: Stack, email: string, password: string): Promise<string> {
  const nth = stack.smtp.mailsTo(email).length + 1;
  const captcha = await stack.server.call<{ captchaId: string }>("POST", "/captcha-new", { body: {} });
  const sent = await stack.server.call("POST", "/member/send-code", {
    body: { email, type: "register", captchaId: captcha.body.data.captchaId, captchaCode: CAPTCHA_TEXT },
  });
  if (sent.body.status !== 200) throw new Error(`send-code: ${JSON.stringify(sent.body)}`);
  const code = await stack.smtp.waitForCode(email, nth);
  const registered = await stack.server.call<{ token: string }>("POST", "/member/register/email", {
    body: { email, code, password },
  });
  if (registered.body.status !== 200) throw new Error(`register: ${JSON.stringify(registered.body)}`);
  return registered.body.data.token;
}

interface ToastLog {
  texts: string[];
  taken: boolean[];
}

/**
 * Runs in every page: writes down each toast as it appears, so that a journey slowed down by a busy machine
 * still sees a toast that came and went (3 s) before the test looked for it.
 */
function recordToasts(): void {
  const log: ToastLog = { texts: [], taken: [] };
  (window as unknown as { __toasts: ToastLog }).__toasts = log;
  const seen = new WeakSet<Element>();
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll(".toast")) {
      if (seen.has(toast)) continue;
      seen.add(toast);
      log.texts.push(toast.textContent ?? "");
      log.taken.push(false);
    }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Waits until a toast with this text has been shown since the last toast the test waited for with the same
 * text. Each toast answers one wait; on a timeout, the error lists the toasts the page did show.
 */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  const wanted =
    typeof text === "string" ? { source: text, flags: null } : { source: text.source, flags: text.flags };
  try {
    await page.waitForFunction(
      ({ source, flags }) => {
        const log = (window as unknown as { __toasts?: ToastLog }).__toasts;
        if (!log) return false;
        const matches = (shown: string) =>
          flags === null ? shown.includes(source) : new RegExp(source, flags).test(shown);
        const index = log.texts.findIndex((shown, i) => !log.taken[i] && matches(shown));
        if (index < 0) return false;
        log.taken[index] = true;
        return true;
      },
      wanted,
      { timeout: 15_000, polling: 100 },
    );
  } catch (error) {
    const shown = await page
      .evaluate(() => (window as unknown as { __toasts?: ToastLog }).__toasts?.texts ?? [])
      .catch(() => []);
    throw new Error(`no toast "${String(text)}" within 15 s; the page showed: ${JSON.stringify(shown)}`, {
      cause: error,
    });
  }
}

/**
 * Waits until the element's own animations with an end (zooms, slides) have ended. An animation cancelled on the
 * way (a hover menu closing and opened again) is not an error: the ones that replaced it are waited for in turn.
 */
async function animationsEnded(target: Locator): Promise<void> {
  await target.evaluate(async (el) => {
    for (;;) {
      const running = el
        .getAnimations({ subtree: true })
        .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Infinity);
      if (!running.length) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/**
 * Waits until an antd motion (zoom, slide) has left its element: while its class still says "-appear" or "-enter" the
 * motion may be only prepared, its animation paused at the first frame (a fifth of the size, transparent) and not yet
 * running, so no animation is there to wait for.
 */
async function motionLeft(target: Locator): Promise<void> {
  await expect
    .poll(() => target.getAttribute("class"), { timeout: 30_000 })
    .not.toMatch(/-(appear|enter)(-|\s|$)/);
}

/**
 * Confirms an open `Modal.confirm` once its zoom-in has ended. On a busy machine a click while the dialog still
 * scales up (or waits, paused, to start scaling) is lost, leaving the dialog open and its action never sent.
 */
export async function confirmDialog(page: Page, button: string | RegExp): Promise<void> {
  const dialog = page.locator(".ant-modal-confirm");
  await dialog.waitFor();
  await motionLeft(dialog);
  await animationsEnded(dialog);
  await dialog.getByRole("button", { name: button, exact: typeof button === "string" }).click();
  await dialog.waitFor({ state: "detached" });
}

/**
 * Opens a hover menu (an antd Dropdown) and clicks one of its items: the trigger is brought to the middle of the
 * viewport first (at an edge, the sticky header can cover the menu), and the click waits for the menu to stop moving
 * (a hover menu may open again under the pointer after the click: nothing waits for it to close).
 */
export async function chooseMenuItem(page: Page, trigger: Locator, item: string | RegExp): Promise<void> {
  await trigger.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await trigger.hover();
  const menu = page.locator(".ant-dropdown").filter({ visible: true });
  await menu.waitFor();
  await motionLeft(menu);
  await animationsEnded(menu);
  await menu.locator(".ant-dropdown-menu-item").filter({ hasText: item }).click();
}

/**
 * Picks an option of an Ant Design select once its dropdown has finished opening, then waits for the dropdown to
 * close. On a busy machine a click during the slide-up animation can miss the moving option and leave the list open.
 */
export async function chooseOption(page: Page, trigger: Locator, option: string | RegExp): Promise<void> {
  await trigger.click();
  const dropdown = page.locator(".ant-select-dropdown").filter({ visible: true });
  await dropdown.waitFor();
  await motionLeft(dropdown);
  await animationsEnded(dropdown);
  await dropdown.locator(".ant-select-item-option").filter({ hasText: option }).click();
  await dropdown.waitFor({ state: "hidden" });
}

/**
 * Opens a page of the main menu as a user does, without loading the app again: from the side menu on a desktop, from
 * the drawer the nav bar's button opens on a phone. A full load costs the bundle, the sign-in and axe's injection.
 */
export async function openFromMenu(page: Page, to: `/${string}`): Promise<void> {
  // the menu's own drawer: another one (a card editor's, a settings panel) may still be sliding out
  const drawer = page
    .locator(".ant-drawer-content-wrapper")
    .filter({ has: page.locator(".side-menu") })
    .filter({ visible: true });
  if (!(await page.locator(".app-sider").count())) {
    await page.locator(".nav-bar__toggle").click();
    await drawer.waitFor();
    await motionLeft(drawer);
    await animationsEnded(drawer);
  }
  await page.locator(`.side-menu [data-menu-id$="-${to}"]`).filter({ visible: true }).click();
  await page.waitForURL((url) => url.pathname === to);
  await drawer.waitFor({ state: "detached" });
}

/** Opens a tab of the note page as a user does, by clicking it: the page is not loaded again. */
export async function openNoteTab(page: Page, key: string): Promise<void> {
  const tab = page.locator(`.note-page .ant-tabs-tab[data-node-key="${key}"]`);
  await tab.click();
  await expect.poll(() => tab.getAttribute("class")).toMatch(/\bant-tabs-tab-active\b/);
}
