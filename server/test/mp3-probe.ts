import { MPEGDecoder } from "mpg123-decoder";

/** What a player would find in an MP3: its ID3 title and chapters, and the decoded audio's length. */
export interface Mp3Probe {
  title?: string;
  chapters: { id: string; title: string; startMs: number; endMs: number }[];
  tocChildren: string[];
  /** Seconds of decoded audio. */
  duration: number;
  sampleRate: number;
  /** Loudest sample (0..1), to tell speech from silence. */
  peak: number;
  errors: number;
}

const syncsafe = (b: Buffer, at: number) =>
  (b[at]! << 21) | (b[at + 1]! << 14) | (b[at + 2]! << 7) | b[at + 3]!;

function textOf(body: Buffer): string {
  const encoding = body[0];
  const raw = body.subarray(1);
  if (encoding === 1) return raw.subarray(2).toString("utf16le").replace(/\0+$/, "");
  return raw.toString(encoding === 3 ? "utf8" : "latin1").replace(/\0+$/, "");
}

/** Frames of an ID3v2.3 frame list. */
function frames(data: Buffer): { id: string; body: Buffer }[] {
  const out: { id: string; body: Buffer }[] = [];
  let at = 0;
  while (at + 10 <= data.length && data[at] !== 0) {
    const id = data.toString("latin1", at, at + 4);
    const size = data.readUInt32BE(at + 4);
    out.push({ id, body: data.subarray(at + 10, at + 10 + size) });
    at += 10 + size;
  }
  return out;
}

/** Reads an episode's ID3 tag and decodes its MP3 frames (mpg123 compiled to WebAssembly). */
export async function probeMp3(file: Buffer): Promise<Mp3Probe> {
  const probe: Mp3Probe = { chapters: [], tocChildren: [], duration: 0, sampleRate: 0, peak: 0, errors: 0 };
  let audioStart = 0;
  if (file.toString("latin1", 0, 3) === "ID3") {
    const size = syncsafe(file, 6);
    audioStart = 10 + size;
    for (const frame of frames(file.subarray(10, audioStart))) {
      if (frame.id === "TIT2") probe.title = textOf(frame.body);
      if (frame.id === "CTOC") {
        const idEnd = frame.body.indexOf(0);
        const count = frame.body[idEnd + 2]!;
        let at = idEnd + 3;
        for (let i = 0; i < count; i++) {
          const end = frame.body.indexOf(0, at);
          probe.tocChildren.push(frame.body.toString("latin1", at, end));
          at = end + 1;
        }
      }
      if (frame.id === "CHAP") {
        const idEnd = frame.body.indexOf(0);
        const id = frame.body.toString("latin1", 0, idEnd);
        const startMs = frame.body.readUInt32BE(idEnd + 1);
        const endMs = frame.body.readUInt32BE(idEnd + 5);
        const title = frames(frame.body.subarray(idEnd + 17)).find((f) => f.id === "TIT2");
        probe.chapters.push({ id, startMs, endMs, title: title ? textOf(title.body) : "" });
      }
    }
  }
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const decoded = decoder.decode(new Uint8Array(file.subarray(audioStart)));
    probe.sampleRate = decoded.sampleRate;
    probe.duration = decoded.samplesDecoded / decoded.sampleRate;
    probe.errors = decoded.errors.length;
    const channel = decoded.channelData[0] ?? new Float32Array();
    for (let i = 0; i < channel.length; i += 7) probe.peak = Math.max(probe.peak, Math.abs(channel[i]!));
  } finally {
    decoder.free();
  }
  return probe;
}
