import { describe, expect, it } from "vitest";
import {
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFNumber,
  PDFRef,
  StandardFonts,
  type PDFDict,
  type PDFObject,
} from "pdf-lib";
import type { SourceDocument } from "@beannote/contract";
import { headingNumberDepth, isNeverHeading, parsePdf, richerTitle } from "./parse-pdf";

/** A line of text set on a page: `y` from the page's bottom. */
interface Text {
  text: string;
  size: number;
  y: number;
  /** From the page's left edge; 60 unless given. */
  x?: number;
  bold?: boolean;
}

/** An outline entry: `page` 1-based, or "nowhere" for a destination that resolves to no page. */
interface Entry {
  title: string;
  page: number | "nowhere";
  /** The destination's height; null for a destination to the page alone (left, top and zoom unset). */
  y?: number | null;
  items?: Entry[];
}

const BODY =
  "The method fits a model to labelled examples and measures its error on a held out set of data, so that the parameters chosen reflect how well it generalises.";

/** A page of body text under the given headings (each heading followed by four lines of body). */
function page(headings: { text: string; size: number }[], extra: Text[] = []): Text[] {
  const out: Text[] = [...extra];
  let y = 760;
  for (const h of headings) {
    out.push({ text: h.text, size: h.size, y });
    y -= h.size * 2;
    for (let i = 0; i < 4; i++, y -= 14) out.push({ text: BODY.slice(0, 90 - i * 3), size: 10, y });
    y -= 16;
  }
  return out;
}

