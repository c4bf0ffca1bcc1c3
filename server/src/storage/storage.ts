import type { Readable } from "node:stream";

/** One stored object as a listing shows it. */
export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** Where a client sends an upload's bytes itself, bypassing the API (a presigned object-storage PUT). */
export interface DirectUpload {
  url: string;
  /** Headers the PUT must carry exactly (they are part of the signature). */
  headers: Record<string, string>;
}

/** Where uploaded bytes live: a local directory by default, S3-compatible object storage when configured. */
export interface Storage {
  readonly kind: "local" | "s3";
  /** Where the objects are, for people: the directory, or `s3://bucket`. */
  readonly location: string;
  /** The origin browsers send direct uploads to (the CSP's connect-src), when uploads bypass the API. */
  readonly uploadOrigin?: string;
  /** Streams `body` to `key`; resolves with the number of bytes written. */
  put(key: string, body: Readable | Buffer, options?: { contentType?: string }): Promise<{ size: number }>;
  /**
   * Opens `key` for reading, or resolves null when it does not exist; `range` reads bytes `start` to
   * `end` inclusive (HTTP Range requests).
   */
  get(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Copies an object within this storage (server-side on S3); false when `from` does not exist. */
  copy(from: string, to: string): Promise<boolean>;
  /** Deletes `key`; deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (S3 and local storage: in key order). */
  list(prefix?: string): AsyncIterable<StoredObject>;
  /**
   * Runs `use` with the object as a file on this machine, for tools that need one (parsers, converters): the
   * file itself on local storage, a temporary download removed afterwards on S3. Resolves null (without
   * calling `use`) when the object does not exist.
   */
  withLocalFile<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T | null>;
  /** Where `key` is, for an operator: a path on this machine or `s3://bucket/key`. */
  describe(key: string): string;
  /** Throws StorageUnavailableError when the storage cannot be reached now. */
  ping(): Promise<void>;
  /**
   * A URL the client PUTs exactly `size` bytes of `contentType` to, bound to both by its signature; absent when
   * uploads go through the API.
   */
  createDirectUpload?(
    key: string,
    options: { size: number; contentType: string; expiresInSeconds: number },
  ): Promise<DirectUpload>;
}

/** The storage could not be reached or refused to work (network, credentials, disk): a 503, not a 500. */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StorageUnavailableError";
  }
}
