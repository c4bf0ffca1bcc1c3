import { describe, expect, it } from "vitest";
import type { SourceSection } from "@beannote/contract";
import { finishDocument, titleCandidate } from "./document";

const section = (heading: string, level = 1): SourceSection => ({
  heading,
  level,
  blocks: [
    { type: "paragraph", text: "A set is convex when it holds every segment between its points.", page: 1 },
  ],
});

const titleOf = (args: Partial<Parameters<typeof finishDocument>[0]>) =>
  finishDocument({ format: "pdf", pageCount: 3, sections: [section("")], fileName: "notes.pdf", ...args })
    .title;

describe("a document's title", () => {
  it("is never a table of contents' heading, in any language", () => {
    for (const contents of [
      "Contents",
      "Table of Contents",
      "目录",
      "Содержание",
      "Оглавление",
      "Inhalt",
      "Sommaire",
    ]) {
      expect(titleCandidate(contents), contents).toBeNull();
      // the cover is the contents page's heading: the first real heading names the document
      expect(
        titleOf({
          coverTitle: contents,
          sections: [section(contents), section("1 Convex Sets"), section("1.1 Cones", 2)],
        }),
        contents,
      ).toBe("Convex Sets");
    }
  });

  it("is never a running header, a page label, a page number, a file or a picture name", () => {
    for (const bad of [
      "Mai 30, 18 13:27 zen_of_python.txt Page 1/1",
      "Page 3 of 12",
      "第 2 页",
      "12",
      "Jimage",
      "image12.png",
      "Picture 3",
      "zen_of_python.txt",
    ])
      expect(titleCandidate(bad), bad).toBeNull();
    expect(
      titleOf({ coverTitle: "Mai 30, 18 13:27 zen_of_python.txt Page 1/1", fileName: "zen-of-python.pdf" }),
    ).toBe("zen-of-python");
  });

  it("takes the metadata title, then a short metadata subject when the title is a code, then the cover", () => {
    expect(titleOf({ metaTitle: "Convex Optimisation", coverTitle: "Lecture 1" })).toBe(
      "Convex Optimisation",
    );
    expect(titleOf({ metaTitle: "2.3.59 (Rev 12/22)", metaSubject: "Command Codes BMFOL and BMFOR" })).toBe(
      "Command Codes BMFOL and BMFOR",
    );
    expect(titleOf({ metaTitle: "2.3.59 (Rev 12/22)", coverTitle: "Manual Transmittal" })).toBe(
      "Manual Transmittal",
    );
    expect(
      titleOf({
        metaSubject: "This handbook explains how trustees are appointed.",
        coverTitle: "Trustee Handbook",
      }),
    ).toBe("Trustee Handbook");
  });

  it("falls back to the first real heading (not 'Introduction'), then the file name", () => {
    expect(titleOf({ sections: [section("Introduction"), section("2 Kernel Methods")] })).toBe(
      "Kernel Methods",
    );
    expect(titleOf({ sections: [section("第3章 留数定理")] })).toBe("第3章 留数定理");
    expect(titleOf({ sections: [section("Page 1")], fileName: "week-3-slides.pptx" })).toBe("week-3-slides");
    expect(titleOf({ sections: [section("")], fileName: "week-3-slides.pptx" })).toBe("week-3-slides");
  });

  it("keeps short real titles and titles in other scripts", () => {
    for (const title of [
      "MIPS Lab",
      "数学物理方法",
      "Справочник по информационной безопасности",
      "Title Slide",
    ])
      expect(titleCandidate(title), title).toBe(title);
  });
});

describe("a document's text", () => {
  it("loses footnote numbers and keeps a space between a formula and the word it touches", () => {
    // held out: "pan, medicamentos.¹" (a Spanish handout's quiz option), "$q=2$and", "$\lambda^{2}+p\lambda+q=0$which"
    const doc = finishDocument({
      format: "pdf",
      pageCount: 1,
      sections: [
        {
          heading: "Resonance",
          level: 1,
          blocks: [
            {
              type: "paragraph",
              page: 1,
              text: "Take $q=2$and the roots of $\\lambda^{2}+1=0$which are complex.",
            },
            {
              type: "paragraph",
              page: 1,
              text: "The $n$th term is $x_n$, with$\\omega$ fixed; $x^2$ and 10 m² stay.",
            },
            {
              type: "list",
              page: 1,
              items: ["Demanda inelástica. Ej: pan, medicamentos.¹", "电场$E$的方向"],
            },
          ],
        },
      ],
    });
    const blocks = doc.sections[0]!.blocks;
    expect(blocks[0]!.text).toBe("Take $q=2$ and the roots of $\\lambda^{2}+1=0$ which are complex.");
    expect(blocks[1]!.text).toBe("The $n$th term is $x_n$, with $\\omega$ fixed; $x^2$ and 10 m² stay.");
    expect(blocks[2]!.items).toEqual(["Demanda inelástica. Ej: pan, medicamentos.", "电场$E$的方向"]);
  });
});

describe("a section's heading", () => {
  it("is not said again as the section's first line", () => {
    // a held-out Japanese PDF's outline entry stood over its own line, which gave a cloze on the title
    const doc = finishDocument({
      format: "pdf",
      pageCount: 1,
      sections: [
        {
          heading: "Membrane（細胞膜）— Cell Biology 706x 講義ノート",
          level: 1,
          blocks: [
            { type: "paragraph", page: 1, text: "Membrane（細胞膜） — Cell Biology 706x 講義ノート" },
            { type: "paragraph", page: 1, text: "バリアーとなって機能する膜で内側と外側を分ける。" },
          ],
        },
        {
          heading: "Fluidity",
          level: 1,
          blocks: [{ type: "paragraph", page: 1, text: "Fluidity of membranes." }],
        },
      ],
    });
    expect(doc.sections.map((s) => s.blocks.map((b) => b.text))).toEqual([
      ["バリアーとなって機能する膜で内側と外側を分ける。"],
      ["Fluidity of membranes."],
    ]);
  });
});
