import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GenerateNoteResponse, JobProgress, NoteDetail } from "@beannote/contract";
import { brokenUnicodePdf, imageOnlyPdf, scribblePage } from "../../../test/ocr-pdfs";
import { loginNewUser, readJobEvents, uploadFile, waitForFile } from "../../../test/pipeline";
import { testDatabases } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";

const SENTENCE =
  "Photosynthesis is the process by which green plants turn light into chemical energy. It takes place in the chloroplasts of the leaf, and it releases the oxygen that we breathe.";

describe("uploading a scan (OCR on, the default)", () => {
  let server: TestServer;
  let close: () => Promise<void>;
  const dir = mkdtempSync(path.join(os.tmpdir(), "beannote-ocr-upload-"));

  beforeAll(async () => {
    const database = await testDatabases[0]!.create();
    server = await startTestServer(database, { worker: { pollMs: 100 } });
    close = async () => {
      await server.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    };
  });
  afterAll(() => close?.());

  it("reports 'recognising page i of n', ends ready with the OCRed pages, and the note's source names them", async () => {
    const token = await loginNewUser(server, "ocr@example.edu");
    const file = path.join(dir, "scan.pdf");
    // page 1: text whose layer is unmapped glyphs (OCRed); page 2: scribbles (nothing readable)
    const broken = await brokenUnicodePdf([SENTENCE]);
    writeFileSync(file, await imageOnlyPdf([{ copyFrom: broken, page: 1 }, await scribblePage()]));
    const { fileId, put } = await uploadFile(server, token, file);
    const jobId = put.data.jobId!;
    const events = await readJobEvents(server, token, jobId);
    expect(events.at(-1)?.type).toBe("done");
    const ocrSteps = events
      .filter((e) => e.type === "progress")
      .map((e) => e.data as JobProgress)
      .filter((p) => p.messageKey === "progress.ocr");
    expect(ocrSteps.map((p) => p.params)).toEqual([
      { page: 1, pages: 2 },
      { page: 2, pages: 2 },
    ]);
    const info = await waitForFile(server, token, fileId);
    expect(info).toMatchObject({ status: "ready", ocrPages: [1] });

    const started = await server.call<GenerateNoteResponse>("POST", "/note/generate", {
      token,
      body: { title: "Leaves", outputLanguage: "en-US", detailLevel: "simple", fileIds: [fileId] },
    });
    expect((await readJobEvents(server, token, started.body.data.jobId)).at(-1)?.type).toBe("done");
    const note = (await server.call<NoteDetail>("GET", `/note/${started.body.data.noteId}`, { token })).body
      .data;
    expect(note.sources[0]).toMatchObject({ index: 1, ocrPages: [1] });
    expect(note.markdown).toMatch(/chloroplasts|green plants/);
    expect(note.markdown).toContain("No readable text on p. 2 of “scan.pdf”.");
  }, 180_000);
});
