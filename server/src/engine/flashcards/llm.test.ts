import type { SourceDocument } from "@beannote/contract";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeCall, type FakeOpenAI, type FakeStep } from "../../../test/fake-openai";
import { createEngine } from "../index";
import { noteMaterial } from "../note-material";

// A two-source note: each section cites pages whose text the cards will be checked against.
const source: SourceDocument = {
  title: "Operating systems",
  format: "pdf",
  language: "en",
  pageCount: 4,
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
      heading: "Scheduling",
      level: 1,
      blocks: [
        { type: "paragraph", page: 2, text: "Shortest job first minimises the average waiting time." },
      ],
    },
    {
      heading: "Memory",
      level: 1,
      blocks: [
        { type: "paragraph", page: 3, text: "Paging divides memory into fixed-size frames and pages." },
      ],
    },
    {
      heading: "Memory",
      level: 1,
      blocks: [{ type: "paragraph", page: 4, text: "A page fault occurs when a page is not in memory." }],
    },
  ],
};
const markdown = [
  "# Operating systems",
  "## Scheduling",
  "**Round robin** gives each process a fixed time slice called a **quantum**. **Shortest job first** minimises the average waiting time.",
  "*Sources:* [p. 1](#source=1&page=1) · [p. 2](#source=1&page=2)",
  "## Memory",
  "**Paging** divides memory into fixed-size frames and pages. A **page fault** occurs when a page is not in memory.",
  "*Sources:* [p. 3](#source=1&page=3) · [p. 4](#source=1&page=4)",
].join("\n\n");
const material = () => noteMaterial({ title: "OS", markdown, outputLanguage: "en-US", sources: [source] });

const goodCards = (call: FakeCall): FakeStep => {
  const ids = [...call.prompt.matchAll(/<section id="(S\d+)">/g)].map((m) => m[1]!);
  const cards = ids.flatMap((id) =>
    id === "S1"
      ? [
          { section: id, front: "What is the time slice of round robin called?", back: "A quantum." },
          {
            section: id,
            front: "Which policy minimises the average waiting time?",
            back: "Shortest job first.",
          },
        ]
      : [{ section: id, front: "When does a page fault occur?", back: "When a page is not in memory." }],
  );
  return { json: { cards } };
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

describe("llm flashcards", () => {
  it("takes the model's cards and cites the page of the section it names that holds the card's text", async () => {
    const engine = await engineWith((call) => goodCards(call));
    const m = material();
    const cards = await engine.flashcards({ material: m, count: 3 });
    expect(cards.map((c) => [c.front, c.back, c.kind])).toEqual([
      ["What is the time slice of round robin called?", "A quantum.", "model"],
      ["Which policy minimises the average waiting time?", "Shortest job first.", "model"],
      ["When does a page fault occur?", "When a page is not in memory.", "model"],
    ]);
    expect(cards.map((c) => m.cite(c.sectionIndex, c.quote))).toEqual([
      { source: 1, page: 1 },
      { source: 1, page: 2 },
      { source: 1, page: 4 },
    ]);
    expect(fake!.calls[0]!.prompt).toContain("English (en-US)");
  });

  it("drops cards naming an unknown section, empty backs, backs that repeat the front, stand-ins like [equation]", async () => {
    const engine = await engineWith(() => ({
      json: {
        cards: [
          { section: "S9", front: "Invented?", back: "From nowhere." },
          { section: "S1", front: "Empty back", back: "  " },
          { section: "S1", front: "Same", back: "same" },
          { section: "S2", front: "How is a page's frame found?", back: "By [equation] on the page table." },
          { section: "S2", front: "What does [image] show?", back: "The page table of a process." },
          {
            section: "S2",
            front: "What does paging divide memory into?",
            back: "Fixed-size frames and pages.",
          },
        ],
      },
    }));
    const cards = await engine.flashcards({ material: material(), count: 5 });
    expect(cards.map((c) => c.front)).toEqual(["What does paging divide memory into?"]);
  });

  it("filters what a tutor would not write: filler blanks, dangling backs, repeated backs, a deck of blanks", async () => {
    const engine = await engineWith(() => ({
      json: {
        cards: [
          { section: "S1", front: "Round robin ____ each process a fixed time slice.", back: "gives" },
          {
            section: "S1",
            front: "Round robin gives each process a fixed time slice ____ a quantum.",
            back: "called",
          },
          { section: "S1", front: "Which policies does the section list?", back: "The following:" },
          { section: "S1", front: "What is the time slice of round robin called?", back: "A quantum." },
          { section: "S1", front: "What does round robin hand out in turns?", back: "A quantum." },
          { section: "S2", front: "____ divides memory into fixed-size frames.", back: "Paging" },
          { section: "S2", front: "A ____ occurs when a page is not in memory.", back: "page fault" },
          { section: "S2", front: "Paging divides ____ into fixed-size frames.", back: "memory" },
          { section: "S2", front: "Paging divides memory into ____ frames.", back: "fixed-size" },
        ],
      },
    }));
    const cards = await engine.flashcards({ material: material(), count: 10 });
    const backs = cards.map((c) => c.back);
    for (const bad of ["gives", "called", "The following:", "fixed-size"]) expect(backs).not.toContain(bad);
    expect(backs.filter((b) => b === "A quantum.")).toHaveLength(1);
    // one card that is no blank allows no more than one blank (40%)
    expect(cards.filter((c) => c.front.includes("____")).length).toBeLessThanOrEqual(1);
    expect(fake!.calls[0]!.prompt).toMatch(
      /definition.*named result.*enumeration.*cause or purpose.*comparison.*acronym/s,
    );
  });

  it("asks again after a malformed answer, then falls back to offline cards for that group", async () => {
    const engine = await engineWith((call, n) => (n < 1 ? { content: "{not json" } : goodCards(call)));
    expect(
      (await engine.flashcards({ material: material(), count: 3 })).every((c) => c.kind === "model"),
    ).toBe(true);
    expect(fake!.calls).toHaveLength(2);

    await fake!.close();
    const offline = await engineWith(() => ({ content: '{"cards": "nope"}' }));
    const cards = await offline.flashcards({ material: material(), count: 4 });
    expect(fake!.calls).toHaveLength(3); // one ask and two retries
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((c) => c.kind !== "model")).toBe(true);
  });

  it("never repeats a front already in the deck", async () => {
    const engine = await engineWith((call) => goodCards(call));
    const cards = await engine.flashcards({
      material: material(),
      count: 5,
      exclude: new Set(["whendoesapagefaultoccur"]),
    });
    expect(cards.map((c) => c.front)).not.toContain("When does a page fault occur?");
  });

  it("retries a 429 and then answers", async () => {
    const engine = await engineWith((call, n) =>
      n === 0 ? { status: 429, headers: { "retry-after-ms": "10" } } : goodCards(call),
    );
    expect(await engine.flashcards({ material: material(), count: 3 })).toHaveLength(3);
  });
});
