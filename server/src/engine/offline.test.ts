import { OUTPUT_LANGUAGES, type SourceDocument } from "@beannote/contract";
import { describe, expect, it } from "vitest";
import { bodyLength, contentLines, groundedness, headingCoverage } from "../../test/note-quality";
import { createEngine, labelsFor, type NoteRequest, type NoteSectionOut } from "./index";

const cells: SourceDocument = {
  title: "Cell Biology",
  format: "pdf",
  language: "en",
  pageCount: 6,
  sections: [
    {
      heading: "Contents",
      level: 1,
      blocks: [{ type: "paragraph", page: 1, text: "1 Introduction ........ 2\n2 Organelles ........ 3" }],
    },
    {
      heading: "1 Introduction",
      level: 1,
      blocks: [
        {
          type: "paragraph",
          page: 2,
          text: "A cell is the basic structural and functional unit of all known living organisms. Cells were first observed by Robert Hooke in 1665 using a simple microscope. The cell membrane surrounds every cell and controls which substances enter and leave the cell. Most cells are between 1 and 100 micrometres across, too small to see without a microscope. The cell membrane is built from a phospholipid bilayer with embedded proteins.",
        },
        { type: "paragraph", page: 2, text: "Cell Biology — Lecture Notes" },
        { type: "paragraph", page: 2, text: "2" },
        {
          type: "list",
          page: 2,
          items: [
            "Prokaryotic cells lack a nucleus",
            "Eukaryotic cells have a nucleus",
            "Plant cells also have a cell wall",
          ],
        },
      ],
    },
    {
      heading: "2 Organelles",
      level: 1,
      blocks: [
        {
          type: "paragraph",
          page: 3,
          text: "Organelles are specialised structures inside the cell. Mitochondria are the organelles that produce ATP through cellular respiration. The nucleus contains the genetic material of the cell and controls gene expression. Ribosomes assemble proteins from amino acids using messenger RNA. The endoplasmic reticulum folds and transports proteins inside the cell.",
        },
        { type: "paragraph", page: 3, text: "Cell Biology — Lecture Notes" },
        {
          type: "table",
          page: 4,
          rows: [
            ["Organelle", "Function", "Found in"],
            ["Nucleus", "Stores DNA", "Eukaryotes"],
            ["Mitochondrion", "Makes ATP", "Eukaryotes"],
            ["Ribosome", "Builds proteins | peptides", "All cells"],
          ],
        },
        { type: "paragraph", page: 4, text: "Cell Biology — Lecture Notes" },
        { type: "paragraph", page: 4, text: "© 2024 Example University. All rights reserved." },
      ],
    },
    {
      heading: "2.1 Mitochondria",
      level: 2,
      blocks: [
        {
          type: "paragraph",
          page: 5,
          text: "Mitochondria have their own DNA, which is inherited from the mother. The inner membrane of mitochondria is folded into cristae that increase its surface area. Cellular respiration in mitochondria turns glucose and oxygen into ATP, carbon dioxide and water. A cell may contain hundreds or thousands of mitochondria.",
        },
        { type: "paragraph", page: 5, text: "Cell Biology — Lecture Notes" },
      ],
    },
    {
      heading: "References",
      level: 1,
      blocks: [{ type: "paragraph", page: 6, text: "[1] Hooke, R. Micrographia. London, 1665." }],
    },
  ],
};

const zhDoc: SourceDocument = {
  title: "复变函数",
  format: "docx",
  language: "zh",
  pageCount: 2,
  sections: [
    {
      heading: "解析函数",
      level: 1,
      blocks: [
        {
          type: "paragraph",
          page: 1,
          text: "若函数在区域内每一点都可导，则称该函数为区域内的解析函数。解析函数的实部和虚部满足柯西黎曼条件。柯西黎曼条件是函数可导的必要条件。解析函数的实部和虚部都是调和函数。",
        },
      ],
    },
    {
      heading: "留数定理",
      level: 1,
      blocks: [
        {
          type: "paragraph",
          page: 2,
          text: "留数是指函数在孤立奇点处洛朗展开式中负一次幂项的系数。留数定理把围道积分化为留数之和。利用留数定理可以计算许多实积分。留数定理是复变函数中最重要的定理之一。",
        },
      ],
    },
  ],
};

