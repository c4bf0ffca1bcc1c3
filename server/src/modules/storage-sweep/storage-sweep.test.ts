import { utimes } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { runAdminCli } from "../../cli/admin-cli";
import { filesRepo } from "../files/files.repo";
import { createTestUser } from "../files/test-support";

const pglite = testDatabases.find((kind) => kind.name === "pglite")!;

describe("npm run admin -- storage sweep, on local storage through the running server", () => {
  let database: TestDatabase;
  let server: TestServer;
  let userId: string;

  beforeAll(async () => {
    database = await pglite.create();
    server = await startTestServer(database, { worker: { pollMs: 100 } });
    ({ userId } = await createTestUser(server.database.db));
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const cli = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runAdminCli(["storage", "sweep", ...args], {
      env: database.env,
      out: (line) => lines.push(line),
    });
    return { code, lines };
  };
  const age = async (key: string, minutes: number) => {
    const at = new Date(Date.now() - minutes * 60_000);
    await utimes(server.storage.describe(key), at, at);
  };

  it("deletes old unnamed objects (and crashed writes), keeps young ones and named ones, lists missing objects", async () => {
    const { storage } = server;
    const row = (id: string, patch: Record<string, unknown>) =>
      filesRepo.insert(server.database.db, {
        id,
        userId,
        fileName: `${id}.pdf`,
        size: 3,
        contentType: "application/pdf",
        ...patch,
      });
    // A parsed file whose objects are all there.
    await storage.put(`sources/${userId}/kept/1`, Buffer.from("pdf"));
    await storage.put(`documents/${userId}/kept.json`, Buffer.from("{}"));
    await row("kept", {
      status: "ready",
      storageKey: `sources/${userId}/kept/1`,
      documentKey: `documents/${userId}/kept.json`,
      previewKey: `sources/${userId}/kept/1`,
    });
    // A parsed file whose document object is gone; a slot still waiting for its bytes (never "missing").
    await row("lost", {
      status: "ready",
      storageKey: `sources/${userId}/kept/1`,
      documentKey: `documents/${userId}/lost.json`,
    });
    await row("waiting", { status: "uploading" });
    // Objects no row names: two old ones (one a crashed write's temporary file), one young.
    await storage.put("sources/ghost/file/old", Buffer.from("old orphan"));
    await storage.put("sources/ghost/file/old.5f1c.part", Buffer.from("crashed"));
    await storage.put("sources/ghost/file/young", Buffer.from("young"));
    await age("sources/ghost/file/old", 120);
    await age("sources/ghost/file/old.5f1c.part", 120);
    for (const key of [`sources/${userId}/kept/1`, `documents/${userId}/kept.json`]) await age(key, 120);

    const dry = await cli("--dry-run", "--min-age", "60");
    expect(dry.code).toBe(0);
    expect(dry.lines[0]).toMatch(/^storage sweep of .*\/files \(dry run: nothing deleted\)$/);
    expect(dry.lines[1]).toBe(
      "objects: 5 (0.0 MB); named by a row: 2; unnamed but younger than 60 min (kept): 1",
    );
    expect(dry.lines[2]).toBe("orphan objects: 2 (0.0 MB), deleted: 0");
    expect(
      dry.lines.filter((line) => line.startsWith("orphan\t")).map((line) => line.split("\t")[1]),
    ).toEqual(["sources/ghost/file/old", "sources/ghost/file/old.5f1c.part"]);
    expect(dry.lines).toContain("rows without their object: 1");
    expect(dry.lines).toContain(`missing\tfiles\tdocument_key\tlost\tdocuments/${userId}/lost.json`);
    expect(await storage.stat("sources/ghost/file/old")).not.toBeNull();
    expect(dry.lines).toContain(
      "events of jobs ended over 7 days ago: 0; jobs ended over 30 days ago that nothing names: 0 (not deleted)",
    );

    const real = await cli("--min-age", "60");
    expect(real.lines[2]).toBe("orphan objects: 2 (0.0 MB), deleted: 2");
    expect(await storage.stat("sources/ghost/file/old")).toBeNull();
    expect(await storage.stat("sources/ghost/file/old.5f1c.part")).toBeNull();
    expect(await storage.stat("sources/ghost/file/young")).not.toBeNull();
    expect(await storage.stat(`sources/${userId}/kept/1`)).not.toBeNull();
    expect(await storage.stat(`documents/${userId}/kept.json`)).not.toBeNull();

    // The report is the job's result, kept with the job.
    const jobId = real.lines.at(-1)!.replace("job: ", "");
    const job = await server.queue.get(jobId);
    expect(job).toMatchObject({
      name: "storage.sweep",
      status: "done",
      result: { orphanObjects: { deleted: 2 } },
    });
  });

  it("refuses bad flags with the usage", async () => {
    const bad = await cli("--min-age", "soon");
    expect(bad.code).toBe(1);
    expect(bad.lines.join("\n")).toMatch(/storage sweep \[--dry-run\] \[--min-age <minutes>\]/);
  });
});
