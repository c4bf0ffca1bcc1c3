import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileInfo, UploadUrlResponse } from "@beannote/contract";
import { isSofficeAvailable } from "../../ingest/office-preview";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { createTestUser, fixturesDir } from "./test-support";

// One database is enough: this tests the LibreOffice rendering, not the queries.
describe.skipIf(!isSofficeAvailable())("office previews rendered by LibreOffice", () => {
  let database: TestDatabase;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    database = await testDatabases[0]!.create();
    server = await startTestServer(database, { worker: { pollMs: 100 } });
    ({ token } = await createTestUser(server.database.db));
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it.each(["en-sample-presentation-bullets.pptx", "en-emphasized-text-table.doc"])(
    "serves %s as a PDF once the parse job has rendered it",
    async (name) => {
      const bytes = await readFile(path.join(fixturesDir, name));
      const url = await server.call<UploadUrlResponse>("POST", "/file/upload-url", {
        token,
        body: { fileName: name, size: bytes.length },
      });
      const { fileId, uploadUrl } = url.body.data;
      await fetch(`${server.url}${uploadUrl}`, { method: "PUT", headers: { token }, body: bytes });
      const deadline = Date.now() + 120_000;
      for (;;) {
        const response = await fetch(`${server.url}/file/${fileId}/preview`, { headers: { token } });
        if (response.headers.get("content-type") === "application/pdf") {
          const pdf = Buffer.from(await response.arrayBuffer());
          expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
          break;
        }
        const body = (await response.json()) as { code: string };
        expect(body.code).toBe("FILE_NOT_READY"); // parsing, or ready with the rendering under way
        if (Date.now() > deadline) throw new Error("no preview");
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const info = await server.call<FileInfo>("GET", `/file/${fileId}`, { token });
      expect(info.body.data.status).toBe("ready");
    },
    150_000,
  );
});
