import type { OutputLanguage, PodcastSpeaker } from "@beannote/contract";

/** What to say, in which language, by which of the two hosts. */
export interface SpeechRequest {
  text: string;
  language: OutputLanguage;
  speaker: PodcastSpeaker;
  signal?: AbortSignal;
}

/** Mono 16-bit PCM. */
export interface Pcm {
  sampleRate: number;
  samples: Int16Array;
}

/**
 * Turns a line of text into audio in one of two distinct voices per language: offline espeak-ng by
 * default, or an OpenAI-compatible `/audio/speech` service when configured.
 */
export interface Speech {
  readonly kind: "espeak" | "tts";
  /** How many lines may be synthesised at once. */
  readonly concurrency: number;
  synthesize(request: SpeechRequest): Promise<Pcm>;
  /** Frees what it holds (worker threads); it may be used again afterwards. */
  close(): Promise<void>;
}

/** Speech failed after its retries: the job fails (and is retried) with PODCAST_AUDIO_FAILED. */
export class SpeechError extends Error {
  readonly code = "PODCAST_AUDIO_FAILED";
}
