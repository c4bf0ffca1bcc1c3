import { useEffect, useRef, useState } from "react";
import { Spin } from "antd";
import { useTranslation } from "react-i18next";
import type { PDFDocumentProxy, RenderTask } from "pdfjs-dist";
import { loadPdfjs } from "./pdf";

/** Width available to the page, followed as the window or panel resizes. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

const squeeze = (text: string) => text.toLowerCase().replace(/\s+/g, "");

/** Marks the text layer's pieces that belong to `quote` (a cited sentence), whitespace and case aside. */
function highlightQuote(textBox: HTMLElement, quote: string): void {
  const wanted = squeeze(quote);
  for (const span of textBox.querySelectorAll("span")) {
    const piece = squeeze(span.textContent ?? "");
    // A piece of three characters or fewer ("the", "1") would be found in most sentences.
    if (piece.length > 3 && wanted.includes(piece)) span.classList.add("pdf-highlight");
  }
}

/**
 * One page of a PDF drawn on a canvas, with a text layer over it (selectable, searchable text); `highlight`
 * marks a quoted sentence on it.
 */
export function PdfPage({
  doc,
  page,
  zoom,
  highlight,
}: {
  doc: PDFDocumentProxy;
  page: number;
  zoom: number;
  highlight?: string;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);
  const width = useWidth(frame);
  const [state, setState] = useState<"rendering" | "ready" | "noContainer" | "failed">("rendering");

  useEffect(() => {
    if (!width) return;
    const target = canvas.current;
    const textBox = textLayer.current;
    if (!target || !textBox) {
      setState("noContainer");
      return;
    }
    let cancelled = false;
    let task: RenderTask | null = null;
    let text: { cancel(): void } | null = null;
    setState("rendering");
    void (async () => {
      try {
        const pdfjs = await loadPdfjs();
        const pdfPage = await doc.getPage(page);
        if (cancelled) return;
        const base = pdfPage.getViewport({ scale: 1 });
        const scale = (width / base.width) * zoom;
        const viewport = pdfPage.getViewport({ scale });
        const ratio = window.devicePixelRatio || 1;
        target.width = Math.floor(viewport.width * ratio);
        target.height = Math.floor(viewport.height * ratio);
        target.style.width = `${Math.floor(viewport.width)}px`;
        target.style.height = `${Math.floor(viewport.height)}px`;
        task = pdfPage.render({
          canvas: target,
          viewport,
          transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined,
        });
        await task.promise;
        if (cancelled) return;
        textBox.replaceChildren();
        textBox.style.setProperty("--total-scale-factor", String(scale));
        textBox.style.width = `${Math.floor(viewport.width)}px`;
        textBox.style.height = `${Math.floor(viewport.height)}px`;
        const layer = new pdfjs.TextLayer({
          textContentSource: await pdfPage.getTextContent(),
          container: textBox,
          viewport,
        });
        text = layer;
        await layer.render();
        if (highlight) highlightQuote(textBox, highlight);
        if (!cancelled) setState("ready");
      } catch (error) {
        if (!cancelled && (error as { name?: string }).name !== "RenderingCancelledException")
          setState("failed");
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
      text?.cancel();
    };
  }, [doc, page, zoom, width, highlight]);

  return (
    <div className="pdf-page-frame" ref={frame}>
      {state === "noContainer" ? (
        <div className="source-viewer__message">{t("sourceViewer.noContainer")}</div>
      ) : state === "failed" ? (
        <div className="source-viewer__message">{t("sourceViewer.renderFailed")}</div>
      ) : null}
      <div className="pdf-page" data-testid="pdf-page" data-page={page} data-state={state}>
        <canvas ref={canvas} />
        <div ref={textLayer} className="pdf-text-layer" data-testid="pdf-text" />
        {state === "rendering" ? <Spin className="pdf-page__spin" /> : null}
      </div>
    </div>
  );
}
