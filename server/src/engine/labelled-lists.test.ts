import type { SourceDocument } from "@beannote/contract";
import { describe, expect, it } from "vitest";
import { generateOfflineNote } from "./offline";
import { noteMaterial } from "./note-material";
import { findDefinition } from "./summarize";
import { definedTerm, isIncompleteStatement, isMetaSentence } from "./flashcards/card-kinds";
import { writeOfflineFlashcards } from "./flashcards/offline";
import { buildMindMap, mindMapOutline } from "./mind-map";
import { offlinePodcastScript } from "./podcast/offline";
import { offlineSlides } from "./slides/offline";
import { shorten } from "./short-text";

// A lecture's labelled list: each item a bold label and a paragraph about it (written for this test).
const ITEMS = [
  "Sedimentary rock: Sedimentary rock forms when layers of sand, mud and shells are pressed together over long periods. It often holds fossils, because the remains of organisms are buried in the layers before they decay. Sandstone and limestone are the most common examples found in river valleys.",
  "Igneous rock: This group is the oldest one studied in the course. Igneous rock is rock that forms when molten magma or lava cools and hardens, either deep underground or at the surface after an eruption. Granite and basalt are the textbook examples.",
  "Metamorphic rock: Metamorphic rock is rock changed by heat and pressure without melting, so that its minerals recrystallise into new textures. Marble forms from limestone and slate from shale in this way, usually where continental plates collide.",
];

const doc: SourceDocument = {
  title: "Geology 101",
  format: "docx",
  language: "en",
  pageCount: 1,
  sections: [
    {
      heading: "The rock cycle",
      level: 1,
      blocks: [
        {
          type: "paragraph",
          page: 1,
          text: "Geologists sort the rocks of the crust into three families by the way they form. Each family can turn into the others over millions of years, which is why the whole process is called the rock cycle. Weathering, burial, heat and melting drive the cycle.",
        },
        { type: "list", page: 1, items: ITEMS },
        {
          type: "paragraph",
          page: 1,
          text: "Field trips to quarries let students see all three families side by side. The rock cycle also explains why the same minerals appear in very different rocks across a region.",
        },
      ],
    },
  ],
};

describe("a labelled list is the section's skeleton", () => {
  it("keeps every label of the list in a detailed note, each with what it says first, in bold", () => {
    const md = generateOfflineNote({
      sources: [{ doc, fileName: "geology.docx" }],
      title: doc.title,
      outputLanguage: "en-US",
      detailLevel: "detail",
    }).markdown;
    for (const label of ["Sedimentary rock", "Igneous rock", "Metamorphic rock"])
      expect(md, label).toMatch(new RegExp(`^- \\*\\*${label}\\*\\*: \\S`, "mu"));
    // a long item is cut to its first sentences; the sentence that says what the label is stays
    expect(md).toContain("Igneous rock is rock that forms when molten magma or lava cools");
    expect(md).not.toContain("Granite and basalt are the textbook examples");
  });

  it("asks what each labelled concept is, answered by its item", async () => {
    const markdown = [
      "# Geology 101",
      "## The rock cycle",
      "Geologists sort the rocks of the crust into three families by the way they form.",
      "",
      ...ITEMS.map((item) => `- **${item.replace(/:/u, "**:")}`),
    ].join("\n");
    const material = noteMaterial({ title: "Geology 101", markdown, outputLanguage: "en-US", sources: [] });
    const cards = await writeOfflineFlashcards(material, { count: 10 });
    const asked = cards.filter((c) => c.form === "definition").map((c) => c.front);
    expect(asked).toEqual(
      expect.arrayContaining([
        "What is Sedimentary rock?",
        "What is Igneous rock?",
        "What is Metamorphic rock?",
      ]),
    );
    const sedimentary = cards.find((c) => c.front === "What is Sedimentary rock?")!;
    expect(sedimentary.back).toMatch(/^Sedimentary rock forms when layers/u);
  });
});

describe("every artefact reads a labelled list by its labels", () => {
  const markdown = [
    "# Geology 101",
    "## The rock cycle",
    "We go over the three families now.",
    "",
    ...ITEMS.map((item) => `- **${item.replace(/:/u, "**:")}`),
  ].join("\n");
  const material = noteMaterial({ title: "Geology 101", markdown, outputLanguage: "en-US", sources: [] });

  it("hangs the labels on the map as the section's concepts", () => {
    const outline = mindMapOutline(buildMindMap(material, "n1").root);
    for (const label of ["Sedimentary rock", "Igneous rock", "Metamorphic rock"])
      expect(outline, label).toMatch(new RegExp(`^- ${label}$`, "mu"));
  });

  it("keeps each label on its slide bullet, and leaves the lecturer's plan out", () => {
    const slide = offlineSlides(material, { maxSlides: 5 }).find((s) => s.kind === "content")!;
    expect(slide.bullets.slice(0, 3).map((b) => b.split(":")[0])).toEqual([
      "Sedimentary rock",
      "Igneous rock",
      "Metamorphic rock",
    ]);
    expect(slide.bullets.join("\n")).not.toContain("We go over");
  });

  it("has the podcast guest ask what a label is, not why", () => {
    const guest = offlinePodcastScript(material, "long")
      .chapters.flatMap((c) => c.lines)
      .filter((l) => l.speaker === "guest")
      .map((l) => l.text)
      .join("\n");
    expect(guest).toMatch(
      /(?:What exactly is|How does the note define) (?:Sedimentary|Igneous|Metamorphic) rock\?/u,
    );
    expect(guest).not.toMatch(/reason behind (?:Sedimentary|Igneous|Metamorphic) rock/u);
  });

  it("never shortens a sentence to its opening condition", () => {
    const cut = shorten(
      "For 0 < r < 1, the population of the model eventually dies out after many generations.",
      {
        words: 12,
        cjkChars: 25,
        minClause: 6,
      },
    );
    expect(cut).toMatch(/^For 0 < r < 1, the population/u);
  });
});

describe("a subject that describes is no defined term", () => {
  it("reads 'A special kind of X is Y' and 'One property of interest here is …' as no definition", () => {
    for (const sentence of [
      "A common kind of sedimentary rock is the sandstone of river valleys.",
      "One useful property of interest here is the hardness of the mineral.",
      "Another example of metamorphic rock is the slate used for roofs.",
    ]) {
      expect(findDefinition(sentence), sentence).toBeUndefined();
      expect(definedTerm(sentence, "en"), sentence).toBeNull();
    }
    // a subject that names a concept still defines it
    expect(definedTerm("A mineral is a naturally occurring solid with a crystal structure.", "en")).toBe(
      "mineral",
    );
  });
});

describe("a course's housekeeping is no card material", () => {
  it("reads readings, recaps, plans and figures the card cannot show as meta; a lead-in as unfinished", () => {
    for (const meta of [
      "Reading material: Chapter 4 of the textbook.",
      "Last time we discussed how magma cools.",
      "Today we will cover the three rock families.",
      "The below plot shows the cycle in action.",
      "Plate tectonics is a vast field and we will end our discussion of it with this lecture.",
    ])
      expect(isMetaSentence(meta), meta).toBe(true);
    for (const statement of [
      "Granite forms when magma cools slowly underground.",
      "The plot of temperature against depth is a straight line near the surface.",
    ])
      expect(isMetaSentence(statement), statement).toBe(false);
    expect(isIncompleteStatement("We covered a few rock families including")).toBe(true);
  });
});
