import { describe, expect, it } from "vitest";
import type { JobEvent } from "@beannote/contract";
import { createSseParser } from "./jobs";

describe("createSseParser", () => {
  it("yields each job event once complete, across chunk boundaries, skipping comments", () => {
    const events: JobEvent[] = [];
    const feed = createSseParser((e) => events.push(e));
    feed(': stream\n\nid: 3\nevent: progress\ndata: {"step":"write",');
    expect(events).toEqual([]);
    feed('"percent":40,"messageKey":"progress.writing"}\n\n: keep-alive\n\nid: 4\r\nevent: partial\r\n');
    feed(
      'data: {"index":0,"total":2,"heading":"A","markdown":"## A"}\r\n\r\nid: 5\nevent: done\ndata: {}\n\n',
    );
    expect(events).toEqual([
      { id: 3, type: "progress", data: { step: "write", percent: 40, messageKey: "progress.writing" } },
      { id: 4, type: "partial", data: { index: 0, total: 2, heading: "A", markdown: "## A" } },
      { id: 5, type: "done", data: {} },
    ]);
  });

  it("ignores event types it does not know", () => {
    const events: JobEvent[] = [];
    createSseParser((e) => events.push(e))(
      'event: hello\ndata: 1\n\nevent: error\ndata: {"code":"GENERATION_FAILED","message":"x"}\n\n',
    );
    expect(events).toEqual([{ id: 0, type: "error", data: { code: "GENERATION_FAILED", message: "x" } }]);
  });
});
