import type { SourceDocument } from "@beannote/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  startFakeOpenAI,
  type AutoAnswer,
  type FakeOpenAI,
  type FakeOpenAIOptions,
} from "../../test/fake-openai";
import { headingCoverage } from "../../test/note-quality";
import { createEngine, type NoteRequest, type NoteSectionOut } from "./index";

/** A document of `n` sections, section i on page i+1, each about 150 tokens. */
function doc(n: number): SourceDocument {
  return {
    title: "Operating Systems",
    format: "pdf",
    language: "en",
    pageCount: n,
    sections: Array.from({ length: n }, (_, i) => ({
      heading: `Topic ${i + 1}`,
      level: 1,
      blocks: [
        {
          type: "paragraph" as const,
          page: i + 1,
          text: `Topic ${i + 1} explains scheduling policy number ${i + 1}. `.repeat(12),
        },
      ],
    })),
  };
}

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup(opts: FakeOpenAIOptions, contextTokens = 8000, concurrency = 2, timeoutMs?: number) {
  fake = await startFakeOpenAI(opts);
  return createEngine(
    {
      aiBaseUrl: fake.url,
      aiApiKey: "test-key",
      aiModel: "fake-model",
      aiContextTokens: contextTokens,
      aiConcurrency: concurrency,
      aiTimeoutMs: timeoutMs,
    },
    { retryBaseMs: 20, retryMaxMs: 2000 },
  );
}

function request(d: SourceDocument, over: Partial<NoteRequest> = {}): NoteRequest {
  return {
    sources: [{ doc: d, fileName: "os.pdf" }],
    title: "OS",
    outputLanguage: "en-US",
    detailLevel: "detail",
    ...over,
  };
}

const translated = (a: AutoAnswer): AutoAnswer => ({
  sections: a.sections.map((s) => ({
    ...s,
    heading: `主题 ${s.heading.split(" ")[1]}`,
    markdown: `- **调度**策略 ${s.id}`,
  })),
});

