/** What a student's browser does, in the load benchmark: log in, upload, wait for the parse, generate, stream. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FileInfo, UploadUrlResponse } from "@beannote/contract";
import { fixturesDir } from "../../server/src/modules/files/test-support";

type Envelope<T> = { status: number; code?: string; data: T };

export class HttpError extends Error {
  constructor(
    readonly http: number,
    readonly code: string | undefined,
    what: string,
  ) {
    super(`${what}: HTTP ${http} ${code ?? ""}`);
  }
}

export async function call<T>(
  base: string,
  method: string,
  route: string,
  options: { token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(options.token ? { token: options.token } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(60_000),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.status !== 200) throw new HttpError(response.status, envelope.code, `${method} ${route}`);
  return envelope.data;
}

export async function login(base: string, email: string, password: string): Promise<string> {
  return (
    await call<{ token: string }>(base, "POST", "/member/password-login", { body: { email, password } })
  ).token;
}

/** Upload-url, then the bytes, the way the web app does it; returns the file id. */
export async function upload(base: string, token: string, fixture: string): Promise<string> {
  const bytes = await readFile(path.join(fixturesDir, fixture));
  const start = await call<UploadUrlResponse>(base, "POST", "/file/upload-url", {
    token,
    body: { fileName: fixture, size: bytes.length, contentType: "application/octet-stream" },
  });
  const put = await fetch(new URL(start.uploadUrl, base), {
    method: "PUT",
    headers: { ...start.headers, token },
    body: bytes,
    signal: AbortSignal.timeout(60_000),
  });
  if (!put.ok) throw new HttpError(put.status, undefined, `PUT ${fixture}`);
  await put.arrayBuffer();
  return start.fileId;
}

export async function waitForFile(base: string, token: string, fileId: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const file = await call<FileInfo>(base, "GET", `/file/${fileId}`, { token });
    if (file.status === "ready") return file;
    if (file.status === "failed") throw new Error(`file ${fileId} failed: ${file.error?.code ?? "?"}`);
    if (Date.now() > deadline) throw new Error(`file ${fileId} still ${file.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Generates a note from `fileIds` and reads its SSE stream to the end; returns the milliseconds to the first
 * event and to `done`.
 */
export async function generateAndStream(
  base: string,
  streamBase: string,
  token: string,
  fileIds: string[],
  title: string,
): Promise<{ firstEventMs: number; doneMs: number }> {
  const started = performance.now();
  const { jobId } = await call<{ jobId: string }>(base, "POST", "/note/generate", {
    token,
    body: { title, outputLanguage: "en-US", detailLevel: "simple", fileIds },
  });
  const response = await fetch(`${streamBase}/job/${jobId}/events`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream", token },
    body: "{}",
    signal: AbortSignal.timeout(300_000),
  });
  if (!response.ok || !response.body) throw new HttpError(response.status, undefined, "job events");
  let firstEventMs = 0;
  let buffer = "";
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    let boundary: number;
    while ((boundary = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      if (!event) continue;
      firstEventMs ||= performance.now() - started;
      if (event === "error") throw new Error(`job ${jobId} failed: ${/^data: (.+)$/m.exec(block)?.[1]}`);
      if (event === "done") return { firstEventMs, doneMs: performance.now() - started };
    }
  }
  throw new Error(`job ${jobId}: stream ended before done`);
}
