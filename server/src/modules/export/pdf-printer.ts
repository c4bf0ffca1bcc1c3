import { accessSync, constants } from "node:fs";
import type { Browser } from "playwright-core";
import { AppError } from "../../http/app-error";
import { launchChromium } from "../../ingest/temp-dirs";
import { createFairQueue } from "../../render/fair-queue";

/** Flags Chromium needs here (root, no GPU, closed network) and that keep it quiet. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

/** Exports allowed to wait for a slot; more at once answer EXPORT_BUSY rather than pile up in memory. */
const MAX_WAITING = 40;
/** Exports one user may have waiting; more answer EXPORT_RATE_LIMITED (the others' turns come first anyway). */
export const MAX_WAITING_PER_USER = 5;
const MM_PER_INCH = 25.4;
const CSS_PX_PER_INCH = 96;
const px = (mm: number) => (mm / MM_PER_INCH) * CSS_PX_PER_INCH;
/** A4 with the margins `page.pdf` is given below: the box one printed page of the body fills. */
const PAGE_MARGIN_MM = { top: 18, bottom: 18, left: 16, right: 16 };
const CONTENT_WIDTH_PX = Math.floor(px(210 - PAGE_MARGIN_MM.left - PAGE_MARGIN_MM.right));
const CONTENT_HEIGHT_PX = px(297 - PAGE_MARGIN_MM.top - PAGE_MARGIN_MM.bottom);

export interface PrintOptions {
  headerTemplate: string;
  footerTemplate: string;
}

export interface PdfPrinter {
  /** True when the Chromium executable is there (checked at each call: installing it needs no restart). */
  available(): boolean;
  /**
   * Prints one HTML page to an A4 PDF for `owner` (a user id: waiting exports are served in turn across
   * owners). EXPORT_UNAVAILABLE without Chromium, EXPORT_BUSY when too many wait, EXPORT_RATE_LIMITED when
   * this owner has too many waiting, EXPORT_TOO_LARGE past the page cap or the time limit.
   */
  print(html: string, options: PrintOptions, owner?: string): Promise<Buffer>;
  /** Exports printing or waiting now, the most ever printing at once, and Chromium launches (benchmark, tests). */
  readonly load: { running: number; waiting: number; peakRunning: number; launches: number };
  close(): Promise<void>;
}

/** True when `path` is an executable file. */
export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * One headless Chromium per process, launched on the first export and reused (a new isolated context per
 * export, closed after it); at most `concurrency` exports print at once, the others wait their turn.
 */
export function createPdfPrinter(options: {
  executablePath: string;
  concurrency: number;
  /** Longest PDF printed, in A4 pages (measured before printing); longer answers EXPORT_TOO_LARGE. */
  maxPages?: number;
  /** Time limit of one export from loading its page to the end of printing (default 120 s). */
  timeoutMs?: number;
  log?: { error(obj: unknown, msg?: string): void };
}): PdfPrinter {
  let browser: Promise<Browser> | undefined;
  let closed = false;
  let launches = 0;
  const maxPages = options.maxPages ?? 1000;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const slots = createFairQueue({
    concurrency: options.concurrency,
    maxWaiting: MAX_WAITING,
    maxWaitingPerOwner: MAX_WAITING_PER_USER,
    tooMany: () => new AppError("EXPORT_BUSY", { retryAfterSeconds: 10 }),
    ownerTooMany: () => new AppError("EXPORT_RATE_LIMITED", { retryAfterSeconds: 30 }),
  });

  const launch = (): Promise<Browser> => {
    if (browser) return browser;
    launches++;
    // playwright-core is loaded with the first export, not at boot: ~90 MiB of RSS most servers never need.
    browser = import("playwright-core")
      .then(({ chromium }) =>
        // its profile in a beannote-chromium-* folder the start-up cleanup knows (temp-dirs.ts)
        launchChromium(chromium, {
          executablePath: options.executablePath,
          args: CHROMIUM_ARGS,
          timeout: 60_000,
        }),
      )
      .then((b) => {
        // A crashed or killed Chromium is launched again by the next export.
        b.on("disconnected", () => {
          browser = undefined;
        });
        return b;
      })
      .catch((error: unknown) => {
        browser = undefined;
        options.log?.error({ err: error }, "Chromium could not be launched for PDF export");
        throw new AppError("EXPORT_UNAVAILABLE");
      });
    return browser;
  };

  return {
    available: () => isExecutable(options.executablePath),
    get load() {
      return { ...slots.load, launches };
    },

    async print(html, printOptions, owner = "") {
      if (closed || !isExecutable(options.executablePath)) throw new AppError("EXPORT_UNAVAILABLE");
      const release = await slots.acquire(owner);
      try {
        const instance = await launch();
        // laid out at the printed width, in print media, so that the page's height measures its pages
        const context = await instance.newContext({
          javaScriptEnabled: false,
          viewport: { width: CONTENT_WIDTH_PX, height: Math.round(CONTENT_HEIGHT_PX) },
        });
        // The limit covers loading, measuring and printing: a page that would print for minutes (a formula
        // thousands of pages tall) is abandoned and its renderer closed with the context.
        let timer: NodeJS.Timeout | undefined;
        const overtime = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new AppError("EXPORT_TOO_LARGE")), timeoutMs);
        });
        try {
          const work = (async () => {
            const page = await context.newPage();
            // Nothing leaves the machine: the page is self-contained, any request is refused.
            await page.route("**/*", (route) => route.abort());
            await page.emulateMedia({ media: "print" });
            await page.setContent(html, { waitUntil: "load", timeout: timeoutMs });
            const height = Number(await page.evaluate("document.documentElement.scrollHeight"));
            if (height / CONTENT_HEIGHT_PX > maxPages) throw new AppError("EXPORT_TOO_LARGE");
            return page.pdf({
              format: "A4",
              printBackground: true,
              displayHeaderFooter: true,
              headerTemplate: printOptions.headerTemplate,
              footerTemplate: printOptions.footerTemplate,
              margin: {
                top: `${PAGE_MARGIN_MM.top}mm`,
                bottom: `${PAGE_MARGIN_MM.bottom}mm`,
                left: `${PAGE_MARGIN_MM.left}mm`,
                right: `${PAGE_MARGIN_MM.right}mm`,
              },
              outline: true,
              tagged: true,
            });
          })();
          work.catch(() => undefined); // settled after the time limit: closing the context ends it
          return await Promise.race([work, overtime]);
        } finally {
          clearTimeout(timer);
          await context.close().catch(() => undefined);
        }
      } finally {
        release();
      }
    },

    async close() {
      closed = true;
      const current = browser;
      browser = undefined;
      if (current) await (await current.catch(() => undefined))?.close();
    },
  };
}
