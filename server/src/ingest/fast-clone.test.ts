import { afterEach, describe, expect, it } from "vitest";
import { installFastStructuredClone } from "./fast-clone";

describe("installFastStructuredClone", () => {
  const real = globalThis.structuredClone;
  afterEach(() => {
    globalThis.structuredClone = real;
  });

  it("copies plain data deeply, as structuredClone would, but shares binary buffers", () => {
    installFastStructuredClone();
    const bytes = new Uint8Array([1, 2, 3]);
    const message = {
      items: [{ str: "ﬁrst", transform: [1, 0, 0, 1, 72, 700] }],
      nested: { ok: true },
      bytes,
    };
    const copy = structuredClone(message);
    expect(copy).toEqual(message);
    expect(copy.items).not.toBe(message.items);
    message.items.length = 0; // pdf.js empties its buffer after sending: the copy must not change
    expect(copy.items).toHaveLength(1);
    expect(copy.bytes).toBe(bytes);
  });

  it("falls back to the real clone for anything that is not plain data", () => {
    installFastStructuredClone();
    const date = new Date(0);
    const map = new Map([["a", 1]]);
    const copy = structuredClone({ date, map });
    expect(copy.date).toEqual(date);
    expect(copy.date).not.toBe(date);
    expect(copy.map.get("a")).toBe(1);
  });
});
