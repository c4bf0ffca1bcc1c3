import type { JobEvent, JobEventType, JobStatusResponse } from "@beannote/contract";
import { JOB_EVENT_TYPES } from "@beannote/contract/jobs";
import { apiPath } from "@beannote/contract/paths";
import { ApiError } from "./api-error";
import { apiHeaders, request, unwrap } from "./client";

/** Splits a text/event-stream into messages; feed it chunks, it calls back once per complete message. */
export function createSseParser(onEvent: (event: JobEvent) => void) {
  let buffer = "";
  let id: number | undefined;
  let type = "message";
  let data: string[] = [];
  const dispatch = () => {
    if (data.length && (JOB_EVENT_TYPES as readonly string[]).includes(type)) {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(data.join("\n"));
      } catch {
        parsed = data.join("\n");
      }
      onEvent({ id: id ?? 0, type: type as JobEventType, data: parsed });
    }
    id = undefined;
    type = "message";
    data = [];
  };
  return (chunk: string) => {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith("\r\n", newline) ? 2 : 1));
      if (line === "") {
        dispatch();
        continue;
      }
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "id") id = Number(value);
      else if (field === "event") type = value;
      else if (field === "data") data.push(value);
    }
  };
}

/**
 * Reads `POST /job/:jobId/events` once (a streaming POST: the token travels in headers, so not
 * EventSource). Resolves when the server closes the stream; rejects on a transport failure.
 */
export async function readJobEvents(
  jobId: string,
  options: { lastEventId?: number; signal?: AbortSignal; onEvent: (event: JobEvent) => void },
): Promise<void> {
  const headers: Record<string, string> = {
    ...apiHeaders(),
    "Content-Type": "application/json",
    Accept: "text/event-stream",
  };
  if (options.lastEventId) headers["Last-Event-ID"] = String(options.lastEventId);
  let response: Response;
  try {
    response = await fetch(apiPath("jobEvents", { jobId }), {
      method: "POST",
      headers,
      body: JSON.stringify(options.lastEventId ? { lastEventId: options.lastEventId } : {}),
      signal: options.signal,
    });
  } catch {
    if (options.signal?.aborted) throw new ApiError({ status: 0, message: "abort", transport: "abort" });
    throw new ApiError({ status: 0, message: "socket", transport: "socketCreate" });
  }
  if (!(response.headers.get("content-type") ?? "").includes("text/event-stream")) {
    unwrap<unknown>(await response.json().catch(() => null), response.status);
    throw new ApiError({ status: response.status, message: "not a stream", transport: "socketCreate" });
  }
  if (!response.body) throw new ApiError({ status: 0, message: "no body", transport: "socketNotOpen" });
  const parse = createSseParser(options.onEvent);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      parse(value);
    }
  } catch {
    if (options.signal?.aborted) throw new ApiError({ status: 0, message: "abort", transport: "abort" });
    throw new ApiError({ status: 0, message: "socket", transport: "socketNotOpen" });
  } finally {
    reader.releaseLock();
  }
}

/** The jobs calls (`/job/*`). */
export const jobsApi = {
  status: (jobId: string) => request<JobStatusResponse>("GET", apiPath("job", { jobId })),
  cancel: (jobId: string) =>
    request<JobStatusResponse>("POST", apiPath("jobCancel", { jobId }), { body: {} }),
};
