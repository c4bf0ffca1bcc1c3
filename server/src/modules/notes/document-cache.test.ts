import type { SourceDocument } from "@beannote/contract";
import { describe, expect, it } from "vitest";
import { createDocumentCache } from "./document-cache";

/** A document whose JSON weighs about `bytes`. */
const documentOf = (title: string, bytes = 100): SourceDocument => ({
  title,
  format: "pdf",
  language: "en",
  pageCount: 1,
  sections: [{ heading: "", level: 1, blocks: [{ type: "paragraph", text: "x".repeat(bytes), page: 1 }] }],
});

/** A loader that counts its reads. */
function loader(document: SourceDocument) {
  const reads = { count: 0 };
  const load = async () => {
    reads.count += 1;
    return document;
  };
  return { load, reads };
}

describe("parsed documents cache", () => {
  it("reads a document once for its file and hash, again for another hash", async () => {
    const cache = createDocumentCache({ maxBytes: 10_000 });
    const first = loader(documentOf("v1"));
    expect((await cache.get("f1", "hash-1", first.load)).title).toBe("v1");
    expect((await cache.get("f1", "hash-1", first.load)).title).toBe("v1");
    // At once, too: two readers of a document being read share its read.
    await Promise.all([cache.get("f1", "hash-1", first.load), cache.get("f1", "hash-1", first.load)]);
    expect(first.reads.count).toBe(1);

    const second = loader(documentOf("v2"));
    expect((await cache.get("f1", "hash-2", second.load)).title).toBe("v2");
    expect(second.reads.count).toBe(1);
    expect(cache.stats().documents).toBe(1);
  });

  it("keeps the most recently used documents within its bound", async () => {
    const one = JSON.stringify(documentOf("a", 1000)).length;
    const cache = createDocumentCache({ maxBytes: 2 * one + 10 });
    const a = loader(documentOf("a", 1000));
    const b = loader(documentOf("b", 1000));
    const c = loader(documentOf("c", 1000));
    await cache.get("a", "h", a.load);
    await cache.get("b", "h", b.load);
    await cache.get("a", "h", a.load); // a is now the most recent: b goes first
    await cache.get("c", "h", c.load);
    expect(cache.stats()).toEqual({ documents: 2, bytes: 2 * one });
    await cache.get("a", "h", a.load);
    await cache.get("c", "h", c.load);
    expect([a.reads.count, c.reads.count]).toEqual([1, 1]);
    await cache.get("b", "h", b.load);
    expect(b.reads.count).toBe(2);
  });

  it("keeps neither a document larger than its bound nor a failed read", async () => {
    const cache = createDocumentCache({ maxBytes: 500 });
    const big = loader(documentOf("big", 1000));
    await cache.get("big", "h", big.load);
    await cache.get("big", "h", big.load);
    expect(big.reads.count).toBe(2);

    let fail = true;
    const flaky = async () => {
      if (fail) throw new Error("storage down");
      return documentOf("back");
    };
    await expect(cache.get("f", "h", flaky)).rejects.toThrow("storage down");
    fail = false;
    expect((await cache.get("f", "h", flaky)).title).toBe("back");
  });

  it("hands out frozen documents, so no reader changes another's", async () => {
    const cache = createDocumentCache({ maxBytes: 10_000 });
    const document = await cache.get("f", "h", loader(documentOf("t")).load);
    expect(Object.isFrozen(document)).toBe(true);
    expect(Object.isFrozen(document.sections[0]!.blocks[0])).toBe(true);
  });
});
