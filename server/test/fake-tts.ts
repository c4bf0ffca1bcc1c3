import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { wavFile } from "../src/speech/wav";

/** A request the fake speech service received. */
export interface FakeTtsCall {
  body: { model?: string; voice?: string; input?: string; response_format?: string };
  authorization?: string;
}

/** What the fake answers a call with; nothing: a tone WAV as long as the text (`msPerChar`, 40 ms a character). */
export interface FakeTtsStep {
  status?: number;
  headers?: Record<string, string>;
  delayMs?: number;
  /** A raw body instead of the WAV. */
  body?: Buffer | string;
}

export interface FakeTts {
  /** Base URL to configure as TTS_BASE_URL (ends in /v1). */
  url: string;
  calls: FakeTtsCall[];
  /** Highest number of requests in flight at once so far. */
  readonly maxConcurrent: number;
  close(): Promise<void>;
}

export const FAKE_TTS_RATE = 24_000;

/** A tone (voices get different pitches) lasting `msPerChar` (40) ms per character of `text`, at least 0.3 s. */
export function toneFor(text: string, voice: string, msPerChar = 40): Int16Array {
  const seconds = Math.max(0.3, ([...text].length * msPerChar) / 1000);
  const samples = new Int16Array(Math.round(seconds * FAKE_TTS_RATE));
  const hz = 120 + ([...voice].reduce((n, c) => n + c.charCodeAt(0), 0) % 200);
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * hz * i) / FAKE_TTS_RATE));
  return samples;
}

/**
 * A fake OpenAI-compatible speech service (`POST /v1/audio/speech`) for tests and benchmarks: it answers
 * WAV tones, or what `script` says for call `n`.
 */
export async function startFakeTts(
  options: {
    delayMs?: number;
    /**
     * Length of the tone per character (40 ms, about speech's pace). Shorter where only the episode's structure
     * is asserted: every second of audio is MP3-encoded (lamejs, in JS) and decoded again by the test.
     */
    msPerChar?: number;
    script?: (call: FakeTtsCall, n: number) => FakeTtsStep | undefined;
  } = {},
): Promise<FakeTts> {
  const calls: FakeTtsCall[] = [];
  let inFlight = 0;
  let maxConcurrent = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/v1/audio/speech") {
        response.writeHead(404).end();
        return;
      }
      inFlight++;
      maxConcurrent = Math.max(maxConcurrent, inFlight);
      let body: FakeTtsCall["body"] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as FakeTtsCall["body"];
      } catch {
        // answered below as a bad request
      }
      const call: FakeTtsCall = { body, authorization: request.headers.authorization };
      const step = options.script?.(call, calls.length) ?? {};
      calls.push(call);
      setTimeout(
        () => {
          inFlight--;
          if (step.status && step.status !== 200) {
            response.writeHead(step.status, { "content-type": "application/json", ...step.headers });
            response.end(JSON.stringify({ error: { message: "fake failure" } }));
            return;
          }
          if (!body.input || !body.voice) {
            response.writeHead(400).end();
            return;
          }
          const payload =
            step.body ?? wavFile(toneFor(body.input, body.voice, options.msPerChar), FAKE_TTS_RATE);
          response.writeHead(200, { "content-type": "audio/wav", ...step.headers });
          response.end(payload);
        },
        step.delayMs ?? options.delayMs ?? 0,
      );
    });
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
