import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GenerateNoteResponse, NoteDetail, NoteListResponse } from "@beannote/contract";
import { pgliteOnly, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { fixture, loginNewUser, readJobEvents, uploadFile, waitForFile } from "../../../test/pipeline";
import { seedFile } from "../../../test/seed";

// PGlite only (test-db.ts's rule): the queue fairness that needs both databases is notes-fairness.test.ts.
describe.each(pgliteOnly)("notes API on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let alice: string;
  let bob: string;
  let pdfId: string;
  let docxId: string;

  beforeAll(async () => {
    database = await kind.create();
    server = await startTestServer(database);
    alice = await loginNewUser(server, "alice@example.edu");
    bob = await loginNewUser(server, "bob@example.edu");
    pdfId = (await uploadFile(server, alice, fixture("en-paper-tracemonkey-trace-jit.pdf"))).fileId;
    docxId = (await uploadFile(server, alice, fixture("en-moby-dick-headings-lists.docx"))).fileId;
    expect((await waitForFile(server, alice, pdfId)).status).toBe("ready");
    expect((await waitForFile(server, alice, docxId)).status).toBe("ready");
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const generate = (token: string, body: Record<string, unknown>) =>
    server.call<GenerateNoteResponse>("POST", "/note/generate", { token, body });
  const detail = (token: string, noteId: string) =>
    server.call<NoteDetail>("GET", `/note/${noteId}`, { token });

  async function generateReady(title: string, fileIds = [pdfId, docxId], detailLevel = "simple") {
    const started = await generate(alice, { title, outputLanguage: "en-US", detailLevel, fileIds });
    expect(started.body.status).toBe(200);
    const events = await readJobEvents(server, alice, started.body.data.jobId);
    expect(events.at(-1)?.type).toBe("done");
    return { ...started.body.data, events };
  }

  it("writes a note from a PDF and a DOCX, streaming progress and sections, citing both sources", async () => {
    const { noteId, events } = await generateReady("Trace trees and Moby Dick");
    const types = events.map((event) => event.type);
    expect(types[0]).toBe("progress");
    expect(types).toContain("partial");
    expect(events.map((event) => event.id)).toEqual(
      [...events.map((event) => event.id)].sort((a, b) => a - b),
    );

    const note = (await detail(alice, noteId)).body.data;
    expect(note).toMatchObject({
      status: "ready",
      title: "Trace trees and Moby Dick",
      edited: false,
      engine: "offline",
    });
    expect(note.sources.map((source) => [source.index, source.format, source.pageCount])).toEqual([
      [1, "pdf", 14],
      [2, "docx", expect.any(Number)],
    ]);
    expect(note.markdown).toMatch(/^# Trace trees and Moby Dick/);
    expect(note.markdown).toMatch(/\[p\. \d+\]\(#source=1&page=\d+\)/);
    expect(note.markdown).toMatch(/\(#source=2&page=\d+\)/);
    const pages = [...note.markdown.matchAll(/#source=1&page=(\d+)/g)].map((match) => Number(match[1]));
    expect(Math.max(...pages)).toBeLessThanOrEqual(14);
  });

  it("streams the same events again after a reconnect from the last event id", async () => {
    const { jobId, events } = await generateReady("Resume me", [docxId]);
    const middle = events[Math.floor(events.length / 2)]!;
    const resumed = await readJobEvents(server, alice, jobId, { lastEventId: middle.id });
    expect(resumed.map((event) => event.id)).toEqual(
      events.filter((event) => event.id > middle.id).map((event) => event.id),
    );
  });

  it("refuses each bad request of spec §5 and creates nothing", async () => {
    const before = (await server.call<NoteListResponse>("GET", "/note/list", { token: alice })).body.data
      .total;
    const base = { title: "T", outputLanguage: "en-US", detailLevel: "simple", fileIds: [pdfId] };
    expect((await generate(alice, { ...base, fileIds: [] })).body.code).toBe("FILE_REQUIRED");
    expect((await generate(alice, { ...base, title: "   " })).body.code).toBe("TITLE_REQUIRED");
    expect((await generate(alice, { ...base, outputLanguage: undefined })).body.code).toBe(
      "LANGUAGE_REQUIRED",
    );
    expect((await generate(alice, { ...base, outputLanguage: "xx-XX" })).body.code).toBe("LANGUAGE_REQUIRED");
    expect((await generate(alice, { ...base, detailLevel: "huge" })).body.code).toBe("DETAIL_REQUIRED");
    expect((await generate(bob, base)).body).toMatchObject({ status: 404, code: "NOT_FOUND" });
    const encrypted = (await uploadFile(server, alice, fixture("encrypted-password-is-pass.docx"))).fileId;
    expect((await waitForFile(server, alice, encrypted)).status).toBe("failed");
    expect((await generate(alice, { ...base, fileIds: [encrypted] })).body.code).toBe("FILE_ENCRYPTED");
    expect((await generate(alice, base)).http).toBe(200);
    const after = (await server.call<NoteListResponse>("GET", "/note/list", { token: alice })).body.data
      .total;
    expect(after).toBe(before + 1);
  });

  it("edits, keeps the generated text for reset, copies and deletes", async () => {
    const { noteId } = await generateReady("Editable", [docxId]);
    const original = (await detail(alice, noteId)).body.data.markdown;
    const edited = await server.call<NoteDetail>("PUT", `/note/${noteId}`, {
      token: alice,
      body: { title: "Edited title", markdown: "# Mine\n\nMy own words." },
    });
    expect(edited.body.data).toMatchObject({
      title: "Edited title",
      markdown: "# Mine\n\nMy own words.",
      edited: true,
    });
    const reset = await server.call<NoteDetail>("POST", `/note/${noteId}/reset`, { token: alice, body: {} });
    expect(reset.body.data).toMatchObject({ markdown: original, edited: false, title: "Edited title" });

    const copy = await server.call<NoteDetail>("POST", `/note/${noteId}/copy`, { token: alice, body: {} });
    expect(copy.body.data.title).toBe("Edited title (copy)");
    expect(copy.body.data.markdown).toBe(original);
    expect(copy.body.data.noteId).not.toBe(noteId);
    const copyZh = await server.call<NoteDetail>("POST", `/note/${noteId}/copy`, {
      token: alice,
      body: {},
      headers: { language: "zh" },
    });
    expect(copyZh.body.data.title).toBe("Edited title（副本）");

    expect(
      (await server.call("DELETE", `/note/${copy.body.data.noteId}`, { token: alice })).body.status,
    ).toBe(200);
    expect((await detail(alice, copy.body.data.noteId)).body.code).toBe("NOT_FOUND");
    expect((await detail(alice, noteId)).body.status).toBe(200);
  });

  it("keeps each student's notes private (another user gets 404 everywhere)", async () => {
    const { noteId } = await generateReady("Private", [docxId]);
    expect((await detail(bob, noteId)).body.code).toBe("NOT_FOUND");
    expect(
      (await server.call("PUT", `/note/${noteId}`, { token: bob, body: { title: "x" } })).body.code,
    ).toBe("NOT_FOUND");
    expect((await server.call("POST", `/note/${noteId}/reset`, { token: bob, body: {} })).body.code).toBe(
      "NOT_FOUND",
    );
    expect((await server.call("POST", `/note/${noteId}/copy`, { token: bob, body: {} })).body.code).toBe(
      "NOT_FOUND",
    );
    expect((await server.call("DELETE", `/note/${noteId}`, { token: bob })).body.code).toBe("NOT_FOUND");
    const bobs = await server.call<NoteListResponse>("GET", "/note/list", { token: bob });
    expect(bobs.body.data.items.map((item) => item.noteId)).not.toContain(noteId);
    expect((await detail(alice, noteId)).body.data.title).toBe("Private");
    expect((await server.call("GET", `/note/${noteId}`)).body.code).toBe("UNAUTHORIZED");
  });

  it("lists by keyword with the four sorts of spec §9 and pages", async () => {
    const token = await loginNewUser(server, "carol@example.edu");
    const file = (await uploadFile(server, token, fixture("en-emphasized-text-table.doc"))).fileId;
    expect((await waitForFile(server, token, file)).status).toBe("ready");
    for (const title of ["beta Biology", "Alpha algebra", "gamma geometry"]) {
      const started = await generate(token, {
        title,
        outputLanguage: "zh-CN",
        detailLevel: "detail",
        fileIds: [file],
      });
      await readJobEvents(server, token, started.body.data.jobId);
    }
    const list = async (query: string) =>
      (await server.call<NoteListResponse>("GET", `/note/list?${query}`, { token })).body.data;
    expect((await list("sort=name_asc")).items.map((item) => item.title)).toEqual([
      "Alpha algebra",
      "beta Biology",
      "gamma geometry",
    ]);
    expect((await list("sort=name_desc")).items.map((item) => item.title)).toEqual([
      "gamma geometry",
      "beta Biology",
      "Alpha algebra",
    ]);
    expect((await list("sort=modified_desc")).items[0]!.title).toBe("gamma geometry");
    expect((await list("sort=modified_asc")).items[0]!.title).toBe("beta Biology");
    expect((await list("keyword=ALG")).items.map((item) => item.title)).toEqual(["Alpha algebra"]);
    expect((await list("keyword=%25")).total).toBe(0);
    const page2 = await list("sort=name_asc&size=2&page=2");
    expect(page2).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(page2.items.map((item) => item.title)).toEqual(["gamma geometry"]);
    const bad = await server.call("GET", "/note/list?sort=random", { token });
    expect(bad.body.code).toBe("VALIDATION_FAILED");
  });

  it("cancels a generation that is still waiting for its file, leaving the note cancelled", async () => {
    // A file still being parsed (for ever, here): the generation waits for it.
    const info = await server.call<{ userId: string }>("GET", "/member/get-info", { token: alice });
    const big = await seedFile(server.database.db, info.body.data.userId, { status: "parsing" });
    const started = await generate(alice, {
      title: "Cancel me",
      outputLanguage: "en-US",
      detailLevel: "simple",
      fileIds: [big],
    });
    const cancel = await server.call("POST", `/job/${started.body.data.jobId}/cancel`, {
      token: alice,
      body: {},
    });
    expect(cancel.body.status).toBe(200);
    const events = await readJobEvents(server, alice, started.body.data.jobId);
    expect(events.at(-1)).toMatchObject({ type: "error", data: { code: "JOB_CANCELLED" } });
    const note = (await detail(alice, started.body.data.noteId)).body.data;
    expect(note.status).toBe("cancelled");
  });
});
