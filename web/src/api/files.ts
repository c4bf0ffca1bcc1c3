import type { FileInfo, UploadUrlRequest, UploadUrlResponse } from "@beannote/contract";
import { apiPath } from "@beannote/contract/paths";
import { ApiError } from "./api-error";
import { apiHeaders, request, unwrap, REQUEST_TIMEOUT_MS } from "./client";

/** The upload target's own headers win; ours carry the token when the target is this server. */
function sameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** PUTs raw bytes to an upload URL with progress (spec §7 "binary PUT upload"); network failure is 602001. */
export function putBytes(
  target: UploadUrlResponse,
  file: Blob,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<FileInfo> {
  return new Promise<FileInfo>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(target.method, target.uploadUrl);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    const headers = { ...(sameOrigin(target.uploadUrl) ? apiHeaders() : {}), ...target.headers };
    for (const [key, value] of Object.entries(headers)) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(unwrap<FileInfo>(JSON.parse(xhr.responseText) as unknown, xhr.status));
      } catch (error) {
        if (error instanceof ApiError) reject(error);
        else if (xhr.status >= 200 && xhr.status < 300) resolve(null as unknown as FileInfo);
        else
          reject(new ApiError({ status: xhr.status, message: "upload failed", transport: "uploadNetwork" }));
      }
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, message: "upload network error", transport: "uploadNetwork" }));
    xhr.ontimeout = () => reject(new ApiError({ status: 0, message: "timeout", transport: "timeout" }));
    xhr.onabort = () => reject(new ApiError({ status: 0, message: "abort", transport: "abort" }));
    options.signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(file);
  });
}

/** The files calls (`/file/*`), typed by the contract. */
export const filesApi = {
  uploadUrl: (body: UploadUrlRequest) =>
    request<UploadUrlResponse>("POST", apiPath("fileUploadUrl"), { body }),
  info: (fileId: string) => request<FileInfo>("GET", apiPath("file", { fileId })),
  /** After a PUT straight to object storage (which answers without a FileInfo): check the bytes, parse. */
  complete: (fileId: string) => request<FileInfo>("POST", apiPath("fileComplete", { fileId })),
  /** Deletes an uploaded file no note uses yet. */
  remove: (fileId: string) => request<unknown>("DELETE", apiPath("file", { fileId })),
  /** The file as PDF bytes for the source viewer; rejects with the server's code (e.g. PREVIEW_UNAVAILABLE). */
  async preview(fileId: string, signal?: AbortSignal): Promise<{ bytes: ArrayBuffer; contentType: string }> {
    let response: Response;
    try {
      response = await fetch(apiPath("filePreview", { fileId }), {
        headers: apiHeaders(),
        signal,
      });
    } catch {
      if (signal?.aborted) throw new ApiError({ status: 0, message: "abort", transport: "abort" });
      throw new ApiError({ status: 0, message: "network", transport: "network" });
    }
    const contentType = response.headers.get("content-type") ?? "";
    if (contentType.includes("application/json")) {
      unwrap<unknown>(await response.json(), response.status);
      throw new ApiError({ status: response.status, message: "not a document", code: "BAD_REQUEST" });
    }
    if (!response.ok)
      throw new ApiError({ status: response.status, message: "preview failed", code: "INTERNAL" });
    return { bytes: await response.arrayBuffer(), contentType };
  },
};

export const fileKeys = {
  all: ["files"] as const,
  preview: (fileId: string) => [...fileKeys.all, "preview", fileId] as const,
};
