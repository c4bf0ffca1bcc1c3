import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import { createParserPool } from "./parser-pool";
import { parseFile } from "./parse-file";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const fixture = (name: string) => path.resolve(repoRoot, "../shared/fixtures/documents", name);

describe("parser pool (real worker)", () => {
  const pool = createParserPool({ size: 2 });
  afterAll(() => pool.close());

  it("parses files in worker threads, several at once", async () => {
    const [pptx, doc, bomb] = await Promise.allSettled([
      pool.parse(fixture("en-sample-presentation-bullets.pptx"), { fileName: "deck.pptx" }),
      pool.parse(fixture("en-emphasized-text-table.doc")),
      pool.parse(fixture("zipbomb-large-size-archive.docx")),
    ]);
    expect(pptx.status === "fulfilled" && pptx.value.sections[0]?.heading).toBe("Title Slide");
    expect(doc.status === "fulfilled" && doc.value.format).toBe("doc");
    expect(bomb.status === "rejected" && (bomb.reason as { code: string }).code).toBe("FILE_CORRUPT");
  });

  it("reads a PDF split across both threads exactly as one thread reads it", async () => {
    const splitting = createParserPool({ size: 2, splitPdfBytes: 0 });
    try {
      const file = fixture("en-paper-tracemonkey-trace-jit.pdf");
      const split = await splitting.parse(file, { fileName: "tracemonkey.pdf" });
      const whole = await parseFile(await readFile(file), "tracemonkey.pdf");
      expect(split.sections.length).toBeGreaterThan(10);
      expect(split).toEqual(whole);
      await expect(splitting.parse(fixture("encrypted-user-password-is-password.pdf"))).rejects.toMatchObject(
        {
          code: "FILE_ENCRYPTED",
        },
      );
    } finally {
      await splitting.close();
    }
  });

  it("fails a missing file cleanly", async () => {
    await expect(pool.parse(fixture("no-such-file.pdf"))).rejects.toMatchObject({ code: "FILE_CORRUPT" });
  });
});

describe("parser pool survives bad workers", () => {
  const pool = createParserPool({
    size: 1,
    timeoutMs: 3_000,
    maxOldGenerationSizeMb: 256,
    workerUrl: new URL("./pool-test-worker.ts", import.meta.url),
  });
  afterAll(() => pool.close());

  it("fails a crashing file with FILE_CORRUPT and keeps serving", async () => {
    await expect(pool.parse("/tmp/crash")).rejects.toMatchObject({ code: "FILE_CORRUPT" });
    const doc = await pool.parse(fixture("en-moby-dick-headings-lists.docx"));
    expect(doc.sections.map((s) => s.heading)).toContain("A Heading 1");
    expect(pool.stats().restarts).toBeGreaterThanOrEqual(1);
  });

  it("kills a file that runs past the time limit (PARSE_TIMEOUT) and keeps serving", async () => {
    const started = Date.now();
    await expect(pool.parse("/tmp/hang")).rejects.toMatchObject({ code: "PARSE_TIMEOUT" });
    expect(Date.now() - started).toBeLessThan(10_000);
    const doc = await pool.parse(fixture("en-sample-adding-bullet-slide.ppt"));
    expect(doc.title).toBe("Adding a Bullet Slide");
  });
});

describe("parser pool heap cap", () => {
  it("fails a file whose worker runs out of heap with FILE_CORRUPT and keeps serving", async () => {
    // A time limit well past the seconds V8 may spend in last-resort GCs on a loaded machine.
    const roomy = createParserPool({
      size: 1,
      timeoutMs: 60_000,
      maxOldGenerationSizeMb: 256,
      workerUrl: new URL("./pool-test-worker.ts", import.meta.url),
    });
    try {
      await expect(roomy.parse("/tmp/oom")).rejects.toMatchObject({ code: "FILE_CORRUPT" });
      const doc = await roomy.parse(fixture("corrupt-helloworld-bad-xref.pdf"));
      expect(doc.sections[0]?.blocks[0]?.text).toBe("Hello, world!");
    } finally {
      await roomy.close();
    }
  });
});
