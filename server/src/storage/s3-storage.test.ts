import { createHash, createHmac } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { createServer, request as httpRequest, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3rver, type TestS3 } from "../../test/s3rver";
import { createS3Storage } from "./s3-storage";
import { StorageUnavailableError, type Storage } from "./storage";

const MiB = 1024 * 1024;

async function collect(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error("no object");
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `count` bytes in 1 MiB chunks of a repeating pattern, produced as they are read. */
function patterned(count: number): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < count; offset += MiB) {
        const chunk = Buffer.alloc(Math.min(MiB, count - offset));
        for (let i = 0; i < chunk.length; i++) chunk[i] = (offset + i) % 251;
        yield chunk;
      }
    })(),
  );
}

const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/**
 * The SigV4 query signature S3 computes for a request to a presigned URL with these header values, written
 * out from AWS's specification (independently of the SDK): the bucket refuses the PUT unless it matches.
 */
function expectedSignature(
  url: URL,
  method: string,
  headers: Record<string, string>,
  secret: string,
): string {
  const query = url.searchParams;
  const signedHeaders = query.get("X-Amz-SignedHeaders")!.split(";");
  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== "X-Amz-Signature")
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${headers[name]!.trim()}\n`).join("");
  const canonicalRequest = [
    method,
    url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(";"),
    "UNSIGNED-PAYLOAD",
  ].join("\n");
  const [, date, region, service] = query.get("X-Amz-Credential")!.split("/") as [
    string,
    string,
    string,
    string,
  ];
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [
    "AWS4-HMAC-SHA256",
    query.get("X-Amz-Date")!,
    scope,
    createHash("sha256").update(canonicalRequest).digest("hex"),
  ].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), "aws4_request");
  return hmac(key, stringToSign).toString("hex");
}

/** A loopback proxy in front of s3rver that records each request's method and path, to see what went over the wire. */
async function recordingProxy(target: string, seen: string[]): Promise<{ endpoint: string; server: Server }> {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    seen.push(`${incoming.method} ${incoming.url}`);
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on("error", () => outgoing.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return { endpoint: `http://127.0.0.1:${address.port}`, server };
}

