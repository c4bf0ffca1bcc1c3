import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileInfo, GenerateNoteResponse, NoteDetail, UploadUrlResponse } from "@beannote/contract";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { fixture, loginNewUser, readJobEvents, uploadFile, waitForFile } from "../../../test/pipeline";
import { startS3rver, type TestS3 } from "../../../test/s3rver";
import { cachedParser } from "../../../test/parse-cache";
import { runAdminCommand } from "../../cli/admin-command";

const PDF = "en-paper-tracemonkey-trace-jit.pdf";
const DOCX = "en-moby-dick-headings-lists.docx";
const pglite = testDatabases.find((kind) => kind.name === "pglite")!;

describe("uploads straight to S3 (s3rver), with the API on the embedded database", () => {
  let s3: TestS3;
  let database: TestDatabase;
  let server: TestServer;
  let alice: string;
  let aliceId: string;
  let bob: string;
  let noteId: string;
  let pdfId: string;

  const keys = async (prefix = "") => {
    const found: string[] = [];
    for await (const object of server.storage.list(prefix)) found.push(object.key);
    return found;
  };
  const slot = (token: string, fileName: string, size: number, contentType = "application/pdf") =>
    server.call<UploadUrlResponse>("POST", "/file/upload-url", {
      token,
      body: { fileName, size, contentType },
    });
  const complete = (token: string, fileId: string) =>
    server.call<FileInfo>("POST", `/file/${fileId}/complete`, { token });

  beforeAll(async () => {
    s3 = await startS3rver();
    database = await pglite.create();
    server = await startTestServer(database, {
      env: s3.env,
      worker: { pollMs: 100 },
      // the storage path is what is tested: the parse job still streams each file from the bucket and hashes
      // it, then reads it through the tests' parse cache (the real parser threads on a miss)
      parser: cachedParser,
      renderPreview: async () => null,
    });
    alice = await loginNewUser(server, "alice@example.edu");
    bob = await loginNewUser(server, "bob@example.edu");
    aliceId = (await server.call<{ userId: string }>("GET", "/member/get-info", { token: alice })).body.data
      .userId;
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    await s3?.close();
  });

  it("upload-url hands out a presigned PUT to the bucket, signed with the size and type; the CSP allows it", async () => {
    const answer = await slot(alice, "lecture.pdf", 1234);
    expect(answer.body.status).toBe(200);
    const url = new URL(answer.body.data.uploadUrl);
    expect(url.origin).toBe(s3.endpoint);
    expect(url.pathname).toBe(`/${s3.bucket}/uploads/${aliceId}/${answer.body.data.fileId}`);
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host");
    expect(answer.body.data.headers).toEqual({ "content-type": "application/pdf" });
    const page = await fetch(`${server.url}/health`);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${s3.endpoint.replace(/\./g, "\\.")}`));
  });

  it("PUT to the bucket → complete → parse → note: bytes checked, hashed and parsed without passing the API", async () => {
    const pdf = await uploadFile(server, alice, fixture(PDF));
    const docx = await uploadFile(server, alice, fixture(DOCX));
    expect(pdf.put).toMatchObject({ status: 200, data: { status: "parsing", format: "pdf", sha256: null } });
    pdfId = pdf.fileId;
    const ready = await waitForFile(server, alice, pdf.fileId);
    expect(ready).toMatchObject({ status: "ready", format: "pdf", pageCount: 14 });
    const bytes = await readFile(fixture(PDF));
    // Hashed by the parse job from its streamed download.
    expect(ready.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect((await waitForFile(server, alice, docx.fileId)).status).toBe("ready");

    // The checked bytes moved from the presigned key to a source key; the parsed document is stored beside.
    expect(await keys(`uploads/${aliceId}/`)).toEqual([]);
    expect(await keys(`sources/${aliceId}/${pdf.fileId}/`)).toHaveLength(1);
    expect(await keys(`documents/${aliceId}/${pdf.fileId}`)).toEqual([
      `documents/${aliceId}/${pdf.fileId}.json`,
    ]);

    const started = await server.call<GenerateNoteResponse>("POST", "/note/generate", {
      token: alice,
      body: {
        title: "From the bucket",
        outputLanguage: "en-US",
        detailLevel: "simple",
        fileIds: [pdfId, docx.fileId],
      },
    });
    expect(started.body.status).toBe(200);
    expect((await readJobEvents(server, alice, started.body.data.jobId)).at(-1)?.type).toBe("done");
    noteId = started.body.data.noteId;
    const note = await server.call<NoteDetail>("GET", `/note/${noteId}`, { token: alice });
    expect(note.body.data.markdown).toMatch(/^# From the bucket/);
    expect(note.body.data.markdown).toMatch(/#source=2&page=/);

    // The source viewer's PDF, streamed from the bucket through the API to its owner only.
    const preview = await fetch(`${server.url}/file/${pdfId}/preview`, { headers: { token: alice } });
    expect(preview.status).toBe(200);
    expect(Buffer.from(await preview.arrayBuffer()).equals(bytes)).toBe(true);
    const foreign = await fetch(`${server.url}/file/${pdfId}/preview`, { headers: { token: bob } });
    expect(foreign.status).toBe(404);
  });

  it("complete refuses: nothing PUT yet, longer than declared, not a document by its bytes, another user's file", async () => {
    // Nothing there yet: the slot stays open for the PUT.
    const early = await slot(alice, "early.pdf", 20);
    expect((await complete(alice, early.body.data.fileId)).body).toMatchObject({
      status: 400,
      code: "UPLOAD_INCOMPLETE",
      data: { receivedBytes: 0 },
    });
    const body = Buffer.from("%PDF-1.4 twenty bytes");
    const earlyUrl = early.body.data.uploadUrl;
    // s3rver does not check signatures; S3 itself would refuse these PUTs (see s3-storage.test.ts): the API
    // checks again whatever the bucket took.
    await fetch(earlyUrl, {
      method: "PUT",
      headers: early.body.data.headers,
      body: Buffer.concat([body, body]),
    });
    expect((await complete(alice, early.body.data.fileId)).body).toMatchObject({
      status: 413,
      code: "FILE_TOO_LARGE",
    });
    expect(await keys(`uploads/${aliceId}/${early.body.data.fileId}`)).toEqual([]);
    expect(
      (await server.call<FileInfo>("GET", `/file/${early.body.data.fileId}`, { token: alice })).body.data,
    ).toMatchObject({
      status: "failed",
      error: { code: "FILE_TOO_LARGE" },
    });

    // A text file named .pdf: refused by its first bytes (a ranged read), and deleted.
    const text = Buffer.from("just some words, certainly not a PDF document at all\n".repeat(4));
    const fake = await slot(alice, "fake.pdf", text.length);
    await fetch(fake.body.data.uploadUrl, { method: "PUT", headers: fake.body.data.headers, body: text });
    expect((await complete(bob, fake.body.data.fileId)).body).toMatchObject({
      status: 404,
      code: "NOT_FOUND",
    });
    expect((await complete(alice, fake.body.data.fileId)).body).toMatchObject({
      status: 415,
      code: "FILE_UNSUPPORTED",
    });
    expect(await keys(`sources/${aliceId}/${fake.body.data.fileId}/`)).toEqual([]);

    // A second complete of a finished upload answers the file as it is.
    const again = await complete(alice, pdfId);
    expect(again.body).toMatchObject({ status: 200, data: { fileId: pdfId, status: "ready" } });
  });

  it("object storage down: uploads answer 503 STORAGE_UNAVAILABLE, notes still read; back up, uploads work", async () => {
    await s3.stop();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1100)); // past the cached "bucket answered"
      const refused = await slot(alice, "during-outage.pdf", 1000);
      expect(refused.http).toBe(503);
      expect(refused.body).toMatchObject({ status: 503, code: "STORAGE_UNAVAILABLE" });
      expect(refused.body.message).toMatch(/storage/i);
      const preview = await server.call("GET", `/file/${pdfId}/preview`, { token: alice });
      expect(preview.body).toMatchObject({ status: 503, code: "STORAGE_UNAVAILABLE" });

      const note = await server.call<NoteDetail>("GET", `/note/${noteId}`, { token: alice });
      expect(note.body.status).toBe(200);
      expect(note.body.data.markdown).toMatch(/^# From the bucket/);
      const list = await server.call<{ total: number }>("GET", "/note/list", { token: alice });
      expect(list.body.status).toBe(200);
      expect(list.body.data.total).toBeGreaterThanOrEqual(1);
    } finally {
      await s3.start();
    }
    const upload = await uploadFile(server, alice, fixture(DOCX), "after-outage.docx");
    expect(upload.put.status).toBe(200);
    expect((await waitForFile(server, alice, upload.fileId)).status).toBe("ready");
  });

  it("the orphan sweep (admin CLI, as a job) deletes unnamed objects and lists rows whose object is gone", async () => {
    await server.storage.put("sources/nobody/nothing/leftover", Buffer.from("orphan bytes"));
    const documentKey = `documents/${aliceId}/${pdfId}.json`;
    expect(await server.storage.stat(documentKey)).not.toBeNull();
    await server.storage.delete(documentKey);
    const sweep = async (...flags: string[]) => {
      const lines: string[] = [];
      const code = await runAdminCommand(["storage", "sweep", "--min-age", "0", ...flags], {
        db: server.database.db,
        storage: server.storage,
        startingBeans: 0,
        out: (line) => lines.push(line),
      });
      return { code, lines };
    };

    const dry = await sweep("--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.lines[0]).toBe(`storage sweep of s3://${s3.bucket} (dry run: nothing deleted)`);
    expect(dry.lines).toContain("orphan objects: 1 (0.0 MB), deleted: 0");
    expect(dry.lines.some((line) => line.startsWith("orphan\tsources/nobody/nothing/leftover\t12\t"))).toBe(
      true,
    );
    expect(await server.storage.stat("sources/nobody/nothing/leftover")).toEqual({ size: 12 });

    const real = await sweep();
    expect(real.lines).toContain("orphan objects: 1 (0.0 MB), deleted: 1");
    expect(real.lines).toContain("rows without their object: 1");
    expect(real.lines).toContain(`missing\tfiles\tdocument_key\t${pdfId}\t${documentKey}`);
    expect(real.lines.at(-1)).toMatch(/^job: /);
    expect(await server.storage.stat("sources/nobody/nothing/leftover")).toBeNull();
    // Everything a row names is still there.
    expect(await keys(`sources/${aliceId}/${pdfId}/`)).toHaveLength(1);
  });

  it("deleting: an unused upload goes with its objects; a note's source is FILE_IN_USE until the note goes", async () => {
    const unused = await uploadFile(server, alice, fixture(DOCX), "unused.docx");
    await waitForFile(server, alice, unused.fileId);
    expect(await keys(`sources/${aliceId}/${unused.fileId}/`)).toHaveLength(1);
    expect((await server.call("DELETE", `/file/${unused.fileId}`, { token: bob })).body.code).toBe(
      "NOT_FOUND",
    );
    expect((await server.call("DELETE", `/file/${unused.fileId}`, { token: alice })).body.status).toBe(200);
    expect((await server.call("GET", `/file/${unused.fileId}`, { token: alice })).body.code).toBe(
      "NOT_FOUND",
    );
    expect(await keys(`sources/${aliceId}/${unused.fileId}/`)).toEqual([]);
    expect(await keys(`documents/${aliceId}/${unused.fileId}`)).toEqual([]);

    const inUse = await server.call("DELETE", `/file/${pdfId}`, { token: alice });
    expect(inUse.body).toMatchObject({ status: 409, code: "FILE_IN_USE" });
    // A copy shares the sources: deleting the original keeps them, deleting the copy too frees them.
    const copy = await server.call<NoteDetail>("POST", `/note/${noteId}/copy`, { token: alice });
    expect((await server.call("DELETE", `/note/${noteId}`, { token: alice })).body.status).toBe(200);
    expect(await keys(`sources/${aliceId}/${pdfId}/`)).toHaveLength(1);
    expect(
      (await server.call("DELETE", `/note/${copy.body.data.noteId}`, { token: alice })).body.status,
    ).toBe(200);
    expect(await keys(`sources/${aliceId}/${pdfId}/`)).toEqual([]);
    expect((await server.call("GET", `/file/${pdfId}`, { token: alice })).body.code).toBe("NOT_FOUND");
  });
});
