import { readFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileInfo, UploadUrlResponse } from "@beannote/contract";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { sql } from "drizzle-orm";
import { seedFile } from "../../../test/seed";
import { createTestUser, fixturesDir } from "./test-support";

/** A PUT whose body may differ from what was declared; resolves with the status and parsed answer. */
function rawPut(
  url: string,
  token: string,
  chunks: Buffer[],
  headers: Record<string, string> = {},
): Promise<{ http: number; body: { code?: string; data: FileInfo } }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: "PUT",
      headers: { token, "content-type": "application/octet-stream", ...headers },
    });
    req.on("response", (response) => {
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () =>
        resolve({ http: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString("utf8")) }),
      );
    });
    req.on("error", reject);
    let i = 0;
    const next = () => {
      if (i === chunks.length) return req.end();
      const ok = req.write(chunks[i++]!);
      if (ok) setImmediate(next);
      else req.once("drain", next);
    };
    next();
  });
}

describe.each(testDatabases)("file uploads on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let alice: { userId: string; token: string };
  let bob: { userId: string; token: string };

  beforeAll(async () => {
    database = await kind.create();
    server = await startTestServer(database, {
      // OCR=off: a scan fails at once (OCR itself is tested in ingest/ocr/ocr.test.ts).
      env: {
        UPLOAD_MAX_MB: "8",
        UPLOAD_OPEN_MAX: "6",
        UPLOAD_OPEN_MB: "40",
        UPLOADS_PER_HOUR: "40",
        OCR: "off",
      },
      worker: { pollMs: 100 },
      renderPreview: async () => null, // LibreOffice previews have their own test below
    });
    alice = await createTestUser(server.database.db);
    bob = await createTestUser(server.database.db);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const requestUpload = (fileName: string, size: number, token = alice.token, contentType = "") =>
    server.call<UploadUrlResponse>("POST", "/file/upload-url", {
      token,
      body: { fileName, size, contentType },
    });

  async function upload(fileName: string, bytes: Buffer, token = alice.token) {
    const answer = await requestUpload(fileName, bytes.length, token);
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

  // What the server reads of each file is the same on both databases: PGlite only (test-db.ts's rule). The
  // upload limits under simultaneous requests, below, run on both; the latency bound is files-latency.test.ts.
  if (kind.name === "pglite") {
    it.each([
      ["en-paper-tracemonkey-trace-jit.pdf", "pdf", 14],
      ["en-moby-dick-headings-lists.docx", "docx", 1],
      ["en-sample-presentation-bullets.pptx", "pptx", 4],
      ["en-emphasized-text-table.doc", "doc", 1],
      ["en-sample-adding-bullet-slide.ppt", "ppt", 1],
      ["wrong-extension-docx-named-as.doc", "docx", 1],
    ])("uploads %s and ends ready as %s with its page count", async (name, format, pages) => {
      const bytes = await readFile(path.join(fixturesDir, name));
      const { fileId, put } = await upload(name, bytes);
      expect(put.http).toBe(200);
      expect(put.body.data).toMatchObject({ fileId, status: "parsing", size: bytes.length });
      const info = await settled(fileId);
      expect(info).toMatchObject({ fileId, fileName: name, size: bytes.length, format, status: "ready" });
      expect(info.pageCount).toBeGreaterThanOrEqual(pages);
      if (format === "pdf" || format === "pptx" || format === "ppt") expect(info.pageCount).toBe(pages);
      expect(info.error).toBeUndefined();
    });

    it("serves a PDF's preview as the file itself, and says when an office file has none", async () => {
      const bytes = await readFile(path.join(fixturesDir, "corrupt-zen-of-python.pdf"));
      const pdf = await upload("zen.pdf", bytes);
      if ((await settled(pdf.fileId)).status === "ready") {
        const preview = await fetch(`${server.url}/file/${pdf.fileId}/preview`, {
          headers: { token: alice.token },
        });
        expect(preview.headers.get("content-type")).toBe("application/pdf");
        expect(Buffer.from(await preview.arrayBuffer()).equals(bytes)).toBe(true);
      }
      const docx = await upload(
        "m.docx",
        await readFile(path.join(fixturesDir, "en-moby-dick-headings-lists.docx")),
      );
      await settled(docx.fileId);
      // FILE_NOT_READY until the parse job has finished trying to render the preview (it has none here)
      const previewCode = async () =>
        (await server.call("GET", `/file/${docx.fileId}/preview`, { token: alice.token })).body.code;
      await expect.poll(previewCode, { timeout: 10_000, interval: 100 }).toBe("PREVIEW_UNAVAILABLE");
    });

    it("refuses a declared size over the limit before a byte is stored, and an empty file", async () => {
      expect((await requestUpload("big.pdf", 8 * 1024 * 1024 + 1)).body).toMatchObject({
        status: 413,
        code: "FILE_TOO_LARGE",
      });
      expect((await requestUpload("empty.pdf", 0)).body).toMatchObject({ code: "FILE_EMPTY" });
      expect((await requestUpload("photo.png", 100, alice.token, "image/png")).body).toMatchObject({
        code: "FILE_UNSUPPORTED",
      });
    });

    it("cuts off a body longer than declared, announced or not", async () => {
      const declared = await requestUpload("a.pdf", 1000);
      const url = `${server.url}${declared.body.data.uploadUrl}`;
      const announced = await rawPut(url, alice.token, [Buffer.alloc(2000, 0x41)]);
      expect(announced).toMatchObject({ http: 413, body: { code: "FILE_TOO_LARGE" } });
      const refused = await server.call<FileInfo>("GET", `/file/${declared.body.data.fileId}`, {
        token: alice.token,
      });
      expect(refused.body.data).toMatchObject({ status: "failed", error: { code: "FILE_TOO_LARGE" } });

      const second = await requestUpload("b.pdf", 1000);
      const chunked = await rawPut(
        `${server.url}${second.body.data.uploadUrl}`,
        alice.token,
        [Buffer.from("%PDF-1.4\n"), Buffer.alloc(600, 0x41), Buffer.alloc(600, 0x41)],
        { "transfer-encoding": "chunked" },
      );
      expect(chunked).toMatchObject({ http: 413, body: { code: "FILE_TOO_LARGE" } });
      const info = await server.call<FileInfo>("GET", `/file/${second.body.data.fileId}`, {
        token: alice.token,
      });
      expect(info.body.data).toMatchObject({ status: "failed", error: { code: "FILE_TOO_LARGE" } });
    });

    it("says UPLOAD_INCOMPLETE when the body ends short, and lets the upload be retried", async () => {
      const bytes = await readFile(path.join(fixturesDir, "en-moby-dick-headings-lists.docx"));
      const declared = await requestUpload("m.docx", bytes.length);
      const url = `${server.url}${declared.body.data.uploadUrl}`;
      const short = await rawPut(url, alice.token, [bytes.subarray(0, 100)], {
        "transfer-encoding": "chunked",
      });
      expect(short).toMatchObject({ http: 400, body: { code: "UPLOAD_INCOMPLETE" } });
      const retry = await rawPut(url, alice.token, [bytes]);
      expect(retry.http).toBe(200);
      expect((await settled(declared.body.data.fileId)).status).toBe("ready");
      const again = await rawPut(url, alice.token, [bytes]);
      expect(again.body.code).toBe("UPLOAD_ALREADY_DONE");
    });

    it("decides the type by the bytes: a PNG named .pdf is refused", async () => {
      const png = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(500, 7),
      ]);
      const { fileId, put } = await upload("slides.pdf", png);
      expect(put).toMatchObject({ http: 415, body: { code: "FILE_UNSUPPORTED" } });
      expect(await settled(fileId)).toMatchObject({ status: "failed", error: { code: "FILE_UNSUPPORTED" } });
    });

    it.each([
      ["encrypted-user-password-is-password.pdf", "FILE_ENCRYPTED"],
      ["encrypted-password-is-pass.docx", "FILE_ENCRYPTED"],
      ["encrypted-rc4-password-is-tika.doc", "FILE_ENCRYPTED"],
      ["encrypted-password-protected-hello.ppt", "FILE_ENCRYPTED"],
      ["corrupt-truncated.docx", "FILE_CORRUPT"],
      ["zipbomb-large-size-archive.docx", "FILE_CORRUPT"],
      ["zh-scanned-book-pages-image-only.pdf", "FILE_NO_TEXT_NO_OCR"],
    ])("fails %s with %s", async (name, code) => {
      const { fileId, put } = await upload(name, await readFile(path.join(fixturesDir, name)));
      if (put.http !== 200) expect(put.body.code).toBe(code); // refused by the first bytes already
      const info = await settled(fileId);
      expect(info).toMatchObject({ status: "failed", error: { code } });
      expect(info.error!.message.length).toBeGreaterThan(0);
    });

    it("keeps files to their owner and requires a token", async () => {
      const { fileId } = await upload(
        "m.docx",
        await readFile(path.join(fixturesDir, "en-moby-dick-headings-lists.docx")),
      );
      expect((await server.call("GET", `/file/${fileId}`, { token: bob.token })).body).toMatchObject({
        status: 404,
        code: "NOT_FOUND",
      });
      expect((await server.call("GET", `/file/${fileId}/preview`, { token: bob.token })).body.code).toBe(
        "NOT_FOUND",
      );
      const put = await rawPut(`${server.url}/file/${fileId}/content`, bob.token, [Buffer.from("%PDF-1.4")]);
      expect(put.body.code).toBe("NOT_FOUND");
      expect((await server.call("GET", `/file/${fileId}`)).http).toBe(401);
      expect(
        (await server.call("POST", "/file/upload-url", { body: { fileName: "a.pdf", size: 10 } })).http,
      ).toBe(401);
    });
  }

  describe("upload quotas (6 open slots, 40 MB announced, 40 uploads an hour per user here)", () => {
    const codes = (answers: { body: { status: number; code?: string } }[]) =>
      answers.map((answer) => answer.body.code ?? String(answer.body.status));
    const count = (list: string[], code: string) => list.filter((item) => item === code).length;

    it("opens exactly 6 slots for 20 concurrent requests; finishing an upload frees one", async () => {
      const carol = await createTestUser(server.database.db);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => requestUpload(`n${i}.pdf`, 1000, carol.token)),
      );
      expect([count(codes(answers), "200"), count(codes(answers), "UPLOAD_SLOTS_FULL")]).toEqual([6, 14]);
      const refused = await server.call("POST", "/file/upload-url", {
        token: carol.token,
        body: { fileName: "more.pdf", size: 1000 },
      });
      expect(refused).toMatchObject({ http: 429, body: { status: 429, code: "UPLOAD_SLOTS_FULL" } });
      const response = await fetch(`${server.url}/file/upload-url`, {
        method: "POST",
        headers: { token: carol.token, "content-type": "application/json" },
        body: JSON.stringify({ fileName: "more.pdf", size: 1000 }),
      });
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);

      const open = answers.find((answer) => answer.body.status === 200)!.body.data;
      const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(991, 0x41)]);
      await rawPut(`${server.url}${open.uploadUrl}`, carol.token, [pdf]);
      expect((await requestUpload("next.pdf", 1000, carol.token)).body.status).toBe(200);
    });

    it("counts the bytes the open slots announce", async () => {
      const dave = await createTestUser(server.database.db);
      const mb = 1024 * 1024;
      for (let i = 0; i < 5; i++)
        expect((await requestUpload(`big${i}.pdf`, 8 * mb, dave.token)).body.status).toBe(200);
      expect((await requestUpload("one-more.pdf", 1, dave.token)).body.code).toBe("UPLOAD_SLOTS_FULL");
    });

    it("starts at most 40 uploads an hour, exactly, under concurrency", async () => {
      const erin = await createTestUser(server.database.db);
      for (let i = 0; i < 36; i++) await seedFile(server.database.db, erin.userId);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => requestUpload(`h${i}.pdf`, 1000, erin.token)),
      );
      expect([count(codes(answers), "200"), count(codes(answers), "UPLOAD_RATE_LIMITED")]).toEqual([4, 6]);
    });

    it("expires a slot whose bytes never came: it stops counting and its PUT says UPLOAD_EXPIRED", async () => {
      const frank = await createTestUser(server.database.db);
      const slots = await Promise.all(
        Array.from({ length: 6 }, (_, i) => requestUpload(`e${i}.pdf`, 1000, frank.token)),
      );
      expect(codes(slots)).toEqual(Array(6).fill("200"));
      expect((await requestUpload("full.pdf", 1000, frank.token)).body.code).toBe("UPLOAD_SLOTS_FULL");
      await server.database.db.execute(
        sql`update files set created_at = now() - interval '61 minutes' where user_id = ${frank.userId}`,
      );
      expect((await requestUpload("fresh.pdf", 1000, frank.token)).body.status).toBe(200);
      const stale = slots[0]!.body.data;
      const late = await rawPut(`${server.url}${stale.uploadUrl}`, frank.token, [Buffer.from("%PDF-1.4\n")]);
      expect(late).toMatchObject({ http: 410, body: { code: "UPLOAD_EXPIRED" } });
      const info = await server.call<FileInfo>("GET", `/file/${stale.fileId}`, { token: frank.token });
      expect(info.body.data).toMatchObject({ status: "failed", error: { code: "UPLOAD_EXPIRED" } });
    });
  });
});
