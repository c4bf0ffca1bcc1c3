import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import type { FileInfo, GenerateNoteResponse, JobEvent, UploadUrlResponse } from "@beannote/contract";
import type { TestServer } from "./test-server";

export const FIXTURES = path.resolve(
  fileURLToPath(new URL("../../../shared/fixtures/documents", import.meta.url)),
);
export const fixture = (name: string) => path.join(FIXTURES, name);

export const authHeaders = (token: string) => ({ token, authorization: `Bearer ${token}` });

/** Registers a user through the admin path of the member service and logs in; returns the token. */
export async function loginNewUser(
  server: TestServer,
  email: string,
  password = "study-2024",
): Promise<string> {
  const { runAdminCommand } = await import("../src/cli/admin-command");
  const { createLocalStorage } = await import("../src/storage/local-storage");
  await runAdminCommand(["create", email, password], {
    db: server.database.db,
    storage: createLocalStorage(path.join(server.config.dataDir, "files")),
    // Enough Beancoin that paid actions never get in a test's way (the beans tests set their own balances).
    startingBeans: 10_000,
    out: () => {},
  });
  const login = await server.call<{ token: string }>("POST", "/member/password-login", {
    body: { email, password },
  });
  if (login.body.status !== 200) throw new Error(`login failed: ${login.body.message}`);
  return login.body.data.token;
}

/**
 * Uploads a fixture the way the web app does: upload-url, then a PUT of the raw bytes to the URL given (this
 * server, or a presigned object-storage URL, which answers without a FileInfo: then POST .../complete).
 */
export async function uploadFile(
  server: TestServer,
  token: string,
  filePath: string,
  fileName = path.basename(filePath),
) {
  const bytes = await readFile(filePath);
  const start = await server.call<UploadUrlResponse>("POST", "/file/upload-url", {
    token,
    body: { fileName, size: bytes.length, contentType: "application/octet-stream" },
  });
  if (start.body.status !== 200) throw new Error(`upload-url failed: ${start.body.code}`);
  const url = new URL(start.body.data.uploadUrl, server.url);
  const direct = url.origin !== new URL(server.url).origin;
  const put = await fetch(url, {
    method: "PUT",
    // Like the web app, the token goes only to this server, never to the bucket.
    headers: { ...start.body.data.headers, ...(direct ? {} : authHeaders(token)) },
    body: bytes,
  });
  if (direct) {
    if (!put.ok) throw new Error(`PUT to object storage failed: HTTP ${put.status} ${await put.text()}`);
    const done = await server.call<FileInfo>("POST", `/file/${start.body.data.fileId}/complete`, { token });
    return { fileId: start.body.data.fileId, put: done.body };
  }
  const body = (await put.json()) as { status: number; code?: string; data: FileInfo };
  return { fileId: start.body.data.fileId, put: body };
}

/** Polls GET /file/:id until parsing has finished one way or the other. */
export async function waitForFile(
  server: TestServer,
  token: string,
  fileId: string,
  // under the 120 s hook limit, with room for a parse on a loaded machine (slides' bed once took over 60 s)
  timeoutMs = 110_000,
): Promise<FileInfo> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await server.call<FileInfo>("GET", `/file/${fileId}`, { token });
    if (body.data.status === "ready" || body.data.status === "failed") return body.data;
    if (Date.now() > deadline) throw new Error(`file ${fileId} still ${body.data.status}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Reads the SSE stream of a job until `done` or `error` (or until `stopAfter` events). */
export async function readJobEvents(
  server: { url: string },
  token: string,
  jobId: string,
  options: { lastEventId?: number; stopAfter?: number; onEvent?: (event: JobEvent) => void } = {},
): Promise<JobEvent[]> {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/job/${jobId}/events`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "text/event-stream",
      ...authHeaders(token),
      ...(options.lastEventId !== undefined ? { "last-event-id": String(options.lastEventId) } : {}),
    },
    body: "{}",
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
  const events: JobEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = "";
  const reader = response.body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let boundary: number;
    while ((boundary = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const fields = Object.fromEntries(
        block
          .split("\n")
          .filter((line) => line && !line.startsWith(":"))
          .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trimStart()]),
      );
      if (!fields.event) continue;
      events.push({
        id: Number(fields.id),
        type: fields.event as JobEvent["type"],
        data: JSON.parse(fields.data ?? "null"),
      });
      const last = events.at(-1)!;
      options.onEvent?.(last);
      if (last.type === "done" || last.type === "error" || events.length === options.stopAfter) {
        controller.abort();
        return events;
      }
    }
  }
  return events;
}

/** Uploads a fixture, waits for it to be read and writes a detailed note from it; returns the note's id. */
export async function createNoteFromFixture(
  server: TestServer,
  token: string,
  file: string,
  options: { outputLanguage: string; title?: string },
): Promise<string> {
  const { fileId } = await uploadFile(server, token, fixture(file));
  expect((await waitForFile(server, token, fileId)).status).toBe("ready");
  const started = await server.call<GenerateNoteResponse>("POST", "/note/generate", {
    token,
    body: {
      title: options.title ?? file,
      outputLanguage: options.outputLanguage,
      detailLevel: "detail",
      fileIds: [fileId],
    },
  });
  expect((await readJobEvents(server, token, started.body.data.jobId)).at(-1)?.type).toBe("done");
  return started.body.data.noteId;
}
