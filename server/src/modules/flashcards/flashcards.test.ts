import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  DueFlashcardsResponse,
  Flashcard,
  FlashcardDeck,
  GenerateNoteResponse,
  ReviewFlashcardResponse,
} from "@beannote/contract";
import { createEmptyCard, fsrs, type Grade } from "ts-fsrs";
import { pgliteOnly, type TestDatabase } from "../../../test/test-db";
import type { TestServer } from "../../../test/test-server";
import { startStudyBed } from "../../../test/study-bed";
import { fixture, readJobEvents, uploadFile } from "../../../test/pipeline";
import { createRequire } from "node:module";
import JSZip from "jszip";
import initSqlJs from "sql.js";

/** The notes of an Anki package: how many, and their fields. */
async function readAnkiPackage(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes);
  const collection = await zip.file("collection.anki2")!.async("uint8array");
  const wasm = createRequire(import.meta.url).resolve("sql.js/dist/sql-wasm.wasm");
  const SQL = await initSqlJs({ locateFile: () => wasm });
  const db = new SQL.Database(collection);
  const rows = db.exec("select flds from notes")[0]?.values ?? [];
  db.close();
  return { noteCount: rows.length, fields: rows.map((r) => String(r[0])) };
}

describe.each(pgliteOnly)("flashcards API on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let alice: string;
  let bob: string;
  let englishNote: string;
  let chineseNote: string;

  beforeAll(async () => {
    ({ database, server, alice, bob, englishNote, chineseNote } = await startStudyBed(kind));
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const deck = (noteId: string, token = alice) =>
    server.call<FlashcardDeck>("GET", `/note/${noteId}/flashcards`, { token });
  async function generate(noteId: string, body: Record<string, unknown> = {}) {
    const started = await server.call<{ jobId: string }>("POST", `/note/${noteId}/flashcards/generate`, {
      token: alice,
      body,
    });
    expect(started.body.status, started.body.message).toBe(200);
    const events = await readJobEvents(server, alice, started.body.data.jobId);
    return { jobId: started.body.data.jobId, events };
  }

  it("generates a deck with progress, each card cited on a page of the note's source", async () => {
    const { events } = await generate(englishNote, { count: 12 });
    expect(events[0]?.type).toBe("progress");
    expect(events.at(-1)).toMatchObject({ type: "done", data: { added: 12 } });
    const { data } = (await deck(englishNote)).body;
    expect(data.cards).toHaveLength(12);
    expect(data.newCount).toBe(12);
    expect(data.generation).toMatchObject({ status: "done" });
    for (const card of data.cards) {
      expect(card.front.trim()).not.toBe("");
      expect(card.back.trim()).not.toBe(card.front.trim());
      expect(card.citation).toMatchObject({ source: 1, page: expect.any(Number) });
      expect(card.citation!.page).toBeGreaterThanOrEqual(1);
      expect(card.citation!.page).toBeLessThanOrEqual(13);
      expect(card.schedule).toMatchObject({ state: "new", due: null, reps: 0 });
      expect(card.schedule.preview.map((p) => p.rating)).toEqual([1, 2, 3, 4]);
    }
  });

  it("adds without repeating a front already in the deck, and replaces on request", async () => {
    const before = (await deck(englishNote)).body.data.cards;
    await generate(englishNote, { count: 8 });
    const after = (await deck(englishNote)).body.data.cards;
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.slice(0, before.length).map((c) => c.cardId)).toEqual(before.map((c) => c.cardId));
    const fronts = after.map((c) => c.front.toLowerCase());
    expect(new Set(fronts).size).toBe(fronts.length);

    await generate(englishNote, { count: 6, replace: true });
    const replaced = (await deck(englishNote)).body.data.cards;
    expect(replaced).toHaveLength(6);
    expect(replaced.some((c) => before.some((b) => b.cardId === c.cardId))).toBe(false);
  });

  it("writes Chinese cards with Chinese questions from a Chinese note (default count)", async () => {
    const { events } = await generate(chineseNote);
    expect(events.at(-1)?.type).toBe("done");
    const cards = (await deck(chineseNote)).body.data.cards;
    expect(cards.length).toBeGreaterThanOrEqual(5);
    expect(cards.some((c) => /的要点是什么？$/u.test(c.front) || c.front.includes("＿＿＿"))).toBe(true);
    expect(cards.every((c) => c.citation !== null)).toBe(true);
  });

  it("schedules with FSRS exactly as ts-fsrs does over a sequence of ratings", async () => {
    const card = (await deck(englishNote)).body.data.cards[0]!;
    const scheduler = fsrs({ enable_fuzz: false });
    let expected = createEmptyCard(new Date());
    for (const rating of [3, 1, 3, 4] as const) {
      const reviewed = await server.call<ReviewFlashcardResponse>(
        "POST",
        `/flashcard/${card.cardId}/review`,
        {
          token: alice,
          body: { rating },
        },
      );
      expect(reviewed.body.status).toBe(200);
      expected = scheduler.next(expected, new Date(), rating as Grade).card;
      const got = reviewed.body.data.card.schedule;
      expect(got.reps).toBe(expected.reps);
      expect(got.lapses).toBe(expected.lapses);
      expect(["new", "learning", "review", "relearning"][expected.state]).toBe(got.state);
      // same interval within the seconds the calls took
      const interval = Date.parse(reviewed.body.data.nextDue) - Date.now();
      expect(Math.abs(interval - (expected.due.getTime() - Date.now()))).toBeLessThan(60_000);
    }
  });

  it("queues due cards across notes: reviewed ones that are due first, then new cards", async () => {
    const due = await server.call<DueFlashcardsResponse>("GET", "/flashcard/due?limit=200", { token: alice });
    expect(due.body.status).toBe(200);
    const notes = new Set(due.body.data.cards.map((c) => c.noteId));
    expect(notes).toEqual(new Set([englishNote, chineseNote]));
    expect(due.body.data.cards.every((c) => c.noteTitle.length > 0)).toBe(true);
    const states = due.body.data.cards.map((c) => c.schedule.state);
    const firstNew = states.indexOf("new");
    expect(states.slice(firstNew).every((s) => s === "new")).toBe(true);
    expect(due.body.data.newCount).toBeGreaterThan(0);
    const limited = await server.call<DueFlashcardsResponse>("GET", "/flashcard/due?limit=3", {
      token: alice,
    });
    expect(limited.body.data.cards).toHaveLength(3);
    const empty = await server.call<DueFlashcardsResponse>("GET", "/flashcard/due", { token: bob });
    expect(empty.body.data).toMatchObject({ cards: [], dueCount: 0, newCount: 0 });
  });

  it("adds, edits and deletes cards by hand", async () => {
    const added = await server.call<Flashcard>("POST", `/note/${englishNote}/flashcards`, {
      token: alice,
      body: { front: "  What does DPR stand for?  ", back: "Dense Passage Retriever" },
    });
    expect(added.body.status).toBe(200);
    expect(added.body.data).toMatchObject({
      front: "What does DPR stand for?",
      kind: "manual",
      citation: null,
    });
    const cards = (await deck(englishNote)).body.data.cards;
    expect(cards.at(-1)?.cardId).toBe(added.body.data.cardId);

    const edited = await server.call<Flashcard>("PUT", `/flashcard/${added.body.data.cardId}`, {
      token: alice,
      body: { front: "DPR 是什么的缩写？", back: "Dense Passage Retriever（密集段落检索器）" },
    });
    expect(edited.body.data.front).toBe("DPR 是什么的缩写？");
    const removed = await server.call("DELETE", `/flashcard/${added.body.data.cardId}`, { token: alice });
    expect(removed.body.status).toBe(200);
    const again = await server.call("DELETE", `/flashcard/${added.body.data.cardId}`, { token: alice });
    expect(again.http).toBe(404);
  });

  it("exports the deck as CSV (UTF-8, formula-safe) and as an Anki package", async () => {
    await server.call("POST", `/note/${chineseNote}/flashcards`, {
      token: alice,
      body: { front: '=SUM(A1) "quoted", comma', back: "第二行\n换行" },
    });
    const csv = await fetch(`${server.url}/note/${chineseNote}/flashcards/export?format=csv`, {
      headers: { token: alice },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(
      /attachment; filename=".*\.csv"; filename\*=UTF-8''.+\.csv/,
    );
    const raw = Buffer.from(await csv.arrayBuffer());
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // BOM, so spreadsheets read UTF-8
    const text = raw.subarray(3).toString("utf8");
    expect(text.startsWith("front,back,source\r\n")).toBe(true);
    expect(text).toContain(`"'=SUM(A1) ""quoted"", comma","第二行\n换行",`);
    expect(text).toMatch(/zh-study-notes-point-set-topology\.docx p\. \d+/);

    const apkg = await fetch(`${server.url}/note/${chineseNote}/flashcards/export?format=apkg`, {
      headers: { token: alice },
    });
    expect(apkg.status).toBe(200);
    const bytes = Buffer.from(await apkg.arrayBuffer());
    const collection = await readAnkiPackage(bytes);
    const count = (await deck(chineseNote)).body.data.cards.length;
    expect(collection.noteCount).toBe(count);
    expect(collection.fields.some((f) => f.includes("第二行<br>换行"))).toBe(true);
  });

  it("copies the deck with the note", async () => {
    const copy = await server.call<{ noteId: string }>("POST", `/note/${chineseNote}/copy`, { token: alice });
    const original = (await deck(chineseNote)).body.data.cards;
    const copied = (await deck(copy.body.data.noteId)).body.data.cards;
    expect(copied.map((c) => c.front)).toEqual(original.map((c) => c.front));
    expect(copied.map((c) => c.cardId)).not.toEqual(original.map((c) => c.cardId));
  });

  it("refuses bad input with its own code and changes nothing", async () => {
    const cardId = (await deck(englishNote)).body.data.cards[0]!.cardId;
    const count = (await deck(englishNote)).body.data.cards.length;
    const cases: [string, string, unknown, string][] = [
      ["POST", `/note/${englishNote}/flashcards/generate`, { count: 4 }, "CARD_COUNT_INVALID"],
      ["POST", `/note/${englishNote}/flashcards/generate`, { count: 61 }, "CARD_COUNT_INVALID"],
      ["POST", `/note/${englishNote}/flashcards/generate`, { count: "ten" }, "CARD_COUNT_INVALID"],
      ["POST", `/note/${englishNote}/flashcards`, { front: "", back: "x" }, "CARD_TEXT_INVALID"],
      ["POST", `/note/${englishNote}/flashcards`, { front: "   ", back: "x" }, "CARD_TEXT_INVALID"],
      [
        "POST",
        `/note/${englishNote}/flashcards`,
        { front: "x".repeat(2001), back: "x" },
        "CARD_TEXT_INVALID",
      ],
      ["POST", `/note/${englishNote}/flashcards`, { front: "a\u0000b", back: "x" }, "TEXT_INVALID"],
      ["POST", `/note/${englishNote}/flashcards`, { front: "a" }, "CARD_TEXT_INVALID"],
      ["PUT", `/flashcard/${cardId}`, { front: "ok", back: "\ud800" }, "TEXT_INVALID"],
      ["POST", `/flashcard/${cardId}/review`, { rating: 0 }, "CARD_RATING_INVALID"],
      ["POST", `/flashcard/${cardId}/review`, { rating: 5 }, "CARD_RATING_INVALID"],
      ["POST", `/flashcard/${cardId}/review`, { rating: 2.5 }, "CARD_RATING_INVALID"],
      ["POST", `/flashcard/${cardId}/review`, {}, "CARD_RATING_INVALID"],
      ["GET", `/flashcard/due?limit=0`, undefined, "VALIDATION_FAILED"],
      ["GET", `/note/${englishNote}/flashcards/export?format=xlsx`, undefined, "VALIDATION_FAILED"],
    ];
    for (const [method, path, body, code] of cases) {
      const answer = await server.call(method, path, { token: alice, body, headers: { language: "zh-CN" } });
      expect([path, body, answer.body.code]).toEqual([path, body, code]);
      expect(answer.body.message).toMatch(/[\u4e00-\u9fff]/u);
    }
    expect((await deck(englishNote)).body.data.cards).toHaveLength(count);
  });

  it("answers 404 for another user's note and cards, and 401 without a token", async () => {
    const cardId = (await deck(englishNote)).body.data.cards[0]!.cardId;
    const calls: [string, string, unknown][] = [
      ["GET", `/note/${englishNote}/flashcards`, undefined],
      ["POST", `/note/${englishNote}/flashcards/generate`, {}],
      ["POST", `/note/${englishNote}/flashcards`, { front: "a", back: "b" }],
      ["GET", `/note/${englishNote}/flashcards/export?format=csv`, undefined],
      ["PUT", `/flashcard/${cardId}`, { front: "a", back: "b" }],
      ["DELETE", `/flashcard/${cardId}`, undefined],
      ["POST", `/flashcard/${cardId}/review`, { rating: 3 }],
    ];
    for (const [method, path, body] of calls) {
      expect([path, (await server.call(method, path, { token: bob, body })).http]).toEqual([path, 404]);
      expect([path, (await server.call(method, path, { body })).http]).toEqual([path, 401]);
    }
    expect((await deck(englishNote)).body.data.cards.find((c) => c.cardId === cardId)).toBeDefined();
  });

  it("refuses to generate from a note that is still being written or that failed", async () => {
    const { fileId } = await uploadFile(server, alice, fixture("en-various-formatting.docx"));
    const started = await server.call<GenerateNoteResponse>("POST", "/note/generate", {
      token: alice,
      body: { title: "in progress", outputLanguage: "en-US", detailLevel: "simple", fileIds: [fileId] },
    });
    const noteId = started.body.data.noteId;
    const early = await server.call("POST", `/note/${noteId}/flashcards/generate`, {
      token: alice,
      body: {},
    });
    // the note may already be done on a fast machine; if not, the code says why
    if (early.body.status !== 200) expect(early.body.code).toBe("NOTE_NOT_READY");
    await server.call("POST", `/job/${started.body.data.jobId}/cancel`, { token: alice, body: {} });
    await readJobEvents(server, alice, started.body.data.jobId);
    const note = await server.call<{ status: string }>("GET", `/note/${noteId}`, { token: alice });
    if (note.body.data.status !== "ready") {
      const late = await server.call("POST", `/note/${noteId}/flashcards/generate`, {
        token: alice,
        body: {},
      });
      expect(late.body.code).toBe("NOTE_FAILED");
    }
  });

  it("refuses a second generation while one runs", async () => {
    // The worker holds off so the first job is still waiting when the second request is checked.
    await server.worker!.stop();
    const [a, b] = await Promise.all([
      server.call<{ jobId: string }>("POST", `/note/${chineseNote}/flashcards/generate`, {
        token: alice,
        body: {},
      }),
      server.call<{ jobId: string }>("POST", `/note/${chineseNote}/flashcards/generate`, {
        token: alice,
        body: {},
      }),
    ]);
    const codes = [a.body.code ?? "OK", b.body.code ?? "OK"].sort();
    expect(codes).toEqual(["ARTEFACT_BUSY", "OK"]);
    server.worker!.start();
    const running = a.body.status === 200 ? a : b;
    await readJobEvents(server, alice, running.body.data.jobId);
  });
});
