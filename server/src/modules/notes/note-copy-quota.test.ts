import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberInfo, NoteListResponse } from "@beannote/contract";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { loginNewUser } from "../../../test/pipeline";
import { seedNote } from "../../../test/seed";

/** Copies of notes per user and minute (NOTE_COPIES_PER_MINUTE, set low here): past it 429 with Retry-After. */
describe.each(testDatabases)("note copies per minute on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    database = await kind.create();
    server = await startTestServer(database, { env: { NOTE_COPIES_PER_MINUTE: "3" } });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const student = async (email: string) => {
    const token = await loginNewUser(server, email);
    const { userId } = (await server.call<MemberInfo>("GET", "/member/get-info", { token })).body.data;
    return { token, ...(await seedNote(server.database.db, userId)) };
  };
  const copy = async (token: string, noteId: string) => {
    const response = await fetch(`${server.url}/note/${noteId}/copy`, {
      method: "POST",
      headers: { token, "content-type": "application/json", language: "zh-CN" },
      body: "{}",
    });
    const body = (await response.json()) as { status: number; code?: string; message: string };
    return { http: response.status, retryAfter: response.headers.get("retry-after"), body };
  };
  const noteCount = async (token: string) =>
    (await server.call<NoteListResponse>("GET", "/note/list?size=100", { token })).body.data.total;

  it("copies a few notes a minute per user, then answers 429 with Retry-After and copies nothing", async () => {
    const alice = await student("alice@uni.edu");
    const answers = await Promise.all(Array.from({ length: 12 }, () => copy(alice.token, alice.noteId)));
    expect(answers.filter((a) => a.http === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.http !== 200);
    expect(refused).toHaveLength(9);
    for (const answer of refused) {
      expect([answer.http, answer.body.status, answer.body.code]).toEqual([429, 429, "RATE_LIMITED"]);
      expect(answer.body.message).toMatch(/[\u4e00-\u9fff]/u);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(60);
    }
    expect(await noteCount(alice.token)).toBe(4);
    // the limit is per user, not per note
    const { noteId: another } = await seedNote(
      server.database.db,
      (await server.call<MemberInfo>("GET", "/member/get-info", { token: alice.token })).body.data.userId,
    );
    expect((await copy(alice.token, another)).http).toBe(429);
    const bob = await student("bob@uni.edu");
    expect((await copy(bob.token, bob.noteId)).http).toBe(200);
    // a copy refused for another reason (someone else's note) does not count
    expect((await copy(bob.token, alice.noteId)).http).toBe(404);
  });
});
