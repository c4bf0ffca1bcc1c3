import { describe, expect, it } from "vitest";
import type { SourceDocument } from "@beannote/contract";
import { labelsFor } from "./labels";
import { displayHeading, generateOfflineNote } from "./offline";
import { isFrontMatterLine, prepareDocument, splitAtEquationNumbers } from "./prepare";

describe("isFrontMatterLine", () => {
  it("drops author lists and affiliation lines on the first pages", () => {
    expect(
      isFrontMatterLine("Andreas Gal∗+, Brendan Eich∗, Mike Shaver∗, David Anderson∗, Michael Franz+", 1),
    ).toBe(true);
    expect(isFrontMatterLine("Mozilla Corporation∗ {gal,brendan,shaver}@mozilla.com", 1)).toBe(true);
    expect(isFrontMatterLine("Vladimir Karpukhin, Barlas Oğuz, Sewon Min and Patrick Lewis", 1)).toBe(true);
  });

  it("keeps sentences, lists of concepts and anything after page 2", () => {
    expect(isFrontMatterLine("Dynamic languages such as JavaScript, Python, and Ruby, are popular.", 1)).toBe(
      false,
    );
    expect(isFrontMatterLine("Compact, Hausdorff, Connected spaces", 1)).toBe(false);
    expect(isFrontMatterLine("Contact: teacher@school.edu", 5)).toBe(false);
  });
});

describe("untitled slides", () => {
  const deck = (blocks: string[][]): SourceDocument => ({
    title: "Deck",
    format: "ppt",
    language: "en",
    pageCount: blocks.length,
    sections: blocks.map((texts, i) => ({
      heading: `Slide ${i + 1}`,
      level: 1,
      blocks: texts.map((text) => ({ type: "paragraph" as const, text, page: i + 1 })),
    })),
  });

  it("takes a short unpunctuated first line as the title, else names the slide in the note's language", () => {
    const prepared = prepareDocument(
      deck([
        ["Registers", "Code segment and data segment hold the program."],
        ["A lone caption of an image."],
      ]),
    );
    expect(prepared.sections.map((s) => [s.heading, s.slide])).toEqual([
      ["Registers", undefined],
      ["", 2],
    ]);
    expect(displayHeading(prepared.sections[1]!, 1, labelsFor("zh-CN"))).toBe("幻灯片 2");
    expect(displayHeading(prepared.sections[1]!, 1, labelsFor("de-DE"))).toBe("Folie 2");
  });
});

describe("slides of a deck without title placeholders", () => {
  const slide = (page: number, blocks: SourceDocument["sections"][number]["blocks"]) => ({
    heading: `Slide ${page}`,
    level: 1,
    blocks,
  });
  const para = (page: number, text: string) => ({ type: "paragraph" as const, page, text });
  const list = (page: number, items: string[]) => ({ type: "list" as const, page, items });

  it("a title-only slide keeps the untitled slide after it; a later titled line names its own slide", () => {
    const prepared = prepareDocument({
      title: "MIPS Lab",
      format: "ppt",
      language: "en",
      pageCount: 3,
      sections: [
        slide(1, [para(1, "Simple Stack Example")]),
        slide(2, [list(2, ["Single step this code in the simulator", "File: mips.stack.register.s"])]),
        slide(3, [
          list(3, ["0 zero constant 0", "1 at reserved for assembler"]),
          para(3, "A()"),
          para(3, "MIPS: Software conventions for Registers"),
        ]),
      ],
    });
    expect(prepared.sections.map((s) => [s.heading, s.blocks.length])).toEqual([
      ["Simple Stack Example", 1],
      ["MIPS: Software conventions for Registers", 2],
    ]);
  });
});

describe("a table drawn as text boxes on a slide", () => {
  it("is read as a list of its labels, so the slide's section is not left empty", async () => {
    const cells = [
      "24209",
      "Sessions",
      "Database BB",
      "36543",
      "Searches Run",
      "Database BB",
      "Calendar YTD",
    ];
    const doc: SourceDocument = {
      title: "COUNTER",
      format: "ppt",
      language: "en",
      pageCount: 1,
      sections: [
        {
          heading: "Database Report 1: Total Searches and Sessions by Month",
          level: 1,
          blocks: cells.map((text) => ({ type: "paragraph" as const, text, page: 1 })),
        },
      ],
    };
    expect(prepareDocument(doc).sections[0]!.blocks).toEqual([
      { type: "list", page: 1, items: ["Sessions", "Database BB", "Searches Run", "Calendar YTD"] },
    ]);
    for (const detailLevel of ["detail", "simple"] as const) {
      const note = generateOfflineNote({
        sources: [{ doc, fileName: "counter.ppt" }],
        title: "COUNTER",
        outputLanguage: "en-US",
        detailLevel,
      });
      expect(note.sections[0]!.markdown).toContain("- Sessions");
    }
  });
});

