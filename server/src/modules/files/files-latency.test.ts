import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileInfo, UploadUrlResponse } from "@beannote/contract";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { createTestUser, fixturesDir } from "./test-support";

/**
 * The one wall-clock bound of the uploads API (files.test.ts holds the rest): a file of its own so that it runs
 * with the timed files (vitest.config.ts SERVER_TIMED), alone, and the others run beside their neighbours.
 */
describe.each(testDatabases)("file uploads on $name, under a heavy parse", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let alice: { userId: string; token: string };

  beforeAll(async () => {
    database = await kind.create();
    // files.test.ts's server: OCR off, LibreOffice previews off.
    server = await startTestServer(database, {
      env: {
        UPLOAD_MAX_MB: "8",
        UPLOAD_OPEN_MAX: "6",
        UPLOAD_OPEN_MB: "40",
        UPLOADS_PER_HOUR: "40",
        OCR: "off",
      },
      worker: { pollMs: 100 },
      renderPreview: async () => null,
    });
    alice = await createTestUser(server.database.db);
    // The parser warm, as in files.test.ts where this ran after its uploads were read.
    const { fileId } = await upload(
      "m.docx",
      await readFile(path.join(fixturesDir, "en-moby-dick-headings-lists.docx")),
    );
    expect(await settled(fileId)).toMatchObject({ status: "ready" });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  async function upload(fileName: string, bytes: Buffer, token = alice.token) {
    const answer = await server.call<UploadUrlResponse>("POST", "/file/upload-url", {
      token,
      body: { fileName, size: bytes.length, contentType: "" },
    });
    expect(answer.body.status).toBe(200);
    const { fileId, uploadUrl, method, headers } = answer.body.data;
    expect(method).toBe("PUT");
    const put = await fetch(`${server.url}${uploadUrl}`, {
      method,
      headers: { ...headers, token },
      body: bytes,
    });
    return {
      fileId,
      put: { http: put.status, body: (await put.json()) as { code?: string; data: FileInfo } },
    };
  }

  async function settled(fileId: string, token = alice.token, timeoutMs = 60_000): Promise<FileInfo> {
    const start = Date.now();
    for (;;) {
      const { body } = await server.call<FileInfo>("GET", `/file/${fileId}`, { token });
      if (body.data.status === "ready" || body.data.status === "failed") return body.data;
      if (Date.now() - start > timeoutMs) throw new Error(`file still ${body.data.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it("answers requests while the zip bomb and the 400-page PDF parse", async () => {
    const bomb = await upload(
      "bomb.docx",
      await readFile(path.join(fixturesDir, "zipbomb-large-size-archive.docx")),
    );
    const big = await upload(
      "irs.pdf",
      await readFile(path.join(fixturesDir, "en-large-irs-manual-400p.pdf")),
    );
    const latencies: number[] = [];
    let parsingSeen = 0;
    for (;;) {
      const started = performance.now();
      const [a, b, config] = await Promise.all([
        server.call<FileInfo>("GET", `/file/${bomb.fileId}`, { token: alice.token }),
        server.call<FileInfo>("GET", `/file/${big.fileId}`, { token: alice.token }),
        server.call("GET", "/config/web"),
      ]);
      latencies.push(performance.now() - started);
      expect(config.http).toBe(200);
      if (a.body.data.status === "parsing" || b.body.data.status === "parsing") parsingSeen++;
      else break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(parsingSeen).toBeGreaterThan(0);
    expect(Math.max(...latencies)).toBeLessThan(1000);
    expect(await settled(bomb.fileId)).toMatchObject({ status: "failed", error: { code: "FILE_CORRUPT" } });
    expect(await settled(big.fileId)).toMatchObject({ status: "ready", format: "pdf", pageCount: 400 });
  });
});