describe("llm engine", () => {
  it("writes the model's sections in order, in the output language, with citations to the pages used", async () => {
    const engine = await setup({ script: (_c, _n) => ({ mapAuto: translated }) });
    expect(engine.name).toBe("llm");
    const seen: [string, number, number][] = [];
    const note = await engine.generateNote(request(doc(3), { outputLanguage: "zh-CN" }), (s, i, n) =>
      seen.push([s.heading, i, n]),
    );
    expect(note.engine).toBe("llm");
    expect(note.notice).toBeUndefined();
    expect(note.markdown.split("\n").filter((l) => l.startsWith("#"))).toEqual([
      "# OS",
      "## 主题 1",
      "## 主题 2",
      "## 主题 3",
    ]);
    expect(note.sections[1]!.markdown).toBe(
      "## 主题 2\n\n- **调度**策略 1.2\n\n*出处：* [第 2 页](#source=1&page=2)",
    );
    expect(note.sections.map((s) => s.pages)).toEqual([
      [{ source: 1, page: 1 }],
      [{ source: 1, page: 2 }],
      [{ source: 1, page: 3 }],
    ]);
    expect(seen.map(([, i, n]) => [i, n]).sort()).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
    ]);
    // the prompt asks for the language and level, and marks each block with its page
    const call = fake!.calls[0]!;
    expect(call.body.model).toBe("fake-model");
    expect(call.prompt).toContain("Chinese");
    expect(call.prompt).toContain("[p. 2] Topic 2 explains");
    expect(call.prompt).toContain("explanations, examples, numbers and formulas");
  });

  it("retries a malformed answer, then uses the good one", async () => {
    const engine = await setup({ script: [{ content: '{"sections": [ {"id": ' }, {}] });
    const note = await engine.generateNote(request(doc(2)));
    expect(fake!.calls).toHaveLength(2);
    expect(note.sections.map((s) => s.heading)).toEqual(["Topic 1", "Topic 2"]);
  });

  it("fails after three malformed answers (two retries)", async () => {
    const engine = await setup({ script: () => ({ content: "Sure! Here are your notes." }) });
    await expect(engine.generateNote(request(doc(2)))).rejects.toThrow();
    expect(fake!.calls).toHaveLength(3);
  });

  it("retries an answer that leaves out a section, and extracts that section itself if the model never writes it", async () => {
    const dropSecond = (a: AutoAnswer): AutoAnswer => ({
      sections: a.sections.filter((s) => s.id !== "1.2"),
    });
    const engine = await setup({ script: () => ({ mapAuto: dropSecond }) });
    const d = doc(3);
    const note = await engine.generateNote(request(d));
    expect(fake!.calls).toHaveLength(3);
    expect(headingCoverage(d, note.markdown).share).toBe(1);
    expect(note.sections[1]!.markdown).toContain("Topic 2 explains scheduling policy number 2.");
    expect(note.sections[1]!.pages).toEqual([{ source: 1, page: 2 }]);
  });

  it("extracts a section itself when the model leaves its notes empty", async () => {
    const emptyFirst = (a: AutoAnswer): AutoAnswer => ({
      sections: a.sections.map((x) => (x.id === "1.1" ? { ...x, markdown: " ", pages: [] } : x)),
    });
    const engine = await setup({ script: [{ mapAuto: emptyFirst }] });
    const note = await engine.generateNote(request(doc(2)));
    expect(note.sections[0]!.markdown).toContain("Topic 1 explains scheduling policy number 1.");
    expect(note.sections[0]!.pages).toEqual([{ source: 1, page: 1 }]);
  });

  it("waits as told by Retry-After on 429, then succeeds", async () => {
    const engine = await setup({ script: [{ status: 429, headers: { "retry-after": "1" } }, {}] });
    const t = Date.now();
    const note = await engine.generateNote(request(doc(2)));
    expect(Date.now() - t).toBeGreaterThanOrEqual(950);
    expect(fake!.calls.map((c) => c.status)).toEqual([429, 200]);
    expect(note.sections).toHaveLength(2);
  });

  it("retries a 500 with backoff, then succeeds", async () => {
    const engine = await setup({ script: [{ status: 500 }, { status: 503 }, {}] });
    const note = await engine.generateNote(request(doc(2)));
    expect(fake!.calls.map((c) => c.status)).toEqual([500, 503, 200]);
    expect(note.sections.map((s) => s.heading)).toEqual(["Topic 1", "Topic 2"]);
  });

  it("abandons a request that does not answer in time and asks again", async () => {
    const engine = await setup({ script: [{ delayMs: 10_000 }, {}] }, 8000, 2, 1000);
    const t = Date.now();
    const note = await engine.generateNote(request(doc(2)));
    expect(Date.now() - t).toBeLessThan(5_000);
    expect(fake!.calls).toHaveLength(2);
    expect(note.sections.map((s) => s.heading)).toEqual(["Topic 1", "Topic 2"]);
  });

  it("asks again when the connection closes halfway through the answer", async () => {
    const engine = await setup({ script: [{ hangUp: true }, {}] });
    const note = await engine.generateNote(request(doc(2)));
    expect(fake!.calls.map((c) => c.status)).toEqual([0, 200]);
    expect(note.sections.map((s) => s.heading)).toEqual(["Topic 1", "Topic 2"]);
  });

  it("gives up after four retries of a model that keeps failing, timing out or hanging up", async () => {
    for (const step of [{ status: 500 }, { delayMs: 10_000 }, { hangUp: true }]) {
      // a timeout long enough that a starved test process still sends each request before giving up on it
      const engine = await setup({ script: () => step }, 8000, 2, 1000);
      await expect(engine.generateNote(request(doc(1)))).rejects.toThrow();
      // the last request may reach the fake after the engine has given up on it (a loaded machine)
      await vi.waitFor(() => expect(fake!.calls).toHaveLength(5));
      await fake!.close();
      fake = undefined;
    }
  });

  it("gives up on a 400 at once", async () => {
    const engine = await setup({ script: [{ status: 400 }, {}] });
    await expect(engine.generateNote(request(doc(2)))).rejects.toThrow();
    expect(fake!.calls).toHaveLength(1);
  });

  it("splits a long document into chunks that fit the context, runs them concurrently and merges in order", async () => {
    // the first chunk answers last, so merged order cannot come from completion order
    const engine = await setup({ script: (_c, n) => ({ delayMs: n === 0 ? 600 : 150 }) }, 2048, 3);
    const d = doc(24);
    const seen: number[] = [];
    const note = await engine.generateNote(request(d), (_s: NoteSectionOut, i) => seen.push(i));
    const calls = fake!.calls;
    expect(calls.length).toBeGreaterThanOrEqual(4);
    expect(fake!.maxConcurrent).toBe(3);
    for (const c of calls) expect(c.prompt.length / 4).toBeLessThan(2048);
    expect(note.sections.map((s) => s.heading)).toEqual(d.sections.map((s) => s.heading));
    expect(seen[0]).not.toBe(0); // sections were reported as their chunks completed
    expect([...seen].sort((a, b) => a - b)).toEqual(d.sections.map((_, i) => i));
    // every section was sent exactly once
    const ids = calls.flatMap((c) => [...c.prompt.matchAll(/<section id="([^"]+)"/g)].map((m) => m[1]));
    expect(ids.sort()).toEqual(d.sections.map((_, i) => `1.${i + 1}`).sort());
  });

  it("honours the concurrency setting", async () => {
    const engine = await setup({ delayMs: 100 }, 2048, 1);
    await engine.generateNote(request(doc(12)));
    expect(fake!.calls.length).toBeGreaterThan(1);
    expect(fake!.maxConcurrent).toBe(1);
  });

  it("drops cited pages that do not exist or were not in the section, keeping the section's own pages", async () => {
    const badPages = (a: AutoAnswer): AutoAnswer => ({
      sections: a.sections.map((s) => ({ ...s, pages: s.id === "1.1" ? [1, 2, 999] : [-3, 777] })),
    });
    const engine = await setup({ script: [{ mapAuto: badPages }] });
    const note = await engine.generateNote(request(doc(2)));
    expect(note.sections[0]!.pages).toEqual([{ source: 1, page: 1 }]);
    expect(note.sections[1]!.pages).toEqual([{ source: 1, page: 2 }]);
    expect(note.markdown).not.toMatch(/page=(999|777|-3)/);
  });

  it("strips headings and page links the model wrote itself", async () => {
    const messy = (a: AutoAnswer): AutoAnswer => ({
      sections: a.sections.map((s) => ({ ...s, markdown: `## ${s.heading}\n\n- A point [p. 1](#x) [p. 1]` })),
    });
    const engine = await setup({ script: [{ mapAuto: messy }] });
    const note = await engine.generateNote(request(doc(1)));
    expect(note.sections[0]!.markdown).toBe(
      "## Topic 1\n\n**Topic 1**\n\n- A point\n\n*Sources:* [p. 1](#source=1&page=1)",
    );
  });

  it("is cancelled by the signal while a slow answer is pending", async () => {
    const engine = await setup({ delayMs: 5000 });
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error("cancelled by user")), 100);
    const t = Date.now();
    await expect(engine.generateNote(request(doc(2), { signal: ac.signal }))).rejects.toThrow();
    expect(Date.now() - t).toBeLessThan(2000);
  });

  it("gives each source its own part, with citations per source", async () => {
    const engine = await setup({});
    const note = await engine.generateNote({
      sources: [
        { doc: doc(1), fileName: "a.pdf" },
        { doc: doc(2), fileName: "b.pptx" },
      ],
      title: "Two",
      outputLanguage: "en-US",
      detailLevel: "simple",
    });
    expect(note.markdown.split("\n").filter((l) => l.startsWith("#"))).toEqual([
      "# Two",
      "## a.pdf",
      "### Topic 1",
      "## b.pptx",
      "### Topic 1",
      "### Topic 2",
    ]);
    expect(note.sections[2]!.pages).toEqual([{ source: 2, page: 2 }]);
    expect(fake!.calls).toHaveLength(2); // chunks never mix sources
  });

  it("is chosen only when base URL, key and model are all set", () => {
    expect(
      createEngine({ aiBaseUrl: "http://x/v1", aiApiKey: "k", aiContextTokens: 8000, aiConcurrency: 2 }).name,
    ).toBe("offline");
    expect(
      createEngine({
        aiBaseUrl: "http://x/v1",
        aiApiKey: "k",
        aiModel: "m",
        aiContextTokens: 8000,
        aiConcurrency: 2,
      }).name,
    ).toBe("llm");
  });
});