describe("an untitled opening before the document's own introduction", () => {
  const para = (page: number, text: string) => ({ type: "paragraph" as const, page, text });
  const paper = (opening: string): SourceDocument => ({
    title: "Real-time Temporal Stereo Matching",
    format: "pdf",
    language: "en",
    pageCount: 2,
    sections: [
      { heading: "", level: 1, blocks: [para(1, opening)] },
      { heading: "I. INTRODUCTION", level: 1, blocks: [para(1, "Stereo matching finds matches in images.")] },
    ],
  });

  it("is named by its run-in label, which leaves its text", () => {
    const [opening] = prepareDocument(
      paper("Abstract—Stereo matching algorithms are nearly always designed for a single pair of images."),
    ).sections;
    expect(opening!.heading).toBe("Abstract");
    expect((opening!.blocks[0] as { text: string }).text).toMatch(/^Stereo matching algorithms/);
  });

  it("is named by its abstract's label when the authors and affiliations stand before it", () => {
    const doc = paper("Jędrzej Kowalczuk, Eric T. Psota, and Lance C. Pérez");
    doc.sections[0]!.blocks.push(
      para(1, "Department of Electrical Engineering, University of Nebraska-Lincoln"),
      para(1, "Abstract—Stereo matching algorithms are nearly always designed for a single pair of images."),
    );
    const [opening] = prepareDocument(doc).sections;
    expect(opening!.heading).toBe("Abstract");
    const texts = opening!.blocks.map((b) => (b as { text: string }).text);
    expect(
      texts.some((t) => /^Stereo matching algorithms/.test(t)),
      texts.join("\n"),
    ).toBe(true);
    expect(texts.some((t) => t.includes("Abstract"))).toBe(false);
  });

  it("else by the document's title, never by its page", () => {
    const prepared = prepareDocument(
      paper("We present a method for sequences of stereo images in real time."),
    );
    expect(prepared.sections[0]!.heading).toBe("");
    expect(displayHeading(prepared.sections[0]!, 0, labelsFor("en-US"))).toBe(
      "Real-time Temporal Stereo Matching",
    );
  });
});

describe("a table of contents typed into the body", () => {
  const doc = (texts: string[]): SourceDocument => ({
    title: "t",
    format: "doc",
    language: "ru",
    pageCount: 10,
    sections: [
      { heading: "ПОЛОЖЕНИЕ", level: 1, blocks: texts.map((text) => ({ type: "paragraph", text, page: 1 })) },
    ],
  });
  const kept = (texts: string[]) =>
    prepareDocument(doc(texts)).sections.flatMap((s) => s.blocks.map((b) => ("text" in b ? b.text : "")));

  it("drops a 'Contents' line and its entries, whose leader dots were lost, and keeps the prose around them", () => {
    expect(
      kept([
        "о порядке подготовки и защиты проекта",
        "Оглавление",
        "1. Общие положения 3",
        "2. Требования к исследовательскому проекту 4",
        "П3. Порядок оформления сносок,",
        "ссылок на литературные источники и нормативные акты 18",
        "П6. Примерный план выступления на защите исследовательского проекта 24",
        "Настоящее положение определяет порядок подготовки проекта.",
      ]),
    ).toEqual([
      "о порядке подготовки и защиты проекта",
      "Настоящее положение определяет порядок подготовки проекта.",
    ]);
  });

  it("drops entries run together with their leaders, and the chapters' entries between them, in any language", () => {
    expect(
      kept([
        "1 Les petites et moyennes entreprises 3",
        "1.1 Définition des PME . . . . . . . . 3 1.2 Le poids économique . . . . . . . . 4",
        "2 Le système d'information 7",
        "2.1 Les progiciels de gestion . . . . . . 7 2.2 La sécurité des données . . . . . . 8",
        "Une PME emploie moins de 250 salariés.",
      ]),
    ).toEqual(["Une PME emploie moins de 250 salariés."]);
  });

  it("drops three or more numbered entries with pages in order, but keeps numbered prose that ends in a figure", () => {
    expect(kept(["1. Introduction 1", "2. Methods 4", "2.1 Sampling 5", "A body paragraph."])).toEqual([
      "A body paragraph.",
    ]);
    const prose = [
      "1. The boiling point of water is 100",
      "2. Its freezing point is 0",
      "3. Room temperature is 20",
    ];
    expect(kept(prose)).toEqual(prose);
    expect(kept(prose.slice(0, 2))).toEqual(prose.slice(0, 2));
  });
});

