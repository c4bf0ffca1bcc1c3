import { Worker } from "node:worker_threads";
import type { OutputLanguage, PodcastSpeaker } from "@beannote/contract";
import { workerEntry, workerSource } from "../worker-entry";
import type { EspeakReply, EspeakTask } from "./espeak-worker";
import { japaneseReading } from "./japanese";
import { SpeechError, type Speech, type SpeechRequest } from "./speech";
import { speakableText } from "./speech-text";
import { parseWav } from "./wav";

/**
 * espeak-ng's voice for each output language (its own phonemes and rules: Mandarin through the pinyin
 * voice, Japanese from kana), and the two hosts as two variants of it: a lower and a higher voice. French
 * is named `fr`: espeak-ng ignores the variant of `fr-fr+…`.
 */
export const ESPEAK_LANGUAGES: Record<OutputLanguage, string> = {
  "en-US": "en-us",
  "zh-CN": "cmn-latn-pinyin",
  "ja-JP": "ja",
  "ko-KR": "ko",
  "fr-FR": "fr",
  "de-DE": "de",
  "pt-BR": "pt-br",
  "es-ES": "es",
};
const HOST_VOICES: Record<PodcastSpeaker, { variant: string; pitch: number }> = {
  host: { variant: "m3", pitch: 40 },
  guest: { variant: "f2", pitch: 62 },
};
const WORDS_PER_MINUTE = 165;
const IDLE_MS = 20_000;
const CALL_TIMEOUT_MS = 60_000;

/** The espeak-ng voice (language + variant) and pitch a host speaks with. */
export function espeakVoice(language: OutputLanguage, speaker: PodcastSpeaker) {
  const { variant, pitch } = HOST_VOICES[speaker];
  return { voice: `${ESPEAK_LANGUAGES[language]}+${variant}`, pitch };
}

/** espeak-ng's command line for one line of text. */
export function espeakArgs(text: string, language: OutputLanguage, speaker: PodcastSpeaker): string[] {
  const { voice, pitch } = espeakVoice(language, speaker);
  // the leading space keeps a line that starts with "-" from being read as an option
  return ["-v", voice, "-p", String(pitch), "-s", String(WORDS_PER_MINUTE), "-w", "out.wav", ` ${text}`];
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
}
interface Pending {
  args: string[];
  resolve(wav: Uint8Array): void;
  reject(error: unknown): void;
  signal?: AbortSignal;
}

/**
 * Offline speech: espeak-ng compiled to WebAssembly (the npm `espeak-ng`), run in `threads` worker
 * threads so that synthesis neither blocks the server nor waits on one core. Threads start with the first
 * line and stop after 20 s without work.
 */
export function createEspeakSpeech(options: { threads?: number; workerUrl?: URL } = {}): Speech {
  const threads = Math.max(1, options.threads ?? 2);
  const workerUrl = options.workerUrl ?? workerEntry(new URL("./espeak-worker.ts", import.meta.url));
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  const calls = new Map<number, { resolve(wav: Uint8Array): void; reject(e: unknown): void; slot: Slot }>();
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;

  const spawn = (): Slot => {
    const worker = new Worker(workerSource(workerUrl), {
      eval: workerUrl.pathname.endsWith(".ts"),
      resourceLimits: { maxOldGenerationSizeMb: 512 },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    let markReady!: () => void;
    let failStart!: (e: unknown) => void;
    const slot: Slot = {
      worker,
      busy: false,
      ready: new Promise<void>((resolve, reject) => {
        markReady = resolve;
        failStart = reject;
      }),
    };
    slot.ready.catch(() => {});
    worker.on("message", (reply: EspeakReply) => {
      if ("ready" in reply) return markReady();
      const call = calls.get(reply.id);
      if (!call) return;
      calls.delete(reply.id);
      slot.busy = false;
      if ("wav" in reply) call.resolve(reply.wav);
      else call.reject(new SpeechError(`espeak-ng failed: ${reply.error}`));
      pump();
    });
    const fail = (error: unknown) => {
      failStart(error);
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      for (const [id, call] of calls) {
        if (call.slot !== slot) continue;
        calls.delete(id);
        call.reject(new SpeechError(`espeak-ng worker stopped: ${String(error)}`));
      }
      pump();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`exit ${code}`)));
    slots.push(slot);
    return slot;
  };

  function pump(): void {
    clearTimeout(idleTimer);
    while (queue.length > 0) {
      const pending = queue[0]!;
      if (pending.signal?.aborted) {
        queue.shift();
        pending.reject(pending.signal.reason);
        continue;
      }
      const slot = slots.find((s) => !s.busy) ?? (slots.length < threads ? spawn() : undefined);
      if (!slot) return;
      queue.shift();
      slot.busy = true;
      const id = nextId++;
      const timer = setTimeout(() => void slot.worker.terminate(), CALL_TIMEOUT_MS);
      calls.set(id, {
        slot,
        resolve: (wav) => (clearTimeout(timer), pending.resolve(wav)),
        reject: (e) => (clearTimeout(timer), pending.reject(e)),
      });
      slot.ready.then(
        () => slot.worker.postMessage({ id, args: pending.args } satisfies EspeakTask),
        () => {},
      );
    }
    if (calls.size === 0) idleTimer = setTimeout(() => void stopAll(), IDLE_MS).unref();
  }

  async function stopAll(): Promise<void> {
    clearTimeout(idleTimer);
    const all = slots.splice(0);
    await Promise.all(all.map((s) => s.worker.terminate()));
  }

  const speak = (args: string[], signal?: AbortSignal) =>
    new Promise<Uint8Array>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      queue.push({ args, resolve, reject, signal });
      pump();
    });

  return {
    kind: "espeak",
    concurrency: threads,
    async synthesize(request: SpeechRequest) {
      let text = speakableText(request.text, request.language);
      if (request.language === "ja-JP") text = await japaneseReading(text);
      const wav = await speak(espeakArgs(text, request.language, request.speaker), request.signal);
      return parseWav(wav);
    },
    close: stopAll,
  };
}
