import yauzl from "yauzl";
import type { Entry, ZipFile } from "yauzl";
import { IngestError } from "./errors";

export interface ZipLimits {
  /** Largest inflated size of one entry, in bytes. */
  maxEntryBytes: number;
  /** Largest inflated size of all entries together, in bytes. */
  maxTotalBytes: number;
  /** Most entries a package may have. */
  maxEntries: number;
  /**
   * Inflated bytes allowed per byte of the package (default 50: office files seen inflate at most ~18×,
   * a zip bomb ~1000×). The total budget is the larger of this × the package's size and `minBudgetBytes`,
   * never more than `maxTotalBytes`.
   */
  maxRatio?: number;
  /** The budget of a small package (default 24 MiB). */
  minBudgetBytes?: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntryBytes: 100 * 1024 * 1024,
  maxTotalBytes: 200 * 1024 * 1024,
  maxEntries: 20_000,
  maxRatio: 50,
  minBudgetBytes: 24 * 1024 * 1024,
};

/** The inflated bytes a package of `size` bytes may hold in all under `limits`. */
export function inflateBudget(size: number, limits: ZipLimits = DEFAULT_ZIP_LIMITS): number {
  const ratio = limits.maxRatio ?? DEFAULT_ZIP_LIMITS.maxRatio!;
  const floor = limits.minBudgetBytes ?? DEFAULT_ZIP_LIMITS.minBudgetBytes!;
  return Math.min(limits.maxTotalBytes, Math.max(floor, ratio * size));
}

export interface SafeZip {
  names: string[];
  has(name: string): boolean;
  /** The inflated bytes of an entry, or null when there is no such entry. */
  read(name: string): Promise<Buffer | null>;
  readText(name: string): Promise<string | null>;
}

/**
 * Open a zip held in memory, refusing zip bombs: the declared sizes are checked before anything is
 * inflated, and the actual inflated bytes are counted while streaming, so that a lying header is cut
 * off at the cap instead of filling memory. The total is bounded by a budget proportional to the package's
 * size (`inflateBudget`), so a 100 KB file declaring a 100 MiB part is refused before anything is inflated.
 * Any damage → FILE_CORRUPT.
 */
export async function openSafeZip(buf: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<SafeZip> {
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(fixCommentLength(buf), {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch (err) {
    throw new IngestError("FILE_CORRUPT", `zip: ${String(err)}`);
  }
  const entries = new Map<string, Entry>();
  const budget = inflateBudget(buf.length, limits);
  let declaredTotal = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: Entry) => {
      if (entries.size >= limits.maxEntries) {
        reject(new IngestError("FILE_CORRUPT", "too many zip entries"));
        return;
      }
      declaredTotal += entry.uncompressedSize;
      if (entry.uncompressedSize > limits.maxEntryBytes || declaredTotal > budget) {
        reject(
          new IngestError(
            "FILE_CORRUPT",
            `zip bomb: ${entry.fileName} declares ${entry.uncompressedSize} bytes (${declaredTotal} of a ${budget}-byte budget for ${buf.length} bytes)`,
          ),
        );
        return;
      }
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on("end", () => resolve());
    zip.on("error", (err: unknown) => reject(new IngestError("FILE_CORRUPT", `zip: ${String(err)}`)));
    zip.readEntry();
  });

  let inflatedTotal = 0;
  async function read(name: string): Promise<Buffer | null> {
    const entry = entries.get(name);
    if (!entry) return null;
    let stream: NodeJS.ReadableStream;
    try {
      stream = await zip.openReadStreamPromise(entry);
    } catch (err) {
      throw new IngestError("FILE_CORRUPT", `zip entry ${name}: ${String(err)}`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        inflatedTotal += chunk.length;
        if (size > limits.maxEntryBytes || inflatedTotal > budget) {
          (stream as NodeJS.ReadableStream & { destroy(): void }).destroy();
          throw new IngestError("FILE_CORRUPT", `zip bomb: ${name} inflates past the cap`);
        }
        chunks.push(chunk);
      }
    } catch (err) {
      if (err instanceof IngestError) throw err;
      throw new IngestError("FILE_CORRUPT", `zip entry ${name}: ${String(err)}`);
    }
    return Buffer.concat(chunks, size);
  }

  return {
    names: [...entries.keys()],
    has: (name) => entries.has(name),
    read,
    async readText(name) {
      const b = await read(name);
      return b ? b.toString("utf8") : null;
    },
  };
}

/**
 * Some writers declare a zip comment longer or shorter than the bytes that follow the end-of-central-
 * directory record; yauzl refuses that, other readers (and Office) accept it. Patch the length.
 */
function fixCommentLength(buf: Buffer): Buffer {
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let p = buf.length - 22; p >= stop; p--) {
    if (buf.readUInt32LE(p) !== 0x06054b50) continue;
    const actual = buf.length - p - 22;
    if (buf.readUInt16LE(p + 20) === actual) return buf;
    const copy = Buffer.from(buf);
    copy.writeUInt16LE(actual, p + 20);
    return copy;
  }
  return buf;
}
