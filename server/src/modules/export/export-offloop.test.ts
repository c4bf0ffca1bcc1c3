import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import mammoth from "mammoth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NoteDetail } from "@beannote/contract";
import { AppError } from "../../http/app-error";
import { createRenderPool } from "./render-pool";
import { bigNote } from "../../../test/big-note";
import { createExportService } from "./export.service";
import type { PdfPrinter } from "./pdf-printer";

/** A note as the export service reads it; `read` settles when the service has it (it builds from then on). */
function notesOf(markdown: string) {
  let signal!: () => void;
  const read = new Promise<void>((resolve) => (signal = resolve));
  const note = {
    title: "Handbook",
    markdown,
    status: "ready",
    outputLanguage: "en-US",
    updatedAt: new Date("2026-11-26T10:00:00Z").toISOString(),
    sources: [{ fileName: "en-handbook-chapter13-trustees-large.docx" }],
  } as unknown as NoteDetail;
  return {
    read,
    notes: {
      detail: async () => {
        signal();
        return note;
      },
    },
  };
}

const noPrinter: PdfPrinter = {
  available: () => true,
  print: async () => Buffer.from("%PDF-"),
  load: { running: 0, waiting: 0, peakRunning: 0, launches: 0 },
  close: async () => undefined,
};
const noThrottle = { take: async () => [] };

describe("export of a 1.9 MB note (render thread)", { timeout: 600_000 }, () => {
  let markdown: string;
  let health: Server;
  let healthUrl: string;
  // a generous time limit: this machine may be busy, and the limit is not what is tested here
  const render = createRenderPool({ size: 1, timeoutMs: 600_000 });

  beforeAll(async () => {
    ({ markdown } = await bigNote());
    // a liveness check on this event loop, as the server's /health is
    health = createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => health.listen(0, "127.0.0.1", resolve));
    healthUrl = `http://127.0.0.1:${(health.address() as AddressInfo).port}/health`;
  });
  afterAll(async () => {
    await render.close();
    await new Promise((resolve) => health.close(resolve));
  });

  it("answers /health while the DOCX is being built, and the DOCX holds the whole note", async () => {
    const { notes, read } = notesOf(markdown);
    const service = createExportService({
      notes,
      printer: noPrinter,
      render,
      throttle: noThrottle,
      exportsPerMinute: 10,
    });
    const order: string[] = [];
    const exporting = service.export("user-a", "note-1", "docx").then((file) => {
      order.push("export");
      return file;
    });
    await read; // the service has the note: from here on it builds the DOCX
    await fetch(healthUrl).then((res) => order.push(`health ${res.status}`));
    const file = await exporting;
    // before: the build held the event loop, /health was answered only after the export (~34 s)
    expect(order).toEqual(["health 200", "export"]);
    const { value: text } = await mammoth.extractRawText({ buffer: file.body as Buffer });
    expect(text).toContain("Part 1:");
    expect(text.length).toBeGreaterThan(1_000_000);
  }, 600_000); // a 1.9 MB DOCX takes tens of seconds of CPU on a busy 2-core machine

  it("answers EXPORT_TOO_LARGE when the build passes the time limit (the thread is ended)", async () => {
    const hurried = createRenderPool({ size: 1, timeoutMs: 1 });
    try {
      const service = createExportService({
        notes: notesOf(markdown).notes,
        printer: noPrinter,
        render: hurried,
        throttle: noThrottle,
        exportsPerMinute: 10,
      });
      const error = await service.export("user-a", "note-1", "docx").catch((e) => e);
      expect((error as AppError).code).toBe("EXPORT_TOO_LARGE");
      expect((error as AppError).status).toBe(413);
      expect(hurried.stats()).toMatchObject({ running: 0, waiting: 0, threads: 0 });
    } finally {
      await hurried.close();
    }
  });

  it("answers EXPORT_TOO_LARGE when the build passes the thread's heap cap, and the next export works", async () => {
    const small = createRenderPool({ size: 1, maxOldGenerationSizeMb: 48, timeoutMs: 600_000 });
    try {
      const service = createExportService({
        notes: notesOf(markdown).notes,
        printer: noPrinter,
        render: small,
        throttle: noThrottle,
        exportsPerMinute: 10,
      });
      const error = await service.export("user-a", "note-1", "docx").catch((e) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("EXPORT_TOO_LARGE");
      const next = await createExportService({
        notes: notesOf("# Small\n\n## A\n\ntext").notes,
        printer: noPrinter,
        render: small,
        throttle: noThrottle,
        exportsPerMinute: 10,
      }).export("user-a", "note-2", "docx");
      expect((next.body as Buffer).subarray(0, 2).toString()).toBe("PK");
    } finally {
      await small.close();
    }
  }, 600_000);
});
