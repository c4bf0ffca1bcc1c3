import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NoteListResponse } from "@beannote/contract";
import { cancellable, waitingReads } from "../../db/cancellable";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { seedFile } from "../../../test/seed";
import { createTestUser } from "../files/test-support";
import { notesRepo } from "./notes.repo";

/** ~200 KB of Markdown per note: a list that loaded it would weigh megabytes. */
const BIG = `# Big\n\n${"A long paragraph of study notes [p. 1](#source=1&page=1). ".repeat(3500)}`;
const TITLES = [
  "100% sure",
  "100 percent",
  "snake_case names",
  "snakeXcase names",
  "back\\slash",
  "Thermodynamics",
];

describe.each(testDatabases)("GET /note/list on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    database = await kind.create();
    server = await startTestServer(database);
    ({ token, userId } = await createTestUser(server.database.db));
    const fileId = await seedFile(server.database.db, userId);
    for (const title of TITLES) {
      await notesRepo.insert(
        server.database.db,
        {
          id: randomUUID(),
          userId,
          title,
          outputLanguage: "en-US",
          detailLevel: "detail",
          status: "ready",
          markdown: BIG,
          generatedMarkdown: BIG,
        },
        [fileId],
      );
    }
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const list = (query = "") => server.call<NoteListResponse>("GET", `/note/list${query}`, { token });

  it("answers with what the list shows, never the notes' Markdown", async () => {
    const response = await fetch(`${server.url}/note/list?size=100`, { headers: { token } });
    const text = await response.text();
    const body = JSON.parse(text) as { data: NoteListResponse };
    expect(body.data.total).toBe(TITLES.length);
    expect(body.data.items).toHaveLength(TITLES.length);
    expect(text).not.toContain("A long paragraph");
    expect(text.length).toBeLessThan(5_000);
    for (const item of body.data.items) {
      expect(Object.keys(item).sort()).toEqual(
        [
          "createdAt",
          "detailLevel",
          "noteId",
          "outputLanguage",
          "sourceCount",
          "status",
          "title",
          "updatedAt",
        ].sort(),
      );
      expect(item.sourceCount).toBe(1);
    }
  });

  it("counts every match while paging, and past the last page (total 6, pages of 4)", async () => {
    const first = (await list("?size=4&page=1")).body.data;
    expect([first.items.length, first.total]).toEqual([4, 6]);
    const second = (await list("?size=4&page=2")).body.data;
    expect([second.items.length, second.total]).toEqual([2, 6]);
    const beyond = (await list("?size=4&page=9")).body.data;
    expect([beyond.items.length, beyond.total]).toEqual([0, 6]);
  });

  it("searches titles with % _ and \\ taken literally, case-insensitively", async () => {
    const titlesFor = async (keyword: string) =>
      (await list(`?keyword=${encodeURIComponent(keyword)}&sort=name_asc`)).body.data.items.map(
        (i) => i.title,
      );
    expect(await titlesFor("%")).toEqual(["100% sure"]);
    expect(await titlesFor("0%")).toEqual(["100% sure"]);
    expect(await titlesFor("e_c")).toEqual(["snake_case names"]);
    expect(await titlesFor("_")).toEqual(["snake_case names"]);
    expect(await titlesFor("\\")).toEqual(["back\\slash"]);
    expect(await titlesFor("THERMO")).toEqual(["Thermodynamics"]);
    expect(await titlesFor("100")).toEqual(["100 percent", "100% sure"]);
    expect(await titlesFor("no such title")).toEqual([]);
  });

  it("can serve the title search from the trigram index (EXPLAIN, the owner index set aside)", async () => {
    // Which index wins is the planner's call: for a few thousand notes per user the owner index is cheaper, for a
    // crowded user in a large table the trigram index (measured in docs/operations.md). What must hold is that
    // the statement the list runs, with its escaped ILIKE pattern, is one the trigram index can answer: with the
    // owner index dropped (inside a transaction that is rolled back) and sequential scans discouraged, the plan
    // uses it.
    const query = notesRepo.listQuery(server.database.db, userId, {
      keyword: "50%_x",
      sort: "modified_desc",
      page: 1,
      size: 20,
    });
    const plan = await server.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`drop index notes_user_id_idx`);
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = (await tx.execute(sql`explain ${query}`)) as unknown as {
          rows: { "QUERY PLAN": string }[];
        };
        throw Object.assign(new Error("rollback"), {
          plan: rows.rows.map((row) => row["QUERY PLAN"]).join("\n"),
        });
      })
      .catch((error: { plan?: string }) => error.plan ?? String(error));
    expect(plan).toMatch(/Index Scan on notes_title_trgm_idx/);
    expect(plan).toContain("%50\\%\\_x%");
    // Rolled back: the owner index is still there.
    expect((await list("?keyword=thermo")).body.data.items.map((item) => item.title)).toEqual([
      "Thermodynamics",
    ]);
  });

  it("stops the work of a request whose client went away", async () => {
    const controller = new AbortController();
    if (database.kind === "postgres") {
      // A lock holds the list statement in PostgreSQL; the client leaves; the statement must be cancelled
      // while the lock is still held (not merely finish later).
      const locker = new pg.Client({ connectionString: database.env.DATABASE_URL });
      await locker.connect();
      try {
        await locker.query("begin; lock table notes in access exclusive mode");
        const request = fetch(`${server.url}/note/list`, { headers: { token }, signal: controller.signal });
        // pg_stat_activity is a snapshot per transaction: the locker's view is cleared before each look.
        const waiting = async () => {
          await locker.query("select pg_stat_clear_snapshot()");
          const result = await locker.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid() and state = 'active'
               and query like '%count(*) over ()%'`,
          );
          return result.rows[0]!.n;
        };
        await until(async () => (await waiting()) === 1);
        controller.abort();
        await expect(request).rejects.toThrow();
        await until(async () => (await waiting()) === 0);
      } finally {
        await locker.query("rollback").catch(() => undefined);
        await locker.end();
      }
    } else {
      // On PGlite reads queue for the one thread: hold the queue, queue the list behind it, leave.
      let release!: () => void;
      const held = cancellable(
        server.database.db,
        new AbortController().signal,
        () => new Promise<void>((r) => (release = r)),
      );
      const request = fetch(`${server.url}/note/list`, { headers: { token }, signal: controller.signal });
      await until(async () => waitingReads(server.database.db) === 1);
      controller.abort();
      await expect(request).rejects.toThrow();
      await until(async () => waitingReads(server.database.db) === 0);
      release();
      await held;
    }
    // The server keeps serving (on PostgreSQL the cancelled connection was discarded, not reused).
    for (let i = 0; i < 12; i++) expect((await list()).body.status).toBe(200);
  });
});

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
