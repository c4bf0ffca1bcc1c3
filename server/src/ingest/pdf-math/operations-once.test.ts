import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";

const reads = vi.hoisted(() => ({ pages: [] as number[] }));
vi.mock("./content-rules", async (importOriginal) => {
  const real = await importOriginal<typeof import("./content-rules")>();
  return {
    ...real,
    pageOperations: (...args: Parameters<typeof real.pageOperations>) => {
      reads.pages.push(args[1].num);
      return real.pageOperations(...args);
    },
  };
});

const { parseFile } = await import("../parse-file");

const here = path.dirname(fileURLToPath(import.meta.url));
const sharedFixture = (name: string) =>
  readFileSync(path.resolve(here, "../../../../../shared/fixtures/documents", name));

describe("a page's content streams", () => {
  it("are read once for formula recovery's rules and the page's tables", async () => {
    reads.pages = [];
    // past its first pages (read at once, each naming its fonts from pdf.js's operator list) its fonts are known
    const doc = await parseFile(sharedFixture("zh-lecture-notes-math-physics-methods.pdf"), "zh.pdf");
    expect(doc.pageCount).toBeGreaterThan(8);
    expect(reads.pages.length).toBeGreaterThan(0);
    expect(new Set(reads.pages).size).toBe(reads.pages.length);
  });
});
