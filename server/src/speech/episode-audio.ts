import type { OutputLanguage, PodcastSpeaker } from "@beannote/contract";
import { createMp3File, type Mp3File } from "./mp3";
import type { Pcm, Speech } from "./speech";
import { resample } from "./wav";

export interface EpisodeLine {
  text: string;
  speaker: PodcastSpeaker;
  /** Index of the line's chapter; lines come chapter by chapter. */
  chapter: number;
}

/** Silences: before the first line, between two lines, between two chapters, after the last line. */
export const PAUSES = { lead: 0.3, line: 0.35, chapter: 0.9, tail: 0.6 };

export interface EpisodeAudio {
  /** Seconds into the audio where each line starts and ends. */
  lines: { start: number; end: number }[];
  /** Chapters cover the audio end to end: each starts where the one before ended. */
  chapters: { start: number; end: number }[];
  duration: number;
  bytes: number;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Speaks every line (up to `speech.concurrency` at once, a few lines ahead of the encoder), joins them
 * with short pauses and encodes the MP3 to `path` as it goes, so memory holds a few lines, never the
 * episode. `onChapter` is told as each chapter is written; an abort stops at once (the caller removes
 * the file).
 */
export async function renderEpisodeAudio(input: {
  speech: Speech;
  language: OutputLanguage;
  lines: EpisodeLine[];
  chapterCount: number;
  path: string;
  signal?: AbortSignal;
  onChapter?: (done: number, total: number) => void;
}): Promise<EpisodeAudio> {
  const { speech, lines, signal } = input;
  const ahead = Math.max(2, speech.concurrency * 2);
  const started: Promise<Pcm>[] = [];
  const start = (i: number) => {
    const line = lines[i];
    if (!line || started[i]) return;
    started[i] = speech.synthesize({
      text: line.text,
      language: input.language,
      speaker: line.speaker,
      signal,
    });
    started[i]!.catch(() => {}); // awaited in order below; a later failure must not go unhandled meanwhile
  };

  let mp3: Mp3File | undefined;
  let samples = 0;
  const times: { start: number; end: number }[] = [];
  const chapterStarts: number[] = [];
  try {
    for (let i = 0; i < lines.length; i++) {
      for (let j = i; j < i + ahead; j++) start(j);
      const pcm = await started[i]!;
      signal?.throwIfAborted();
      delete started[i];
      mp3 ??= createMp3File(input.path, pcm.sampleRate);
      const rate = mp3.sampleRate;
      const line = lines[i]!;
      const previous = lines[i - 1];
      const newChapter = !previous || previous.chapter !== line.chapter;
      if (newChapter) {
        if (previous) input.onChapter?.(previous.chapter + 1, input.chapterCount);
        chapterStarts[line.chapter] = samples / rate;
      }
      const pause = !previous ? PAUSES.lead : newChapter ? PAUSES.chapter : PAUSES.line;
      await mp3.silence(pause);
      samples += Math.round(pause * rate);
      const voice = resample(pcm, rate);
      const at = samples / rate;
      await mp3.write(voice);
      samples += voice.length;
      times.push({ start: round(at), end: round(samples / rate) });
    }
    if (!mp3) throw new Error("an episode needs at least one line");
    await mp3.silence(PAUSES.tail);
    samples += Math.round(PAUSES.tail * mp3.sampleRate);
    const bytes = await mp3.finish();
    const duration = round(samples / mp3.sampleRate);
    input.onChapter?.(input.chapterCount, input.chapterCount);
    const chapters = Array.from({ length: input.chapterCount }, (_, k) => {
      const from = chapterStarts[k] ?? duration;
      const next = chapterStarts.slice(k + 1).find((s) => s !== undefined);
      return { start: round(from), end: round(next ?? duration) };
    });
    return { lines: times, chapters, duration, bytes };
  } catch (error) {
    mp3?.abort();
    throw error;
  }
}
