import { OUTPUT_LANGUAGES, type OutputLanguage } from "@beannote/contract";
import { afterAll, describe, expect, it } from "vitest";
import { createEspeakSpeech, ESPEAK_LANGUAGES, espeakArgs, espeakVoice } from "./espeak";
import { japaneseReading } from "./japanese";
import { speakableText } from "./speech-text";
import type { Pcm } from "./speech";

/** Median fundamental frequency of the voiced frames (autocorrelation), in Hz. */
function medianPitch(pcm: Pcm): number {
  const { samples, sampleRate } = pcm;
  const size = 1024;
  const minLag = Math.floor(sampleRate / 400);
  const maxLag = Math.floor(sampleRate / 60);
  const pitches: number[] = [];
  for (let at = 0; at + size + maxLag < samples.length; at += size) {
    let energy = 0;
    for (let i = 0; i < size; i++) energy += samples[at + i]! ** 2;
    if (energy / size < 1e6) continue; // silence or breath
    let best = 0;
    let bestLag = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let sum = 0;
      for (let i = 0; i < size; i++) sum += samples[at + i]! * samples[at + i + lag]!;
      if (sum > best) [best, bestLag] = [sum, lag];
    }
    if (bestLag) pitches.push(sampleRate / bestLag);
  }
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? 0;
}

const SENTENCES: Record<OutputLanguage, string> = {
  "en-US": "Round robin gives each process a fixed time slice.",
  "zh-CN": "拓扑空间是一个集合，连同它的开集族。",
  "ja-JP": "位相空間とは、集合とその開集合の族のことです。",
  "ko-KR": "위상 공간은 집합과 그 열린 집합의 모임입니다.",
  "fr-FR": "Un espace topologique est un ensemble muni de ses ouverts.",
  "de-DE": "Ein topologischer Raum ist eine Menge mit ihren offenen Mengen.",
  "pt-BR": "Um espaço topológico é um conjunto com seus abertos.",
  "es-ES": "Un espacio topológico es un conjunto con sus abiertos.",
};

// One short sentence per language and voice: 16 lines on the offline voices (WebAssembly espeak-ng).
describe("offline voices (espeak-ng)", () => {
  const speech = createEspeakSpeech({ threads: 2 });
  afterAll(() => speech.close());

  it("reads every output language with its own espeak-ng language, never English", () => {
    for (const language of OUTPUT_LANGUAGES) {
      for (const speaker of ["host", "guest"] as const) {
        const { voice } = espeakVoice(language, speaker);
        expect(voice.split("+")[0]).toBe(ESPEAK_LANGUAGES[language]);
        if (language !== "en-US") expect(voice).not.toMatch(/^en/);
      }
    }
    expect(espeakVoice("zh-CN", "host").voice).toBe("cmn-latn-pinyin+m3");
    // a line starting with a dash is text, not an option
    expect(espeakArgs("-5 degrees", "en-US", "host").at(-1)).toBe(" -5 degrees");
  });

  it("gives Japanese to espeak-ng as kana (its Japanese voice names kanji in English otherwise)", async () => {
    const kana = await japaneseReading("位相空間とは、集合のことです。");
    expect(kana).not.toMatch(/\p{Script=Han}/u);
    expect(kana).toMatch(/^イソ.?ク.?カン/u); // 位相空間, as pronounced (long vowels as ー)
    expect(kana).toContain("ワ"); // the particle は as spoken
    expect(speakableText("准确率为 95.3%。", "zh-CN")).toBe("准确率为 百分之95.3。");
  });

  it("speaks all eight languages in two distinct voices: the host lower than the guest", async () => {
    const spoken = await Promise.all(
      OUTPUT_LANGUAGES.flatMap((language) =>
        (["host", "guest"] as const).map(async (speaker) => ({
          language,
          speaker,
          pcm: await speech.synthesize({ text: SENTENCES[language], language, speaker }),
        })),
      ),
    );
    for (const language of OUTPUT_LANGUAGES) {
      const [host, guest] = (["host", "guest"] as const).map(
        (speaker) => spoken.find((s) => s.language === language && s.speaker === speaker)!.pcm,
      );
      for (const pcm of [host!, guest!]) {
        expect(pcm.sampleRate).toBe(22_050);
        const seconds = pcm.samples.length / pcm.sampleRate;
        expect(seconds, language).toBeGreaterThan(1);
        expect(seconds, language).toBeLessThan(12);
        expect(Math.max(...pcm.samples.subarray(0, 200_000)), language).toBeGreaterThan(3000);
      }
      expect(medianPitch(guest!), language).toBeGreaterThan(medianPitch(host!) * 1.3);
    }
  });
});
