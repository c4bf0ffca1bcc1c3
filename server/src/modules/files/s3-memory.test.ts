import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileInfo, UploadUrlResponse } from "@beannote/contract";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { startS3rver, type TestS3 } from "../../../test/s3rver";
import { runAdminCli } from "../../cli/admin-cli";

const MiB = 1024 * 1024;
const SIZE = 100 * MiB;
const LIMIT = 64 * MiB;
const pglite = testDatabases.find((kind) => kind.name === "pglite")!;
const serverScript = fileURLToPath(new URL("../../../test/server-process.ts", import.meta.url));

/** The resident memory of a process (Linux). */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/**
 * Chunk `i` (1 MiB) of a 100 MiB "PDF": the magic bytes, then filler. The same two buffers are sent again and
 * again, so the test's own client makes no garbage and the RSS it measures is the server's.
 */
const FIRST = Buffer.alloc(MiB, 7);
FIRST.write("%PDF-1.4\n");
const FILLER = Buffer.alloc(MiB, 7);
const chunkOf = (i: number) => (i === 0 ? FIRST : FILLER);
const expectedSha256 = (() => {
  const hash = createHash("sha256");
  for (let i = 0; i < SIZE / MiB; i++) hash.update(chunkOf(i));
  return hash.digest("hex");
})();

/** PUTs the 100 MiB with a Content-Length, written with backpressure; resolves with the status and body. */
function putStreamed(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "PUT", headers: { ...headers, "content-length": String(SIZE) } });
    req.on("response", (response) => {
      let body = "";
      response.on("data", (part: Buffer) => (body += part.toString("utf8")));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    let i = 0;
    const next = () => {
      while (i < SIZE / MiB) {
        if (!req.write(chunkOf(i++))) return void req.once("drain", next);
      }
      req.end();
    };
    next();
  });
}