describe("splitAtEquationNumbers", () => {
  it("ends an equation's paragraph at its number and starts the glued text anew", () => {
    expect(splitAtEquationNumbers("e−ptf (t)dt (7-1)这里的t是非负实数，p是复数")).toEqual([
      "e−ptf (t)dt (7-1)",
      "这里的t是非负实数，p是复数",
    ]);
    // a number opening a paragraph is the equation's above it
    expect(splitAtEquationNumbers("(2-11)这里我们不做证明。")).toEqual(["这里我们不做证明。"]);
  });

  it("keeps a reference to an equation inside a sentence", () => {
    for (const text of ["由式(2-11)可得结论", "see Eq. (2.3) for the proof"])
      expect(splitAtEquationNumbers(text)).toEqual([text]);
  });
});

describe("a running header joined to a paragraph", () => {
  const doc = (texts: string[]): SourceDocument => ({
    title: "Lecture notes",
    format: "pdf",
    language: "zh",
    pageCount: 20,
    sections: [
      { heading: "1 重积分", level: 1, blocks: [] },
      { heading: "7 傅里叶级数", level: 1, blocks: [] },
      { heading: "Convex", level: 2, blocks: [] },
      {
        heading: "2 Convex Sets",
        level: 1,
        blocks: texts.map((text) => ({ type: "paragraph", text, page: 3 })),
      },
    ],
  });
  const kept = (texts: string[]) =>
    prepareDocument(doc(texts)).sections.flatMap((s) => s.blocks.map((b) => ("text" in b ? b.text : "")));

  it("leaves with its page number; the text stays", () => {
    expect(
      kept([
        "1重积分然而二重积分的计算需要化为累次积分。",
        "7傅里叶级数满足狄利克雷条件的函数可以展开。",
        "Convex Sets 14 A cone is a set closed under positive scaling.",
      ]),
    ).toEqual([
      "然而二重积分的计算需要化为累次积分。",
      "满足狄利克雷条件的函数可以展开。",
      "A cone is a set closed under positive scaling.",
    ]);
  });

  it("keeps a sentence that only names a heading", () => {
    const texts = [
      "Convex sets are closed under intersection.",
      "2 convex sets meet in one point at most here.",
      "Convex 2 and 3 are the cases the proof leaves out.",
    ];
    expect(kept(texts)).toEqual(texts);
  });
});

describe("a deck saved as PDF", () => {
  it("reads an untitled slide's default bookmark name ('Slide 2') as no heading: its text continues the slide before", () => {
    const doc: SourceDocument = {
      title: "Foundations of Geometry",
      format: "pdf",
      language: "en",
      pageCount: 3,
      sections: [
        {
          heading: "Euclid",
          level: 1,
          blocks: [{ type: "paragraph", page: 1, text: "Euclid of Alexandria wrote the Elements." }],
        },
        {
          heading: "Slide 2",
          level: 1,
          blocks: [{ type: "paragraph", page: 2, text: "He is called the father of geometry." }],
        },
        {
          heading: "Folie 3",
          level: 1,
          blocks: [{ type: "paragraph", page: 3, text: "The Elements has thirteen books." }],
        },
      ],
    };
    const sections = prepareDocument(doc).sections;
    expect(sections.map((s) => s.heading)).toEqual(["Euclid"]);
    expect(sections[0]!.blocks).toHaveLength(3);
  });
});

describe("a deck's title slide", () => {
  const deck = (first: string[]): SourceDocument => ({
    title: "Grundlagen der Zellbiologie",
    format: "pptx",
    language: "de",
    pageCount: 3,
    sections: [
      { heading: "", level: 1, blocks: [{ type: "list", page: 1, items: first }] },
      {
        heading: "Die Zelle",
        level: 1,
        blocks: [
          { type: "list", page: 2, items: ["Die Zelle ist die kleinste lebende Einheit aller Organismen."] },
        ],
      },
      {
        heading: "Organellen",
        level: 1,
        blocks: [{ type: "list", page: 3, items: ["Ribosomen: Orte der Proteinsynthese."] }],
      },
    ],
  });

  it("is no section when all it says is a few short lines (a module, a lecture number)", () => {
    // held out: "## Einleitung" with "Modul 01: Ernährungslehre – Grundlagen", "Vorlesung 1", and a card on it
    const cover = prepareDocument(deck(["Modul 01: Ernährungslehre – Grundlagen", "Vorlesung 1"]));
    expect(cover.sections.map((s) => s.heading)).toEqual(["Die Zelle", "Organellen"]);
    const opening = prepareDocument(deck(["Welcome to the course on cell biology"]));
    expect(opening.sections).toHaveLength(3);
  });
});
