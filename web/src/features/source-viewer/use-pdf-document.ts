import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { fileKeys, filesApi } from "../../api/files";
import { isApiError } from "../../api/api-error";
import { isPdf, openPdf } from "./pdf";

export type PdfState =
  | { kind: "loading"; preparing?: boolean }
  | { kind: "error"; error: unknown }
  | { kind: "wrongType" }
  | { kind: "ready"; doc: PDFDocumentProxy };

/** Fetches a source file's preview (PDF bytes) and opens it with pdf.js. */
export function usePdfDocument(fileId: string | undefined): PdfState {
  const preview = useQuery({
    queryKey: fileKeys.preview(fileId ?? ""),
    queryFn: ({ signal }) => filesApi.preview(fileId!, signal),
    enabled: Boolean(fileId),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    // An office file's PDF is rendered after upload: FILE_NOT_READY means "ask again shortly".
    retry: (count, error) => isApiError(error) && error.code === "FILE_NOT_READY" && count < 40,
    retryDelay: 3000,
  });
  const [opened, setOpened] = useState<{ bytes: ArrayBuffer; state: PdfState } | null>(null);
  const bytes = preview.data?.bytes;

  useEffect(() => {
    if (!bytes) return;
    if (!isPdf(bytes)) {
      setOpened({ bytes, state: { kind: "wrongType" } });
      return;
    }
    let cancelled = false;
    let doc: PDFDocumentProxy | null = null;
    openPdf(bytes).then(
      (d) => {
        doc = d;
        if (cancelled) void d.loadingTask.destroy();
        else setOpened({ bytes, state: { kind: "ready", doc: d } });
      },
      (error: unknown) => !cancelled && setOpened({ bytes, state: { kind: "error", error } }),
    );
    return () => {
      cancelled = true;
      void doc?.loadingTask.destroy();
    };
  }, [bytes]);

  if (preview.error) return { kind: "error", error: preview.error };
  if (!bytes || opened?.bytes !== bytes) return { kind: "loading", preparing: preview.failureCount > 0 };
  return opened.state;
}
