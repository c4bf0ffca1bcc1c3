import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  GenerateNoteResponse,
  JobEvent,
  NoteDetail,
  NoteListResponse,
  TranslateNoteResponse,
  WebConfig,
} from "@beannote/contract";
import { eq } from "drizzle-orm";
import { notes } from "../../db/schema";
import { startFakeOpenAI, type FakeCall, type FakeOpenAI, type FakeStep } from "../../../test/fake-openai";
import { fakeTranslate, promptParts, translationScript } from "../../../test/fake-translation";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { cachedReading } from "../../../test/parse-cache";
import { fixture, loginNewUser, readJobEvents, uploadFile, waitForFile } from "../../../test/pipeline";
import { citationTargets, headingsOf } from "../../engine/translate/note-parts";

/** What the fake model does with translation prompts; note generation gets its automatic answer. */
type Mode = "good" | "drop-citation-once" | "drop-heading" | "slow";

describe.each(testDatabases)("POST /note/:noteId/translate on $name", (kind) => {
  let fake: FakeOpenAI;
  let database: TestDatabase;
  let server: TestServer;
  let alice: string;
  let bob: string;
  let noteId: string;
  let mode: Mode = "good";
  let dropped = 0;

  const script = (call: FakeCall, n: number): FakeStep => {
    if (!call.prompt.includes('<part id="')) return {};
    if (mode === "slow") return { ...translationScript("de")(call, n), delayMs: 1500 };
    return translationScript("de", (part) => {
      const md = fakeTranslate(part.markdown, "de");
      if (mode === "drop-heading") return md.replace(/^#+ /gm, "");
      if (mode === "drop-citation-once" && dropped === 0 && /\]\(#source=/.test(md)) {
        dropped++;
        return md.replace(/\[[^\]]*\]\(#source=\d+&page=\d+\)/, "");
      }
      return undefined;
    })(call, n);
  };

  const translate = (id: string, body: unknown, token: string | null = alice) =>
    server.call<TranslateNoteResponse>("POST", `/note/${id}/translate`, {
      token: token ?? undefined,
      body,
      headers: { language: "en" },
    });
  const detail = async (id: string) =>
    (await server.call<NoteDetail>("GET", `/note/${id}`, { token: alice })).body.data;
  const noteCount = async () =>
    (await server.call<NoteListResponse>("GET", "/note/list?size=100", { token: alice })).body.data.total;

  beforeAll(async () => {
    fake = await startFakeOpenAI({ script });
    database = await kind.create();
    server = await startTestServer(database, {
      ...cachedReading,
      env: { AI_BASE_URL: fake.url, AI_API_KEY: "test", AI_MODEL: "fake", AI_CONTEXT_TOKENS: "3000" },
    });
    alice = await loginNewUser(server, "alice@example.edu");
    bob = await loginNewUser(server, "bob@example.edu");
    const { fileId } = await uploadFile(server, alice, fixture("en-paper-dense-passage-retrieval.pdf"));
    await waitForFile(server, alice, fileId);
    const started = await server.call<GenerateNoteResponse>("POST", "/note/generate", {
      token: alice,
      body: {
        title: "Dense Passage Retrieval",
        outputLanguage: "en-US",
        detailLevel: "simple",
        fileIds: [fileId],
      },
    });
    expect((await readJobEvents(server, alice, started.body.data.jobId)).at(-1)?.type).toBe("done");
    noteId = started.body.data.noteId;
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    await fake?.close();
  });

  it("says translation is available in /config/web", async () => {
    const config = await server.call<WebConfig>("GET", "/config/web");
    expect(config.body.data.features.translate).toEqual({ available: true, reason: null });
  });

  it("writes a new note '<title> (Deutsch)' part by part, keeping headings and every citation link", async () => {
    mode = "good";
    const original = await detail(noteId);
    const started = await translate(noteId, { targetLanguage: "de-DE" });
    expect(started.body.status, started.body.message).toBe(200);
    const { noteId: newId, jobId } = started.body.data;
    expect(newId).not.toBe(noteId);

    const events = await readJobEvents(server, alice, jobId);
    expect(events.at(-1)).toMatchObject({ type: "done", data: { noteId: newId, sourceNoteId: noteId } });
    const partials = events.filter((e) => e.type === "partial") as (JobEvent & {
      data: { index: number; total: number; heading: string; markdown: string };
    })[];
    const headings = headingsOf(original.markdown);
    expect(partials).toHaveLength(headings.length);
    expect(partials.every((p) => p.data.total === headings.length && p.data.markdown.includes("[de]"))).toBe(
      true,
    );
    expect(events.some((e) => e.type === "progress")).toBe(true);

    const translated = await detail(newId);
    expect(translated).toMatchObject({
      title: "Dense Passage Retrieval (Deutsch)",
      outputLanguage: "de-DE",
      detailLevel: original.detailLevel,
      status: "ready",
      edited: false,
      engine: "llm",
    });
    expect(translated.sources.map((s) => s.fileId)).toEqual(original.sources.map((s) => s.fileId));
    expect(headingsOf(translated.markdown)).toEqual(headings.map((h) => ({ ...h, text: `[de] ${h.text}` })));
    expect(citationTargets(translated.markdown)).toEqual(citationTargets(original.markdown));
    expect(translated.markdown).toMatch(/\[S\. \d+\]\(#source=1&page=\d+\)/);
    expect(translated.markdown).not.toMatch(/\[p\. \d+\]\(#source=/);
    // the original stays as it was
    expect(await detail(noteId)).toEqual(original);
  });

  it("asks the model again when a reply drops a citation, and the new note keeps it", async () => {
    mode = "drop-citation-once";
    dropped = 0;
    const calls = fake.calls.length;
    const started = await translate(noteId, { targetLanguage: "fr-FR" });
    expect((await readJobEvents(server, alice, started.body.data.jobId)).at(-1)?.type).toBe("done");
    expect(dropped).toBe(1);
    const asked = fake.calls.slice(calls).map((c) => promptParts(c.prompt).map((p) => p.id));
    // one request per chunk, then one more carrying only the part that lost its citation
    const ids = asked.flat();
    const again = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(again).toHaveLength(1);
    expect(asked.filter((request) => request.length === 1 && request[0] === again[0])).toHaveLength(
      asked.filter((request) => request.includes(again[0]!)).length - 1,
    );
    const translated = await detail(started.body.data.noteId);
    expect(translated.title).toBe("Dense Passage Retrieval (Français)");
    expect(citationTargets(translated.markdown)).toEqual(citationTargets((await detail(noteId)).markdown));
  });

  it("fails with TRANSLATE_FAILED when the model keeps losing headings; the new note says so, the beans come back", async () => {
    mode = "drop-heading";
    const before = await detail(noteId);
    const balance = async () =>
      (await server.call<{ effectCloudBeans: number }>("GET", "/member/get-info", { token: alice })).body.data
        .effectCloudBeans;
    const beansBefore = await balance();
    const started = await translate(noteId, { targetLanguage: "es-ES" });
    expect(await balance()).toBe(beansBefore - 3); // the default price of a translation
    const events = await readJobEvents(server, alice, started.body.data.jobId);
    expect(await balance()).toBe(beansBefore);
    expect(events.at(-1)).toMatchObject({ type: "error", data: { code: "TRANSLATE_FAILED" } });
    const failed = await detail(started.body.data.noteId);
    expect(failed.status).toBe("failed");
    expect(failed.error).toEqual({
      code: "TRANSLATE_FAILED",
      message: "Translation failed. Please try again later.",
    });
    expect(await detail(noteId)).toEqual(before);
  });

  it("is cancelled like a generation, and one translation per language runs at a time", async () => {
    mode = "slow";
    const [first, second] = await Promise.all([
      translate(noteId, { targetLanguage: "ja-JP" }),
      translate(noteId, { targetLanguage: "ja-JP" }),
    ]);
    const statuses = [first.body.status, second.body.status].sort();
    expect(statuses).toEqual([200, 409]);
    const busy = first.body.status === 409 ? first : second;
    const running = first.body.status === 200 ? first : second;
    expect(busy.body.code).toBe("ARTEFACT_BUSY");
    // another language may start meanwhile
    const korean = await translate(noteId, { targetLanguage: "ko-KR" });
    expect(korean.body.status).toBe(200);

    const cancel = await server.call("POST", `/job/${running.body.data.jobId}/cancel`, {
      token: alice,
      body: {},
    });
    expect(cancel.body.status).toBe(200);
    const events = await readJobEvents(server, alice, running.body.data.jobId);
    expect(events.at(-1)).toMatchObject({ type: "error", data: { code: "JOB_CANCELLED" } });
    expect((await detail(running.body.data.noteId)).status).toBe("cancelled");
    await readJobEvents(server, alice, korean.body.data.jobId);
  });

  it("refuses bad input with its own code and creates nothing", async () => {
    mode = "good";
    const count = await noteCount();
    // tried: an unknown language, an interface-only locale, wrong case, a number, an empty object, no body
    for (const body of [
      { targetLanguage: "xx-XX" },
      { targetLanguage: "th" },
      { targetLanguage: "EN-us" },
      { targetLanguage: 5 },
      {},
      undefined,
    ]) {
      const res = await translate(noteId, body);
      expect(res.http, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ status: 400, code: "TRANSLATE_LANGUAGE_INVALID" });
    }
    const same = await translate(noteId, { targetLanguage: "en-US" });
    expect(same.body).toMatchObject({ status: 400, code: "TRANSLATE_SAME_LANGUAGE" });
    expect(same.body.message).toBe("This note is already in that language. Choose another one.");
    expect(await noteCount()).toBe(count);
  });

  it("answers 404 for another user's note, 401 without a token, ID_INVALID, NOTE_NOT_READY", async () => {
    expect((await translate(noteId, { targetLanguage: "de-DE" }, bob)).body).toMatchObject({ status: 404 });
    expect((await translate(noteId, { targetLanguage: "de-DE" }, null)).body).toMatchObject({ status: 401 });
    expect((await translate("nope", { targetLanguage: "de-DE" })).body).toMatchObject({ code: "ID_INVALID" });
    const copy = await server.call<NoteDetail>("POST", `/note/${noteId}/copy`, { token: alice, body: {} });
    await server.database.db
      .update(notes)
      .set({ status: "generating" })
      .where(eq(notes.id, copy.body.data.noteId));
    expect((await translate(copy.body.data.noteId, { targetLanguage: "de-DE" })).body).toMatchObject({
      status: 409,
      code: "NOTE_NOT_READY",
    });
  });

  describe("without a model", () => {
    let offline: TestServer;
    let offlineDb: TestDatabase;
    beforeAll(async () => {
      offlineDb = await kind.create();
      offline = await startTestServer(offlineDb, cachedReading);
    });
    afterAll(async () => {
      await offline?.close();
      await offlineDb?.close();
    });

    it("is unavailable with TRANSLATE_NEEDS_MODEL, in /config/web and when asked", async () => {
      const config = await offline.call<WebConfig>("GET", "/config/web");
      expect(config.body.data.features.translate).toEqual({
        available: false,
        reason: "TRANSLATE_NEEDS_MODEL",
      });
      const token = await loginNewUser(offline, "carol@example.edu");
      const { fileId } = await uploadFile(offline, token, fixture("en-various-formatting.docx"));
      await waitForFile(offline, token, fileId);
      const started = await offline.call<GenerateNoteResponse>("POST", "/note/generate", {
        token,
        body: { title: "Formatting", outputLanguage: "en-US", detailLevel: "simple", fileIds: [fileId] },
      });
      const res = await offline.call("POST", `/note/${started.body.data.noteId}/translate`, {
        token,
        body: { targetLanguage: "zh-CN" },
        headers: { language: "zh" },
      });
      expect(res.http).toBe(501);
      expect(res.body).toMatchObject({ status: 501, code: "TRANSLATE_NEEDS_MODEL" });
      expect(res.body.message).toBe("翻译需要 AI 模型，本站管理员尚未配置");
    });
  });
});
