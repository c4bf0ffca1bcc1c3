import type { SourceDocument } from "@beannote/contract";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeCall, type FakeOpenAI, type FakeStep } from "../../../test/fake-openai";
import { createEngine } from "../index";
import { noteMaterial } from "../note-material";
import { expectDeckRules } from "../../../test/deck-rules";

const source: SourceDocument = {
  title: "Operating systems",
  format: "pdf",
  language: "en",
  pageCount: 3,
  sections: [
    {
      heading: "Scheduling",
      level: 1,
      blocks: [
        {
          type: "paragraph",
          page: 1,
          text: "Round robin gives each process a fixed time slice called a quantum.",
        },
      ],
    },
    {
      heading: "Memory",
      level: 1,
      blocks: [
        { type: "paragraph", page: 2, text: "Paging divides memory into fixed-size frames and pages." },
        {
          type: "table",
          page: 3,
          rows: [
            ["Policy", "Victim"],
            ["FIFO", "oldest page"],
            ["LRU", "least recently used"],
          ],
        },
      ],
    },
  ],
};
const markdown = [
  "# Operating systems",
  "## Scheduling",
  "**Round robin** gives each process a fixed time slice called a **quantum**.",
  "*Sources:* [p. 1](#source=1&page=1)",
  "## Memory",
  "**Paging** divides memory into fixed-size frames and pages.",
  "| Policy | Victim |\n| --- | --- |\n| FIFO | oldest page |\n| LRU | least recently used |",
  "*Sources:* [p. 2](#source=1&page=2) · [p. 3](#source=1&page=3)",
].join("\n\n");
const material = () => noteMaterial({ title: "OS", markdown, outputLanguage: "en-US", sources: [source] });

const long = "This bullet is far too long for any slide because it keeps going on and on about scheduling";
const goodSlides = (call: FakeCall): FakeStep => {
  const ids = [...call.prompt.matchAll(/<section id="(S\d+)">/g)].map((m) => m[1]!);
  return {
    json: {
      slides: ids.map((id) =>
        id === "S1"
          ? {
              section: id,
              title: "Round robin",
              bullets: ["Each process gets a quantum", long, "a", "b2", "c3", "d4", "e5", "f6"],
              notes: "Round robin gives each process a fixed time slice called a quantum.",
            }
          : {
              section: id,
              title: "Paging",
              bullets: ["Memory in fixed-size frames"],
              notes: "Paging divides memory.",
            },
      ),
    },
  };
};

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function engineWith(script: (call: FakeCall, n: number) => FakeStep | undefined) {
  fake = await startFakeOpenAI({ script });
  return createEngine(
    { aiBaseUrl: fake.url, aiApiKey: "k", aiModel: "fake-model", aiContextTokens: 8000, aiConcurrency: 2 },
    { retryBaseMs: 10, retryMaxMs: 100 },
  );
}

describe("llm slides", () => {
  it("takes the model's slides, holds them to the slide rules, keeps the note's table and cites the named section", async () => {
    const engine = await engineWith((call) => goodSlides(call));
    const m = material();
    const deck = await engine.slides({ material: m, maxSlides: 10 });
    expectDeckRules(deck, 10);
    const content = deck.filter((s) => s.kind === "content");
    expect(content.map((s) => s.title)).toEqual(["Round robin", "Paging"]);
    expect(content[0]!.bullets).toHaveLength(6);
    expect(content[0]!.bullets[1]).toBe("This bullet is far too long for any slide because it keeps…");
    expect(content[1]!.table?.rows).toEqual([
      ["Policy", "Victim"],
      ["FIFO", "oldest page"],
      ["LRU", "least recently used"],
    ]);
    expect(content.map((s) => m.cite(s.sectionIndex!, s.quote))).toEqual([
      { source: 1, page: 1 },
      { source: 1, page: 2 },
    ]);
    expect(fake!.calls[0]!.prompt).toContain("English (en-US)");
    expect(fake!.calls[0]!.prompt).toContain("1 to 6 bullets");
  });

  it("drops slides naming an unknown section or with no bullets; a group left empty is written offline", async () => {
    const engine = await engineWith(() => ({
      json: {
        slides: [
          { section: "S9", title: "Invented", bullets: ["From nowhere"], notes: "" },
          { section: "S1", title: "No bullets", bullets: ["  "], notes: "" },
        ],
      },
    }));
    const deck = await engine.slides({ material: material(), maxSlides: 10 });
    expectDeckRules(deck, 10);
    expect(deck.map((s) => s.title)).not.toContain("Invented");
    expect(deck.map((s) => s.title)).not.toContain("No bullets");
    expect(deck.filter((s) => s.kind === "content").map((s) => s.title)).toEqual(["Scheduling", "Memory"]);
  });

  it("asks again after a malformed answer, then falls back to offline slides", async () => {
    const engine = await engineWith((call, n) => (n < 1 ? { content: "{not json" } : goodSlides(call)));
    const deck = await engine.slides({ material: material(), maxSlides: 10 });
    expect(deck.find((s) => s.kind === "content")!.title).toBe("Round robin");
    expect(fake!.calls).toHaveLength(2);

    await fake!.close();
    const broken = await engineWith(() => ({ content: '{"slides": "nope"}' }));
    const offline = await broken.slides({ material: material(), maxSlides: 10 });
    expect(fake!.calls).toHaveLength(3); // one ask and two retries
    expectDeckRules(offline, 10);
    expect(offline.filter((s) => s.kind === "content").map((s) => s.title)).toEqual(["Scheduling", "Memory"]);
  });

  it("never goes past the slide limit however many slides the model writes", async () => {
    const engine = await engineWith((call) => {
      const ids = [...call.prompt.matchAll(/<section id="(S\d+)">/g)].map((m) => m[1]!);
      return {
        json: {
          slides: ids.flatMap((id) =>
            Array.from({ length: 10 }, (_, i) => ({
              section: id,
              title: `${id} part ${i}`,
              bullets: ["A point"],
              notes: "",
            })),
          ),
        },
      };
    });
    expectDeckRules(await engine.slides({ material: material(), maxSlides: 5 }), 5);
  });
});
