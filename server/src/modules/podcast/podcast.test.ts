import { readdir, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobStatusResponse, PodcastResponse } from "@beannote/contract";
import { eq } from "drizzle-orm";
import { podcasts } from "../../db/schema";
import { pgliteOnly, type TestDatabase } from "../../../test/test-db";
import type { TestServer } from "../../../test/test-server";
import { startStudyBed } from "../../../test/study-bed";
import { readJobEvents } from "../../../test/pipeline";
import { startFakeTts, type FakeTts } from "../../../test/fake-tts";
import { probeMp3 } from "../../../test/mp3-probe";
import { speakableText } from "../../speech/speech-text";
import { audioSignature } from "./audio-link";

// The API end to end, with voices from a fake OpenAI-compatible speech service (fast, and the TTS path);
// the offline espeak-ng voices are tested in src/speech. Its tones last 10 ms a character, not speech's 40: the
// assertions are on the episode's structure and its MP3's consistency, and every second is encoded in JS.
describe.each(pgliteOnly)("podcast API on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let tts: FakeTts;
  let slowTts = false;
  let alice: string;
  let bob: string;
  let englishNote: string;
  let chineseNote: string;

  beforeAll(async () => {
    tts = await startFakeTts({
      msPerChar: 10,
      script: () => (slowTts ? { delayMs: 120 } : undefined),
    });
    ({ database, server, alice, bob, englishNote, chineseNote } = await startStudyBed(kind, {
      env: {
        TTS_BASE_URL: tts.url,
        TTS_API_KEY: "tts-key",
        TTS_MODEL: "fake-tts",
        TTS_VOICES: "alloy,nova;zh-CN=zh_male,zh_female",
        SPEECH_CONCURRENCY: "3",
      },
    }));
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    await tts?.close();
  });

  const episodeOf = (noteId: string, token = alice) =>
    server.call<PodcastResponse>("GET", `/note/${noteId}/podcast`, { token });
  async function generate(noteId: string, body: Record<string, unknown> = { length: "short" }) {
    const started = await server.call<{ jobId: string }>("POST", `/note/${noteId}/podcast`, {
      token: alice,
      body,
    });
    expect(started.body.status, started.body.message).toBe(200);
    return {
      jobId: started.body.data.jobId,
      events: await readJobEvents(server, alice, started.body.data.jobId),
    };
  }
  const audioFiles = async (noteId: string) =>
    readdir(path.join(database.dataDir, "files", "podcasts", noteId)).catch(() => [] as string[]);

  it("writes the script, then the audio chapter by chapter, and answers the episode", async () => {
    const { events } = await generate(englishNote);
    const progress = events
      .filter((e) => e.type === "progress")
      .map((e) => e.data as JobStatusResponse["progress"]);
    const keys = progress.map((p) => p!.messageKey);
    expect(keys.indexOf("progress.podcastScript")).toBeLessThan(keys.indexOf("progress.podcastAudio"));
    const audioSteps = progress.filter((p) => p!.messageKey === "progress.podcastAudio").map((p) => p!.step);
    expect(audioSteps.length).toBeGreaterThanOrEqual(3); // audio 0/n, one per chapter, n/n
    expect(progress.map((p) => p!.percent)).toEqual(
      [...progress.map((p) => p!.percent)].sort((a, b) => a - b),
    );
    expect(events.at(-1)).toMatchObject({ type: "done" });

    const { data } = (await episodeOf(englishNote)).body;
    expect(data.generation).toMatchObject({ status: "done" });
    const episode = data.episode!;
    expect(episode).toMatchObject({ length: "short", language: "en-US", engine: "offline", voices: "tts" });
    expect(episode.hosts).toEqual({ host: "Alex", guest: "Sam" });
    // chapters: the opening, the note's sections in order, the closing; end to end over the audio
    expect(episode.chapters[0]!.kind).toBe("opening");
    expect(episode.chapters.at(-1)!.kind).toBe("closing");
    expect(episode.chapters.slice(1, -1).every((c) => c.kind === "section")).toBe(true);
    expect(episode.chapters.length).toBeGreaterThanOrEqual(3);
    expect(episode.chapters[0]!.start).toBe(0);
    for (let i = 1; i < episode.chapters.length; i++)
      expect(episode.chapters[i]!.start).toBe(episode.chapters[i - 1]!.end);
    expect(episode.chapters.at(-1)!.end).toBe(episode.duration);
    // lines: speakers alternate, each cited, timed in order inside its chapter
    episode.lines.forEach((line, i) => {
      expect(line.index).toBe(i);
      expect(line.citation, line.text).toMatchObject({ source: 1, page: expect.any(Number) });
      expect(line.end).toBeGreaterThan(line.start);
      if (i > 0) {
        expect(line.speaker).not.toBe(episode.lines[i - 1]!.speaker);
        expect(line.start).toBeGreaterThan(episode.lines[i - 1]!.end);
      }
      const chapter = episode.chapters[line.chapter]!;
      expect(line.start).toBeGreaterThanOrEqual(chapter.start);
      expect(line.end).toBeLessThanOrEqual(chapter.end);
    });
    // each line was read by its host's voice; the service got the key, the model and asked for WAV
    const said = (text: string) => tts.calls.find((c) => c.body.input === speakableText(text, "en-US"));
    for (const line of episode.lines) {
      const call = said(line.text)!;
      expect(call, line.text).toBeDefined();
      expect(call.body).toMatchObject({ model: "fake-tts", response_format: "wav" });
      expect(call.body.voice).toBe(line.speaker === "host" ? "alloy" : "nova");
      expect(call.authorization).toBe("Bearer tts-key");
    }
    expect(tts.maxConcurrent).toBeLessThanOrEqual(3);
    expect(episode.audioUrl).toMatch(/^\/note\/[0-9a-f-]{36}\/podcast\/audio\?expires=\d+&signature=[\w-]+$/);
    expect(episode.downloadUrl).toBe(`${episode.audioUrl}&download=1`);
  });

  it("streams an MP3 that decodes to the script's length, with its chapters in ID3", async () => {
    const { episode } = (await episodeOf(englishNote)).body.data;
    const response = await fetch(`${server.url}${episode!.audioUrl}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    const file = Buffer.from(await response.arrayBuffer());
    expect(file.length).toBe(episode!.sizeBytes);
    const probe = await probeMp3(file);
    expect(probe.errors).toBe(0);
    expect(probe.sampleRate).toBe(24_000);
    expect(Math.abs(probe.duration - episode!.duration) / episode!.duration).toBeLessThan(0.02);
    expect(probe.peak).toBeGreaterThan(0.1);
    expect(probe.title).toBe(episode!.title);
    expect(probe.chapters.map((c) => [c.title, c.startMs / 1000, c.endMs / 1000])).toEqual(
      episode!.chapters.map((c) => [c.title, c.start, c.end]),
    );
    expect(probe.tocChildren).toEqual(probe.chapters.map((c) => c.id));
  });

  it("answers byte ranges so the player can seek, and downloads with the note's name", async () => {
    const { episode } = (await episodeOf(englishNote)).body.data;
    const url = `${server.url}${episode!.audioUrl}`;
    const whole = Buffer.from(await (await fetch(url)).arrayBuffer());
    const size = whole.length;
    const cases: [range: string, start: number, end: number][] = [
      ["bytes=100-199", 100, 199],
      ["bytes=-50", size - 50, size - 1],
      [`bytes=${size - 10}-`, size - 10, size - 1],
      [`bytes=${size - 5}-${size + 100}`, size - 5, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const part = await fetch(url, { headers: { range } });
      expect([range, part.status]).toEqual([range, 206]);
      expect(part.headers.get("content-range")).toBe(`bytes ${start}-${end}/${size}`);
      expect(part.headers.get("content-length")).toBe(String(end - start + 1));
      expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(start, end + 1))).toBe(true);
    }
    const beyond = await fetch(url, { headers: { range: `bytes=${size}-`, language: "en" } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${size}`);
    expect(((await beyond.json()) as { code: string }).code).toBe("PODCAST_RANGE_INVALID");
    // several ranges at once: the whole file (allowed by RFC 9110)
    expect((await fetch(url, { headers: { range: "bytes=0-1,5-6" } })).status).toBe(200);

    const download = await fetch(`${server.url}${episode!.downloadUrl}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(
      `attachment; filename="en-paper-dense-passage-retrieval.pdf.mp3"; filename*=UTF-8''en-paper-dense-passage-retrieval.pdf.mp3`,
    );
  });

  it("plays only with the signature handed to the owner: altered, expired or missing is 403", async () => {
    const { episode } = (await episodeOf(englishNote)).body.data;
    const link = new URL(episode!.audioUrl, server.url);
    const signature = link.searchParams.get("signature")!;
    const expires = Number(link.searchParams.get("expires"));
    expect(expires * 1000).toBeGreaterThan(Date.now() + 5 * 3600_000);
    const [row] = await server.database.db.select().from(podcasts).where(eq(podcasts.noteId, englishNote));
    const expiredAt = Math.floor(Date.now() / 1000) - 1;
    const aYearAhead = Math.floor(Date.now() / 1000) + 365 * 24 * 3600;
    const attempts: [string, string][] = [
      [
        "altered signature",
        `expires=${expires}&signature=${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`,
      ],
      ["later expiry", `expires=${expires + 3600}&signature=${signature}`],
      [
        "expired",
        `expires=${expiredAt}&signature=${audioSignature(row!.audioSecret, row!.audioKey, expiredAt)}`,
      ],
      [
        "signed a year ahead (longer than any link issued)",
        `expires=${aYearAhead}&signature=${audioSignature(row!.audioSecret, row!.audioKey, aYearAhead)}`,
      ],
      ["no signature", `expires=${expires}`],
      ["nothing", ""],
      ["another note", ""],
    ];
    for (const [what, query] of attempts) {
      const note = what === "another note" ? chineseNote : englishNote;
      const response = await fetch(`${server.url}/note/${note}/podcast/audio?${query}`, {
        headers: { language: "zh-CN" },
      });
      const body = (await response.json()) as { code: string; message: string };
      expect([what, response.status, body.code]).toEqual([what, 403, "PODCAST_LINK_INVALID"]);
      expect(body.message).toMatch(/[\u4e00-\u9fff]/u);
    }
    // a link of one note does not open another's audio
    const crossed = await fetch(`${server.url}/note/${chineseNote}/podcast/audio?${link.searchParams}`);
    expect(crossed.status).toBe(403);
  });

  it("speaks a Chinese note in Chinese, with the voices configured for zh-CN", async () => {
    const { events } = await generate(chineseNote, {});
    expect(events.at(-1)?.type).toBe("done");
    const episode = (await episodeOf(chineseNote)).body.data.episode!;
    // no length given: standard
    expect(episode).toMatchObject({
      language: "zh-CN",
      length: "standard",
      hosts: { host: "小云", guest: "小豆" },
    });
    expect(episode.chapters[0]!.title).toBe("开场");
    expect(episode.lines[0]!.text).toContain("云豆笔记");
    expect(episode.lines.every((l) => /[\u4e00-\u9fff]/u.test(l.text))).toBe(true);
    for (const line of episode.lines) {
      const call = tts.calls.find((c) => c.body.input === speakableText(line.text, "zh-CN"));
      expect(call?.body.voice, line.text).toBe(line.speaker === "host" ? "zh_male" : "zh_female");
    }
  });

  it("refuses bad input with its own code and starts nothing", async () => {
    const before = (await episodeOf(englishNote)).body.data.generation!.jobId;
    const cases: [unknown, string][] = [
      [{ length: "medium" }, "PODCAST_LENGTH_INVALID"],
      [{ length: 3 }, "PODCAST_LENGTH_INVALID"],
      [{ length: "" }, "PODCAST_LENGTH_INVALID"],
      [{ length: "short", voice: "x" }, "VALIDATION_FAILED"],
      ["[]", "VALIDATION_FAILED"],
    ];
    for (const [body, code] of cases) {
      const answer = await server.call("POST", `/note/${englishNote}/podcast`, {
        token: alice,
        body,
        headers: { language: "zh-CN" },
      });
      expect([body, answer.body.code]).toEqual([body, code]);
      expect(answer.body.message).toMatch(/[\u4e00-\u9fff]/u);
    }
    expect((await episodeOf(englishNote)).body.data.generation!.jobId).toBe(before);
  });

  it("answers 404 for another user's note and 401 without a token", async () => {
    const calls: [string, string, unknown][] = [
      ["GET", `/note/${englishNote}/podcast`, undefined],
      ["POST", `/note/${englishNote}/podcast`, { length: "short" }],
    ];
    for (const [method, url, body] of calls) {
      expect([url, (await server.call(method, url, { token: bob, body })).http]).toEqual([url, 404]);
      expect([url, (await server.call(method, url, { body })).http]).toEqual([url, 401]);
    }
    expect((await episodeOf(englishNote)).body.data.episode).not.toBeNull();
  });

  it("refuses a second generation while one runs", async () => {
    const [a, b] = await Promise.all(
      [1, 2].map(() =>
        server.call<{ jobId: string }>("POST", `/note/${chineseNote}/podcast`, {
          token: alice,
          body: { length: "short" },
        }),
      ),
    );
    expect([a!.body.code ?? "OK", b!.body.code ?? "OK"].sort()).toEqual(["ARTEFACT_BUSY", "OK"]);
    const running = a!.body.status === 200 ? a! : b!;
    await readJobEvents(server, alice, running.body.data.jobId);
  });

  it("cancelled while recording, it keeps the episode it had and leaves no partial file", async () => {
    const before = (await episodeOf(englishNote)).body.data.episode!;
    const filesBefore = await audioFiles(englishNote);
    expect(filesBefore).toHaveLength(1);
    slowTts = true;
    try {
      const started = await server.call<{ jobId: string }>("POST", `/note/${englishNote}/podcast`, {
        token: alice,
        body: { length: "long" },
      });
      const jobId = started.body.data.jobId;
      for (let i = 0; ; i++) {
        const job = (await server.call<JobStatusResponse>("GET", `/job/${jobId}`, { token: alice })).body
          .data;
        if (job.progress?.messageKey === "progress.podcastAudio" && /^audio [1-9]/.test(job.progress.step))
          break;
        expect(job.status, JSON.stringify(job.error)).toMatch(/queued|running/);
        if (i > 600) throw new Error("the audio never started");
        await new Promise((r) => setTimeout(r, 50));
      }
      const partial = path.join(os.tmpdir(), `beannote-podcast-${jobId}.mp3.part`);
      expect((await stat(partial)).size).toBeGreaterThan(0);
      await server.call("POST", `/job/${jobId}/cancel`, { token: alice, body: {} });
      const events = await readJobEvents(server, alice, jobId);
      expect(events.at(-1)).toMatchObject({ type: "error", data: { code: "JOB_CANCELLED" } });
      await expect(stat(partial)).rejects.toThrow();
    } finally {
      slowTts = false;
    }
    const after = (await episodeOf(englishNote)).body.data;
    expect(after.generation).toMatchObject({ status: "cancelled" });
    expect(after.episode!.podcastId).toBe(before.podcastId);
    expect(await audioFiles(englishNote)).toEqual(filesBefore);
    expect((await fetch(`${server.url}${after.episode!.audioUrl}`)).status).toBe(200);
  });

  it("copies the episode with the note, and a new episode replaces the old audio", async () => {
    const copy = await server.call<{ noteId: string }>("POST", `/note/${chineseNote}/copy`, { token: alice });
    const original = (await episodeOf(chineseNote)).body.data.episode!;
    const copied = (await episodeOf(copy.body.data.noteId)).body.data.episode!;
    expect(copied.lines.map((l) => [l.text, l.start])).toEqual(original.lines.map((l) => [l.text, l.start]));
    expect(copied.podcastId).not.toBe(original.podcastId);
    expect((await fetch(`${server.url}${copied.audioUrl}`)).status).toBe(200);

    const firstFiles = await audioFiles(englishNote);
    await generate(englishNote);
    const files = await audioFiles(englishNote);
    expect(files).toHaveLength(1);
    expect(files[0]).not.toBe(firstFiles[0]);
    // the copy shares its original's audio: regenerating the original keeps the copy playing
    await generate(chineseNote);
    expect((await fetch(`${server.url}${copied.audioUrl}`)).status).toBe(200);
  });
});
