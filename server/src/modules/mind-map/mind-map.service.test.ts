import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SourceDocument } from "@beannote/contract";
import { noteMaterial } from "../../engine";
import { AppError } from "../../http/app-error";
import { createRenderPool } from "../export/render-pool";
import { bigNote } from "../../../test/big-note";
import type { StudyNote } from "../notes/study-notes";
import { createMindMapService } from "./mind-map.service";

describe("GET /note/:noteId/mind-map of a 1.9 MB note (mind-map service)", { timeout: 600_000 }, () => {
  let markdown: string;
  let source: SourceDocument;
  let health: Server;
  let healthUrl: string;
  const render = createRenderPool({ size: 2, timeoutMs: 600_000 });

  beforeAll(async () => {
    ({ markdown, source } = await bigNote());
    health = createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => health.listen(0, "127.0.0.1", resolve));
    healthUrl = `http://127.0.0.1:${(health.address() as AddressInfo).port}/health`;
  });
  afterAll(async () => {
    await render.close();
    await new Promise((resolve) => health.close(resolve));
  });

  /** The notes feature as the service sees it, counting how often the note's material was asked for. */
  function notesOf(text: string) {
    const note: StudyNote = {
      id: "note-1",
      userId: "user-a",
      title: "Handbook",
      outputLanguage: "en-US",
      detailLevel: "detail",
      markdown: text,
    };
    const calls = { ready: 0, material: 0 };
    let signal!: () => void;
    const read = new Promise<void>((resolve) => (signal = resolve));
    return {
      calls,
      read,
      notes: {
        ready: async () => {
          calls.ready++;
          return note;
        },
        materialInput: async (n: StudyNote) => {
          calls.material++;
          signal();
          return {
            title: n.title,
            markdown: n.markdown,
            outputLanguage: n.outputLanguage,
            sources: [source],
          };
        },
        // the material itself, as StudyNotes gives it (what the service derived from before render threads)
        material: async (n: StudyNote) => {
          calls.material++;
          signal();
          return noteMaterial({ ...n, sources: [source] });
        },
      },
    };
  }

  it("ten reads at once derive the map once, in a thread, while /health answers", async () => {
    const { notes, calls, read } = notesOf(markdown);
    let taken = 0;
    const maps = createMindMapService({
      notes,
      render,
      throttle: {
        take: async () => {
          taken++;
          return [];
        },
      },
      perMinute: 5,
    });
    const order: string[] = [];
    const reads = Promise.all(Array.from({ length: 10 }, () => maps.map("user-a", "note-1"))).then((all) => {
      order.push("maps");
      return all;
    });
    await read; // the note's material is in hand: deriving starts
    await fetch(healthUrl).then((res) => order.push(`health ${res.status}`));
    const all = await reads;
    // before: ten derivations in a row on the event loop held /health ~20 s
    expect(order).toEqual(["health 200", "maps"]);
    expect(calls).toEqual({ ready: 10, material: 1 });
    expect(taken).toBe(1); // one derivation counted against the user's limit, not ten reads
    expect(new Set(all)).toHaveProperty("size", 1);
    expect(all[0]!.root.children.length).toBeGreaterThan(10);
    expect(all[0]!.nodeCount).toBeGreaterThan(100);
    // the same version again: kept, nothing derived
    await maps.map("user-a", "note-1");
    expect(calls.material).toBe(1);
  });

  it("a large note's derivations past the user's limit answer RATE_LIMITED with Retry-After", async () => {
    const { notes } = notesOf(`${markdown.slice(0, 200_000)}\n\nedited`);
    const maps = createMindMapService({
      notes,
      render,
      throttle: {
        take: async () => {
          throw new AppError("RATE_LIMITED", { retryAfterSeconds: 42 });
        },
      },
      perMinute: 1,
    });
    const error = await maps.map("user-a", "note-1").catch((e) => e);
    expect((error as AppError).code).toBe("RATE_LIMITED");
    expect((error as AppError).status).toBe(429);
  });

  it("a small note's map is derived at once, without a thread or the limit", async () => {
    const { notes } = notesOf("# Small\n\n## Topic\n\n**Term** is defined here. Another sentence follows.");
    const maps = createMindMapService({
      notes,
      render: {
        run: () => {
          throw new Error("no thread for a small note");
        },
      },
      throttle: {
        take: () => {
          throw new Error("not counted");
        },
      },
      perMinute: 1,
    });
    const map = await maps.map("user-a", "note-1");
    expect(map.root.children[0]!.label).toBe("Topic");
  });
});
