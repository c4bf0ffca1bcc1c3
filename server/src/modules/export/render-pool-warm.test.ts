import { afterEach, describe, expect, it, vi } from "vitest";
import { createRenderPool, type RenderPool } from "./render-pool";

const note = {
  noteId: "n1",
  title: "Cells",
  markdown:
    "# Cells\n\n## Mitosis\n\nMitosis divides one nucleus into two identical nuclei. The spindle apparatus pulls the sister chromatids apart.\n",
  outputLanguage: "en-US" as const,
  sources: [],
};

describe("render pool: a thread that loaded the NLP models", { timeout: 300_000 }, () => {
  let pool: RenderPool | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await pool?.close();
  });

  it("is kept past the idle window, and the next mind map runs on it instead of loading them again", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    pool = createRenderPool({ size: 2, idleMs: 1_000, warmIdleMs: 60_000 });
    const first = await pool.run("mind-map", note, "u1");
    expect(first.root.children.length).toBeGreaterThan(0);
    vi.advanceTimersByTime(5_000); // past the idle window, within the warm one
    expect(pool.stats().threads).toBe(1);
    await pool.run("mind-map", note, "u1");
    expect(pool.stats().starts).toBe(1);
    vi.advanceTimersByTime(60_001); // past the warm window too: the thread and its models go
    expect(pool.stats().threads).toBe(0);
  });
});
