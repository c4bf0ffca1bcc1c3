import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { lstat, mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, BrowserType, LaunchOptions } from "playwright-core";
import { isAlive } from "../process-alive";

/**
 * The server's scratch folders in TMPDIR are named `beannote-<kind>-p<pid>n<pid namespace, base 36>-XXXXXX`, so
 * that after a `kill -9` the next start can tell its own debris from the folders of a live server sharing
 * TMPDIR (another process, or another container with its own pid numbers) and remove only the former.
 */
export const TEMP_KINDS = ["soffice", "preview", "slides", "ppt-ocr", "chromium", "object"] as const;
export type TempKind = (typeof TEMP_KINDS)[number];

const OWNED = /^beannote-([a-z]+(?:-[a-z]+)*)-p(\d+)n([0-9a-z]+)-[A-Za-z0-9]{6}$/;
/** Folders of servers from before the pid was in the name: removed once they are an hour old. */
const UNOWNED = new RegExp(`^beannote-(${TEMP_KINDS.join("|")})-[A-Za-z0-9]{6}$`);
const UNOWNED_AGE_MS = 60 * 60 * 1000;

let namespace: string | undefined;
function pidNamespace(): string {
  if (namespace === undefined) {
    try {
      namespace = Number(/\[(\d+)\]/.exec(readlinkSync("/proc/self/ns/pid"))?.[1] ?? 0).toString(36);
    } catch {
      namespace = "0";
    }
  }
  return namespace;
}

/** A new private folder of this process in `tmpDir` (default TMPDIR). */
export function makeTempDir(kind: TempKind, tmpDir = os.tmpdir()): Promise<string> {
  return mkdtemp(path.join(tmpDir, `beannote-${kind}-p${process.pid}n${pidNamespace()}-`));
}

/**
 * Launches Chromium with its profile and Playwright's artifacts in a folder of ours (`beannote-chromium-…`,
 * removed when the browser goes) instead of Playwright's `playwright_chromiumdev_profile-*`, so that the
 * start-up cleanup finds what a killed server's Chromium left. A browser like `chromium.launch()`'s: each
 * caller opens its own contexts.
 */
export async function launchChromium(chromium: BrowserType, options: LaunchOptions): Promise<Browser> {
  const dir = await makeTempDir("chromium");
  const remove = () => removeWhenQuiet(dir);
  try {
    // Chromium's own temporary files (org.chromium.Chromium.*, shared memory with --disable-dev-shm-usage) go
    // there too, unless the path is too long for the Unix socket Chromium makes in it (108 bytes at most)
    const tmp = path.join(dir, "t");
    const ownTmp = tmp.length + "/org.chromium.Chromium.XXXXXX/SingletonSocket".length < 106;
    if (ownTmp) await mkdir(tmp);
    const context = await chromium.launchPersistentContext(path.join(dir, "profile"), {
      ...options,
      ...(ownTmp ? { env: { ...(options.env ?? process.env), TMPDIR: tmp } } : {}),
      artifactsDir: path.join(dir, "artifacts"),
    });
    const browser = context.browser();
    if (!browser) {
      await context.close();
      throw new Error("Chromium launched without a browser");
    }
    browser.on("disconnected", () => void remove());
    return browser;
  } catch (error) {
    await remove();
    throw error;
  }
}

/**
 * Removes a folder a closing Chromium may still be writing to: the browser reports its end before its last
 * profile files are flushed, so a single `rm` can leave `profile/` behind. Tried again while files reappear
 * (bounded; what is left then goes at the next start).
 */
async function removeWhenQuiet(dir: string): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt++) {
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 }).catch(() => undefined);
    if (!(await lstat(dir).catch(() => null))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** When a process started (ms since the epoch), from /proc; undefined elsewhere. */
function startedAt(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const ticks = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
    const boot = Number(/^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"))?.[1]);
    if (!Number.isFinite(ticks) || !Number.isFinite(boot)) return undefined;
    return boot * 1000 + ticks * 10; // USER_HZ is 100 on every Linux build Node runs on
  } catch {
    return undefined;
  }
}

export interface TempCleanup {
  /** Folders removed. */
  removed: string[];
  /** Processes killed (converters left behind by a dead server). */
  killed: number[];
}

/**
 * At start-up: removes the scratch folders whose owning server is gone (its pid dead, or reused by a
 * process started after the folder was made) and kills the processes still working in them — an
 * orphaned soffice or Chromium of a server killed with `kill -9`. Folders of live servers, of other
 * pid namespaces and anything not ours are left alone.
 */
export async function cleanTempDirs(options: { tmpDir?: string; now?: number } = {}): Promise<TempCleanup> {
  const tmpDir = options.tmpDir ?? os.tmpdir();
  const now = options.now ?? Date.now();
  const result: TempCleanup = { removed: [], killed: [] };
  let names: string[];
  try {
    names = await readdir(tmpDir);
  } catch {
    return result;
  }
  const stale: string[] = [];
  for (const name of names) {
    const owned = OWNED.exec(name);
    if (!owned && !UNOWNED.test(name)) continue;
    const full = path.join(tmpDir, name);
    // a real folder of this user only (TMPDIR is shared: never a link, never another user's)
    const info = await lstat(full).catch(() => null);
    if (!info?.isDirectory() || (process.getuid && info.uid !== process.getuid())) continue;
    if (owned) {
      const pid = Number(owned[2]);
      if (owned[3] !== pidNamespace() || pid === process.pid) continue;
      if (isAlive(pid)) {
        const started = startedAt(pid);
        const made = info.birthtimeMs || info.ctimeMs;
        // the pid was reused: the process holding it now started after the folder was made
        if (started === undefined || started <= made + 1000) continue;
      }
    } else if (now - info.mtimeMs < UNOWNED_AGE_MS) continue;
    stale.push(full);
  }
  if (stale.length === 0) return result;
  result.killed = await killProcessesIn(stale);
  for (const dir of stale) {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    result.removed.push(dir);
  }
  return result;
}

/** Kills (SIGKILL) the processes whose command line names one of these folders. */
async function killProcessesIn(dirs: string[]): Promise<number[]> {
  const killed: number[] = [];
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  } catch {
    return killed; // not Linux: nothing to look through
  }
  for (const entry of pids) {
    const pid = Number(entry);
    if (pid === process.pid) continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    // soffice is given its profile as a file URL
    if (!cmdline || !dirs.some((dir) => cmdline.includes(dir) || cmdline.includes(pathToFileURL(dir).href)))
      continue;
    try {
      process.kill(pid, "SIGKILL");
      killed.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  return killed;
}
