import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, readdir, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

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

/**
 * Render an office document (DOCX/PPTX/DOC/PPT) to PDF for the source viewer with
 * `soffice --headless --convert-to pdf`, in a private profile (HOME) so concurrent conversions do
 * not fight over one. Returns the PDF's path inside `outDir`, or null when soffice is not installed
 * or the conversion fails or times out.
 */
export async function renderPdfPreview(
  input: string,
  outDir: string,
  opts: PreviewOptions = {},
): Promise<string | null> {
  const bin = opts.soffice ?? "soffice";
  if (!isSofficeAvailable(bin)) return null;
  const home = await mkdtemp(path.join(os.tmpdir(), "beannote-soffice-"));
  const work = await mkdtemp(path.join(os.tmpdir(), "beannote-preview-"));
  try {
    const ok = await new Promise<boolean>((resolve) => {
      const child = spawn(
        bin,
        [
          `-env:UserInstallation=file://${home}`,
          "--headless",
          "--norestore",
          "--convert-to",
          opts.allSlides
            ? 'pdf:impress_pdf_Export:{"ExportHiddenSlides":{"type":"boolean","value":"true"}}'
            : "pdf",
          "--outdir",
          work,
          input,
        ],
        { stdio: "ignore", env: { ...process.env, HOME: home }, detached: true },
      );
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
