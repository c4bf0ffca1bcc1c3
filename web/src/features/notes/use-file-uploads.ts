import { useCallback, useEffect, useRef, useState } from "react";
import { FILE_ACCEPT } from "@beannote/contract/limits";
import type { FileInfo } from "@beannote/contract";
import { filesApi, putBytes } from "../../api/files";
import { jobsApi } from "../../api/jobs";
import { isApiError } from "../../api/api-error";

export type UploadPhase = "uploading" | "parsing" | "ready" | "failed";

/** One chosen file on the create-note page, from the pick to "ready to use". */
export interface UploadItem {
  key: string;
  name: string;
  size: number;
  phase: UploadPhase;
  percent: number;
  fileId?: string;
  pageCount?: number | null;
  /** While a scan is read by OCR: the page being recognised. */
  ocr?: { page: number; pages: number };
  /** Why it failed: a local rule, an upload error, or the server's parse error code. */
  problem?: { kind: "tooLarge" | "unsupported" | "upload" | "parse"; code?: string; error?: unknown };
}

const ACCEPTED = FILE_ACCEPT.split(",");
const POLL_MS = 800;
let counter = 0;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot).toLowerCase();
}

/** The rules checked before any byte is sent (spec §5): format by extension, size limit. */
export function checkFile(file: { name: string; size: number }, maxBytes: number): UploadItem["problem"] {
  if (!ACCEPTED.includes(extensionOf(file.name))) return { kind: "unsupported" };
  if (file.size > maxBytes) return { kind: "tooLarge" };
  return undefined;
}

/**
 * The page count to show for a parsed file: none for DOCX and DOC, whose text flows and whose pages are only
 * the word processor's last guess (the source viewer shows the real pages of their rendered preview).
 */
export function shownPageCount(info: Pick<FileInfo, "format" | "pageCount">): number | null {
  return info.format === "docx" || info.format === "doc" ? null : info.pageCount;
}

/** "Recognising page i of n" while the parse job runs OCR on a scan, from the job's last progress. */
async function ocrProgress(jobId: string): Promise<UploadItem["ocr"]> {
  const progress = (await jobsApi.status(jobId).catch(() => null))?.progress;
  if (progress?.messageKey !== "progress.ocr" || !progress.params) return undefined;
  return { page: Number(progress.params.page), pages: Number(progress.params.pages) };
}

/** Uploads each file (upload URL, then a PUT with progress) and waits for the server to parse it. */
export function useFileUploads(maxBytes: number) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    if (alive.current)
      setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const settle = useCallback(
    (key: string, info: FileInfo) => {
      if (info.status === "ready")
        patch(key, { phase: "ready", percent: 100, pageCount: shownPageCount(info) });
      else if (info.status === "failed")
        patch(key, { phase: "failed", problem: { kind: "parse", code: info.error?.code ?? "FILE_CORRUPT" } });
      else patch(key, { phase: "parsing", percent: 100 });
    },
    [patch],
  );

  const run = useCallback(
    async (key: string, file: File) => {
      try {
        const target = await filesApi.uploadUrl({
          fileName: file.name,
          size: file.size,
          contentType: file.type,
        });
        patch(key, { fileId: target.fileId });
        let info: FileInfo | null = await putBytes(target, file, {
          onProgress: (percent) => patch(key, { percent: Math.min(percent, 99) }),
        });
        // A PUT through this server answers with the file; one straight to object storage does not.
        info ??= await filesApi.complete(target.fileId);
        settle(key, info);
        while (alive.current && (info.status === "uploading" || info.status === "parsing")) {
          await new Promise((r) => setTimeout(r, POLL_MS));
          info = await filesApi.info(target.fileId);
          settle(key, info);
          if (info.status === "parsing" && info.jobId) patch(key, { ocr: await ocrProgress(info.jobId) });
        }
      } catch (error) {
        const code = isApiError(error) ? error.code : undefined;
        const kind =
          code === "FILE_TOO_LARGE" ? "tooLarge" : code === "FILE_UNSUPPORTED" ? "unsupported" : "upload";
        patch(key, { phase: "failed", problem: { kind, code, error } });
      }
    },
    [patch, settle],
  );

  const add = useCallback(
    (files: File[]) => {
      const fresh = files.map((file): [UploadItem, File] => {
        const problem = checkFile(file, maxBytes);
        const item: UploadItem = {
          key: `f${++counter}`,
          name: file.name,
          size: file.size,
          phase: problem ? "failed" : "uploading",
          percent: 0,
          problem,
        };
        return [item, file];
      });
      setItems((all) => [...all, ...fresh.map(([item]) => item)]);
      for (const [item, file] of fresh) if (!item.problem) void run(item.key, file);
    },
    [maxBytes, run],
  );

  const remove = useCallback(
    (key: string) => {
      // A removed upload is deleted on the server too (no note uses it yet); failing that, it is left alone.
      const fileId = items.find((item) => item.key === key)?.fileId;
      if (fileId) void filesApi.remove(fileId).catch(() => undefined);
      setItems((all) => all.filter((item) => item.key !== key));
    },
    [items],
  );

  return { items, add, remove };
}
