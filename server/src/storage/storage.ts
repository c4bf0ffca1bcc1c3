import type { Readable } from "node:stream";

/** Where uploaded bytes live: a local directory by default, S3-compatible object storage when configured. */
export interface Storage {
  readonly kind: "local" | "s3";
  /** Streams `body` to `key`; resolves with the number of bytes written. */
  put(key: string, body: Readable | Buffer, options?: { contentType?: string }): Promise<{ size: number }>;
  /** Opens `key` for reading, or resolves null when it does not exist. */
  get(key: string): Promise<Readable | null>;
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  /** A path on this machine holding the object, for tools that need a file (parsers, converters). */
  localPath(key: string): Promise<string>;
}
