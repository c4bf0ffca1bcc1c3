import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import mammoth from "mammoth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GenerateNoteResponse, NoteDetail, WebConfig } from "@beannote/contract";
import { notes } from "../../db/schema";
import { pgliteOnly, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { cachedReading } from "../../../test/parse-cache";
import {
  createNoteFromFixture,
  fixture,
  loginNewUser,
  readJobEvents,
  uploadFile,
  waitForFile,
} from "../../../test/pipeline";

const dir = mkdtempSync(path.join(os.tmpdir(), "beannote-export-"));

function pdfText(pdf: Buffer): { text: string; fonts: { name: string; embedded: boolean }[]; info: string } {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const fonts = execFileSync("pdffonts", [file], { encoding: "utf8" })
    .split("\n")
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const cols = line.trim().split(/\s+/);
      return { name: cols[0]!, embedded: cols[cols.length - 5] === "yes" };
    });
  return {
    text: execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }),
    fonts,
    info: execFileSync("pdfinfo", [file], { encoding: "utf8" }),
  };
}

describe.each(pgliteOnly)("POST /note/:noteId/export on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let alice: string;
  let bob: string;
  let chineseNote: string;
  let englishNote: string;

  const makeNote = (token: string, file: string, title: string, outputLanguage: string) =>
    createNoteFromFixture(server, token, file, { title, outputLanguage });

  /** The raw answer of an export: the file's bytes and headers, or the JSON envelope of an error. */
  async function exportNote(noteId: string, body: unknown, token: string | null = alice) {
    const response = await fetch(`${server.url}/note/${noteId}/export`, {
      method: "POST",
      headers: {
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(token ? { token, authorization: `Bearer ${token}` } : {}),
        language: "en",
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get("content-type") ?? "";
    return {
      http: response.status,
      type,
      disposition: response.headers.get("content-disposition") ?? "",
      bytes,
      json: type.includes("application/json")
        ? (JSON.parse(bytes.toString("utf8")) as { status: number; code?: string; message: string })
        : null,
    };
  }

  const detail = async (noteId: string) =>
    (await server.call<NoteDetail>("GET", `/note/${noteId}`, { token: alice })).body.data;

  beforeAll(async () => {
    database = await kind.create();
    server = await startTestServer(database, cachedReading);
    alice = await loginNewUser(server, "alice@example.edu");
    bob = await loginNewUser(server, "bob@example.edu");
    [chineseNote, englishNote] = await Promise.all([
      makeNote(alice, "zh-study-notes-point-set-topology.docx", "点集拓扑：常见空间/性质", "zh-CN"),
      makeNote(alice, "en-paper-dense-passage-retrieval.pdf", "Dense Passage Retrieval", "en-US"),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("prints a Chinese note to an A4 PDF: title, language, date, headings, citations, page numbers, CJK as written", async () => {
    const note = await detail(chineseNote);
    const res = await exportNote(chineseNote, { format: "pdf" });
    expect(res.http).toBe(200);
    expect(res.type).toBe("application/pdf");
    // "/" cannot be in a file name; the UTF-8 name and an ASCII fallback are both given
    expect(res.disposition).toBe(
      `attachment; filename="_________ __.pdf"; filename*=UTF-8''${encodeURIComponent("点集拓扑：常见空间 性质.pdf")}`,
    );
    const { text, fonts, info } = pdfText(res.bytes);
    expect(info).toMatch(/Page size:.*\(A4\)/);
    expect(text).toContain("点集拓扑：常见空间/性质");
    expect(text).toContain("中文");
    expect(text).toContain(
      new Intl.DateTimeFormat("zh-CN", { dateStyle: "long" }).format(new Date(note.updatedAt)),
    );
    for (const heading of note.markdown.match(/^## .+$/gm)!.map((h) => h.slice(3)))
      expect(text.replace(/\s+/g, ""), heading).toContain(heading.replace(/\s+/g, ""));
    expect(text).toContain("第 1 页"); // citation links print as references
    expect(text).toContain("关键词");
    expect(text).toMatch(/^1\s*\/\s*\d+$/m); // page numbers in the footer
    expect(fonts.filter((f) => !f.embedded)).toEqual([]);
  });

  it("prints an English note with bold, quotes and tables, every font embedded", async () => {
    const res = await exportNote(englishNote, { format: "pdf" });
    expect(res.http).toBe(200);
    expect(res.disposition).toContain(`filename="Dense Passage Retrieval.pdf"`);
    const { text, fonts } = pdfText(res.bytes);
    expect(text).toContain("Dense Passage Retrieval");
    expect(text).toContain("English");
    expect(text).toContain("Overview");
    expect(text).toContain("Key terms");
    expect(text).toMatch(/p\. \d+/);
    expect(text).not.toContain("#source=");
    expect(fonts.map((f) => f.name).join(" ")).toMatch(/NotoSans-Bold/);
    expect(fonts.filter((f) => !f.embedded)).toEqual([]);
  });

  it("writes a Word document that mammoth opens: title, headings, tables, bold, quotes, citations", async () => {
    const res = await exportNote(chineseNote, { format: "docx" });
    expect(res.http).toBe(200);
    expect(res.type).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(res.disposition).toContain(
      `filename*=UTF-8''${encodeURIComponent("点集拓扑：常见空间 性质.docx")}`,
    );
    const { value: html, messages } = await mammoth.convertToHtml({ buffer: res.bytes });
    expect(messages.filter((m) => m.type === "error")).toEqual([]);
    expect(html).toContain("点集拓扑：常见空间/性质");
    expect(html).toContain("<h1>一、常见拓扑空间及其性质</h1>");
    expect(html).toMatch(/<table><thead><tr><th><p><strong>空间\\性质<\/strong><\/p><\/th>/);
    expect(html).toMatch(/<tbody><tr><td><p>定义<\/p><\/td>/);
    expect(html).toMatch(/<strong>[^<]+<\/strong>/);
    expect(html).toContain("第 1 页");
    expect(html).not.toContain("#source=");

    const english = await exportNote(englishNote, { format: "docx" });
    const { value: englishHtml } = await mammoth.convertToHtml({ buffer: english.bytes });
    expect(englishHtml).toContain("Overview");
    expect(englishHtml).toMatch(/<li>/);
  });

  it("gives the Markdown as it is", async () => {
    await server.call("PUT", `/note/${englishNote}`, {
      token: alice,
      body: { markdown: `${(await detail(englishNote)).markdown}\n\nMy own line: **x** < y\n` },
    });
    const note = await detail(englishNote);
    const res = await exportNote(englishNote, { format: "md" });
    expect(res.http).toBe(200);
    expect(res.type).toBe("text/markdown; charset=utf-8");
    expect(res.disposition).toContain(`filename="Dense Passage Retrieval.md"`);
    expect(res.bytes.toString("utf8")).toBe(note.markdown);
  });

  it("gives a renamed note's Markdown under its new title (the old `# heading` stayed)", async () => {
    const before = await detail(englishNote);
    expect(before.markdown.startsWith(`# ${before.title}\n`)).toBe(true);
    await server.call("PUT", `/note/${englishNote}`, { token: alice, body: { title: "DPR, renamed" } });
    const res = await exportNote(englishNote, { format: "md" });
    expect(res.disposition).toContain(`filename="DPR, renamed.md"`);
    expect(res.bytes.toString("utf8")).toBe(before.markdown.replace(/^# .*\n/, "# DPR, renamed\n"));
    await server.call("PUT", `/note/${englishNote}`, { token: alice, body: { title: before.title } });
  });

  it("refuses bad input with EXPORT_FORMAT_INVALID and changes nothing", async () => {
    const before = await detail(chineseNote);
    // tried: an unknown format, a number, upper case, an empty object, no body at all, a JSON array
    for (const body of [{ format: "txt" }, { format: 1 }, { format: "PDF" }, {}, undefined, []]) {
      const res = await exportNote(chineseNote, body);
      expect(res.http, JSON.stringify(body)).toBe(400);
      expect(res.json).toMatchObject({ status: 400, code: "EXPORT_FORMAT_INVALID" });
      expect(res.json?.message).toBe("Choose an export format: PDF, Word or Markdown.");
    }
    expect(await detail(chineseNote)).toEqual(before);
  });

  it("answers 404 for another user's note or an unknown one, 401 without a token, ID_INVALID for a bad id", async () => {
    expect((await exportNote(chineseNote, { format: "md" }, bob)).json).toMatchObject({
      status: 404,
      code: "NOT_FOUND",
    });
    expect((await exportNote("7f1c1a52-8f0e-4a7b-9d55-0c8b7a0a1e11", { format: "pdf" })).json).toMatchObject({
      status: 404,
    });
    expect((await exportNote(chineseNote, { format: "pdf" }, null)).json).toMatchObject({
      status: 401,
      code: "UNAUTHORIZED",
    });
    expect((await exportNote("not-a-note", { format: "pdf" })).json).toMatchObject({
      status: 400,
      code: "ID_INVALID",
    });
  });

  it("answers NOTE_NOT_READY while the note is being written", async () => {
    const copy = await server.call<NoteDetail>("POST", `/note/${englishNote}/copy`, {
      token: alice,
      body: {},
    });
    const id = copy.body.data.noteId;
    await server.database.db.update(notes).set({ status: "generating" }).where(eq(notes.id, id));
    expect((await exportNote(id, { format: "docx" })).json).toMatchObject({
      status: 409,
      code: "NOTE_NOT_READY",
    });
  });

  describe("without Chromium", () => {
    let bare: TestServer;
    let bareDb: TestDatabase;
    beforeAll(async () => {
      bareDb = await kind.create();
      bare = await startTestServer(bareDb, {
        ...cachedReading,
        env: { CHROMIUM_PATH: "/nonexistent/chromium" },
      });
    });
    afterAll(async () => {
      await bare?.close();
      await bareDb?.close();
    });

    it("says PDF export is unavailable (with the install hint) in /config/web and when asked", async () => {
      const config = await bare.call<WebConfig>("GET", "/config/web");
      expect(config.body.data.features.exportPdf).toEqual({ available: false, reason: "EXPORT_UNAVAILABLE" });
      const token = await loginNewUser(bare, "carol@example.edu");
      const { fileId } = await uploadFile(bare, token, fixture("en-various-formatting.docx"));
      await waitForFile(bare, token, fileId);
      const started = await bare.call<GenerateNoteResponse>("POST", "/note/generate", {
        token,
        body: { title: "Formatting", outputLanguage: "en-US", detailLevel: "simple", fileIds: [fileId] },
      });
      await readJobEvents(bare, token, started.body.data.jobId);
      const response = await fetch(`${bare.url}/note/${started.body.data.noteId}/export`, {
        method: "POST",
        headers: { "content-type": "application/json", token, language: "zh" },
        body: JSON.stringify({ format: "pdf" }),
      });
      const body = (await response.json()) as { status: number; code: string; message: string };
      expect(response.status).toBe(501);
      expect(body).toMatchObject({ status: 501, code: "EXPORT_UNAVAILABLE" });
      expect(body.message).toContain("scripts/install-system-packages.sh");
      expect(body.message).toContain("Chromium");
      // Word and Markdown need no browser
      const docx = await fetch(`${bare.url}/note/${started.body.data.noteId}/export`, {
        method: "POST",
        headers: { "content-type": "application/json", token },
        body: JSON.stringify({ format: "docx" }),
      });
      expect(docx.status).toBe(200);
    });
  });
});
