import { describe, expect, it } from "vitest";
import { checkFile, extensionOf, shownPageCount } from "./use-file-uploads";

const MB = 1024 * 1024;

describe("checkFile (before any byte is sent)", () => {
  it("accepts the five formats whatever the case of the extension", () => {
    for (const name of ["a.pdf", "b.DOCX", "c.pptx", "d.doc", "e.Ppt"])
      expect(checkFile({ name, size: 10 }, 100 * MB), name).toBeUndefined();
  });
  it("refuses other formats as unsupported", () => {
    expect(checkFile({ name: "notes.txt", size: 10 }, 100 * MB)).toEqual({ kind: "unsupported" });
    expect(checkFile({ name: "pdf", size: 10 }, 100 * MB)).toEqual({ kind: "unsupported" });
  });
  it("refuses a file over the configured limit as too large", () => {
    expect(checkFile({ name: "big.pdf", size: 100 * MB + 1 }, 100 * MB)).toEqual({ kind: "tooLarge" });
    expect(checkFile({ name: "ok.pdf", size: 100 * MB }, 100 * MB)).toBeUndefined();
  });
  it("reads the extension after the last dot", () => {
    expect(extensionOf("lecture.v2.PDF")).toBe(".pdf");
    expect(extensionOf("README")).toBe("");
  });
});

describe("shownPageCount", () => {
  it("states the pages of fixed layouts, not of flowing DOCX and DOC files", () => {
    expect(shownPageCount({ format: "pdf", pageCount: 14 })).toBe(14);
    expect(shownPageCount({ format: "pptx", pageCount: 4 })).toBe(4);
    expect(shownPageCount({ format: "docx", pageCount: 2 })).toBeNull();
    expect(shownPageCount({ format: "doc", pageCount: 40 })).toBeNull();
  });
});
