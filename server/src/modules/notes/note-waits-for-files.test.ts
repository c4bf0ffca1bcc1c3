import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { openDatabase, type Database } from "../../db/client";
import { createOfflineEngine } from "../../engine";
import { parseFile } from "../../ingest/parse-file";
import { createJobQueue, type JobQueue } from "../../jobs/queue";
import { createWorker, type Worker } from "../../jobs/worker";
import type { JobDefinition } from "../../jobs/definition";
import { createLocalStorage } from "../../storage/local-storage";
import type { Storage } from "../../storage/storage";
import { filesRepo } from "../files/files.repo";
import { createFilesService } from "../files/files.service";
import { createParseFileJob, parseFileJobSpec, type FileParser } from "../files/parse-file.job";
import { createTestUser, fixturesDir } from "../files/test-support";
import { generateNoteJob, noteJobsWaitingForFiles } from "./generate-note.job";
import { createNoteFiles } from "./note-files";
import { notesRepo } from "./notes.repo";
import { GENERATE_NOTE_JOB, type NoteFiles } from "./notes.service";

const silent = { info() {}, warn() {}, error() {} };
const until = async (check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** A parse held until the test lets it go (`release`), then the real parser's work. */
function gatedParser() {
  let release!: (error?: Error) => void;
  const gate = new Promise<Error | undefined>((resolve) => (release = resolve));
  let started = false;
  const parser: FileParser = {
    async parse(filePath, options) {
      started = true;
      const error = await gate;
      if (error) throw error;
      return parseFile(await readFile(filePath), options?.fileName);
    },
  };
  return { parser, release, started: () => started };
}

/**
 * The note job is started by the parse of its files: it waits in the queue (no worker slot, no polling) until
 * the parse job of its last file ends, which wakes it in the transaction that marks the file.
 */
describe.each(testDatabases)("a note waiting for its files on $name", (kind) => {
  let testDb: TestDatabase;
  let database: Database;
  let queue: JobQueue;
  let storage: Storage;
  let files: NoteFiles;
  let userId: string;
  let worker: Worker | undefined;

  beforeAll(async () => {
    testDb = await kind.create();
    database = await openDatabase({ url: testDb.env.DATABASE_URL, dataDir: testDb.dataDir });
    queue = createJobQueue({ db: database.db });
    storage = createLocalStorage(path.join(testDb.dataDir, "files"));
    files = createNoteFiles(createFilesService({ db: database.db, storage, uploadMaxBytes: 50e6, queue }));
    ({ userId } = await createTestUser(database.db));
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.close();
  });

  /** A file being parsed (its bytes stored, its parse job queued) and a note asked from it. */
  async function noteFromParsingFile() {
    const fileId = randomUUID();
    const storageKey = `sources/${userId}/${fileId}`;
    await storage.put(storageKey, await readFile(path.join(fixturesDir, "en-moby-dick-headings-lists.docx")));
    const parseJob = await queue.enqueue(parseFileJobSpec, { fileId }, { userId });
    await filesRepo.insert(database.db, {
      id: fileId,
      userId,
      fileName: "moby.docx",
      size: 1,
      contentType: "application/octet-stream",
      status: "parsing",
      storageKey,
      parseJobId: parseJob.id,
    });
    const noteId = randomUUID();
    const base = { id: noteId, userId, title: "Moby", outputLanguage: "en-US", detailLevel: "simple" };
    await notesRepo.insert(database.db, base, [fileId]);
    const noteJob = await queue.enqueue(GENERATE_NOTE_JOB, { noteId }, { userId });
    await notesRepo.update(database.db, noteId, { jobId: noteJob.id });
    return { fileId, noteId, noteJobId: noteJob.id };
  }

  /** Runs the parse and note jobs; the idle poll is ten minutes, so only a wake-up runs a job promptly. */
  function startWorker(parser: FileParser, noteFiles: NoteFiles = files, now?: () => number) {
    const runs = { note: 0 };
    const note = generateNoteJob({ db: database.db, files: noteFiles, engine: createOfflineEngine(), now });
    const counted: JobDefinition = {
      ...note,
      handler: (ctx) => {
        runs.note += 1;
        return note.handler(ctx);
      },
    };
    worker = createWorker({
      queue,
      logger: silent,
      concurrency: 2,
      pollMs: 10 * 60_000,
      definitions: [
        createParseFileJob({
          db: database.db,
          storage,
          parser,
          logger: silent,
          waiters: noteJobsWaitingForFiles(queue),
        }),
        counted,
      ],
    });
    worker.start();
    return runs;
  }

  const jobOf = async (jobId: string) => (await queue.get(jobId))!;
  const noteOf = async (noteId: string) => (await notesRepo.findById(database.db, noteId))!;

  it("does not run again until the parse ends, then runs at once", async () => {
    const { noteId, noteJobId } = await noteFromParsingFile();
    const gated = gatedParser();
    const runs = startWorker(gated.parser);
    // The note job looked once and went back to the queue until its deadline, ten minutes after it was asked.
    await until(async () => runs.note === 1 && (await jobOf(noteJobId)).status === "queued");
    await until(async () => gated.started());
    const parked = await jobOf(noteJobId);
    expect(parked.runAt.getTime() - parked.createdAt.getTime()).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
    expect(parked.attempts).toBe(0);
    expect(runs.note).toBe(1);

    gated.release();
    await until(async () => (await jobOf(noteJobId)).status === "done");
    expect(runs.note).toBe(2);
    expect(await noteOf(noteId)).toMatchObject({ status: "ready" });
    const events = await queue.eventsAfter(noteJobId, 0);
    expect(events.filter((event) => event.type === "restart")).toEqual([]);
    expect(events.filter((event) => (event.data as { step?: string }).step === "read")).toHaveLength(1);
    expect((await jobOf(noteJobId)).attempts).toBe(1);
  });

  it("fails with the file's own error when its parse fails, at once", async () => {
    const { noteId, noteJobId } = await noteFromParsingFile();
    const gated = gatedParser();
    const runs = startWorker(gated.parser);
    await until(async () => runs.note === 1 && (await jobOf(noteJobId)).status === "queued");
    await until(async () => gated.started());
    gated.release(Object.assign(new Error("broken bytes"), { code: "FILE_CORRUPT" }));
    await until(async () => (await jobOf(noteJobId)).status === "failed");
    expect(runs.note).toBe(2);
    expect(await jobOf(noteJobId)).toMatchObject({ errorCode: "FILE_CORRUPT" });
    await until(async () => (await noteOf(noteId)).status === "failed");
    expect(await noteOf(noteId)).toMatchObject({ errorCode: "FILE_CORRUPT" });
  });

  it("runs at once when the parse ended while it was looking (its wake-up found it running)", async () => {
    const { noteJobId } = await noteFromParsingFile();
    const gated = gatedParser();
    let looks = 0;
    const racing: NoteFiles = {
      ...files,
      async describe(owner, fileIds) {
        const described = await files.describe(owner, fileIds);
        // The first look sees the file parsing; its parse then ends (and wakes) before the job is deferred.
        if (looks++ === 0) {
          gated.release();
          await until(
            async () => (await files.describe(owner, fileIds)).get(fileIds[0]!)?.status === "ready",
          );
        }
        return described;
      },
    };
    const runs = startWorker(gated.parser, racing);
    await until(async () => (await jobOf(noteJobId)).status === "done");
    expect(runs.note).toBe(2);
  });

  it("fails FILE_NOT_READY once ten minutes have passed without the parse ending", async () => {
    const { noteId, noteJobId } = await noteFromParsingFile();
    const gated = gatedParser();
    const tenMinutesOn = () => Date.now() + 10 * 60_000;
    startWorker(gated.parser, files, tenMinutesOn);
    await until(async () => (await jobOf(noteJobId)).status === "failed");
    expect(await jobOf(noteJobId)).toMatchObject({ errorCode: "FILE_NOT_READY" });
    await until(async () => (await noteOf(noteId)).status === "failed");
    gated.release();
  });
});
