import { describe, expect, it } from "vitest";
import { createFairQueue } from "./fair-queue";

const queue = (concurrency = 1) =>
  createFairQueue({
    concurrency,
    maxWaiting: 10,
    maxWaitingPerOwner: 4,
    tooMany: () => new Error("busy"),
    ownerTooMany: () => new Error("owner busy"),
  });

describe("fair queue", () => {
  it("hands freed slots out in turn across owners, not first come", async () => {
    const q = queue();
    const served: string[] = [];
    const first = await q.acquire("a");
    const waits = ["a1", "a2", "a3", "a4", "b1", "c1", "b2"].map((label) =>
      q.acquire(label[0]!).then((release) => {
        served.push(label);
        release();
      }),
    );
    expect(q.load).toEqual({ running: 1, waiting: 7, peakRunning: 1 });
    first();
    await Promise.all(waits);
    expect(served).toEqual(["a1", "b1", "c1", "a2", "b2", "a3", "a4"]);
    expect(q.load).toEqual({ running: 0, waiting: 0, peakRunning: 1 });
  });

  it("refuses an owner past its waiting cap and everyone past the total cap", async () => {
    const q = queue();
    const held = await q.acquire("a");
    const served = (release: () => void) => release();
    const waits = Array.from({ length: 4 }, () => q.acquire("a").then(served));
    await expect(q.acquire("a")).rejects.toThrow("owner busy");
    const others = Array.from({ length: 6 }, (_, i) => q.acquire(`u${i}`).then(served));
    await expect(q.acquire("z")).rejects.toThrow("busy");
    held();
    await Promise.all([...waits, ...others]);
    expect(q.load.running).toBe(0);
  });

  it("a release called twice frees one slot", async () => {
    const q = queue(2);
    const r1 = await q.acquire("a");
    r1();
    r1();
    expect(q.load.running).toBe(0);
  });
});
