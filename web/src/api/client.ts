import i18next from "i18next";
import type { Envelope } from "@beannote/contract";
import { CLIENT_VERSION } from "@beannote/contract/limits";
import { ApiError } from "./api-error";
import { getToken } from "./session-storage";

/** Timeout of every call of the product's own API (spec §7). */
export const REQUEST_TIMEOUT_MS = 300_000;

type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The `language` request header of spec §3: zh for any Chinese locale, else en. */
export function languageHeader(locale: string): "zh" | "en" {
  return locale.toLowerCase().startsWith("zh") ? "zh" : "en";
}

/** Headers of spec §3, sent on every call, in the interface's language (i18next's, set by i18n/). */
export function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    language: languageHeader(i18next.language || navigator.language || "en"),
    channel: "web",
    version: CLIENT_VERSION,
    deviceType: "2",
  };
  const token = getToken();
  if (token) {
    headers.token = token;
    headers.Authorization = `Bearer ${token}`;
  }
  return headers;
}

function buildUrl(path: string, query?: RequestOptions["query"]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Unwraps an envelope: resolves with `data` when `status` is 200, else rejects with the body. */
export function unwrap<T>(body: unknown, httpStatus: number): T {
  const env = body as Partial<Envelope<T>> | null;
  if (!env || typeof env !== "object" || typeof env.status !== "number") {
    throw new ApiError({
      status: httpStatus,
      message: "Malformed response",
      code: httpStatus >= 500 ? "INTERNAL" : "BAD_REQUEST",
    });
  }
  if (env.status !== 200) {
    const details =
      env.data && typeof env.data === "object" ? (env.data as Record<string, unknown>) : undefined;
    throw new ApiError({ status: env.status, message: env.message ?? "", code: env.code, details });
  }
  return env.data as T;
}

export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener("abort", onAbort);
  const headers = apiHeaders();
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.query), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: controller.signal,
      });
    } catch {
      if (timedOut) throw new ApiError({ status: 0, message: "timeout", transport: "timeout" });
      if (controller.signal.aborted) throw new ApiError({ status: 0, message: "abort", transport: "abort" });
      throw new ApiError({ status: 0, message: "network", transport: "network" });
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      if (timedOut) throw new ApiError({ status: 0, message: "timeout", transport: "timeout" });
      body = null;
    }
    return unwrap<T>(body, response.status);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
  }
}

export interface UploadOptions {
  fields?: Record<string, string>;
  onProgress?: (percent: number) => void;
  timeoutMs?: number;
}

/** Multipart upload (form field `file` plus form data) with progress; network failure is 602001. */
export function upload<T>(
  path: string,
  file: Blob,
  filename: string,
  options: UploadOptions = {},
): Promise<T> {
  return uploadFiles<T>(path, [{ file, filename }], options);
}

/** Multipart upload of several files, each in a `file` field, with progress (one request). */
export function uploadFiles<T>(
  path: string,
  files: { file: Blob; filename: string }[],
  options: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.timeout = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    for (const [key, value] of Object.entries(apiHeaders())) xhr.setRequestHeader(key, value);
    const form = new FormData();
    for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
    for (const { file, filename } of files) form.append("file", file, filename);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(unwrap<T>(JSON.parse(xhr.responseText) as unknown, xhr.status));
      } catch (error) {
        reject(
          error instanceof ApiError
            ? error
            : new ApiError({ status: xhr.status, message: "Malformed response", code: "INTERNAL" }),
        );
      }
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, message: "upload network error", transport: "uploadNetwork" }));
    xhr.ontimeout = () => reject(new ApiError({ status: 0, message: "timeout", transport: "timeout" }));
    xhr.onabort = () => reject(new ApiError({ status: 0, message: "abort", transport: "abort" }));
    xhr.send(form);
  });
}