function request(doc: SourceDocument, over: Partial<NoteRequest> = {}): NoteRequest {
  return {
    sources: [{ doc, fileName: "cells.pdf" }],
    title: "Study notes",
    outputLanguage: "en-US",
    detailLevel: "detail",
    ...over,
  };
}

const offline = createEngine({ aiContextTokens: 8000, aiConcurrency: 2 });

/** A long synthetic lecture: `n` sections of varied sentences on consecutive pages. */
function longDoc(sections: number, sentencesPer: number): SourceDocument {
  const topics = [
    "entropy",
    "enthalpy",
    "pressure",
    "volume",
    "temperature",
    "equilibrium",
    "catalyst",
    "reaction rate",
  ];
  return {
    title: "Thermodynamics",
    format: "pdf",
    language: "en",
    pageCount: sections * 2,
    sections: Array.from({ length: sections }, (_, s) => ({
      heading: `Chapter ${s + 1}: ${topics[s % topics.length]}`,
      level: 1,
      blocks: Array.from({ length: 2 }, (_, p) => ({
        type: "paragraph" as const,
        page: s * 2 + p + 1,
        text: Array.from(
          { length: Math.ceil(sentencesPer / 2) },
          (_, i) =>
            `The ${topics[(s + i) % topics.length]} of system ${s}-${p}-${i} changes when the ${topics[(i * 3 + p) % topics.length]} rises by ${i + 2} units in experiment ${s * 100 + i}.`,
        ).join(" "),
      })),
    })),
  };
}

