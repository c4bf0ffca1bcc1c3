import type { LanguageModel } from "ai";
import type { z } from "zod";
import type { EngineConfig, EngineDeps } from "./types";

const MALFORMED_RETRIES = 2;
const API_RETRIES = 4;

// The AI SDK is loaded with the first question (the offline engine never needs it: ~20 MiB of RSS saved).
let sdk: typeof import("ai") | undefined;
const loadSdk = async () => (sdk ??= await import("ai"));

/** The model answered JSON that fits the schema but not the request (e.g. a section left out). */
export class UnusableAnswerError extends Error {}

/** The OpenAI-compatible model settings once they are all present. */
export interface ModelSettings extends EngineConfig {
  aiBaseUrl: string;
  aiApiKey: string;
  aiModel: string;
}

export interface AskOptions<T> {
  system: string;
  prompt: string;
  signal?: AbortSignal;
  maxOutputTokens?: number;
  /** Throws `UnusableAnswerError` to ask again (counted with malformed answers). */
  check?: (answer: T) => void;
}

/**
 * One model behind JSON questions: answers validated by a zod schema, malformed ones asked again twice,
 * 429/5xx retried with backoff (honouring Retry-After), cancellation passed through.
 */
export function createModelClient(config: ModelSettings, deps: EngineDeps = {}) {
  // We ask for JSON mode on purpose (DeepSeek and others lack JSON-schema mode); the SDK would warn on every call.
  (globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
  let model: Promise<LanguageModel> | undefined;
  const modelOf = () =>
    (model ??= import("@ai-sdk/openai-compatible").then(({ createOpenAICompatible }) =>
      createOpenAICompatible({
        name: "beannote-llm",
        baseURL: config.aiBaseUrl,
        apiKey: config.aiApiKey,
        fetch: deps.fetch,
      }).chatModel(config.aiModel),
    ));
  const baseMs = deps.retryBaseMs ?? 1000;
  const maxMs = deps.retryMaxMs ?? 30_000;
  const contextTokens = Math.max(2048, config.aiContextTokens);
  const timeoutMs = config.aiTimeoutMs ?? 120_000;

  return {
    contextTokens,
    /** Tokens of source text that fit one request, leaving room for the answer. */
    inputBudget: Math.floor(contextTokens * 0.55) - 600,
    maxOutputTokens: Math.min(8192, Math.floor(contextTokens * 0.4)),
    concurrency: config.aiConcurrency || 2,

    /** Asks once (with retries); throws the last error when no usable answer came. */
    async askJson<T>(schema: z.ZodType<T>, options: AskOptions<T>): Promise<T> {
      let malformed = 0;
      let apiErrors = 0;
      for (;;) {
        const timeout = AbortSignal.timeout(timeoutMs);
        try {
          const { generateText, Output } = await loadSdk();
          const { output } = await generateText({
            model: await modelOf(),
            system: options.system,
            prompt: options.prompt,
            output: Output.object({ schema }),
            maxRetries: 0,
            temperature: 0.2,
            maxOutputTokens: options.maxOutputTokens ?? this.maxOutputTokens,
            abortSignal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
          });
          options.check?.(output as T);
          return output as T;
        } catch (e) {
          if (options.signal?.aborted) throw options.signal.reason ?? e;
          if (isMalformed(e)) {
            if (malformed++ < MALFORMED_RETRIES) continue;
            throw e;
          }
          if (timeout.aborted || isTransient(e)) {
            if (apiErrors >= API_RETRIES) throw e;
            const backoff = Math.min(maxMs, baseMs * 2 ** apiErrors) * (0.75 + Math.random() * 0.5);
            const wait = Math.min(maxMs, retryAfterMs(e) ?? backoff);
            apiErrors++;
            await sleep(wait, options.signal);
            continue;
          }
          throw e;
        }
      }
    },
  };
}

export type ModelClient = ReturnType<typeof createModelClient>;

/** A malformed or unusable answer: worth asking again, and, once retries are spent, worth a fallback. */
export function isMalformed(e: unknown): boolean {
  if (e instanceof UnusableAnswerError) return true;
  const name = (e as { name?: string } | null)?.name ?? "";
  return [
    "AI_NoObjectGeneratedError",
    "AI_JSONParseError",
    "AI_TypeValidationError",
    "AI_NoContentGeneratedError",
  ].includes(name);
}

/**
 * Worth asking again: 429, 5xx, what the SDK marks retryable (the connection refused or reset before an answer),
 * and an answer whose connection closed halfway (fetch's "terminated", a socket error under it).
 */
function isTransient(e: unknown): boolean {
  // An APICallError can only come from the SDK, hence after it was loaded.
  if (sdk?.APICallError.isInstance(e))
    return e.statusCode === 429 || (e.statusCode ?? 0) >= 500 || e.isRetryable;
  for (let cause = e, depth = 0; cause instanceof Error && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (cause.message === "terminated" || (typeof code === "string" && SOCKET_ERRORS.has(code))) return true;
    cause = cause.cause;
  }
  return false;
}

const SOCKET_ERRORS = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "UND_ERR_SOCKET"]);

function retryAfterMs(e: unknown): number | undefined {
  if (!sdk?.APICallError.isInstance(e)) return undefined;
  const h = e.responseHeaders ?? {};
  const ms = h["retry-after-ms"];
  if (ms && Number.isFinite(Number(ms))) return Number(ms);
  const ra = h["retry-after"];
  if (!ra) return undefined;
  if (Number.isFinite(Number(ra))) return Number(ra) * 1000;
  const at = Date.parse(ra);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Runs `tasks` with at most `limit` at once; results keep the tasks' order. */
export async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker));
  return results;
}
