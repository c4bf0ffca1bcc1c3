import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake OpenAI-compatible server (POST /v1/chat/completions, streaming and not) for tests and benchmarks.
 * Each call takes the next step of the script; with no step left it answers well by itself: one entry per
 * `<section id="…">` of the prompt, citing the `[p. N]` pages it saw.
 */
export interface FakeStep {
  /** HTTP status (default 200). A non-200 step answers with an OpenAI-style error body. */
  status?: number;
  headers?: Record<string, string>;
  /** Wait before answering (overrides the server's `delayMs`). */
  delayMs?: number;
  /** Answer only once this settles (a test holds a job in its running state until it has seen that state). */
  hold?: Promise<unknown>;
  /** The assistant message content, verbatim (e.g. malformed JSON). */
  content?: string;
  /** The assistant message content as JSON (serialised). */
  json?: unknown;
  /** Send the head and half of the answer, then close the connection (a model server dying mid-answer). */
  hangUp?: boolean;
  /** Transform the automatic good answer (e.g. to drop a section or cite a wrong page). */
  mapAuto?: (answer: AutoAnswer) => unknown;
}

/** The shape of the automatic answer. */
export interface AutoAnswer {
  sections: { id: string; heading: string; markdown: string; pages: number[] }[];
}

/** One request the fake received. */
export interface FakeCall {
  body: {
    model?: string;
    stream?: boolean;
    messages?: { role: string; content: unknown }[];
    [k: string]: unknown;
  };
  /** The user and system messages' text, joined. */
  prompt: string;
  stream: boolean;
  status: number;
  startedAt: number;
  endedAt?: number;
}

export interface FakeOpenAIOptions {
  /** Default delay before every answer, in ms. */
  delayMs?: number;
  /** Steps used by successive calls, or a function choosing the step of call `n` (0-based). */
  script?: FakeStep[] | ((call: FakeCall, n: number) => FakeStep | undefined);
}

export interface FakeOpenAI {
  /** Base URL to configure as AI_BASE_URL (ends in /v1). */
  url: string;
  close(): Promise<void>;
  calls: FakeCall[];
  /** Highest number of requests in flight at once so far. */
  readonly maxConcurrent: number;
}

function messageText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((p) => (typeof p === "object" && p && "text" in p ? String((p as { text: unknown }).text) : ""))
      .join("");
  }
  return "";
}

/** A good answer to an engine prompt: one entry per section, the first sentence, the pages seen. */
export function autoAnswer(prompt: string): AutoAnswer {
  const sections: AutoAnswer["sections"] = [];
  const re = /<section id="([^"]+)"[^>]*>\nHeading: ([^\n]*)\n([\s\S]*?)<\/section>/g;
  for (const m of prompt.matchAll(re)) {
    const body = m[3] ?? "";
    const pages = [...new Set([...body.matchAll(/\[p\. (\d+)\]/g)].map((p) => Number(p[1])))];
    const first = body
      .replace(/\[p\. \d+\]\s*/g, "")
      .split("\n")
      .find((l) => l.trim().length > 0);
    sections.push({
      id: m[1]!,
      heading: m[2]!,
      markdown: first ? `- ${first.trim().slice(0, 300)}` : "",
      pages,
    });
  }
  return { sections };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  try {
    for await (const c of req) parts.push(c as Buffer);
  } catch {
    /* the client closed mid-body (it timed out): what arrived is the body */
  }
  return Buffer.concat(parts).toString("utf8");
}

function completion(model: string, content: string): unknown {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function streamAnswer(res: ServerResponse, model: string, content: string): void {
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  const base = {
    id: `chatcmpl-fake-${Date.now()}`,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model,
  };
  const send = (o: unknown): boolean => res.write(`data: ${JSON.stringify(o)}\n\n`);
  send({ ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] });
  for (let i = 0; i < content.length; i += 24) {
    send({
      ...base,
      choices: [{ index: 0, delta: { content: content.slice(i, i + 24) }, finish_reason: null }],
    });
  }
  send({
    ...base,
    choices: [{ index: 0, delta: {}, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  });
  res.end("data: [DONE]\n\n");
}

/** Starts the fake on a free port of 127.0.0.1. */
export async function startFakeOpenAI(opts: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const calls: FakeCall[] = [];
  let inFlight = 0;
  let maxConcurrent = 0;
  const queue = Array.isArray(opts.script) ? [...opts.script] : undefined;

  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      inFlight++;
      maxConcurrent = Math.max(maxConcurrent, inFlight);
      // counted on arrival: a client that gives up (its timeout) may close before its body is read
      const call: FakeCall = { body: {}, prompt: "", stream: false, status: 200, startedAt: Date.now() };
      const n = calls.length;
      calls.push(call);
      const raw = await readBody(req);
      try {
        call.body = JSON.parse(raw) as FakeCall["body"];
      } catch {
        /* answered below as a 400 */
      }
      const body = call.body;
      call.prompt = (body.messages ?? []).map((m) => messageText(m.content)).join("\n");
      call.stream = body.stream === true;
      const step: FakeStep =
        (typeof opts.script === "function" ? opts.script(call, n) : queue?.shift()) ?? {};
      const delay = step.delayMs ?? opts.delayMs ?? 0;
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      await step.hold;
      const status = body.messages ? (step.status ?? 200) : 400;
      call.status = status;
      try {
        if (status !== 200) {
          res.writeHead(status, { "content-type": "application/json", ...step.headers }).end(
            JSON.stringify({
              error: { message: `fake error ${status}`, type: "fake_error", code: status },
            }),
          );
          return;
        }
        const auto = autoAnswer(call.prompt);
        const content =
          step.content ?? JSON.stringify(step.json ?? (step.mapAuto ? step.mapAuto(auto) : auto));
        const model = body.model ?? "fake-model";
        if (step.hangUp) {
          const whole = JSON.stringify(completion(model, content));
          res.writeHead(200, { "content-type": "application/json", "content-length": whole.length });
          res.write(whole.slice(0, whole.length >> 1), () => res.socket?.destroy());
          call.status = 0;
        } else if (call.stream) streamAnswer(res, model, content);
        else
          res
            .writeHead(200, { "content-type": "application/json", ...step.headers })
            .end(JSON.stringify(completion(model, content)));
      } finally {
        call.endedAt = Date.now();
        inFlight--;
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    get maxConcurrent() {
      return maxConcurrent;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
