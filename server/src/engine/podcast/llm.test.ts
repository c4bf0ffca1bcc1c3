import type { SourceDocument } from "@beannote/contract";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeCall, type FakeOpenAI, type FakeStep } from "../../../test/fake-openai";
import { expectScriptRules } from "../../../test/podcast-rules";
import { createEngine } from "../index";
import { noteMaterial } from "../note-material";

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
          text: "Round robin gives each process a time slice of 20 ms called a quantum.",
        },
      ],
    },
    {
      heading: "Memory",
      level: 1,
      blocks: [{ type: "paragraph", page: 2, text: "Paging divides memory into frames of 4 KB." }],
    },
    {
      heading: "Files",
      level: 1,
      blocks: [{ type: "paragraph", page: 3, text: "A file system maps names to blocks on disk." }],
    },
  ],
};
const markdown = [
  "# Operating systems",
  "## Scheduling",
  "**Round robin** gives each process a time slice of 20 ms called a **quantum**.",
  "*Sources:* [p. 1](#source=1&page=1)",
  "## Memory",
  "**Paging** divides memory into frames of 4 KB.",
  "*Sources:* [p. 2](#source=1&page=2)",
  "## Files",
  "A **file system** maps names to blocks on disk.",
  "*Sources:* [p. 3](#source=1&page=3)",
].join("\n\n");
const material = () => noteMaterial({ title: "OS", markdown, outputLanguage: "en-US", sources: [source] });

/** A good chapter: host explains the first sentence of each section it was given, guest asks and recaps. */
function goodChapter(call: FakeCall): FakeStep {
  const ids = [...call.prompt.matchAll(/<section id="(S\d+)">/g)].map((m) => m[1]!);
  const facts: Record<string, string> = {
    S1: "Round robin gives every process a quantum of 20 ms.",
    S2: "Paging splits memory into 4 KB frames.",
    S3: "A file system maps names to disk blocks.",
  };
  return {
    json: {
      lines: ids.flatMap((id) => [
        { speaker: "host", section: id, text: facts[id] },
        { speaker: "guest", section: id, text: "So that is the key idea there." },
      ]),
    },
  };
}

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

const sectionLines = (script: Awaited<ReturnType<Awaited<ReturnType<typeof engineWith>>["podcastScript"]>>) =>
  script.chapters.filter((c) => c.kind === "section").flatMap((c) => c.lines);

describe("llm podcast script", () => {
  it("takes the model's lines per chapter, in the note's language, cited on the pages of the sections they name", async () => {
    const engine = await engineWith((call) => goodChapter(call));
    const m = material();
    const script = await engine.podcastScript({ material: m, length: "standard" });
    expectScriptRules(script, m);
    const lines = sectionLines(script);
    expect(lines.map((l) => l.text)).toContain("Paging splits memory into 4 KB frames.");
    const paging = lines.find((l) => l.text.startsWith("Paging"))!;
    expect(m.cite(paging.sectionIndex, paging.quote)).toEqual({ source: 1, page: 2 });
    expect(fake!.calls[0]!.prompt).toContain("English (en-US)");
    expect(fake!.calls[0]!.prompt).toContain("Alex");
  });

  it("rejects a chapter whose line carries a number the note does not hold, and asks again", async () => {
    const engine = await engineWith((call, n) =>
      n === 0
        ? {
            json: {
              lines: [
                { speaker: "host", section: "S1", text: "Round robin uses a quantum of 50 ms." }, // invented
                { speaker: "guest", section: "S1", text: "Got it." },
              ],
            },
          }
        : goodChapter(call),
    );
    const m = material();
    const script = await engine.podcastScript({ material: m, length: "short" });
    expectScriptRules(script, m);
    const said = script.chapters
      .flatMap((c) => c.lines)
      .map((l) => l.text)
      .join(" ");
    expect(said).not.toContain("50 ms");
    expect(said).toContain("20 ms");
    expect(fake!.calls.length).toBe(2); // the short episode is one chapter: asked, rejected, asked again
  });

  it("writes a chapter offline when the model keeps inventing numbers or answers malformed JSON", async () => {
    const inventing = await engineWith(() => ({
      json: {
        lines: [
          { speaker: "host", section: "S1", text: "It takes 99 steps." },
          { speaker: "guest", section: "S1", text: "Wow." },
        ],
      },
    }));
    const m = material();
    const script = await inventing.podcastScript({ material: m, length: "short" });
    expect(fake!.calls).toHaveLength(3); // one ask and two retries
    expectScriptRules(script, m);
    expect(sectionLines(script).some((l) => l.text.includes("Round robin gives each process"))).toBe(true);

    await fake!.close();
    const malformed = await engineWith(() => ({ content: "{not json" }));
    const offline = await malformed.podcastScript({ material: m, length: "short" });
    expectScriptRules(offline, m);
  });

  it("drops lines naming unknown sections and mends the turns so the speakers still alternate", async () => {
    const engine = await engineWith((call) => {
      const ids = [...call.prompt.matchAll(/<section id="(S\d+)">/g)].map((m) => m[1]!);
      return {
        json: {
          lines: [
            { speaker: "guest", section: ids[0], text: "What is this part about?" },
            { speaker: "guest", section: ids[0], text: "I am curious." },
            { speaker: "host", section: "S42", text: "Something invented." },
            { speaker: "host", section: ids[0], text: "It is about the note's first idea." },
          ],
        },
      };
    });
    const m = material();
    const script = await engine.podcastScript({ material: m, length: "long" });
    expectScriptRules(script, m);
    const said = script.chapters.flatMap((c) => c.lines).map((l) => l.text);
    expect(said.join(" ")).not.toContain("Something invented");
    expect(said).toContain("What is this part about? I am curious.");
  });

  it("filters a model's filler: a generic question twice, a question answered by a question, the source's 'we'", async () => {
    const engine = await engineWith((call) => {
      const ids = [...call.prompt.matchAll(/<section id="(S\d+)">/g)].map((m) => m[1]!);
      return {
        json: {
          lines: ids.flatMap((id) => [
            { speaker: "host", section: id, text: "We use a time slice here." },
            { speaker: "guest", section: id, text: "Are there any figures worth remembering here?" },
            { speaker: "host", section: id, text: "Why do you ask?" },
            { speaker: "guest", section: id, text: "Tell me more." },
            { speaker: "host", section: id, text: "Our notes say it is the main idea." },
            { speaker: "guest", section: id, text: "Tell me more." },
            { speaker: "host", section: id, text: "It is simple." },
          ]),
        },
      };
    });
    const m = material();
    const script = await engine.podcastScript({ material: m, length: "long" });
    expectScriptRules(script, m);
    const lines = script.chapters.slice(1, -1).flatMap((c) => c.lines);
    const said = lines.map((l) => l.text).join("\n");
    expect(said).not.toContain("Why do you ask?");
    expect(said).not.toContain("Are there any figures"); // its answer was a question: both go
    expect(said.match(/Tell me more\./g)).toHaveLength(1);
    expect(said).toContain("The authors use a time slice here.");
    expect(said).toContain("Their notes say it is the main idea.");
    for (const line of lines.filter((l) => l.speaker === "host"))
      expect(line.text).not.toMatch(/\b(?:we|our)\b/i);
  });

  it("retries a 429 and then answers", async () => {
    const engine = await engineWith((call, n) =>
      n === 0 ? { status: 429, headers: { "retry-after-ms": "10" } } : goodChapter(call),
    );
    const script = await engine.podcastScript({ material: material(), length: "short" });
    expect(sectionLines(script).some((l) => l.text.includes("20 ms"))).toBe(true);
  });
});