async function pdfOf(pages: Text[][], outline?: Entry[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const refs: PDFRef[] = [];
  for (const lines of pages) {
    const p = pdf.addPage([595, 842]);
    refs.push(p.ref);
    for (const l of lines)
      p.drawText(l.text, { x: l.x ?? 60, y: l.y, size: l.size, font: l.bold ? bold : font });
  }
  if (outline) {
    const ctx = pdf.context;
    const root = ctx.nextRef();
    const build = (items: Entry[], parent: PDFRef): { first: PDFRef; last: PDFRef; count: number } => {
      const itemRefs = items.map(() => ctx.nextRef());
      let count = items.length;
      items.forEach((it, i) => {
        const target = it.page === "nowhere" ? PDFRef.of(9999) : refs[it.page - 1]!;
        const fields: Record<string, PDFObject> = {
          Title: PDFHexString.fromText(it.title),
          Parent: parent,
          Dest: ctx.obj([
            target,
            PDFName.of("XYZ"),
            PDFNull,
            it.y === null ? PDFNull : PDFNumber.of(it.y ?? 800),
            PDFNull,
          ]),
        };
        if (i > 0) fields.Prev = itemRefs[i - 1]!;
        if (i < items.length - 1) fields.Next = itemRefs[i + 1]!;
        if (it.items?.length) {
          const sub = build(it.items, itemRefs[i]!);
          fields.First = sub.first;
          fields.Last = sub.last;
          fields.Count = PDFNumber.of(sub.count);
          count += sub.count;
        }
        ctx.assign(itemRefs[i]!, ctx.obj(fields));
      });
      return { first: itemRefs[0]!, last: itemRefs[itemRefs.length - 1]!, count };
    };
    const top = build(outline, root);
    const dict: PDFDict = ctx.obj({
      Type: "Outlines",
      First: top.first,
      Last: top.last,
      Count: PDFNumber.of(top.count),
    });
    ctx.assign(root, dict);
    pdf.catalog.set(PDFName.of("Outlines"), root);
  }
  return Buffer.from(await pdf.save());
}

const headings = (doc: SourceDocument) =>
  doc.sections.filter((s) => s.heading).map((s) => [s.level, s.heading] as const);
const paragraphs = (doc: SourceDocument) => doc.sections.flatMap((s) => s.blocks.map((b) => b.text ?? ""));

/** Two chapters with their sections, set the way a LaTeX book sets them ("Chapter 2" above its title). */
const book = (): Text[][] => [
  page([
    { text: "Linear Models", size: 20 },
    { text: "1.1 Least Squares", size: 14 },
  ]),
  page([{ text: "1.2 Regularisation", size: 14 }]),
  [
    { text: "Chapter 2", size: 16, y: 780 },
    ...page([
      { text: "Kernel Methods", size: 20 },
      { text: "2.1 Feature Maps", size: 14 },
    ]).map((l) => ({ ...l, y: l.y - 30 })),
  ],
];

describe("a heading whose bookmark lost its formulas", () => {
  it("is the page's heading, without its number, when it is the title with a formula's letters more", () => {
    expect(richerTitle("5.1 Γ函数", "函数")).toBe("Γ函数");
    expect(richerTitle("第五章 Γ函数，B函数，$\\delta$函数", "函数，B函数，函数")).toBe(
      "Γ函数，B函数，$\\delta$函数",
    );
    expect(richerTitle("3.2 The $\\varepsilon$-net theorem", "The -net theorem")).toBe(
      "The $\\varepsilon$-net theorem",
    );
  });

  it("is the outline's title when the page says anything else", () => {
    expect(richerTitle("5.1 Γ函数的性质", "函数")).toBeNull(); // more Han text: another heading
    expect(richerTitle("1.1 Least Squares", "Least Squares")).toBeNull(); // only its number
    expect(richerTitle("Linear Models and Kernels", "Linear Models")).toBeNull(); // other words, no formula
  });
});

describe("headings of a PDF with an outline", () => {
  it("keeps the chapters with their sections beneath, even a chapter whose destination points nowhere", async () => {
    const outline: Entry[] = [
      {
        title: "Linear Models",
        page: 1,
        y: 790,
        items: [
          { title: "1.1 Least Squares", page: 1, y: 730 },
          { title: "1.2 Regularisation", page: 2, y: 790 },
        ],
      },
      // a chapter anchored nowhere: it starts where its first section does
      { title: "Kernel Methods", page: "nowhere", items: [{ title: "2.1 Feature Maps", page: 3, y: 690 }] },
    ];
    const doc = await parsePdf({ data: await pdfOf(book(), outline), fileName: "book.pdf" });
    expect(headings(doc)).toEqual([
      [1, "Linear Models"],
      [2, "1.1 Least Squares"],
      [2, "1.2 Regularisation"],
      [1, "Kernel Methods"],
      [2, "2.1 Feature Maps"],
    ]);
  });

  it("puts a chapter before its first section when its anchor sits lower on their page", async () => {
    const outline: Entry[] = [
      { title: "Linear Models", page: 1, y: 700, items: [{ title: "1.1 Least Squares", page: 1, y: 720 }] },
      { title: "Kernel Methods", page: 3, y: 750, items: [{ title: "2.1 Feature Maps", page: 3, y: 690 }] },
    ];
    const doc = await parsePdf({ data: await pdfOf(book(), outline), fileName: "book.pdf" });
    expect(headings(doc).slice(0, 3)).toEqual([
      [1, "Linear Models"],
      [2, "1.1 Least Squares"],
      [1, "Kernel Methods"],
    ]);
  });

  it("takes the outline's title for a heading the text layer splits, and keeps no piece of it as text", async () => {
    const outline: Entry[] = [
      { title: "Linear Models", page: 1, items: [{ title: "1.1 Least Squares", page: 1, y: 730 }] },
      { title: "Kernel Methods", page: 3, y: 800, items: [{ title: "2.1 Feature Maps", page: 3, y: 690 }] },
    ];
    const doc = await parsePdf({ data: await pdfOf(book(), outline), fileName: "book.pdf" });
    expect(headings(doc)).toContainEqual([1, "Kernel Methods"]);
    expect(paragraphs(doc)).not.toContain("Chapter 2");
    expect(paragraphs(doc)).not.toContain("Kernel Methods");
  });

  it("takes a flat outline's levels from the numbers of its titles", async () => {
    const pages = [
      page([
        { text: "2 Method", size: 14 },
        { text: "2.1 Encoder", size: 12 },
      ]),
      page([
        { text: "2.2 Decoder", size: 12 },
        { text: "3 Results", size: 14 },
      ]),
    ];
    const outline: Entry[] = [
      { title: "2 Method", page: 1, y: 790 },
      { title: "2.1 Encoder", page: 1, y: 720 },
      { title: "2.2 Decoder", page: 2, y: 790 },
      { title: "3 Results", page: 2, y: 690 },
    ];
    const doc = await parsePdf({ data: await pdfOf(pages, outline), fileName: "paper.pdf" });
    expect(headings(doc)).toEqual([
      [1, "2 Method"],
      [2, "2.1 Encoder"],
      [2, "2.2 Decoder"],
      [1, "3 Results"],
    ]);
  });
});

describe("a PDF whose outline cannot be trusted falls back to the text's own headings", () => {
  // Headings by font size: 18 pt over 14 pt over the 10 pt body.
  const pages = (): Text[][] => [
    page([
      { text: "Photosynthesis", size: 18 },
      { text: "Light Reactions", size: 14 },
    ]),
    page([{ text: "Calvin Cycle", size: 14 }]),
    page([{ text: "Respiration", size: 18 }]),
    page([{ text: "Glycolysis", size: 14 }]),
  ];
  const textHeadings = [
    [1, "Photosynthesis"],
    [2, "Light Reactions"],
    [2, "Calvin Cycle"],
    [1, "Respiration"],
    [2, "Glycolysis"],
  ];

  it.each<[string, Entry[]]>([
    [
      "points nowhere",
      [
        { title: "Photosynthesis", page: "nowhere" },
        { title: "Respiration", page: "nowhere" },
      ],
    ],
    ["repeats itself", [1, 2, 3, 4, 4].map((p) => ({ title: "Untitled", page: p }))],
    [
      "disagrees with the text",
      [
        { title: "Market Structure", page: 1 },
        { title: "Price Elasticity", page: 2 },
        { title: "Monopoly Pricing", page: 3 },
        { title: "Game Theory", page: 4 },
      ],
    ],
    [
      "sends every entry to one page",
      ["Photosynthesis", "Calvin Cycle", "Respiration"].map((t) => ({ title: t, page: 1 })),
    ],
  ])("an outline that %s", async (_, outline) => {
    const doc = await parsePdf({ data: await pdfOf(pages(), outline), fileName: "bio.pdf" });
    expect(headings(doc)).toEqual(textHeadings);
  });
});

describe("headings from the text (no outline)", () => {
  it("never takes a page number or a picture's name for a heading", async () => {
    const pages = [
      page(
        [
          { text: "Market Structure", size: 18 },
          { text: "Page 1", size: 18 },
        ],
        [],
      ),
      page([
        { text: "Jimage", size: 18 },
        { text: "Price Elasticity", size: 18 },
      ]),
    ];
    const doc = await parsePdf({ data: await pdfOf(pages), fileName: "report.pdf" });
    expect(headings(doc).map(([, h]) => h)).toEqual(["Market Structure", "Price Elasticity"]);
  });

  it("nests numbered sections under their own chapter whatever their font sizes", async () => {
    // "3.2" and "4" share a size, as in a paper whose sections and subsections are set alike
    const pages = [
      page([
        { text: "3 Method", size: 14 },
        { text: "3.1 Encoder", size: 12 },
      ]),
      page([
        { text: "3.2 Decoder", size: 12 },
        { text: "4 Experimental Setup", size: 12 },
      ]),
      page([
        { text: "4.1 Datasets", size: 12 },
        { text: "5 Conclusion", size: 14 },
      ]),
    ];
    const doc = await parsePdf({ data: await pdfOf(pages), fileName: "paper.pdf" });
    expect(headings(doc)).toEqual([
      [1, "3 Method"],
      [2, "3.1 Encoder"],
      [2, "3.2 Decoder"],
      [1, "4 Experimental Setup"],
      [2, "4.1 Datasets"],
      [1, "5 Conclusion"],
    ]);
  });

  it("drops a running header that names the current section (it changes from page to page)", async () => {
    const header = (text: string): Text => ({ text, size: 9, y: 815 });
    const pages = [
      page([
        { text: "1 Introduction", size: 14 },
        { text: "2 Method", size: 14 },
      ]),
      page([{ text: "2.1 Encoder", size: 12 }], [header("2 METHOD")]),
      page([{ text: "3 Results", size: 14 }], [header("2 METHOD")]),
      page([{ text: "3.1 Accuracy", size: 12 }], [header("3 RESULTS")]),
    ];
    const doc = await parsePdf({ data: await pdfOf(pages), fileName: "paper.pdf" });
    expect(headings(doc).map(([, h]) => h)).toEqual([
      "1 Introduction",
      "2 Method",
      "2.1 Encoder",
      "3 Results",
      "3.1 Accuracy",
    ]);
    expect(paragraphs(doc).join("\n")).not.toMatch(/METHOD|RESULTS/);
  });
});

/**
 * A page whose section headings stand in a side column at the left, beside their text, as in a manual: the
 * section number and a revision date in the body font, the title in bold, each block level with the first line
 * of its text (set at x 200, long lines to the right margin).
 */
function sidePage(sections: { number: string; title: string[]; text: string[] }[]): Text[] {
  const out: Text[] = [];
  let y = 760;
  for (const s of sections) {
    const side: Text[] = [
      { text: s.number, size: 10, y, x: 60 },
      { text: "(01-17-2023)", size: 10, y: y - 12, x: 60 },
      ...s.title.map((t, i) => ({ text: t, size: 10, y: y - 24 - 12 * i, x: 60, bold: true })),
    ];
    out.push(...side);
    const lines = Math.max(s.text.length, side.length);
    s.text.forEach((t, i) => out.push({ text: t, size: 10, y: y - 12 * i, x: 200 }));
    y -= 12 * lines + 20;
  }
  return out;
}

const MANUAL_TEXT = [
  "(1) The on-line system provides read-only access to the accounts of the master",
  "file. All entities, tax modules and the most recent seven years of retention data",
  "are on-line, and every request is answered with the screen that was asked for.",
  "(2) The screens are described in the exhibits at the end of this section.",
];

/** A footer set like the side column: a bold word at the left edge level with a line further right. */
const footer = (number: string): Text[] => [
  { text: `Section ${number}`, size: 10, y: 40, x: 60, bold: true },
  { text: "Internal Revenue Manual", size: 10, y: 40, x: 260 },
];

const manual = (): Text[][] => [
  sidePage([
    { number: "2.3.1", title: ["Program Scope", "and Objectives"], text: MANUAL_TEXT },
    { number: "2.3.1.1", title: ["Background"], text: MANUAL_TEXT.slice(0, 3) },
    { number: "2.3.1.2", title: ["Roles and", "Responsibilities"], text: MANUAL_TEXT.slice(1) },
  ]).concat(footer("2.3.1.2")),
  sidePage([
    { number: "2.3.2", title: ["Command Code", "Overview"], text: MANUAL_TEXT },
    { number: "2.3.3", title: ["Input Formats"], text: MANUAL_TEXT.slice(0, 2) },
  ]).concat(footer("2.3.3")),
];

describe("headings in a side column, beside their text", () => {
  it("are headings, with their number and without the revision date, and the text is not interleaved", async () => {
    const doc = await parsePdf({ data: await pdfOf(manual()), fileName: "manual.pdf" });
    expect(headings(doc)).toEqual([
      [1, "2.3.1 Program Scope and Objectives"],
      [2, "2.3.1.1 Background"],
      [2, "2.3.1.2 Roles and Responsibilities"],
      [1, "2.3.2 Command Code Overview"],
      [1, "2.3.3 Input Formats"],
    ]);
    const text = paragraphs(doc).join("\n");
    expect(text).not.toMatch(/01-17-2023|Background|Overview/);
    // the footer beside "Internal Revenue Manual" is not a heading
    expect(doc.sections[1]!.blocks[0]!.text).toMatch(/^\(1\) The on-line system provides read-only access/);
  });

  it("place the sections of an outline that points only to pages (no height), each with its own text", async () => {
    const outline: Entry[] = [
      "2.3.1 Program Scope and Objectives",
      "2.3.1.1 Background",
      "2.3.1.2 Roles and Responsibilities",
    ]
      .map((title) => ({ title, page: 1, y: null }) as Entry)
      .concat([
        { title: "2.3.2 Command Code Overview", page: 2, y: null },
        { title: "2.3.3 Input Formats", page: 2, y: null },
      ]);
    const doc = await parsePdf({ data: await pdfOf(manual(), outline), fileName: "manual.pdf" });
    expect(headings(doc).map(([level, h]) => [level, h])).toEqual([
      [1, "2.3.1 Program Scope and Objectives"],
      [2, "2.3.1.1 Background"],
      [2, "2.3.1.2 Roles and Responsibilities"],
      [1, "2.3.2 Command Code Overview"],
      [1, "2.3.3 Input Formats"],
    ]);
    for (const section of doc.sections.filter((s) => s.heading))
      expect(section.blocks.length, section.heading).toBeGreaterThan(0);
  });

  it("leave a page of one column, a two-column page and a bold word in a line alone", async () => {
    const pages = [
      page([{ text: "Market Structure", size: 18 }], [{ text: "Note", size: 10, y: 500, bold: true }]),
      [
        ...Array.from({ length: 8 }, (_, i) => ({
          text: BODY.slice(0, 60),
          size: 10,
          y: 700 - 12 * i,
          x: 60,
        })),
        ...Array.from({ length: 8 }, (_, i) => ({
          text: BODY.slice(0, 60),
          size: 10,
          y: 700 - 12 * i,
          x: 320,
        })),
        { text: "Results", size: 10, y: 600, x: 60, bold: true },
      ],
    ];
    const doc = await parsePdf({ data: await pdfOf(pages), fileName: "report.pdf" });
    expect(headings(doc).map(([, h]) => h)).toEqual(["Market Structure"]);
  });
});

describe("what a heading is", () => {
  it("reads the depth of a heading's own number", () => {
    expect(headingNumberDepth("4 Experimental Setup")).toBe(1);
    expect(headingNumberDepth("4.1 Datasets")).toBe(2);
    expect(headingNumberDepth("第3章 留数定理")).toBe(1);
    expect(headingNumberDepth("第二节 定解条件")).toBe(2);
    expect(headingNumberDepth("§2 Groups")).toBe(1);
    expect(headingNumberDepth("§ 2.1 Cosets")).toBe(2);
    expect(headingNumberDepth("Experimental Setup")).toBe(0);
  });

  it("is never a page number or a picture's name", () => {
    for (const t of ["Page 1", "第 2 页", "第2页 共10页", "12", "Jimage", "image12.png", "Seite 3"])
      expect(isNeverHeading(t), t).toBe(true);
    for (const t of ["Market Structure", "第3章 留数定理", "Image Processing", "Pages and Frames"])
      expect(isNeverHeading(t), t).toBe(false);
  });
});