describe("S3 storage against s3rver", () => {
  let s3: TestS3;
  let storage: Storage;
  let proxy: Server;
  const seen: string[] = [];

  beforeAll(async () => {
    s3 = await startS3rver();
    const recorder = await recordingProxy(s3.endpoint, seen);
    proxy = recorder.server;
    storage = await createS3Storage({
      bucket: s3.bucket,
      region: "us-east-1",
      endpoint: recorder.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
  });
  afterAll(async () => {
    proxy?.close();
    await s3?.close();
  });

  it("streams a 12 MiB body up in multipart parts and reads it back whole and by range", async () => {
    const { size } = await storage.put("sources/u1/f1/a", patterned(12 * MiB), {
      contentType: "application/pdf",
    });
    expect(size).toBe(12 * MiB);
    expect(await storage.stat("sources/u1/f1/a")).toEqual({ size: 12 * MiB });
    // Three 5 MiB parts of one multipart upload went over the wire, not one PUT of the whole body.
    const parts = seen.filter(
      (line) => line.startsWith("PUT /beannote/sources/u1/f1/a?") && line.includes("partNumber="),
    );
    expect(parts).toHaveLength(3);
    expect(seen.some((line) => line.startsWith("POST /beannote/sources/u1/f1/a?uploads"))).toBe(true);
    const whole = await collect(await storage.get("sources/u1/f1/a"));
    expect(whole.equals(await collect(patterned(12 * MiB)))).toBe(true);
    const part = await collect(
      await storage.get("sources/u1/f1/a", { start: 5 * MiB - 2, end: 5 * MiB + 1 }),
    );
    expect([...part]).toEqual([0, 1, 2, 3].map((i) => (5 * MiB - 2 + i) % 251));
  });

  it("a body that fails half-way fails the write with its own error, not as storage unavailable", async () => {
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(6 * MiB, 1);
        throw new Error("client went away");
      })(),
    );
    await expect(storage.put("sources/u1/f1/broken", failing)).rejects.toThrow("client went away");
    expect(await storage.stat("sources/u1/f1/broken")).toBeNull();
  });

  it("missing objects: get and stat answer null, copy false, delete is not an error", async () => {
    expect(await storage.get("nothing/here")).toBeNull();
    expect(await storage.stat("nothing/here")).toBeNull();
    expect(await storage.copy("nothing/here", "nothing/there")).toBe(false);
    await expect(storage.delete("nothing/here")).resolves.toBeUndefined();
    let called = false;
    expect(await storage.withLocalFile("nothing/here", async () => (called = true))).toBeNull();
    expect(called).toBe(false);
  });

  it("copies server-side, lists by prefix, deletes", async () => {
    await storage.put("list/b", Buffer.from("bee"));
    await storage.put("list/a", Buffer.from("a"));
    await storage.put("lists/c", Buffer.from("c"));
    expect(await storage.copy("list/b", "list/b-copy")).toBe(true);
    const listed: [string, number][] = [];
    for await (const object of storage.list("list/")) listed.push([object.key, object.size]);
    // (s3rver lists in its own order; S3 in key order: the sweep needs neither)
    expect(listed.sort(([a], [b]) => a.localeCompare(b))).toEqual([
      ["list/a", 1],
      ["list/b", 3],
      ["list/b-copy", 3],
    ]);
    await storage.delete("list/b");
    expect(await storage.stat("list/b")).toBeNull();
    expect((await collect(await storage.get("list/b-copy"))).toString()).toBe("bee");
  });

  it("hands a tool a temporary local copy and removes it afterwards", async () => {
    await storage.put("docs/x", Buffer.from("%PDF-1.4 local copy"));
    let seenPath = "";
    const text = await storage.withLocalFile("docs/x", async (filePath) => {
      seenPath = filePath;
      return readFile(filePath, "utf8");
    });
    expect(text).toBe("%PDF-1.4 local copy");
    expect(await stat(seenPath).catch(() => null)).toBeNull();
    expect(storage.describe("docs/x")).toBe(`s3://${s3.bucket}/docs/x`);
  });

  it("presigns a PUT bound to its size and content type, which the bucket takes", async () => {
    const body = Buffer.from("%PDF-1.7 presigned upload body");
    const upload = await storage.createDirectUpload!("uploads/u1/f9", {
      size: body.length,
      contentType: "application/pdf",
      expiresInSeconds: 3600,
    });
    const url = new URL(upload.url);
    expect(url.origin).toBe(storage.uploadOrigin);
    expect(upload.headers).toEqual({ "content-type": "application/pdf" });
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("3600");
    const headers = {
      host: url.host,
      "content-length": String(body.length),
      "content-type": "application/pdf",
    };
    const signature = url.searchParams.get("X-Amz-Signature");
    expect(expectedSignature(url, "PUT", headers, "S3RVER")).toBe(signature);
    // One byte more, or another type: S3 computes another signature and answers 403.
    const longer = { ...headers, "content-length": String(body.length + 1) };
    expect(expectedSignature(url, "PUT", longer, "S3RVER")).not.toBe(signature);
    expect(expectedSignature(url, "PUT", { ...headers, "content-type": "text/html" }, "S3RVER")).not.toBe(
      signature,
    );

    const put = await fetch(url, { method: "PUT", headers: upload.headers, body });
    expect(put.status).toBe(200);
    expect((await collect(await storage.get("uploads/u1/f9"))).equals(body)).toBe(true);
  });

  it("down: every call fails fast as StorageUnavailableError; back up, it works again", async () => {
    await storage.put("kept/object", Buffer.from("still here"));
    // Read back before the kill: s3rver may still be writing its files when it answers the PUT.
    expect((await collect(await storage.get("kept/object"))).toString()).toBe("still here");
    await s3.stop();
    try {
      const started = Date.now();
      await expect(storage.stat("kept/object")).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(storage.get("kept/object")).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(storage.put("kept/other", Buffer.from("x"))).rejects.toBeInstanceOf(
        StorageUnavailableError,
      );
      await expect(storage.ping()).rejects.toBeInstanceOf(StorageUnavailableError);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await s3.start();
    }
    expect((await collect(await storage.get("kept/object"))).toString()).toBe("still here");
  });
});

describe("S3 storage addresses (no server needed)", () => {
  const options = {
    bucket: "notes",
    region: "eu-west-1",
    credentials: { accessKeyId: "a", secretAccessKey: "b" },
  };

  it("path style: uploads go to the endpoint's origin", async () => {
    const storage = await createS3Storage({
      ...options,
      endpoint: "http://minio.test:9000",
      forcePathStyle: true,
    });
    expect(storage.uploadOrigin).toBe("http://minio.test:9000");
  });

  it("virtual-hosted style: to the bucket's own host name, on AWS or another endpoint", async () => {
    const aws = await createS3Storage({ ...options, forcePathStyle: false });
    expect(aws.uploadOrigin).toBe("https://notes.s3.eu-west-1.amazonaws.com");
    const r2 = await createS3Storage({
      ...options,
      endpoint: "https://acct.r2.example",
      forcePathStyle: false,
    });
    expect(r2.uploadOrigin).toBe("https://notes.acct.r2.example");
  });
});
