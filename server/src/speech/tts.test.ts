import { afterEach, describe, expect, it } from "vitest";
import { startFakeTts, FAKE_TTS_RATE, type FakeTts, type FakeTtsStep } from "../../test/fake-tts";
import { SpeechError } from "./speech";
import { createTtsSpeech, parseTtsVoices } from "./tts";

let fake: FakeTts | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function speechWith(script?: (n: number) => FakeTtsStep | undefined, voices = "alloy,nova") {
  fake = await startFakeTts({ script: (_call, n) => script?.(n) });
  return createTtsSpeech({
    baseUrl: fake.url,
    apiKey: "secret",
    model: "tts-1",
    voices: parseTtsVoices(voices),
    concurrency: 2,
    retryBaseMs: 5,
  });
}

describe("OpenAI-compatible speech (POST /audio/speech)", () => {
  it("asks for WAV in the host's and the guest's voice (per language when configured) and reads the audio", async () => {
    const speech = await speechWith(undefined, "alloy,nova; zh-CN = zh_m , zh_f");
    const host = await speech.synthesize({ text: "Hello there.", language: "en-US", speaker: "host" });
    await speech.synthesize({ text: "你好。", language: "zh-CN", speaker: "guest" });
    await speech.synthesize({ text: "Bonjour.", language: "fr-FR", speaker: "guest" });
    expect(fake!.calls.map((c) => [c.body.voice, c.body.input])).toEqual([
      ["alloy", "Hello there."],
      ["zh_f", "你好。"],
      ["nova", "Bonjour."],
    ]);
    expect(fake!.calls[0]).toMatchObject({
      authorization: "Bearer secret",
      body: { model: "tts-1", response_format: "wav" },
    });
    expect(host.sampleRate).toBe(FAKE_TTS_RATE);
    expect(host.samples.length).toBe(Math.round(0.48 * FAKE_TTS_RATE)); // 12 characters × 40 ms
  });

  it("sends at most `concurrency` requests at once, however many lines are asked for together", async () => {
    const speech = await speechWith(() => ({ delayMs: 40 }));
    const lines = Array.from({ length: 7 }, (_, i) =>
      speech.synthesize({ text: `Line ${i}.`, language: "en-US", speaker: i % 2 ? "guest" : "host" }),
    );
    expect(await Promise.all(lines)).toHaveLength(7);
    expect(fake!.calls).toHaveLength(7);
    expect(fake!.maxConcurrent).toBe(2);
  });

  it("retries 429 (after Retry-After) and 5xx, then fails with PODCAST_AUDIO_FAILED", async () => {
    const retried = await speechWith((n) =>
      n === 0 ? { status: 429, headers: { "retry-after": "0.01" } } : n === 1 ? { status: 503 } : undefined,
    );
    const pcm = await retried.synthesize({ text: "Once more.", language: "en-US", speaker: "guest" });
    expect(pcm.samples.length).toBeGreaterThan(0);
    expect(fake!.calls).toHaveLength(3);

    await fake!.close();
    const down = await speechWith(() => ({ status: 500 }));
    const error = await down
      .synthesize({ text: "x", language: "en-US", speaker: "host" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpeechError);
    expect(error).toMatchObject({ code: "PODCAST_AUDIO_FAILED" });
    expect(fake!.calls).toHaveLength(4); // one call and three retries
  });

  it("fails at once on a refusal (401) or an answer that is not WAV", async () => {
    const refused = await speechWith(() => ({ status: 401 }));
    await expect(refused.synthesize({ text: "x", language: "en-US", speaker: "host" })).rejects.toMatchObject(
      {
        code: "PODCAST_AUDIO_FAILED",
      },
    );
    expect(fake!.calls).toHaveLength(1);

    await fake!.close();
    const mp3 = await speechWith(() => ({ body: Buffer.from("ID3\u0003 not a wav file") }));
    await expect(mp3.synthesize({ text: "x", language: "en-US", speaker: "host" })).rejects.toThrow(/no WAV/);
  });

  it("stops waiting when the line is cancelled", async () => {
    const slow = await speechWith(() => ({ delayMs: 5000 }));
    const controller = new AbortController();
    const pending = slow.synthesize({
      text: "slow",
      language: "en-US",
      speaker: "host",
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error("cancelled")), 50);
    const started = Date.now();
    await expect(pending).rejects.toThrow("cancelled");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("reads TTS_VOICES: a pair for every language, then per-language pairs", () => {
    expect(parseTtsVoices("a,b;ja-JP=c,d")).toEqual({
      default: ["a", "b"],
      languages: { "ja-JP": ["c", "d"] },
    });
    for (const bad of ["a", "a,b,c", "ja-JP=c,d", ",b"]) expect(() => parseTtsVoices(bad), bad).toThrow();
  });
});
