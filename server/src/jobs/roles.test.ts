import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileInfo, UploadUrlResponse } from "@beannote/contract";
import { testDatabases, type TestDatabase } from "../../test/test-db";
import { startTestServer, type TestServer } from "../../test/test-server";
import { createTestUser, fixturesDir } from "../modules/files/test-support";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
// Separate processes share a database only on PostgreSQL (PGlite belongs to one process).
const postgres = testDatabases.find((kind) => kind.name === "postgres");

describe.skipIf(!postgres)("--role api and --role worker on PostgreSQL (TEST_DATABASE_URL)", () => {
  let database: TestDatabase;
  let api: TestServer;

  beforeAll(async () => {
    database = await postgres!.create();
    api = await startTestServer(database, { role: "api" });
  });
  afterAll(async () => {
    await api?.close();
    await database?.close();
  });

  it("the API only queues the parse; two worker processes share the queue and finish it", async () => {
    expect(api.worker).toBeUndefined();
    const { token } = await createTestUser(api.database.db);
    const names = [
      "en-moby-dick-headings-lists.docx",
      "en-sample-presentation-bullets.pptx",
      "en-emphasized-text-table.doc",
    ];
    const fileIds: string[] = [];
    for (const name of names) {
      const bytes = await readFile(path.join(fixturesDir, name));
      const url = await api.call<UploadUrlResponse>("POST", "/file/upload-url", {
        token,
        body: { fileName: name, size: bytes.length },
      });
      await fetch(`${api.url}${url.body.data.uploadUrl}`, { method: "PUT", headers: { token }, body: bytes });
      fileIds.push(url.body.data.fileId);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = await api.call<FileInfo>("GET", `/file/${fileIds[0]}`, { token });
    expect(before.body.data.status).toBe("parsing");

    const workers = [0, 1].map(() =>
      spawn(process.execPath, ["--import", "tsx", "server/src/main.ts", "--role", "worker"], {
        cwd: repoRoot,
        env: { ...process.env, ...database.env, LOG_LEVEL: "warn", PARSE_WORKERS: "1" },
        stdio: "ignore",
      }),
    );
    try {
      const deadline = Date.now() + 60_000;
      for (const fileId of fileIds) {
        for (;;) {
          const info = await api.call<FileInfo>("GET", `/file/${fileId}`, { token });
          if (info.body.data.status !== "parsing") {
            expect(info.body.data.status).toBe("ready");
            break;
          }
          if (Date.now() > deadline) throw new Error("the workers did not parse the files");
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    } finally {
      for (const worker of workers) worker.kill("SIGTERM");
      await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once("exit", resolve))));
    }
  });
});
