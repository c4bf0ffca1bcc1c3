import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { isSofficeAvailable, renderPdfPreview } from "../../ingest/office-preview";
import { makeTempDir } from "../../ingest/temp-dirs";
import { AppError } from "../../http/app-error";
import { pptxWithFallbacks } from "./pptx-math";

/** Converts a .pptx to PDF; resolves with the PDF's path in `outDir`, or null when it could not. */
export type PptxConverter = (pptxPath: string, outDir: string) => Promise<string | null>;

/** Conversions waiting beyond this answer SLIDES_EXPORT_FAILED (503) instead of piling up. */
const MAX_WAITING = 4;

/**
 * PDF slides: the deck's .pptx rendered by LibreOffice (one page per slide, the same layout and fonts as
 * the .pptx; equations as their linear-text fallback, which Impress draws). One conversion at a time per process: soffice takes a core and a few hundred MB.
 */
export function createSlidesPdf(
  deps: { convert?: PptxConverter; available?: () => boolean; timeoutMs?: number } = {},
) {
  const available = deps.available ?? (() => isSofficeAvailable());
  const convert: PptxConverter =
    deps.convert ??
    ((file, outDir) => renderPdfPreview(file, outDir, { timeoutMs: deps.timeoutMs ?? 90_000 }));
  let chain: Promise<unknown> = Promise.resolve();
  let waiting = 0;

  async function once(pptx: Buffer): Promise<Buffer> {
    const dir = await makeTempDir("slides");
    try {
      const input = path.join(dir, "slides.pptx");
      await writeFile(input, await pptxWithFallbacks(pptx));
      const out = await mkdtemp(path.join(dir, "out-"));
      const pdf = await convert(input, out);
      if (!pdf) throw new AppError("SLIDES_EXPORT_FAILED");
      return await readFile(pdf);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return {
    /** Whether PDF slides can be made here (LibreOffice installed). */
    available,
    async fromPptx(pptx: Buffer): Promise<Buffer> {
      if (!available()) throw new AppError("SLIDES_PDF_UNAVAILABLE");
      if (waiting >= MAX_WAITING) throw new AppError("SLIDES_EXPORT_FAILED");
      waiting++;
      const run = chain.then(() => once(pptx));
      chain = run.catch(() => undefined);
      try {
        return await run;
      } finally {
        waiting--;
      }
    },
  };
}

export type SlidesPdf = ReturnType<typeof createSlidesPdf>;
