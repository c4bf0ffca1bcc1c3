import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GenerateNoteResponse } from "@beannote/contract";
import { pgliteOnly, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { authHeaders, fixture, loginNewUser, uploadFile } from "../../../test/pipeline";

describe.each(pgliteOnly)("a job's event stream when the server stops, on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await kind.create();
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("ends the open streams, so the server closes while a student watches a job that will not finish here", async () => {
    const token = await loginNewUser(server, "watcher@example.edu");
    // No worker: the job stays queued, and its stream would stay open for as long as the student watches.
    await server.worker!.stop();
    const { fileId } = await uploadFile(server, token, fixture("en-various-formatting.docx"));
    const started = await server.call<GenerateNoteResponse>("POST", "/note/generate", {
      token,
      body: { title: "watched", outputLanguage: "en-US", detailLevel: "simple", fileIds: [fileId] },
    });
    expect(started.body.status).toBe(200);
    const response = await fetch(`${server.url}/job/${started.body.data.jobId}/events`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", ...authHeaders(token) },
      body: "{}",
    });
    expect(response.status).toBe(200);
    const body = response.text(); // ends when the server ends the stream
    await server.close();
    // The stream ended cleanly (no event invented for a job that did not end): the client reconnects elsewhere.
    expect(await body).not.toMatch(/event: (done|error)/);
  });
});
