import { spawn, type ChildProcess } from "node:child_process";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isExecutable } from "../modules/export/pdf-printer";
import { CHROMIUM_ARGS } from "../modules/export/pdf-printer";
import { cleanTempDirs, launchChromium } from "./temp-dirs";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Processes whose command line names `text`. */
async function processesNaming(text: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "");
    if (cmdline.includes(text)) found.push(Number(entry));
  }
  return found;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Polls `check` until it holds (a state, not a delay); fails after `ms`. */
async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error("state not reached");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(process.platform !== "linux")("start-up cleanup of a killed server's scratch folders", () => {
  let tmpDir: string;
  let fakeSoffice: string;
  const children: ChildProcess[] = [];

  /** A server process (TMPDIR = tmpDir) in the middle of rendering a preview with a converter that never ends. */
  async function startConvertingServer(): Promise<{ server: ChildProcess; converter: number }> {
    const input = path.join(tmpDir, `input-${children.length}.doc`);
    await writeFile(input, "not really a document");
    const code = `
      const { renderPdfPreview } = await import(${JSON.stringify(pathToFileURL(path.join(here, "office-preview.ts")).href)});
      await renderPdfPreview(${JSON.stringify(input)}, ${JSON.stringify(tmpDir)}, { soffice: ${JSON.stringify(fakeSoffice)} });`;
    const server = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
      env: { ...process.env, TMPDIR: tmpDir },
      stdio: "ignore",
    });
    children.push(server);
    // the converter runs once its command line names the server's profile folder
    const converter = await waitFor(async () => {
      const pids = await processesNaming(`beannote-soffice-p${server.pid}n`);
      return pids.find((pid) => pid !== server.pid);
    });
    return { server, converter };
  }

  beforeAll(async () => {
    tmpDir = await mkdtemp(path.join(os.tmpdir(), "temp-dirs-test-"));
    // stands for soffice: answers --version, then works forever (as a hung conversion would)
    fakeSoffice = path.join(tmpDir, "fake-soffice");
    await writeFile(
      fakeSoffice,
      `#!${process.execPath}\nif (process.argv[2] === "--version") process.exit(0);\nsetInterval(() => {}, 1e6);\n`,
    );
    await chmod(fakeSoffice, 0o755);
  });
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    // a process listed can end before it is killed (a child killed just above): ESRCH is that, not a failure
    for (const pid of await processesNaming(tmpDir))
      if (pid !== process.pid)
        try {
          process.kill(pid, "SIGKILL");
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
        }
    await rm(tmpDir, { recursive: true, force: true });
  });

  it("removes a kill -9'd server's folders and kills its converter, and leaves a live server's alone", async () => {
    const dead = await startConvertingServer();
    const live = await startConvertingServer();
    dead.server.kill("SIGKILL");
    await waitFor(() => dead.server.exitCode !== null || dead.server.signalCode !== null);
    expect(isAlive(dead.converter)).toBe(true); // the orphan: soffice runs on after its server
    // its own temporary files (LibreOffice's lu*.tmp) go to its profile folder, not beside it
    const environ = (await readFile(`/proc/${dead.converter}/environ`, "utf8")).split("\0");
    expect(environ).toContainEqual(
      expect.stringMatching(
        new RegExp(`^TMPDIR=${tmpDir}/beannote-soffice-p${dead.server.pid}n[0-9a-z]+-\\w{6}/tmp$`),
      ),
    );

    // not ours, or of a server before this fix: left alone unless an hour old
    const other = ["beannote-pdf-Ab12Cd", "beannote-preview-test-Ab12Cd", "beannote-soffice-p1nzz9-Ab12Cd"];
    for (const name of other) await mkdir(path.join(tmpDir, name));
    await mkdir(path.join(tmpDir, "beannote-soffice-Fresh1"));
    const old = path.join(tmpDir, "beannote-preview-OldOld");
    await mkdir(old);
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await utimes(old, twoHoursAgo, twoHoursAgo);

    const result = await cleanTempDirs({ tmpDir });

    expect(result.killed).toContain(dead.converter);
    await waitFor(() => !isAlive(dead.converter));
    expect(isAlive(live.converter)).toBe(true);
    const left = await readdir(tmpDir);
    expect(left.filter((name) => name.includes(`-p${dead.server.pid}n`))).toEqual([]);
    const removed = result.removed.map((dir) => path.basename(dir));
    const ofDead = (name: string) => name.includes(`-p${dead.server.pid}n`);
    expect(removed.filter(ofDead).length).toBe(2); // its soffice profile and its preview folder
    expect(removed.filter((name) => !ofDead(name))).toEqual(["beannote-preview-OldOld"]);
    expect(left.filter((name) => name.includes(`-p${live.server.pid}n`)).length).toBe(2);
    for (const name of [...other, "beannote-soffice-Fresh1"]) expect(left).toContain(name);
  }, 120_000);

  it.skipIf(!isExecutable("/usr/bin/chromium"))(
    "Chromium's profile is a folder of ours, gone when the browser closes",
    async () => {
      const saved = process.env.TMPDIR;
      const own = await mkdtemp(path.join(os.tmpdir(), "bn-"));
      process.env.TMPDIR = own;
      try {
        const { chromium } = await import("playwright-core");
        const browser = await launchChromium(chromium, {
          executablePath: "/usr/bin/chromium",
          args: CHROMIUM_ARGS,
          timeout: 150_000, // a busy machine (the suite runs beside other tests) launches slowly
        });
        const context = await browser.newContext({ javaScriptEnabled: false });
        const page = await context.newPage();
        await page.setContent("<p>printed</p>");
        expect((await page.pdf()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
        await context.close();
        // nothing of Playwright's own (playwright_chromiumdev_profile-*, playwright-artifacts-*)
        expect(await readdir(own)).toEqual([
          expect.stringMatching(new RegExp(`^beannote-chromium-p${process.pid}n[0-9a-z]+-`)),
        ]);
        await browser.close();
        await waitFor(async () => (await readdir(own)).length === 0);
      } finally {
        // (assigning undefined would set the text "undefined", which the next suite in this process would use)
        if (saved === undefined) delete process.env.TMPDIR;
        else process.env.TMPDIR = saved;
        await rm(own, { recursive: true, force: true });
      }
    },
    240_000,
  );
});
