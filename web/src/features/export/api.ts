import type { NoteExportFormat } from "@beannote/contract/export";
import { apiPath } from "@beannote/contract/paths";
import { ApiError } from "../../api/api-error";
import { apiHeaders, REQUEST_TIMEOUT_MS, unwrap } from "../../api/client";
import { saveBlob } from "../../components/save-blob";
import { dispositionFileName } from "../artefacts/download-file";

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
      response = await fetch(apiPath("noteExport", { noteId }), {
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
