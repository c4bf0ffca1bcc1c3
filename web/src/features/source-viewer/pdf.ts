import type { PDFDocumentProxy } from "pdfjs-dist";

type Pdfjs = typeof import("pdfjs-dist");
let loading: Promise<Pdfjs> | null = null;

/** pdf.js, loaded on first use; its worker is bundled by Vite (no CDN). */
export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= import("pdfjs-dist").then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = new URL(
      "pdfjs-dist/build/pdf.worker.min.mjs",
      import.meta.url,
    ).toString();
    return pdfjs;
  });
  return loading;
}

/** True when the bytes are a PDF (spec §5: the preview must be of the right type). */
export function isPdf(bytes: ArrayBuffer): boolean {
  const head = new Uint8Array(bytes, 0, Math.min(1024, bytes.byteLength));
  const text = String.fromCharCode(...head);
  return text.includes("%PDF-");
}

/**
 * Where the build serves pdf.js's data files (web/vite.config.ts): CMaps for CJK text set in fonts that are
 * not embedded, and the standard 14 fonts. Without them such text is simply not drawn.
 */
export const PDFJS_DATA = {
  cMapUrl: "/pdfjs/cmaps/",
  cMapPacked: true,
  standardFontDataUrl: "/pdfjs/standard_fonts/",
} as const;

export async function openPdf(bytes: ArrayBuffer): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  // pdf.js transfers the buffer to its worker: give it a copy so a cached preview stays usable.
  return pdfjs.getDocument({ data: new Uint8Array(bytes.slice(0)), ...PDFJS_DATA }).promise;
}
