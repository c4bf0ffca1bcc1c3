import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { makeTempDir } from "../ingest/temp-dirs";
import { StorageUnavailableError, type Storage } from "./storage";

/** How to reach a bucket: AWS S3 by region, or any S3-compatible endpoint (MinIO, R2, Ceph). */
export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Unset: AWS S3 of the region. */
  endpoint?: string;
  /** Unset: the SDK's default chain (AWS_* variables, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, s3rver, most self-hosted). */
  forcePathStyle: boolean;
  /** Multipart part size for streamed writes (memory held per write is about two parts). */
  partSize?: number;
}

const MiB = 1024 * 1024;
/** How long a bucket that answered counts as up (upload slots check it; failures are never cached). */
const PING_CACHE_MS = 1000;

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
/** The object (not the bucket) is not there. */
const isMissing = (error: unknown) => {
  const name = (error as { name?: string } | null)?.name;
  return name === "NoSuchKey" || name === "NotFound" || (statusOf(error) === 404 && name !== "NoSuchBucket");
};

/**
 * Objects in an S3-compatible bucket (AWS SDK v3). Streams go through multipart uploads and ranged GETs, never
 * whole into memory; clients upload through presigned PUTs bound to the declared size and content type.
 */
export async function createS3Storage(options: S3StorageOptions): Promise<Storage> {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: presigned browser PUTs cannot add them, and many S3-compatible
    // servers do not know the newer trailing-checksum encoding.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    // A bucket that is down answers fast (refused) or not at all: give up on a silent one within seconds.
    requestHandler: { connectionTimeout: 3000, requestTimeout: 30_000 },
  });
  let pingedAt = 0;
  const partSize = Math.max(5 * MiB, options.partSize ?? 5 * MiB);

  /** Every failure but a missing object means the bucket cannot be used now: a 503 for the caller. */
  const failed = (operation: string, error: unknown): never => {
    pingedAt = 0;
    const name = (error as { name?: string } | null)?.name ?? "Error";
    throw new StorageUnavailableError(`s3 ${operation} failed: ${name} (${statusOf(error) ?? "no answer"})`, {
      cause: error,
    });
  };

  async function get(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    try {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) return null;
      return failed("get", error);
    }
  }

  // The origin presigned URLs point at (virtual-hosted or path style, custom endpoint or AWS), for the CSP.
  const probe = await getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: "probe" }), {
    expiresIn: 60,
  });
  const uploadOrigin = new URL(probe).origin;

  return {
    kind: "s3",
    location: `s3://${bucket}`,
    uploadOrigin,

    async put(key, body, putOptions = {}) {
      if (Buffer.isBuffer(body)) {
        await client
          .send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: key,
              Body: body,
              ContentLength: body.length,
              ContentType: putOptions.contentType,
            }),
          )
          .catch((error: unknown) => failed("put", error));
        return { size: body.length };
      }
      // The body's own failure (a client that went away, a size limit) is the caller's error, not storage's.
      let size = 0;
      let bodyError: unknown;
      async function* counted(): AsyncGenerator<Buffer> {
        try {
          for await (const chunk of body as Readable) {
            const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
            size += buffer.length;
            yield buffer;
          }
        } catch (error) {
          bodyError = error;
          throw error;
        }
      }
      const upload = new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: key,
          Body: Readable.from(counted()),
          ContentType: putOptions.contentType,
        },
        partSize,
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        if (bodyError !== undefined) throw bodyError;
        failed("multipart upload", error);
      }
      return { size };
    },

    get,

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        return failed("head", error);
      }
    },

    async copy(from, to) {
      // A single server-side copy takes objects up to 5 GB, far above the upload limit.
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: to,
            CopySource: `${bucket}/${from.split("/").map(encodeURIComponent).join("/")}`,
          }),
        );
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        return failed("copy", error);
      }
    },

    async delete(key) {
      await client
        .send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
        .catch((error: unknown) => (isMissing(error) ? undefined : failed("delete", error)));
    },

    async *list(prefix = "") {
      let token: string | undefined;
      do {
        const page = await client
          .send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }))
          .catch((error: unknown) => failed("list", error));
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async withLocalFile(key, use) {
      const body = await get(key);
      if (!body) return null;
      const dir = await makeTempDir("object");
      try {
        const filePath = path.join(dir, "object");
        await pipeline(body, createWriteStream(filePath)).catch((error: unknown) =>
          failed("download", error),
        );
        return await use(filePath);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    describe: (key) => `s3://${bucket}/${key}`,

    async ping() {
      if (Date.now() - pingedAt < PING_CACHE_MS) return;
      await client
        .send(new HeadBucketCommand({ Bucket: bucket }))
        .catch((error: unknown) => failed("ping", error));
      pingedAt = Date.now();
    },

    async createDirectUpload(key, { size, contentType, expiresInSeconds }) {
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({ Bucket: bucket, Key: key, ContentLength: size, ContentType: contentType }),
        // Signed, so the bucket refuses a body of another length or type.
        { expiresIn: expiresInSeconds, signableHeaders: new Set(["content-length", "content-type"]) },
      );
      return { url, headers: { "content-type": contentType } };
    },
  };
}