/** Reads a response body chunk by chunk and drops it; resolves with the byte count. */
function drain(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      let bytes = 0;
      response.on("data", (part: Buffer) => (bytes += part.length));
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

describe("a 100 MiB file through S3 keeps the API's memory flat (the API in its own process)", () => {
  let s3: TestS3;
  let database: TestDatabase;
  let child: ChildProcess;
  let url = "";
  let pid = 0;
  let token = "";

  const call = async <T>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { token, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as { status: number; code?: string; data: T };
  };
  const slot = (fileName: string, size: number) =>
    call<UploadUrlResponse>("POST", "/file/upload-url", { fileName, size, contentType: "application/pdf" });
  async function waitReady(fileId: string): Promise<FileInfo> {
    for (;;) {
      const info = await call<FileInfo>("GET", `/file/${fileId}`);
      if (info.data.status === "ready" || info.data.status === "failed") return info.data;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }

  beforeAll(async () => {
    s3 = await startS3rver();
    database = await pglite.create();
    child = spawn(process.execPath, ["--import", "tsx", serverScript, "--streaming-parser"], {
      env: { ...process.env, ...database.env, ...s3.env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    ({ url, pid } = await new Promise<{ url: string; pid: number }>((resolve, reject) => {
      let buffer = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        buffer += chunk.toString("utf8");
        const line = buffer.split("\n").find((text) => text.startsWith("{"));
        if (line && buffer.includes("\n")) resolve(JSON.parse(line) as { url: string; pid: number });
      });
      child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
    }));
    // The account through the running server's admin link (PGlite belongs to that process).
    await runAdminCli(["create", "big@example.edu", "study-2024"], { env: database.env, out: () => {} });
    token = (
      await call<{ token: string }>("POST", "/member/password-login", {
        email: "big@example.edu",
        password: "study-2024",
      })
    ).data.token;
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await database?.close();
    await s3?.close();
  });

  it("presigned PUT, verify, streamed parse download, preview, and a PUT through the API: RSS grows < 64 MiB", async () => {
    // Warm every path once with a small file, so that the measure sees streaming, not first-time loading.
    const small = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(64 * 1024, 7)]);
    const warmApi = await slot("warm-api.pdf", small.length);
    await fetch(`${url}/file/${warmApi.data.fileId}/content`, {
      method: "PUT",
      headers: { token },
      body: small,
    });
    // Then one 100 MiB pass: in a fresh process the first big stream raises the allocator's high-water mark
    // by some 25-35 MiB (dead Buffers wait for V8's external-memory GC trigger), reused from then on. Even this
    // first pass must stay below the file's size: nothing may hold it whole.
    const fresh = await rssOf(pid);
    let firstPeak = fresh;
    const firstSampler = setInterval(() => {
      void rssOf(pid).then(
        (rss) => (firstPeak = Math.max(firstPeak, rss)),
        () => {},
      );
    }, 20);
    try {
      const first = await slot("first.pdf", SIZE);
      expect((await putStreamed(first.data.uploadUrl, first.data.headers)).status).toBe(200);
      await call("POST", `/file/${first.data.fileId}/complete`);
      expect((await waitReady(first.data.fileId)).status).toBe("ready");
      expect(await drain(`${url}/file/${first.data.fileId}/preview`, { token })).toBe(SIZE);
    } finally {
      clearInterval(firstSampler);
    }
    const firstGrowth = firstPeak - fresh;
    expect(firstGrowth).toBeLessThan(SIZE);

    const baseline = await rssOf(pid);
    let peak = baseline;
    const phases: string[] = [];
    let phasePeak = baseline;
    const sampler = setInterval(() => {
      void rssOf(pid).then(
        (rss) => {
          peak = Math.max(peak, rss);
          phasePeak = Math.max(phasePeak, rss);
        },
        () => {},
      );
    }, 20);
    const phase = (name: string) => {
      phases.push(`${name} +${Math.round((phasePeak - baseline) / MiB)}`);
      phasePeak = baseline;
    };
    const started = Date.now();
    try {
      // 1. Straight to the bucket, then checked by the API (HEAD, server-side copy, ranged read of 8 KiB).
      const direct = await slot("big.pdf", SIZE);
      const put = await putStreamed(direct.data.uploadUrl, direct.data.headers);
      expect(put.status).toBe(200);
      const done = await call<FileInfo>("POST", `/file/${direct.data.fileId}/complete`);
      expect(done.data).toMatchObject({ status: "parsing", size: SIZE });
      phase("presigned PUT + complete");
      // 2. The parse job streams it to a temporary file, hashes it, and the parser streams that file.
      const ready = await waitReady(direct.data.fileId);
      expect(ready).toMatchObject({ status: "ready", sha256: expectedSha256 });
      phase("parse download");
      // 3. The preview streams back through the API.
      expect(await drain(`${url}/file/${direct.data.fileId}/preview`, { token })).toBe(SIZE);
      phase("preview GET");
      // 4. A PUT through the API (the local-storage path, also open with S3): multipart to the bucket.
      const viaApi = await slot("big-via-api.pdf", SIZE);
      const answer = await putStreamed(`${url}/file/${viaApi.data.fileId}/content`, {
        token,
        "content-type": "application/octet-stream",
      });
      expect(JSON.parse(answer.body)).toMatchObject({
        status: 200,
        data: { sha256: expectedSha256, size: SIZE },
      });
      phase("PUT through the API");
    } finally {
      clearInterval(sampler);
    }
    const growth = peak - baseline;
    console.log(
      `s3 100 MiB, API process: first pass +${Math.round(firstGrowth / MiB)} MiB; then RSS ` +
        `${Math.round(baseline / MiB)} MiB → peak ${Math.round(peak / MiB)} MiB ` +
        `(+${Math.round(growth / MiB)} MiB; per step: ${phases.join(", ")}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(growth).toBeLessThan(LIMIT);
  });
});
