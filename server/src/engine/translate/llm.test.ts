import { afterEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../../test/fake-openai";
import { fakeTranslate, promptParts, translationScript } from "../../../test/fake-translation";
import { createEngine, createOfflineEngine } from "../index";
import { TranslateFailedError, TranslateNeedsModelError } from "./errors";
import { citationTargets, headingsOf, noteParts, pieceChunks, pieceProblem } from "./note-parts";

const note = [
  "# Operating systems",
  "",
  "> **Overview**",
  ">",
  "> - **Operating systems** (4 pages · 2 sections)",
  "",
  "## Scheduling",
  "",
  "**Round robin** gives each process a fixed time slice called a **quantum**.",
  "",
  "| Policy | Fairness |",
  "| --- | --- |",
  "| Round robin | high |",
  "",
  "*Sources:* [p. 1](#source=1&page=1) · [p. 2](#source=1&page=2)",
  "",
  "### Shortest job first",
  "",
  "- Minimises the average waiting time.",
  "- Needs to know how long each job runs.",
  "",
  "```",
  "# not a heading: code",
  "```",
  "",
  "*Sources:* [p. 2](#source=1&page=2)",
  "",
  "## Memory",
  "",
  "> **Paging** divides memory into fixed-size frames.",
  "",
  "*Sources:* [p. 3](#source=1&page=3) · [p. 4](#source=1&page=4)",
  "",
].join("\n");

/** The note with twelve more sections of ~120 words: too long for one request of a 2048-token model. */
const longNote =
  note +
  Array.from(
    { length: 12 },
    (_, i) =>
      `\n## Topic ${i + 1}\n\n${"Processes wait in a ready queue until the scheduler picks them. ".repeat(12)}\n\n*Sources:* [p. ${i + 5}](#source=1&page=${i + 5})\n`,
  ).join("");

describe("cutting a note for translation", () => {
  it("cuts at headings (not inside code), keeps every line, and cuts a large part at blank lines", () => {
    const parts = noteParts(note, 10_000);
    expect(parts.map((p) => p.heading)).toEqual([
      "Operating systems",
      "Scheduling",
      "Shortest job first",
      "Memory",
    ]);
    expect(parts.map((p) => p.pieces.map((x) => x.markdown).join("\n\n")).join("\n\n")).toBe(note.trimEnd());
    expect(headingsOf(note).map((h) => h.level)).toEqual([1, 2, 3, 2]);

    const small = noteParts(note, 30);
    const scheduling = small[1]!;
    expect(scheduling.pieces.length).toBeGreaterThan(1);
    expect(scheduling.pieces.map((p) => p.id)).toEqual(scheduling.pieces.map((_, i) => `P2.${i + 1}`));
    // a table is never cut in two
    expect(
      scheduling.pieces.some((p) =>
        p.markdown.includes("| Policy | Fairness |\n| --- | --- |\n| Round robin | high |"),
      ),
    ).toBe(true);
    expect(pieceChunks(small, 60).flat().length).toBe(small.flatMap((p) => p.pieces).length);
  });

  it("finds what a translation lost: a heading, a citation, a table row, a piece", () => {
    const part = noteParts(note, 10_000)[1]!.pieces[0]!.markdown;
    const good = fakeTranslate(part, "de");
    expect(pieceProblem(part, good)).toBeNull();
    expect(pieceProblem(part, good.replace("[p. 2](#source=1&page=2)", "S. 2"))).toMatch(/citations 2 → 1/);
    expect(pieceProblem(part, good.replace("## ", ""))).toMatch(/headings/);
    expect(pieceProblem(part, good.replace(/^\|.*high.*\|$/m, ""))).toBe("table rows");
    expect(pieceProblem(part, undefined)).toBe("missing");
    expect(pieceProblem(part, "  ")).toBe("empty");
    expect(citationTargets(part)).toEqual(["#source=1&page=1", "#source=1&page=2"]);
  });
});

describe("translation by the llm engine (fake OpenAI-compatible server)", () => {
  let fake: FakeOpenAI | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });
  const engineFor = (server: FakeOpenAI, contextTokens = 8000) =>
    createEngine(
      {
        aiBaseUrl: server.url,
        aiApiKey: "test",
        aiModel: "fake",
        aiContextTokens: contextTokens,
        aiConcurrency: 3,
      },
      { retryBaseMs: 1 },
    );

  it("translates every part, keeps structure and citation links, relabels citations, streams parts", async () => {
    fake = await startFakeOpenAI({ script: translationScript("de"), delayMs: 50 });
    const streamed: { index: number; total: number; heading: string }[] = [];
    const out = await engineFor(fake, 2048).translate({
      markdown: longNote,
      targetLanguage: "de-DE",
      onPart: (part, index, total) => streamed.push({ index, total, heading: part.heading }),
    });
    // small context: several requests, some at once
    expect(fake.calls.length).toBeGreaterThan(1);
    expect(fake.maxConcurrent).toBeGreaterThan(1);
    expect(fake.calls[0]!.prompt).toContain("German (de-DE)");
    expect(headingsOf(out.markdown)).toEqual(
      headingsOf(longNote).map((h) => ({ ...h, text: `[de] ${h.text}` })),
    );
    expect(citationTargets(out.markdown)).toEqual(citationTargets(longNote));
    expect(out.markdown).toContain("[S. 3](#source=1&page=3)");
    expect(out.markdown).not.toContain("[p. 3]");
    expect(out.markdown).toContain("| [de] Round robin | [de] high |");
    expect(out.markdown).toContain("# not a heading: code");
    expect(streamed.map((s) => s.index).sort((a, b) => a - b)).toEqual([...Array(16).keys()]);
    expect(streamed.every((s) => s.total === 16)).toBe(true);
    expect(streamed.find((s) => s.index === 15)?.heading).toBe("[de] Topic 12");
    expect(out.parts).toBe(16);
  });

  it("asks again, for that part alone, when a reply drops a citation", async () => {
    let spoiled = false;
    fake = await startFakeOpenAI({
      script: translationScript("fr", (part) => {
        if (spoiled || !part.markdown.includes("#source=1&page=3")) return undefined;
        spoiled = true;
        return fakeTranslate(part.markdown, "fr").replace(/ · \[p\. 4\]\(#source=1&page=4\)/, "");
      }),
    });
    const out = await engineFor(fake).translate({ markdown: note, targetLanguage: "fr-FR" });
    expect(spoiled).toBe(true);
    expect(fake.calls).toHaveLength(2);
    // the second request carries only the part that lost its citation
    const again = promptParts(fake.calls[1]!.prompt);
    expect(again.map((p) => p.markdown.includes("#source=1&page=4"))).toEqual([true]);
    expect(promptParts(fake.calls[0]!.prompt).length).toBeGreaterThan(again.length);
    expect(citationTargets(out.markdown)).toEqual(citationTargets(note));
    expect(out.markdown).toContain("[p. 4](#source=1&page=4)"); // French says "p." too
  });

  it("asks again after malformed JSON and a part left out", async () => {
    let n = 0;
    const good = translationScript("es");
    fake = await startFakeOpenAI({
      script: (call, i) => {
        n++;
        if (n === 1) return { content: "{not json" };
        if (n === 2) {
          const step = good(call, i) as { json: { parts: { id: string }[] } };
          return { json: { parts: step.json.parts.slice(1) } };
        }
        return good(call, i);
      },
    });
    const out = await engineFor(fake).translate({ markdown: note, targetLanguage: "es-ES" });
    expect(fake.calls.length).toBe(3);
    expect(headingsOf(out.markdown)).toHaveLength(4);
    expect(out.markdown.startsWith("# [es] Operating systems")).toBe(true);
  });

  it("fails with TranslateFailedError when the model keeps dropping a heading", async () => {
    fake = await startFakeOpenAI({
      script: translationScript("ja", (part) => fakeTranslate(part.markdown, "ja").replace(/^#+ /gm, "")),
    });
    const error = await engineFor(fake)
      .translate({ markdown: note, targetLanguage: "ja-JP" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranslateFailedError);
    expect((error as Error).message).toMatch(/after 3 attempts/);
    expect(fake.calls).toHaveLength(3);
  });

  it("the offline engine cannot translate", async () => {
    await expect(
      createOfflineEngine().translate({ markdown: note, targetLanguage: "zh-CN" }),
    ).rejects.toBeInstanceOf(TranslateNeedsModelError);
  });
});