describe("offline engine", () => {
  it("follows the source's structure: every content section appears, in order, at its level", async () => {
    const note = await offline.generateNote(request(cells));
    expect(note.engine).toBe("offline");
    const headings = note.markdown.split("\n").filter((l) => l.startsWith("#"));
    expect(headings).toEqual([
      "# Study notes",
      "## 1 Introduction",
      "## 2 Organelles",
      "### 2.1 Mitochondria",
    ]);
    expect(headingCoverage(cells, note.markdown).share).toBe(1);
    expect(note.sections.map((s) => s.heading)).toEqual([
      "1 Introduction",
      "2 Organelles",
      "2.1 Mitochondria",
    ]);
  });

  it("drops boilerplate: contents, references, running headers, page numbers, copyright lines", async () => {
    const note = await offline.generateNote(request(cells));
    expect(note.markdown).not.toMatch(
      /Contents|References|Micrographia|Lecture Notes|All rights reserved|\.{4}/,
    );
    expect(note.markdown.split("\n")).not.toContain("2");
  });

  it("keeps tables as GFM tables, lists as lists, quotes definitions and bolds key terms", async () => {
    const note = await offline.generateNote(request(cells));
    const md = note.markdown;
    expect(md).toContain(
      "| Organelle | Function | Found in |\n| --- | --- | --- |\n| Nucleus | Stores DNA | Eukaryotes |",
    );
    expect(md).toContain("| Ribosome | Builds proteins \\| peptides | All cells |");
    expect(md).toMatch(/^- Prokaryotic \*{0,2}cells\*{0,2} lack a \*{0,2}nucleus\*{0,2}$/m);
    expect(md).toMatch(
      /^> A \*\*cell\*\* is the basic structural and functional unit of all known living organisms\.$/m,
    );
    expect(md).toMatch(/^> \*\*Mitochondria\*\* are the organelles that produce ATP/m);
    expect(md.match(/\*\*[^*]+\*\*/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
  });

  it("cites exactly the pages its sentences came from, as localised links", async () => {
    const note = await offline.generateNote(request(cells));
    const byHeading = Object.fromEntries(note.sections.map((s) => [s.heading, s]));
    expect(byHeading["1 Introduction"]!.pages).toEqual([{ source: 1, page: 2 }]);
    expect(byHeading["2 Organelles"]!.pages).toEqual([
      { source: 1, page: 3 },
      { source: 1, page: 4 },
    ]);
    expect(byHeading["2 Organelles"]!.markdown).toMatch(
      /\*Sources:\* \[p\. 3\]\(#source=1&page=3\) · \[p\. 4\]\(#source=1&page=4\)$/,
    );
    for (const s of note.sections)
      expect(s.markdown.trim().split("\n").at(-1)).toMatch(/\]\(#source=1&page=\d+\)$/);
    const g = groundedness(note, [cells]);
    expect(g.ungrounded).toEqual([]);
    expect(g.lines).toBeGreaterThan(5);
  });

  it("writes less for simple than for detail", async () => {
    const doc = longDoc(6, 24);
    const simple = await offline.generateNote(request(doc, { detailLevel: "simple" }));
    const detail = await offline.generateNote(request(doc, { detailLevel: "detail" }));
    expect(bodyLength(simple)).toBeLessThan(bodyLength(detail) * 0.6);
    expect(headingCoverage(doc, simple.markdown).share).toBe(1);
    expect(groundedness(simple, [doc]).share).toBe(1);
    expect(groundedness(detail, [doc]).share).toBe(1);
  });

  it("keeps Chinese text as written, with no spaces inserted, and labels in Chinese", async () => {
    const note = await offline.generateNote(request(zhDoc, { outputLanguage: "zh-CN" }));
    expect(note.notice).toBeUndefined();
    const body = note.sections.flatMap((s) => contentLines(s.markdown));
    expect(body.length).toBeGreaterThan(0);
    const source = zhDoc.sections.flatMap((s) => s.blocks.map((b) => b.text)).join("");
    for (const line of body) {
      const plain = line.replace(/^> /, "").replace(/\*\*/g, "");
      expect(plain).not.toMatch(/\p{Script=Han} \p{Script=Han}/u);
      for (const sentence of plain.split(/(?<=。)/)) expect(source).toContain(sentence);
    }
    expect(note.markdown).toContain("> **概览**");
    expect(note.markdown).toContain("*出处：* [第 1 页](#source=1&page=1)");
    expect(note.markdown).toMatch(/^> \*\*留数\*\*是指函数在孤立奇点处/m);
    expect(groundedness(note, [zhDoc], "zh").share).toBe(1);
  });

  it.each(OUTPUT_LANGUAGES)("writes its own labels in %s", async (lang) => {
    const note = await offline.generateNote(request(cells, { outputLanguage: lang }));
    const labels = labelsFor(lang);
    expect(note.markdown).toContain(`> **${labels.overview}**`);
    expect(note.markdown).toContain(`[${labels.page(2)}](#source=1&page=2)`);
    expect(note.markdown).toContain(`*${labels.sources}${labels.colon}*`);
    if (lang === "en-US") expect(note.notice).toBeUndefined();
    else {
      // the body stays English: say so, in the output language, on the line under the title
      expect(note.notice).toBeDefined();
      expect(note.markdown.split("\n")[2]).toBe(`*${note.notice}*`);
      expect(note.notice).toBe(
        labels.offlineLanguageNotice(new Intl.DisplayNames([lang], { type: "language" }).of("en")!),
      );
    }
  });

  it("puts an overview blockquote at the top that indexes the sections", async () => {
    const note = await offline.generateNote(request(cells));
    const lines = note.markdown.split("\n");
    expect(lines[0]).toBe("# Study notes");
    const quote = lines.slice(
      2,
      lines.findIndex((l, i) => i > 2 && !l.startsWith(">")),
    );
    expect(quote[0]).toBe("> **Overview**");
    expect(quote.join("\n")).toContain("1 Introduction · 2 Organelles");
    expect(quote.join("\n")).toMatch(/\*\*Key terms:\*\* /);
  });

  it("indexes level-2 sections in the overview when level 1 holds only the title", async () => {
    const paper: SourceDocument = {
      ...cells,
      sections: [
        {
          heading: "A Paper Title",
          level: 1,
          blocks: [
            { type: "paragraph", page: 1, text: "Ada Lovelace and Alan Turing wrote this paper together." },
          ],
        },
        ...cells.sections.slice(1, 3).map((s) => ({ ...s, level: 2 })),
      ],
    };
    const note = await offline.generateNote(request(paper));
    expect(note.markdown).toContain("(6 pages · 3 sections): A Paper Title · 1 Introduction · 2 Organelles");
  });

  it("gives each source its own part and cites pages per source", async () => {
    const note = await offline.generateNote({
      sources: [
        { doc: cells, fileName: "cells.pdf" },
        { doc: zhDoc, fileName: "复变.docx" },
      ],
      title: "Two files",
      outputLanguage: "en-US",
      detailLevel: "simple",
    });
    const headings = note.markdown.split("\n").filter((l) => l.startsWith("#"));
    expect(headings).toEqual([
      "# Two files",
      "## cells.pdf",
      "### 1 Introduction",
      "### 2 Organelles",
      "#### 2.1 Mitochondria",
      "## 复变.docx",
      "### 解析函数",
      "### 留数定理",
    ]);
    expect(note.markdown).toContain("(#source=2&page=2)");
    expect(note.sections.find((s) => s.heading === "留数定理")!.pages).toEqual([{ source: 2, page: 2 }]);
    expect(note.notice).toMatch(/Chinese/);
  });

  it("reports each section as it is written, and is deterministic", async () => {
    const seen: [NoteSectionOut, number, number][] = [];
    const a = await offline.generateNote(request(cells), (s, i, n) => seen.push([s, i, n]));
    const b = await offline.generateNote(request(cells));
    expect(seen.map(([s, i, n]) => [s.heading, i, n])).toEqual(a.sections.map((s, i) => [s.heading, i, 3]));
    expect(b.markdown).toBe(a.markdown);
  });

  it("bolds the author's bold terms and lists them first among the key terms; a bold label is no term", async () => {
    const doc: SourceDocument = {
      title: "Cells",
      format: "docx",
      language: "en",
      pageCount: 1,
      sections: [
        {
          heading: "Membranes",
          level: 1,
          blocks: [
            {
              type: "paragraph",
              page: 1,
              text: "The membrane contains cholesterol, which keeps it fluid at low temperatures. Proteins span the membrane and carry molecules across it.",
              emphasis: ["cholesterol"],
            },
            { type: "paragraph", page: 1, text: "Note: membranes are thin.", emphasis: ["Note"] },
          ],
        },
      ],
    };
    const note = await offline.generateNote(request(doc));
    expect(note.markdown).toContain("contains **cholesterol**, which");
    expect(note.markdown).toMatch(/\*\*Key terms:\*\* cholesterol/);
    expect(note.markdown).not.toContain("**Note**");
  });

  it("names untitled sections and keeps a chapter heading whose content is in its subsections", async () => {
    const doc: SourceDocument = {
      title: "Slides",
      format: "pptx",
      language: "en",
      pageCount: 3,
      sections: [
        {
          heading: "",
          level: 1,
          blocks: [{ type: "list", page: 1, items: ["Welcome to the course on algorithms"] }],
        },
        { heading: "Part I", level: 1, blocks: [] },
        {
          heading: "Sorting",
          level: 2,
          blocks: [{ type: "list", page: 2, items: ["Quicksort runs in O(n log n) on average"] }],
        },
        { heading: "", level: 2, blocks: [{ type: "list", page: 3, items: ["Merge sort is stable"] }] },
        { heading: "Empty", level: 1, blocks: [] },
      ],
    };
    const note = await offline.generateNote(request(doc));
    const headings = note.markdown.split("\n").filter((l) => l.startsWith("#"));
    // untitled text after a section continues it: no heading that is a page number
    expect(headings).toEqual(["# Study notes", "## Introduction", "## Part I", "### Sorting"]);
    expect(note.markdown).toContain("Merge sort is stable");
    expect(note.markdown).toContain("- Quicksort runs in O(n log n) on average");
  });

  it("keeps a textbook chapter's title over its sections when the file is named after the chapter", async () => {
    const para = (page: number, text: string) => ({ type: "paragraph" as const, page, text });
    const body = (page: number, topic: string) =>
      para(
        page,
        `${topic}是复变函数论的重要内容。利用${topic}可以计算许多实变函数的积分，这种方法在物理中应用广泛。`,
      );
    const doc: SourceDocument = {
      title: "第3章 留数定理",
      format: "pdf",
      language: "zh",
      pageCount: 5,
      sections: [
        { heading: "", level: 1, blocks: [para(1, "数学物理方法讲义，二〇二三年秋季学期，物理学院。")] },
        { heading: "第3章 留数定理", level: 1, blocks: [body(2, "留数定理")] },
        { heading: "3.1 留数的计算", level: 2, blocks: [body(3, "留数")] },
        { heading: "3.2 有理三角积分", level: 2, blocks: [body(4, "三角积分")] },
        { heading: "3.3 无穷积分", level: 2, blocks: [body(5, "无穷积分")] },
      ],
    };
    const note = await offline.generateNote(request(doc, { outputLanguage: "zh-CN" }));
    const headings = note.markdown.split("\n").filter((l) => /^#{2,} /.test(l));
    expect(headings).toEqual([
      "## 引言",
      "## 第3章 留数定理",
      "### 3.1 留数的计算",
      "### 3.2 有理三角积分",
      "### 3.3 无穷积分",
    ]);
  });

  it("names no section by its page when a paper's title heading follows text of the first page", async () => {
    const para = (page: number, text: string) => ({ type: "paragraph" as const, page, text });
    const doc: SourceDocument = {
      title: "Trace-based Compilation",
      format: "pdf",
      language: "en",
      pageCount: 3,
      sections: [
        {
          heading: "",
          level: 1,
          blocks: [para(1, "Published at the Conference on Programming Language Design, June 2009.")],
        },
        {
          heading: "Trace-based Compilation",
          level: 1,
          blocks: [
            para(1, "Dynamic languages such as JavaScript are harder to compile than statically typed ones."),
          ],
        },
        {
          heading: "Background",
          level: 2,
          blocks: [para(2, "A trace is a path through the program that a loop takes often.")],
        },
        {
          heading: "Results",
          level: 2,
          blocks: [para(3, "The compiler runs the benchmarks up to ten times faster.")],
        },
      ],
    };
    const note = await offline.generateNote(request(doc));
    const headings = note.markdown.split("\n").filter((l) => /^#{2,} /.test(l));
    expect(headings.filter((h) => /Page \d|Trace-based Compilation/.test(h))).toEqual([]);
    expect(headings).toContain("## Background");
    expect(headings).toContain("## Results");
  });

  it("says Introduction once: an untitled opening takes the document's title when the source has an introduction", async () => {
    const para = (page: number, text: string) => ({ type: "paragraph" as const, page, text });
    const doc: SourceDocument = {
      title: "Handbook",
      format: "docx",
      language: "en",
      pageCount: 4,
      sections: [
        {
          heading: "",
          level: 1,
          blocks: [para(1, "Executive Office for United States Trustees, April 2004.")],
        },
        {
          heading: "CHAPTER 1 – INTRODUCTION",
          level: 1,
          blocks: [para(2, "The trustee manages the plan and pays the creditors.")],
        },
        {
          heading: "CHAPTER 2 – DUTIES",
          level: 1,
          blocks: [para(4, "The trustee files a final report when the case closes.")],
        },
      ],
    };
    const note = await offline.generateNote(request(doc));
    const headings = note.markdown.split("\n").filter((l) => l.startsWith("## "));
    expect(headings).toEqual(["## Handbook", "## CHAPTER 1 – INTRODUCTION", "## CHAPTER 2 – DUTIES"]);
    // a DOCX flows: its page count is a guess, so the overview does not state one
    expect(note.markdown).toContain("**Handbook** (3 sections)");
  });

  it("does not repeat the document's title as a section, nor keep a title page's date as one", async () => {
    const para = (page: number, text: string) => ({ type: "paragraph" as const, page, text });
    const doc: SourceDocument = {
      title: "Calculus Notes",
      format: "pdf",
      language: "en",
      pageCount: 3,
      sections: [
        {
          heading: "Calculus Notes",
          level: 1,
          blocks: [para(1, "Calculus Notes"), para(1, "April 1, 2025")],
        },
        {
          heading: "Limits",
          level: 1,
          blocks: [para(2, "A limit describes the value a function approaches.")],
        },
        {
          heading: "Derivatives",
          level: 1,
          blocks: [para(3, "The derivative measures the rate of change.")],
        },
      ],
    };
    const note = await offline.generateNote(request(doc));
    expect(note.markdown.split("\n").filter((l) => l.startsWith("#"))).toEqual([
      "# Study notes",
      "## Limits",
      "## Derivatives",
    ]);
    expect(note.markdown).toContain("): Limits · Derivatives\n");
  });

  it("keeps a short list whole and leaves figure labels, code, table rows and half-sentences out", async () => {
    const sentences = [
      "Garbage collection reclaims memory that the program can no longer reach.",
      "A tracing collector starts from the roots and marks every object it can reach from them.",
      "The sweep phase then frees every object that was not marked during the trace.",
      "Reference counting frees an object as soon as its last reference disappears, but it cannot free cycles.",
      "Generational collectors exploit the observation that most objects die young.",
      "They collect the young generation often and the old generation rarely, which keeps pauses short.",
      "Incremental collectors interleave small steps of collection with the running program.",
      "Concurrent collectors run on another thread while the program keeps running on its own.",
    ];
    const doc: SourceDocument = {
      title: "Memory",
      format: "pdf",
      language: "en",
      pageCount: 2,
      sections: [
        {
          heading: "Garbage collection",
          level: 1,
          blocks: [
            { type: "paragraph", page: 1, text: sentences.slice(0, 4).join(" ") },
            {
              type: "paragraph",
              page: 1,
              text: "Closed Linked Linked Linked Number Boolean String Trunk Trace",
            },
            {
              type: "paragraph",
              page: 1,
              text: "// (*) store primes to interpreter stack mov esi, ebx(764)",
            },
            {
              type: "paragraph",
              page: 1,
              text: "- 56.5 39.2 - 40.2 46.8 - Single REALMNews 40.4 BM25 Single DPR",
            },
            {
              type: "paragraph",
              page: 2,
              text: "inner loops become hot first), leading to much greater tail duplication.",
            },
            {
              type: "list",
              page: 2,
              items: ["Mark and sweep", "Copying", "Reference counting", "Generational"],
            },
            { type: "paragraph", page: 2, text: sentences.slice(4).join(" ") },
          ],
        },
      ],
    };
    const md = (await offline.generateNote(request(doc))).markdown;
    for (const debris of ["Linked Linked", "mov esi", "56.5 39.2", "inner loops become hot"])
      expect(md).not.toContain(debris);
    const list = md.split("\n").filter((l) => l.startsWith("- ") && !l.includes("**Memory**"));
    if (list.length > 0)
      expect(list).toEqual(["- Mark and sweep", "- Copying", "- Reference counting", "- Generational"]);
    expect(bodyLength(await offline.generateNote(request(doc)))).toBeLessThan(
      sentences.join(" ").length * 0.6,
    );
  });

  it("quotes definitions but not clauses that merely contain 'is a', and skips worksheet blanks", async () => {
    const doc: SourceDocument = {
      title: "Physics",
      format: "doc",
      language: "en",
      pageCount: 1,
      sections: [
        {
          heading: "Charges",
          level: 1,
          blocks: [
            {
              type: "paragraph",
              page: 1,
              text: "If the charge is an electron in a wire, it travels only a short distance. Thus the motion of the electron is a series of curved arcs. Current refers to the rate of flow of electric charge. Loop length: ________ cm.",
            },
          ],
        },
      ],
    };
    const md = (await offline.generateNote(request(doc))).sections[0]!.markdown;
    expect(md.split("\n").filter((l) => l.startsWith("> "))).toEqual([
      "> **Current** refers to the rate of flow of electric charge.",
    ]);
    expect(md.replace(/\*\*/g, "")).toContain("If the charge is an electron in a wire");
    expect(md).not.toContain("\\_");
  });

  it("escapes Markdown syntax in source text", async () => {
    const doc: SourceDocument = {
      title: "Syntax",
      format: "docx",
      language: "en",
      pageCount: 1,
      sections: [
        {
          heading: "Operators",
          level: 1,
          blocks: [
            {
              type: "paragraph",
              page: 1,
              text: "# Not a heading but a comment. Use a*b*c and x_1 to multiply values together. [link](http://x) <script>",
            },
          ],
        },
      ],
    };
    const note = await offline.generateNote(request(doc));
    const line = contentLines(note.sections[0]!.markdown)[0]!;
    expect(line.startsWith("\\#")).toBe(true);
    expect(line).toContain("a\\*b\\*c");
    expect(line).toContain("\\<script\\>");
  });

  it("handles a 400-page, 56k-word document in well under 5 s", async () => {
    const doc = longDoc(200, 18); // 400 pages, ~3,600 sentences, ~57k words
    const words = doc.sections
      .flatMap((s) => s.blocks.map((b) => b.text!))
      .join(" ")
      .split(/\s+/).length;
    expect(words).toBeGreaterThan(50_000);
    const t = performance.now();
    const note = await offline.generateNote(request(doc, { detailLevel: "detail" }));
    expect(performance.now() - t).toBeLessThan(5000);
    expect(headingCoverage(doc, note.markdown).share).toBe(1);
  });

  it("stops when the request is aborted", async () => {
    const ac = new AbortController();
    ac.abort(new Error("cancelled"));
    await expect(offline.generateNote(request(cells, { signal: ac.signal }))).rejects.toThrow("cancelled");
  });

  it("keeps a numbered display equation with the sentence that introduces it (the number left to the source)", async () => {
    // a statistics handout's "(1)" after each equation made it prose: the note kept "…variance are" alone
    const doc: SourceDocument = {
      title: "Statistical Inference",
      format: "pdf",
      language: "en",
      pageCount: 1,
      sections: [
        {
          heading: "1 Point estimators",
          level: 1,
          blocks: [
            {
              type: "paragraph",
              page: 1,
              text: "Let $X_{1},\\ldots,X_{n}$ be independent with mean $\\mu$. The sample mean and sample variance are",
            },
            {
              type: "paragraph",
              page: 1,
              text: "$$\\bar{X}=\\frac{1}{n}\\sum_{i=1}^{n}X_{i},\\qquad S^{2}=\\frac{1}{n-1}\\sum_{i=1}^{n}(X_{i}-\\bar{X})^{2}.$$ (1)",
            },
            { type: "paragraph", page: 1, text: "Both are unbiased estimators of their population values." },
          ],
        },
      ],
    };
    const note = await offline.generateNote(request(doc));
    const lines = note.markdown.split("\n");
    const lead = lines.findIndex((l) => l.endsWith("The sample mean and sample variance are"));
    expect(lead).toBeGreaterThan(0);
    expect(lines.slice(lead + 1, lead + 5)).toEqual([
      "",
      "$$",
      "\\bar{X}=\\frac{1}{n}\\sum_{i=1}^{n}X_{i},\\qquad S^{2}=\\frac{1}{n-1}\\sum_{i=1}^{n}(X_{i}-\\bar{X})^{2}.",
      "$$",
    ]);
  });
});
