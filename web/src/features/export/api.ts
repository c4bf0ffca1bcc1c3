import type { NoteExportFormat } from "@beannote/contract/export";
import { ApiError } from "../../api/api-error";
import { apiHeaders, REQUEST_TIMEOUT_MS, unwrap } from "../../api/client";
import { dispositionFileName } from "../artefacts/download-file";

/** Saves a Blob under `name` through a temporary object URL (the browser's download). */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * `POST /note/:noteId/export {format}`: the answer is the file itself (its name in Content-Disposition),
 * or a JSON envelope when it failed, which rejects with its `ApiError`. Resolves with the saved name.
 */
export async function exportNote(
  noteId: string,
  format: NoteExportFormat,
  fallbackTitle: string,
): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    let response: Response;
    try {
      response = await fetch(`/note/${encodeURIComponent(noteId)}/export`, {
        method: "POST",
        headers: { ...apiHeaders(), "Content-Type": "application/json" },
        body: JSON.stringify({ format }),
        signal: controller.signal,
      });
    } catch {
      throw controller.signal.aborted
        ? new ApiError({ status: 0, message: "timeout", transport: "timeout" })
        : new ApiError({ status: 0, message: "network", transport: "network" });
    }
    if (!response.ok || (response.headers.get("content-type") ?? "").includes("application/json")) {
      unwrap<unknown>(await response.json().catch(() => null), response.status);
    }
    const blob = await response.blob();
    const name = dispositionFileName(
      response.headers.get("content-disposition"),
      `${fallbackTitle}.${format}`,
    );
    saveBlob(blob, name);
    return name;
  } finally {
    clearTimeout(timer);
  }
}
