import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GenerateNoteResponse, NoteDetail, WebConfig } from "@beannote/contract";
import { testDatabases } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { cachedReading } from "../../../test/parse-cache";
import { startFakeOpenAI, type FakeOpenAI } from "../../../test/fake-openai";
import { fixture, loginNewUser, readJobEvents, uploadFile, waitForFile } from "../../../test/pipeline";

/** The whole pipeline on the llm engine: a server configured with AI_* against a fake OpenAI-compatible model. */
describe("notes on a configured model", () => {
  let fake: FakeOpenAI;
  let server: TestServer;
  let close: () => Promise<void>;

  beforeAll(async () => {
    fake = await startFakeOpenAI({
      script: [{ status: 429, headers: { "retry-after": "0" } }, { content: "{not json" }],
    });
    const database = await testDatabases[0]!.create();
    server = await startTestServer(database, {
      ...cachedReading,
      env: { AI_BASE_URL: fake.url, AI_API_KEY: "test-key", AI_MODEL: "fake-model", AI_CONCURRENCY: "2" },
    });
    close = async () => {
      await server.close();
      await database.close();
      await fake.close();
    };
  });
  afterAll(() => close?.());

  it("announces the llm engine and writes the note through the model, despite a 429 and a malformed answer", async () => {
    const config = await server.call<WebConfig>("GET", "/config/web");
    expect(config.body.data.features.aiEngine).toBe("llm");
    const token = await loginNewUser(server, "llm@example.edu");
    const { fileId } = await uploadFile(server, token, fixture("en-lecture-foundations-of-geometry.pptx"));
    expect((await waitForFile(server, token, fileId)).status).toBe("ready");
    const started = await server.call<GenerateNoteResponse>("POST", "/note/generate", {
      token,
      body: { title: "Geometry", outputLanguage: "de-DE", detailLevel: "detail", fileIds: [fileId] },
    });
    const events = await readJobEvents(server, token, started.body.data.jobId);
    expect(events.at(-1)?.type).toBe("done");
    const note = (await server.call<NoteDetail>("GET", `/note/${started.body.data.noteId}`, { token })).body
      .data;
    expect(note).toMatchObject({ status: "ready", engine: "llm" });
    expect(note.markdown).toMatch(/\(#source=1&page=\d+\)/);
    expect(fake.calls.length).toBeGreaterThanOrEqual(3);
    expect(fake.calls[0]!.status).toBe(429);
    expect(fake.calls.every((call) => call.body.model === "fake-model")).toBe(true);
    expect(fake.calls.at(-1)!.prompt).toMatch(/German|Deutsch|de-DE/);
  });
});

describe("notes on a model that stops answering partway", () => {
  let fake: FakeOpenAI;
  let server: TestServer;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // The first part of the note is written, then every request is refused (429 with no wait): the model
    // client's four retries are spent on each attempt, and the job's three attempts too.
    fake = await startFakeOpenAI({
      script: (_call, n) => (n === 0 ? undefined : { status: 429, headers: { "retry-after": "0" } }),
    });
    const database = await testDatabases[0]!.create();
    server = await startTestServer(database, {
      ...cachedReading,
      env: {
        AI_BASE_URL: fake.url,
        AI_API_KEY: "test-key",
        AI_MODEL: "fake-model",
        AI_CONCURRENCY: "1",
        // Small requests, so that the slides make several parts.
        AI_CONTEXT_TOKENS: "2048",
      },
      // The job's retries come after milliseconds, not the 2 s and 4 s of production.
      worker: { retryBaseMs: 10 },
    });
    close = async () => {
      await server.close();
      await database.close();
      await fake.close();
    };
  });
  afterAll(() => close?.());

  it("fails the job with GENERATION_FAILED after bounded retries, and never shows the partial note as ready", async () => {
    const token = await loginNewUser(server, "llm-down@example.edu");
    const { fileId } = await uploadFile(server, token, fixture("en-lecture-foundations-of-geometry.pptx"));
    expect((await waitForFile(server, token, fileId)).status).toBe("ready");
    const started = await server.call<GenerateNoteResponse>("POST", "/note/generate", {
      token,
      body: { title: "Geometry", outputLanguage: "en-US", detailLevel: "detail", fileIds: [fileId] },
    });
    const events = await readJobEvents(server, token, started.body.data.jobId);
    expect(events.filter((event) => event.type === "partial").length).toBeGreaterThan(0);
    expect(events.filter((event) => event.type === "restart")).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({ type: "error", data: { code: "GENERATION_FAILED" } });
    // One good answer, then three attempts that each asked at most five times.
    expect(fake.calls.length).toBeLessThanOrEqual(1 + 3 * 5);
    const note = (await server.call<NoteDetail>("GET", `/note/${started.body.data.noteId}`, { token })).body
      .data;
    expect(note).toMatchObject({ status: "failed", error: { code: "GENERATION_FAILED" } });
  }, 120_000);
});
