import { describe, expect, it } from "vitest";
import { createIdleParser } from "./idle-parser";

/** A stand-in pool that records its life; `parse` waits for the test to let it finish. */
function fakePools() {
  const pools: { closed: boolean; parsed: string[] }[] = [];
  const gates: (() => void)[] = [];
  const start = () => {
    const pool = { closed: false, parsed: [] as string[] };
    pools.push(pool);
    return {
      async parse(file: string) {
        await new Promise<void>((resolve) => gates.push(resolve));
        pool.parsed.push(file);
        return `doc of ${file}`;
      },
      async close() {
        pool.closed = true;
      },
    };
  };
  const finishAll = async () => {
    while (gates.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    for (const gate of gates.splice(0)) gate();
  };
  return { pools, start, finishAll };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("idle parser pool", () => {
  it("starts no threads before the first file, and ends them once idle for the set time", async () => {
    const fake = fakePools();
    const parser = createIdleParser(fake.start, 80);
    expect(fake.pools).toHaveLength(0);
    const doc = parser.parse("a.pdf");
    await fake.finishAll();
    expect(await doc).toBe("doc of a.pdf");
    expect(parser.stats()).toMatchObject({ up: true, running: 0, starts: 1 });
    await sleep(30);
    expect(fake.pools[0]!.closed).toBe(false);
    await sleep(120);
    expect(fake.pools[0]!.closed).toBe(true);
    expect(parser.stats().up).toBe(false);
  });

  it("never ends a pool while a file is being read, however long it takes", async () => {
    const fake = fakePools();
    const parser = createIdleParser(fake.start, 20);
    const slow = parser.parse("slow.docx");
    await sleep(80);
    expect(fake.pools[0]!.closed).toBe(false);
    await fake.finishAll();
    await slow;
    await sleep(60);
    expect(fake.pools[0]!.closed).toBe(true);
  });

  it("keeps one pool through back-to-back files, and starts a fresh one after it was ended", async () => {
    const fake = fakePools();
    const parser = createIdleParser(fake.start, 60);
    for (const file of ["1.pdf", "2.pdf", "3.pdf"]) {
      const doc = parser.parse(file);
      await fake.finishAll();
      await doc;
      await sleep(10);
    }
    expect(fake.pools).toHaveLength(1);
    expect(fake.pools[0]!.parsed).toEqual(["1.pdf", "2.pdf", "3.pdf"]);
    await sleep(120);
    const later = parser.parse("4.pdf");
    await fake.finishAll();
    await later;
    expect(fake.pools).toHaveLength(2);
    expect(fake.pools[1]!.parsed).toEqual(["4.pdf"]);
    await parser.close();
    expect(fake.pools[1]!.closed).toBe(true);
  });
});
