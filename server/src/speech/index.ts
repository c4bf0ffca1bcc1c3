import type { Config } from "../config";
import { createEspeakSpeech } from "./espeak";
import type { Speech } from "./speech";
import { createTtsSpeech, parseTtsVoices } from "./tts";

export type { Pcm, Speech, SpeechRequest } from "./speech";
export { SpeechError } from "./speech";
export { renderEpisodeAudio, type EpisodeAudio, type EpisodeLine } from "./episode-audio";
export { id3Tag, type Id3Chapter } from "./mp3";

/** The speech the configuration asks for: the TTS service when TTS_BASE_URL is set, else espeak-ng. */
export function createSpeechFromConfig(config: Config): Speech {
  if (config.TTS_BASE_URL) {
    return createTtsSpeech({
      baseUrl: config.TTS_BASE_URL,
      apiKey: config.TTS_API_KEY,
      model: config.TTS_MODEL,
      voices: parseTtsVoices(config.TTS_VOICES),
      concurrency: config.SPEECH_CONCURRENCY,
    });
  }
  return createEspeakSpeech({ threads: config.SPEECH_CONCURRENCY });
}
