import type { SourceDocument } from "@beannote/contract";
import { describe, expect, it } from "vitest";
import { runNotesCommand } from "./notes-command";

const doc = (title: string, page: number): SourceDocument => ({
  title,
  format: "pdf",
  language: "en",
  pageCount: page,
  sections: [
    {
      heading: `${title} basics`,
      level: 1,
      blocks: [
        {
          type: "paragraph",
          page,
          text: `${title} is a topic that students study in the first year of the course.`,
        },
      ],
    },
  ],
});

async function run(argv: string[]) {
  let out = "";
  let err = "";
  const parsed: string[] = [];
  const code = await runNotesCommand(argv, {
    parse: async (p) => {
      parsed.push(p);
      if (p.endsWith("broken.pdf")) throw new Error("file is corrupt");
      return doc(p.endsWith("b.pdf") ? "Biology" : "Algebra", p.endsWith("b.pdf") ? 2 : 1);
    },
    out: (s) => (out += s),
    err: (s) => (err += s),
  });
  return { code, out, err, parsed };
}

describe("cli notes", () => {
  it("prints the note of several files in the chosen language and level", async () => {
    const r = await run(["a.pdf", "b.pdf", "--lang", "zh-CN", "--detail", "simple", "--title", "My notes"]);
    expect(r.code).toBe(0);
    expect(r.parsed).toHaveLength(2);
    expect(r.out.split("\n")[0]).toBe("# My notes");
    expect(r.out).toContain("## a.pdf");
    expect(r.out).toContain("## b.pdf");
    expect(r.out).toContain("[第 2 页](#source=2&page=2)");
    expect(r.out).toContain("> **概览**");
  });

  it("titles the note after the first document by default", async () => {
    const r = await run(["a.pdf", "--lang=en-US"]);
    expect(r.code).toBe(0);
    expect(r.out.split("\n")[0]).toBe("# Algebra");
    expect(r.out).toContain("[p. 1](#source=1&page=1)");
  });

  it("rejects bad options with the usage line", async () => {
    for (const argv of [[], ["a.pdf", "--lang", "xx"], ["a.pdf", "--detail", "long"], ["a.pdf", "--bogus"]]) {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(r.err).toContain("usage: npm run cli -- notes");
      expect(r.out).toBe("");
    }
  });

  it("reports a file that cannot be parsed", async () => {
    const r = await run(["broken.pdf"]);
    expect(r.code).toBe(2);
    expect(r.err).toBe("broken.pdf: file is corrupt\n");
  });
});
