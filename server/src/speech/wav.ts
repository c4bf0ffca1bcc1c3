import type { Pcm } from "./speech";

/**
 * Reads a 16-bit PCM WAV file (mono or not: channels are averaged). A data chunk whose size is 0 or
 * larger than the file (streamed WAVs) runs to the end of the file.
 */
export function parseWav(bytes: Uint8Array): Pcm {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || tag(0) !== "RIFF" || tag(8) !== "WAVE") throw new Error("not a WAV file");
  let at = 12;
  let format: { channels: number; sampleRate: number; bits: number; code: number } | undefined;
  while (at + 8 <= bytes.length) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === "fmt ") {
      format = {
        code: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === "data") {
      if (!format) throw new Error("WAV data before its format");
      if ((format.code !== 1 && format.code !== 0xfffe) || format.bits !== 16)
        throw new Error(`unsupported WAV encoding ${format.code}/${format.bits} bits`);
      const end = size === 0 || body + size > bytes.length ? bytes.length : body + size;
      const frames = Math.floor((end - body) / (2 * format.channels));
      const samples = new Int16Array(frames);
      for (let i = 0; i < frames; i++) {
        let sum = 0;
        for (let c = 0; c < format.channels; c++)
          sum += view.getInt16(body + (i * format.channels + c) * 2, true);
        samples[i] = Math.round(sum / format.channels);
      }
      return { sampleRate: format.sampleRate, samples };
    }
    at = body + size + (size % 2);
  }
  throw new Error("WAV file without data");
}

/** Linear resampling to `rate` (voices of a TTS service may differ from the episode's first line). */
export function resample(pcm: Pcm, rate: number): Int16Array {
  if (pcm.sampleRate === rate || pcm.samples.length === 0) return pcm.samples;
  const ratio = pcm.sampleRate / rate;
  const out = new Int16Array(Math.max(1, Math.floor(pcm.samples.length / ratio)));
  for (let i = 0; i < out.length; i++) {
    const x = i * ratio;
    const j = Math.floor(x);
    const a = pcm.samples[j] ?? 0;
    const b = pcm.samples[Math.min(j + 1, pcm.samples.length - 1)] ?? a;
    out[i] = Math.round(a + (b - a) * (x - j));
  }
  return out;
}

/** A mono 16-bit WAV file of `samples` (tests and fake services). */
export function wavFile(samples: Int16Array, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + samples.length * 2, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(samples.length * 2, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}
