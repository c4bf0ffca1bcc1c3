import { accessSync, constants } from "node:fs";
import type { Browser } from "playwright-core";
import { AppError } from "../../http/app-error";
import { launchChromium } from "../../ingest/temp-dirs";

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

const PRINT_TIMEOUT_MS = 180_000;
/** Exports allowed to wait for a slot; more at once answer EXPORT_BUSY rather than pile up in memory. */
const MAX_WAITING = 40;

export interface PrintOptions {
  headerTemplate: string;
  footerTemplate: string;
}

export interface PdfPrinter {
  /** True when the Chromium executable is there (checked at each call: installing it needs no restart). */
  available(): boolean;
  /** Prints one HTML page to an A4 PDF; EXPORT_UNAVAILABLE without Chromium, EXPORT_BUSY when too many wait. */
  print(html: string, options: PrintOptions): Promise<Buffer>;
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
  log?: { error(obj: unknown, msg?: string): void };
}): PdfPrinter {
  let browser: Promise<Browser> | undefined;
  let closed = false;
  let running = 0;
  let peakRunning = 0;
  let launches = 0;
  const waiting: (() => void)[] = [];

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

  const acquire = async (): Promise<void> => {
    if (running < options.concurrency) {
      running++;
      peakRunning = Math.max(peakRunning, running);
      return;
    }
    if (waiting.length >= MAX_WAITING) throw new AppError("EXPORT_BUSY", { retryAfterSeconds: 10 });
    // the slot is handed over by release(): `running` stays the same
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    available: () => isExecutable(options.executablePath),
    get load() {
      return { running, waiting: waiting.length, peakRunning, launches };
    },

    async print(html, printOptions) {
      if (closed || !isExecutable(options.executablePath)) throw new AppError("EXPORT_UNAVAILABLE");
      await acquire();
      try {
        const instance = await launch();
        const context = await instance.newContext({ javaScriptEnabled: false });
        try {
          const page = await context.newPage();
          // Nothing leaves the machine: the page is self-contained, any request is refused.
          await page.route("**/*", (route) => route.abort());
          await page.setContent(html, { waitUntil: "load", timeout: PRINT_TIMEOUT_MS });
          return await page.pdf({
            format: "A4",
            printBackground: true,
            displayHeaderFooter: true,
            headerTemplate: printOptions.headerTemplate,
            footerTemplate: printOptions.footerTemplate,
            margin: { top: "18mm", bottom: "18mm", left: "16mm", right: "16mm" },
            outline: true,
            tagged: true,
          });
        } finally {
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
