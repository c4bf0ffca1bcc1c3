import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { probeMp3 } from "../../test/mp3-probe";
import { createEspeakSpeech } from "./espeak";
import { PAUSES, renderEpisodeAudio, type EpisodeLine } from "./episode-audio";
import { id3Tag } from "./mp3";
import type { Speech } from "./speech";

const lines: EpisodeLine[] = [
  { text: "Welcome to the BeanNote podcast.", speaker: "host", chapter: 0 },
  { text: "Today we study operating systems.", speaker: "guest", chapter: 0 },
  { text: "Round robin gives each process a time slice of 20 milliseconds.", speaker: "host", chapter: 1 },
  { text: "那么时间片叫什么？", speaker: "guest", chapter: 1 },
  { text: "Thanks for listening!", speaker: "host", chapter: 2 },
];

describe("episode audio", () => {
  const dir = mkdtemp(path.join(os.tmpdir(), "beannote-episode-"));
  afterAll(async () => rm(await dir, { recursive: true, force: true }));

  // The one heavy audio check: a short episode on the real offline voices, decoded back.
  it("joins the lines with pauses into an MP3 whose decoded length matches the line timings", async () => {
    const speech = createEspeakSpeech({ threads: 2 });
    const file = path.join(await dir, "episode.mp3");
    const chapterDone: number[] = [];
    const audio = await renderEpisodeAudio({
      speech,
      language: "en-US",
      lines,
      chapterCount: 3,
      path: file,
      onChapter: (done) => chapterDone.push(done),
    });
    await speech.close();
    expect(chapterDone).toEqual([1, 2, 3]);
    expect(audio.lines[0]!.start).toBe(PAUSES.lead);
    audio.lines.forEach((line, i) => {
      expect(line.end).toBeGreaterThan(line.start + 0.5);
      if (i > 0) {
        const gap = lines[i]!.chapter === lines[i - 1]!.chapter ? PAUSES.line : PAUSES.chapter;
        expect(line.start - audio.lines[i - 1]!.end).toBeCloseTo(gap, 2);
      }
    });
    expect(audio.chapters).toEqual([
      { start: 0, end: audio.lines[1]!.end },
      { start: audio.lines[1]!.end, end: audio.lines[3]!.end },
      { start: audio.lines[3]!.end, end: audio.duration },
    ]);
    expect(audio.duration).toBeCloseTo(audio.lines.at(-1)!.end + PAUSES.tail, 2);

    const tag = id3Tag({
      title: "Operating systems",
      artist: "BeanNote",
      chapters: audio.chapters.map((c, i) => ({
        title: `Part ${i}`,
        startMs: c.start * 1000,
        endMs: c.end * 1000,
      })),
    });
    const mp3 = Buffer.concat([tag, await readFile(file)]);
    expect((await stat(file)).size).toBe(audio.bytes);
    const probe = await probeMp3(mp3);
    expect(probe.errors).toBe(0);
    expect(probe.sampleRate).toBe(22_050);
    expect(Math.abs(probe.duration - audio.duration) / audio.duration).toBeLessThan(0.02);
    expect(probe.peak).toBeGreaterThan(0.2);
    expect(probe.chapters.map((c) => c.title)).toEqual(["Part 0", "Part 1", "Part 2"]);
    expect(probe.chapters[1]!.startMs).toBe(Math.round(audio.chapters[1]!.start * 1000));
  });

  it("stops at once when cancelled, without waiting for the lines still to come", async () => {
    let calls = 0;
    const controller = new AbortController();
    const slow: Speech = {
      kind: "tts",
      concurrency: 1,
      close: async () => {},
      synthesize: ({ signal }) =>
        new Promise((resolve, reject) => {
          calls++;
          if (calls === 2) controller.abort(new Error("cancelled"));
          const timer = setTimeout(
            () => resolve({ sampleRate: 16_000, samples: new Int16Array(16_000) }),
            20,
          );
          signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), {
            once: true,
          });
        }),
    };
    const file = path.join(await dir, "cancelled.mp3");
    await expect(
      renderEpisodeAudio({
        speech: slow,
        language: "en-US",
        lines,
        chapterCount: 3,
        path: file,
        signal: controller.signal,
      }),
    ).rejects.toThrow("cancelled");
    expect(calls).toBeLessThanOrEqual(3);
  });
});
