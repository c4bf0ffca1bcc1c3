import { createWriteStream, type WriteStream } from "node:fs";
import { once } from "node:events";
import { Mp3Encoder } from "@breezystack/lamejs";

/** Samples encoded between two yields to the event loop (~50 ms of audio: a few ms of work). */
const SLICE = 1152;
const SLICES_PER_TURN = 16;

/** Constant bit rate for speech: 48 kbit/s at the 22.05/24 kHz of the voices, 64 above 32 kHz. */
const kbpsFor = (sampleRate: number) => (sampleRate > 32_000 ? 64 : 48);

/**
 * An MP3 file written as PCM arrives (mono, constant bit rate so that players seek by byte offset):
 * encoded in small slices that yield to the event loop, written to `path` with back-pressure, so neither
 * the episode nor its MP3 is ever held whole.
 */
export function createMp3File(path: string, sampleRate: number) {
  const encoder = new Mp3Encoder(1, sampleRate, kbpsFor(sampleRate));
  const out: WriteStream = createWriteStream(path);
  let failed: Error | undefined;
  out.on("error", (error) => (failed = error));
  let bytes = 0;

  const put = async (chunk: Uint8Array) => {
    if (failed) throw failed;
    if (chunk.length === 0) return;
    bytes += chunk.length;
    if (!out.write(chunk)) await once(out, "drain");
  };

  return {
    sampleRate,
    async write(samples: Int16Array): Promise<void> {
      for (let at = 0, turn = 0; at < samples.length; at += SLICE, turn++) {
        await put(encoder.encodeBuffer(samples.subarray(at, at + SLICE)));
        if (turn % SLICES_PER_TURN === SLICES_PER_TURN - 1) await new Promise((r) => setImmediate(r));
      }
    },
    async silence(seconds: number): Promise<void> {
      await this.write(new Int16Array(Math.round(seconds * sampleRate)));
    },
    /** Flushes the encoder and closes the file; resolves with its size. */
    async finish(): Promise<number> {
      await put(encoder.flush());
      out.end();
      await once(out, "finish");
      if (failed) throw failed;
      return bytes;
    },
    /** Stops writing (the caller removes the file). */
    abort(): void {
      out.destroy();
    },
  };
}

export type Mp3File = ReturnType<typeof createMp3File>;

export interface Id3Chapter {
  title: string;
  startMs: number;
  endMs: number;
}

const utf16 = (text: string) =>
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le"), Buffer.alloc(2)]);

function frame(id: string, body: Buffer): Buffer {
  const head = Buffer.alloc(10);
  head.write(id, 0, "latin1");
  head.writeUInt32BE(body.length, 4);
  return Buffer.concat([head, body]);
}

const textFrame = (id: string, text: string) => frame(id, Buffer.concat([Buffer.from([1]), utf16(text)]));

/**
 * An ID3v2.3 tag with the episode's title and artist and its chapters (the ID3 chapter addendum: a CTOC
 * table of contents and one CHAP frame per chapter with its own title), which podcast players show.
 */
export function id3Tag(input: { title: string; artist: string; chapters: Id3Chapter[] }): Buffer {
  const ids = input.chapters.map((_, i) => `chp${i}`);
  const chapters = input.chapters.map((chapter, i) => {
    const times = Buffer.alloc(16);
    times.writeUInt32BE(Math.round(chapter.startMs), 0);
    times.writeUInt32BE(Math.round(chapter.endMs), 4);
    times.writeUInt32BE(0xffffffff, 8);
    times.writeUInt32BE(0xffffffff, 12);
    return frame(
      "CHAP",
      Buffer.concat([Buffer.from(`${ids[i]}\0`, "latin1"), times, textFrame("TIT2", chapter.title)]),
    );
  });
  const toc = frame(
    "CTOC",
    Buffer.concat([
      Buffer.from("toc\0", "latin1"),
      Buffer.from([0x03, ids.length]), // top level, ordered
      ...ids.map((id) => Buffer.from(`${id}\0`, "latin1")),
    ]),
  );
  const frames = Buffer.concat([
    textFrame("TIT2", input.title),
    textFrame("TPE1", input.artist),
    ...(ids.length ? [toc, ...chapters] : []),
  ]);
  const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  const size = frames.length;
  header[6] = (size >> 21) & 0x7f;
  header[7] = (size >> 14) & 0x7f;
  header[8] = (size >> 7) & 0x7f;
  header[9] = size & 0x7f;
  return Buffer.concat([header, frames]);
}
