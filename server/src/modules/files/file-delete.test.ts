import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NoteDetail } from "@beannote/contract";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { seedFile, seedNote } from "../../../test/seed";
import { podcastRepo } from "../podcast/podcast.repo";
import { filesRepo } from "./files.repo";
import { createTestUser } from "./test-support";

const pglite = testDatabases.find((kind) => kind.name === "pglite")!;

describe("deleting files and notes deletes their objects (local storage)", () => {
  let database: TestDatabase;
  let server: TestServer;
  let alice: { userId: string; token: string };
  let bob: { userId: string; token: string };

  beforeAll(async () => {
    database = await pglite.create();
    server = await startTestServer(database, { role: "api" });
    alice = await createTestUser(server.database.db);
    bob = await createTestUser(server.database.db);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  /** Gives a seeded file its three objects in storage. */
  async function storeObjects(userId: string, fileId: string): Promise<string[]> {
    const keys = [
      `sources/${userId}/${fileId}/a`,
      `documents/${userId}/${fileId}.json`,
      `previews/${userId}/${fileId}.pdf`,
    ];
    for (const key of keys) await server.storage.put(key, Buffer.from(key));
    await filesRepo.update(server.database.db, fileId, {
      storageKey: keys[0],
      documentKey: keys[1],
      previewKey: keys[2],
    });
    return keys;
  }
  const present = async (keys: string[]) =>
    Promise.all(keys.map(async (key) => (await server.storage.stat(key)) !== null));

  it("DELETE /file/:id: the owner's unused file goes with its objects; not another user's; not a note's source", async () => {
    const fileId = await seedFile(server.database.db, alice.userId);
    const keys = await storeObjects(alice.userId, fileId);
    expect((await server.call("DELETE", `/file/${fileId}`, { token: bob.token })).body.code).toBe(
      "NOT_FOUND",
    );
    expect(await present(keys)).toEqual([true, true, true]);
    expect((await server.call("DELETE", `/file/${fileId}`, { token: alice.token })).body).toMatchObject({
      status: 200,
    });
    expect((await server.call("GET", `/file/${fileId}`, { token: alice.token })).body.code).toBe("NOT_FOUND");
    expect(await present(keys)).toEqual([false, false, false]);

    const { fileId: source } = await seedNote(server.database.db, alice.userId);
    const inUse = await server.call("DELETE", `/file/${source}`, { token: alice.token });
    expect(inUse.http).toBe(409);
    expect(inUse.body.code).toBe("FILE_IN_USE");
    expect((await server.call("GET", `/file/${source}`, { token: alice.token })).body.status).toBe(200);
  });

  it("deleting a note frees its sources and podcast audio once no copy of it uses them", async () => {
    const { noteId, fileId } = await seedNote(server.database.db, alice.userId);
    const fileKeys = await storeObjects(alice.userId, fileId);
    const audioKey = `podcasts/${alice.userId}/${randomUUID()}.mp3`;
    await server.storage.put(audioKey, Buffer.from("ID3 audio"));
    await podcastRepo.replace(
      server.database.db,
      {
        id: randomUUID(),
        noteId,
        userId: alice.userId,
        length: "short",
        language: "en-US",
        engine: "offline",
        voices: "espeak",
        title: "Episode",
        hostName: "Host",
        guestName: "Guest",
        chapters: [],
        durationMs: 1000,
        audioKey,
        audioBytes: 9,
        audioSecret: "secret",
      },
      [],
    );
    const copy = await server.call<NoteDetail>("POST", `/note/${noteId}/copy`, {
      token: alice.token,
      body: {},
    });
    expect(copy.body.status).toBe(200);

    // Another user's delete touches nothing.
    expect((await server.call("DELETE", `/note/${noteId}`, { token: bob.token })).body.code).toBe(
      "NOT_FOUND",
    );
    expect(await present([...fileKeys, audioKey])).toEqual([true, true, true, true]);
    // The copy still uses the sources and the audio.
    expect((await server.call("DELETE", `/note/${noteId}`, { token: alice.token })).body.status).toBe(200);
    expect(await present([...fileKeys, audioKey])).toEqual([true, true, true, true]);
    expect((await server.call("GET", `/file/${fileId}`, { token: alice.token })).body.status).toBe(200);
    // The last note using them goes: so do they.
    expect(
      (await server.call("DELETE", `/note/${copy.body.data.noteId}`, { token: alice.token })).body.status,
    ).toBe(200);
    expect(await present([...fileKeys, audioKey])).toEqual([false, false, false, false]);
    expect((await server.call("GET", `/file/${fileId}`, { token: alice.token })).body.code).toBe("NOT_FOUND");
  });
});
