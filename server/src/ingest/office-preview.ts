import { spawn, spawnSync } from "node:child_process";
import { mkdir, open, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { neutraliseOfficeLinks } from "./office-links";
import { makeTempDir } from "./temp-dirs";

export interface PreviewOptions {
  /** Kill soffice after this many ms (default 120 s). */
  timeoutMs?: number;
  /** The soffice binary (default "soffice" on PATH). */
  soffice?: string;
  /** Kills soffice at once; the call then resolves null. */
  signal?: AbortSignal;
  /** A deck's hidden slides too, so that PDF page N is slide N (OCR of a legacy deck's picture slides). */
  allSlides?: boolean;
}

let cachedAvailable: boolean | null = null;

/** Whether LibreOffice's `soffice` is on PATH (checked once). */
export function isSofficeAvailable(bin = "soffice"): boolean {
  if (bin === "soffice" && cachedAvailable !== null) return cachedAvailable;
  const ok = spawnSync(bin, ["--version"], { stdio: "ignore", timeout: 30_000 }).status === 0;
  if (bin === "soffice") cachedAvailable = ok;
  return ok;
}

let cachedUnshare: boolean | null = null;

/** Whether `unshare -n` can give a process a network namespace of its own (root or CAP_SYS_ADMIN; checked once). */
export function canIsolateNetwork(): boolean {
  if (cachedUnshare === null)
    cachedUnshare = spawnSync("unshare", ["-n", "true"], { stdio: "ignore", timeout: 10_000 }).status === 0;
  return cachedUnshare;
}

/**
 * The profile's settings (registrymodifications.xcu): links to content outside the document are
 * blocked (`BlockUntrustedRefererLinks`: linked pictures, `INCLUDEPICTURE`/`INCLUDETEXT`, http or file),
 * links and fields are never updated, no macro or active content runs, and any request goes to a proxy
 * on a closed port.
 */
const PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableActiveContent" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Field" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>1</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetProxyType" oor:op="fuse"><value>1</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPProxyName" oor:op="fuse"><value>127.0.0.1</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPProxyPort" oor:op="fuse"><value>9</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPSProxyName" oor:op="fuse"><value>127.0.0.1</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPSProxyPort" oor:op="fuse"><value>9</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetFTPProxyName" oor:op="fuse"><value>127.0.0.1</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetFTPProxyPort" oor:op="fuse"><value>9</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetNoProxy" oor:op="fuse"><value></value></prop></item>
</oor:items>
`;

/** Proxy variables (curl, which LibreOffice fetches with, reads them) pointing at a closed port. */
const CLOSED_PROXY = "http://127.0.0.1:9";
const NO_NETWORK_ENV = {
  http_proxy: CLOSED_PROXY,
  https_proxy: CLOSED_PROXY,
  ftp_proxy: CLOSED_PROXY,
  all_proxy: CLOSED_PROXY,
  HTTP_PROXY: CLOSED_PROXY,
  HTTPS_PROXY: CLOSED_PROXY,
  FTP_PROXY: CLOSED_PROXY,
  ALL_PROXY: CLOSED_PROXY,
  no_proxy: "",
  NO_PROXY: "",
};

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

async function startsWithZip(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    return head.equals(ZIP_MAGIC);
  } finally {
    await handle.close();
  }
}

/**
 * Render an office document (DOCX/PPTX/DOC/PPT) to PDF for the source viewer with
 * `soffice --headless --convert-to pdf`, in a private profile (HOME) so concurrent conversions do
 * not fight over one. Returns the PDF's path inside `outDir`, or null when soffice is not installed
 * or the conversion fails or times out.
 *
 * Nothing the document links to is fetched or read: a DOCX/PPTX (any zip) loses its external links
 * and fetching fields first (office-links.ts); LibreOffice runs with a profile that blocks linked
 * content, behind a closed proxy, and in a network namespace of its own where `unshare -n` works, which
 * covers the legacy .doc/.ppt it reads itself.
 */
export async function renderPdfPreview(
  input: string,
  outDir: string,
  opts: PreviewOptions = {},
): Promise<string | null> {
  const bin = opts.soffice ?? "soffice";
  if (!isSofficeAvailable(bin)) return null;
  const home = await makeTempDir("soffice");
  const work = await makeTempDir("preview");
  try {
    await mkdir(path.join(home, "user"), { recursive: true });
    // LibreOffice's own temporary files (lu*.tmp) stay in the profile folder, removed with it
    await mkdir(path.join(home, "tmp"));
    await writeFile(path.join(home, "user", "registrymodifications.xcu"), PROFILE_SETTINGS);
    let source = input;
    if (await startsWithZip(input)) {
      const clean = await neutraliseOfficeLinks(await readFile(input)).catch(() => null);
      if (!clean) return null;
      source = path.join(home, path.basename(input));
      await writeFile(source, clean);
    }
    const isolate = canIsolateNetwork();
    const ok = await new Promise<boolean>((resolve) => {
      const args = [
        `-env:UserInstallation=${pathToFileURL(home).href}`,
        "--headless",
        "--norestore",
        "--convert-to",
        opts.allSlides
          ? 'pdf:impress_pdf_Export:{"ExportHiddenSlides":{"type":"boolean","value":"true"}}'
          : "pdf",
        "--outdir",
        work,
        source,
      ];
      // unshare -n execs soffice in a namespace with only a loopback that is down: same pid, same group
      const child = spawn(isolate ? "unshare" : bin, isolate ? ["-n", bin, ...args] : args, {
        stdio: "ignore",
        env: { ...process.env, ...NO_NETWORK_ENV, HOME: home, TMPDIR: path.join(home, "tmp") },
        detached: true,
      });
      const stop = () => {
        clearTimeout(timer);
        opts.signal?.removeEventListener("abort", stop);
        try {
          if (child.pid) process.kill(-child.pid, "SIGKILL");
        } catch {
          child.kill("SIGKILL");
        }
        resolve(false);
      };
      const timer = setTimeout(stop, opts.timeoutMs ?? 120_000);
      if (opts.signal?.aborted) stop();
      else opts.signal?.addEventListener("abort", stop, { once: true });
      const settle = (ok: boolean) => {
        clearTimeout(timer);
        opts.signal?.removeEventListener("abort", stop);
        resolve(ok);
      };
      child.on("error", () => settle(false));
      child.on("exit", (code) => settle(code === 0));
    });
    if (!ok) return null;
    const pdf = (await readdir(work)).find((f) => f.toLowerCase().endsWith(".pdf"));
    if (!pdf) return null;
    const target = path.join(outDir, path.basename(input).replace(/\.[^.]*$/, "") + ".pdf");
    await rename(path.join(work, pdf), target).catch(async () => {
      const { copyFile } = await import("node:fs/promises");
      await copyFile(path.join(work, pdf), target);
    });
    return target;
  } finally {
    await rm(home, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  }
}
