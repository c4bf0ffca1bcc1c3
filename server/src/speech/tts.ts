import type { OutputLanguage, PodcastSpeaker } from "@beannote/contract";
import { SpeechError, type Speech, type SpeechRequest } from "./speech";
import { speakableText } from "./speech-text";
import { parseWav } from "./wav";
import { createSlots } from "../slots";

/** The voices of the two hosts: one pair for every language, and pairs for some languages. */
export interface TtsVoices {
  default: [host: string, guest: string];
  languages: Partial<Record<string, [host: string, guest: string]>>;
}

/**
 * Reads `TTS_VOICES`: `host,guest` for every language, then optionally `;lang=host,guest` pairs, e.g.
 * `alloy,nova;zh-CN=zh_male,zh_female`. Throws on a malformed value.
 */
export function parseTtsVoices(value: string): TtsVoices {
  const parts = value
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean);
  const pair = (text: string): [string, string] => {
    const voices = text.split(",").map((v) => v.trim());
    if (voices.length !== 2 || !voices[0] || !voices[1])
      throw new Error(`TTS_VOICES: "${text}" is not host,guest`);
    return [voices[0], voices[1]];
  };
  let fallback: [string, string] | undefined;
  const languages: TtsVoices["languages"] = {};
  for (const part of parts) {
    const eq = part.indexOf("=");
    if (eq < 0) fallback = pair(part);
    else languages[part.slice(0, eq).trim()] = pair(part.slice(eq + 1));
  }
  if (!fallback) throw new Error("TTS_VOICES needs a host,guest pair for every language");
  return { default: fallback, languages };
}

export function ttsVoice(voices: TtsVoices, language: OutputLanguage, speaker: PodcastSpeaker): string {
  const pair = voices.languages[language] ?? voices.default;
  return speaker === "host" ? pair[0] : pair[1];
}

export interface TtsOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  voices: TtsVoices;
  concurrency: number;
  fetch?: typeof fetch;
  /** Base delay of the retry backoff in ms (default 1000). */
  retryBaseMs?: number;
}

const RETRIES = 3;
const TIMEOUT_MS = 120_000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/**
 * Speech from an OpenAI-compatible `POST {TTS_BASE_URL}/audio/speech` (OpenAI, Azure through a proxy,
 * local servers such as openedai-speech or Kokoro-FastAPI), asked for WAV; 429 and 5xx are retried with
 * backoff (honouring Retry-After), other answers fail the line.
 */
export function createTtsSpeech(options: TtsOptions): Speech {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, "")}/audio/speech`;
  const baseMs = options.retryBaseMs ?? 1000;
  // The episode renderer reads ahead of the encoder; the service sees at most `concurrency` requests.
  const slots = createSlots(options.concurrency);
  return {
    kind: "tts",
    concurrency: options.concurrency,
    async synthesize(request: SpeechRequest) {
      const body = JSON.stringify({
        model: options.model,
        voice: ttsVoice(options.voices, request.language, request.speaker),
        input: speakableText(request.text, request.language),
        response_format: "wav",
      });
      for (let attempt = 0; ; attempt++) {
        let response: Response;
        let bytes: Uint8Array | undefined;
        try {
          const release = await slots.acquire(request.signal);
          response = await (async () => {
            // timed from when the request goes out, not from when it joined the queue
            const signal = AbortSignal.any([
              AbortSignal.timeout(TIMEOUT_MS),
              ...(request.signal ? [request.signal] : []),
            ]);
            const answer = await doFetch(url, {
              method: "POST",
              headers: {
                "content-type": "application/json",
                ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
              },
              body,
              signal,
            });
            if (answer.ok) bytes = new Uint8Array(await answer.arrayBuffer());
            return answer;
          })().finally(release);
        } catch (error) {
          if (request.signal?.aborted) throw request.signal.reason ?? error;
          if (attempt < RETRIES) {
            await sleep(baseMs * 2 ** attempt, request.signal);
            continue;
          }
          throw new SpeechError(`speech service unreachable: ${String(error)}`);
        }
        if (bytes) {
          try {
            return parseWav(bytes);
          } catch (error) {
            throw new SpeechError(`speech service answered no WAV: ${(error as Error).message}`);
          }
        }
        await response.body?.cancel();
        if ((response.status === 429 || response.status >= 500) && attempt < RETRIES) {
          const after = Number(response.headers.get("retry-after"));
          await sleep(
            Number.isFinite(after) && after > 0 ? Math.min(after * 1000, 30_000) : baseMs * 2 ** attempt,
            request.signal,
          );
          continue;
        }
        throw new SpeechError(`speech service answered ${response.status}`);
      }
    },
    close: async () => {},
  };
}
