import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, streamText } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "./fake-openai";

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const model = (url: string) =>
  createOpenAICompatible({ name: "fake", baseURL: url, apiKey: "k" }).chatModel("fake-model");
const prompt = '<section id="1.1" level="1">\nHeading: Intro\n[p. 3] Hello world.\n</section>';

describe("fake OpenAI-compatible server", () => {
  it("streams an answer in chunks (stream: true)", async () => {
    fake = await startFakeOpenAI();
    const result = streamText({ model: model(fake.url), prompt, maxRetries: 0 });
    const parts: string[] = [];
    for await (const t of result.textStream) parts.push(t);
    expect(parts.length).toBeGreaterThan(2);
    expect(JSON.parse(parts.join(""))).toEqual({
      sections: [{ id: "1.1", heading: "Intro", markdown: "- Hello world.", pages: [3] }],
    });
    expect(fake.calls[0]!.stream).toBe(true);
  });

  it("answers scripted steps in order: verbatim content, errors with headers, delays", async () => {
    fake = await startFakeOpenAI({
      script: [{ content: "not json" }, { status: 429, headers: { "retry-after": "2" } }, { delayMs: 300 }],
    });
    const m = model(fake.url);
    expect((await generateText({ model: m, prompt, maxRetries: 0 })).text).toBe("not json");
    const err = await generateText({ model: m, prompt, maxRetries: 0 }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      statusCode: 429,
      responseHeaders: expect.objectContaining({ "retry-after": "2" }),
    });
    const t = Date.now();
    await generateText({ model: m, prompt, maxRetries: 0 });
    expect(Date.now() - t).toBeGreaterThanOrEqual(290);
    expect(fake.calls.map((c) => c.status)).toEqual([200, 429, 200]);
  });

  it("counts requests in flight at once", async () => {
    fake = await startFakeOpenAI({ delayMs: 150 });
    const m = model(fake.url);
    await Promise.all([1, 2, 3].map(() => generateText({ model: m, prompt, maxRetries: 0 })));
    expect(fake.maxConcurrent).toBe(3);
  });
});
