import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { cachedReading } from "../../../test/parse-cache";
import { createNoteFromFixture, loginNewUser } from "../../../test/pipeline";

const dir = mkdtempSync(path.join(os.tmpdir(), "beannote-export-limits-"));
const pages = (pdf: Buffer) => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return Number(/^Pages:\s+(\d+)/m.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))?.[1]);
};

describe("POST /note/:noteId/export limits (EXPORTS_PER_MINUTE=2)", () => {
  let database: TestDatabase;
  let server: TestServer;
  let alice: string;
  let bob: string;
  let aliceNote: string;
  let bobNote: string;

  const exportNote = async (noteId: string, format: string, token: string) => {
    const res = await fetch(`${server.url}/note/${noteId}/export`, {
      method: "POST",
      headers: { "content-type": "application/json", token, language: "en" },
      body: JSON.stringify({ format }),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const json = (res.headers.get("content-type") ?? "").includes("application/json")
      ? (JSON.parse(bytes.toString("utf8")) as { status: number; code?: string; message: string })
      : null;
    return { http: res.status, retryAfter: res.headers.get("retry-after"), bytes, json };
  };

  beforeAll(async () => {
    database = await testDatabases[0]!.create();
    server = await startTestServer(database, { ...cachedReading, env: { EXPORTS_PER_MINUTE: "2" } });
    alice = await loginNewUser(server, "alice@example.edu");
    bob = await loginNewUser(server, "bob@example.edu");
    [aliceNote, bobNote] = await Promise.all([
      createNoteFromFixture(server, alice, "en-various-formatting.docx", { outputLanguage: "en-US" }),
      createNoteFromFixture(server, bob, "en-various-formatting.docx", { outputLanguage: "en-US" }),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("prints the 22-character \\rule bomb the probe sent as one short PDF", async () => {
    const bomb = "# Bomb\n\n## Formula\n\n$\\rule{1em}{400000em}$\n\nafter the formula";
    const saved = await server.call("PUT", `/note/${bobNote}`, { token: bob, body: { markdown: bomb } });
    expect(saved.http).toBe(200);
    const res = await exportNote(bobNote, "pdf", bob);
    expect(res.http).toBe(200);
    expect(pages(res.bytes)).toBeLessThanOrEqual(2); // was 6,867 pages after 248 s
  });

  it("lets one user start EXPORTS_PER_MINUTE Word/PDF exports a minute, then 429 EXPORT_RATE_LIMITED with Retry-After", async () => {
    expect((await exportNote(aliceNote, "docx", alice)).http).toBe(200);
    expect((await exportNote(aliceNote, "md", alice)).http).toBe(200); // the Markdown costs nothing: not counted
    expect((await exportNote(aliceNote, "docx", alice)).http).toBe(200);
    const refused = await exportNote(aliceNote, "docx", alice);
    expect(refused.http).toBe(429);
    expect(refused.json).toMatchObject({ status: 429, code: "EXPORT_RATE_LIMITED" });
    expect(refused.json!.message).toContain("too many exports");
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    expect((await exportNote(aliceNote, "md", alice)).http).toBe(200);
    // another user's limit is their own
    expect((await exportNote(bobNote, "docx", bob)).http).toBe(200);
  });
});
