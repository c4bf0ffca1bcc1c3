import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GenerateNoteResponse } from "@beannote/contract";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { fixture, loginNewUser, uploadFile, waitForFile } from "../../../test/pipeline";
import { seedFile } from "../../../test/seed";

/**
 * Queue fairness, bounded by the wall clock (notes.test.ts holds the rest of the notes API): a file of its own so
 * that it runs with the timed files (vitest.config.ts SERVER_TIMED), alone. On both databases: the generations
 * and the parse are claimed from one queue by one worker.
 */
describe.each(testDatabases)("notes API on $name, beside stalled generations", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let bob: string;

  beforeAll(async () => {
    database = await kind.create();
    // notes.test.ts's server (the real parser), without the LibreOffice previews an office file gets after it is
    // ready: the warm-up's would run in the window measured, and the test's own after it, into the folder
    // afterAll removes (ENOTEMPTY).
    server = await startTestServer(database, { renderPreview: async () => null });
    bob = await loginNewUser(server, "bob@example.edu");
    // The parser warm, as in notes.test.ts where this ran after its files were read: the bound is the queue's.
    const { fileId } = await uploadFile(server, bob, fixture("en-moby-dick-headings-lists.docx"));
    expect((await waitForFile(server, bob, fileId)).status).toBe("ready");
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const generate = (token: string, body: Record<string, unknown>) =>
    server.call<GenerateNoteResponse>("POST", "/note/generate", { token, body });

  it("never lets one student's waiting generations stall everyone's parsing", async () => {
    const mallory = await loginNewUser(server, "mallory@example.edu");
    const base = { title: "Stall", outputLanguage: "en-US", detailLevel: "simple" };
    // Files whose bytes never came cannot be waited for.
    const slots = await Promise.all(
      [1, 2].map((i) =>
        server.call<{ fileId: string }>("POST", "/file/upload-url", {
          token: mallory,
          body: { fileName: `never${i}.pdf`, size: 1000 },
        }),
      ),
    );
    for (const slot of slots) {
      const refused = await generate(mallory, { ...base, fileIds: [slot.body.data.fileId] });
      expect(refused.body).toMatchObject({ status: 409, code: "FILE_NOT_READY" });
    }
    // Files that are (forever, here) still being parsed: the generations wait without holding a worker.
    const info = await server.call<{ userId: string }>("GET", "/member/get-info", { token: mallory });
    const stuck = [
      await seedFile(server.database.db, info.body.data.userId, { status: "parsing" }),
      await seedFile(server.database.db, info.body.data.userId, { status: "parsing" }),
    ];
    const waiting = await Promise.all(
      stuck.map((fileId) => generate(mallory, { ...base, fileIds: [fileId] })),
    );
    expect(waiting.map((answer) => answer.body.status)).toEqual([200, 200]);
    try {
      const started = Date.now();
      const { fileId } = await uploadFile(server, bob, fixture("en-moby-dick-headings-lists.docx"));
      expect((await waitForFile(server, bob, fileId, 15_000)).status).toBe("ready");
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      for (const answer of waiting) {
        await server.call("POST", `/job/${answer.body.data.jobId}/cancel`, { token: mallory, body: {} });
      }
    }
  });
});
