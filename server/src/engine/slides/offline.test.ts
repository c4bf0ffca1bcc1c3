import path from "node:path";
import type { OutputLanguage } from "@beannote/contract";
import { describe, expect, it } from "vitest";
import { noteMaterial } from "../note-material";
import { generateOfflineNote } from "../offline";
import { defaultSlideCount, offlineSlides } from "./offline";
import { expectDeckRules } from "../../../test/deck-rules";
import { cachedParseFile } from "../../../test/parse-cache";

const FIXTURES = path.resolve(import.meta.dirname, "../../../../../shared/fixtures/documents");

async function materialOf(file: string, outputLanguage: OutputLanguage) {
  const doc = await cachedParseFile(path.join(FIXTURES, file), file);
  const note = generateOfflineNote({
    sources: [{ doc, fileName: file }],
    title: doc.title || file,
    outputLanguage,
    detailLevel: "detail",
  });
  return noteMaterial({ title: doc.title || file, markdown: note.markdown, outputLanguage, sources: [doc] });
}

describe("offline slides from fixture notes", () => {
  it.each([
    ["en-paper-dense-passage-retrieval.pdf", "en-US", 12],
    ["zh-lecture-notes-math-physics-methods.pdf", "zh-CN", 20],
    ["zh-study-notes-point-set-topology.docx", "zh-CN", 60],
    ["en-lecture-foundations-of-geometry.pptx", "en-US", 5],
    ["ru-course-syllabus-information-systems.doc", "en-US", 8],
    ["en-talk-identity-management.ppt", "en-US", 60],
  ] as const)(
    "%s (max %s): title, agenda, one slide per idea, summary; limits kept",
    async (file, lang, max) => {
      const material = await materialOf(file, lang);
      const deck = offlineSlides(material, { maxSlides: max });
      expect(deck.length).toBeGreaterThanOrEqual(4);
      expectDeckRules(deck, max);
      const content = deck.filter((s) => s.kind === "content");
      // in note order, each from its own section, cited on a page of that section
      const order = content.map((s) => s.sectionIndex!);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(new Set(order).size).toBe(order.length);
      const cited = content.filter((s) => material.cite(s.sectionIndex!, s.quote) !== null).length;
      expect(cited).toBe(content.length);
      // speaker notes carry the detail
      expect(content.filter((s) => s.notes.length > 0).length).toBe(content.length);
      if (lang === "zh-CN") {
        expect(deck[1]!.title).toBe("目录");
        expect(deck.at(-1)!.title).toBe("总结");
      } else {
        expect(deck[1]!.title).toBe("Agenda");
      }
    },
  );

  it("shows a talk's agenda once, not again between its parts", () => {
    const agenda = [
      "## Research Questions",
      "- Do programmers refactor often?",
      "- Do programmers use refactoring tools?",
      "- Is floss refactoring common?",
    ];
    const markdown = [
      "# Talk",
      ...agenda,
      "## Refactoring frequency",
      "Refactoring is frequent in the Eclipse project, where most commits carry one.",
      ...agenda,
      "## Tool use",
      "Refactoring tools are underused by agile developers, who refactor by hand instead.",
    ].join("\n\n");
    const material = noteMaterial({ title: "Talk", markdown, outputLanguage: "en-US", sources: [] });
    const titles = offlineSlides(material, { maxSlides: 12 })
      .filter((s) => s.kind === "content")
      .map((s) => s.title);
    expect(titles).toEqual(["Research Questions", "Refactoring frequency", "Tool use"]);
  });

  it("leaves captions off the slides, and the summary keeps a cut bullet's ellipsis", async () => {
    const material = await materialOf("en-paper-temporal-stereo-matching.pdf", "en-US");
    const deck = offlineSlides(material, { maxSlides: 12 });
    const bullets = deck.flatMap((s) => s.bullets);
    // the paper's body has "Figure 1: Geometry of …" and "Figure 3: Performance of …" among its sentences
    expect(
      material.sections.some((s) =>
        s.blocks.some((b) => "sentences" in b && b.sentences.some((x) => /^Figure \d:/.test(x.text))),
      ),
    ).toBe(true);
    expect(bullets.filter((b) => /^(?:Figure|Fig\.|Table) \d/.test(b))).toEqual([]);
    const content = new Set(deck.filter((s) => s.kind === "content").flatMap((s) => s.bullets));
    for (const bullet of deck.at(-1)!.bullets) expect(content.has(bullet), bullet).toBe(true);
  });

  it("keeps a note's table on its slide, cut to fit, with fewer bullets", async () => {
    const material = await materialOf("zh-study-notes-point-set-topology.docx", "zh-CN");
    const withTable = offlineSlides(material, { maxSlides: 20 }).filter((s) => s.table);
    expect(withTable.length).toBeGreaterThan(0);
    for (const slide of withTable) {
      expect(slide.table!.rows.length).toBeLessThanOrEqual(7);
      expect(slide.table!.rows.every((r) => r.length <= 5)).toBe(true);
      expect(slide.bullets.length).toBeLessThanOrEqual(3);
    }
  });

  it("scales the default length to the note, within 5–30", async () => {
    const small = await materialOf("en-lecture-foundations-of-geometry.pptx", "en-US");
    const large = await materialOf("zh-lecture-notes-math-physics-methods.pdf", "zh-CN");
    expect(defaultSlideCount(small)).toBeGreaterThanOrEqual(5);
    expect(defaultSlideCount(large)).toBe(30);
  });

  it("keeps a statement of up to ~16 words whole on its slide, and cuts a longer one", () => {
    const whole =
      "At the utility maximizing point, the budget line is just tangent to an indifference curve.";
    const long =
      "We call the ratio of marginal utility between two goods the marginal rate of substitution between the two goods, or the MRS for short.";
    const material = noteMaterial({
      title: "Consumer theory",
      markdown: ["# Consumer theory", "## Graphical representation", whole, long].join("\n\n"),
      outputLanguage: "en-US",
      sources: [],
    });
    const slide = offlineSlides(material, { maxSlides: 5 }).find((s) => s.kind === "content")!;
    expect(slide.bullets).toContain(
      "At the utility maximizing point, the budget line is just tangent to an indifference curve",
    );
    expect(slide.bullets.find((b) => b.startsWith("We call"))).toMatch(/…$/u);
  });

  it("says a statement that runs on into its display equation whole, equation and all", () => {
    // a statistics handout's slide said "The probability of … among $m$ independent tests…", its equation cut
    const lead =
      "The probability of at least one false rejection among $m$ independent tests at level $\\alpha$ is";
    const material = noteMaterial({
      title: "Statistics",
      markdown: ["# Statistics", "## Tests", lead, "$$\n1-(1-\\alpha)^{m}\n$$"].join("\n\n"),
      outputLanguage: "en-US",
      sources: [],
    });
    const slide = offlineSlides(material, { maxSlides: 5 }).find((s) => s.kind === "content")!;
    expect(slide.bullets).toContain(`${lead} $$1-(1-\\alpha)^{m}$$`);
  });

  it("marks a bullet cut to its first clause with an ellipsis", () => {
    // "Al ser una sola Empresa u Organización" stood on a slide as if it were the whole statement
    const long =
      "La Terreur est instaurée par le Comité de salut public, qui fait arrêter et exécuter des milliers de suspects dans toute la France.";
    const material = noteMaterial({
      title: "Révolution",
      markdown: ["# Révolution", "## La Terreur", long].join("\n\n"),
      outputLanguage: "fr-FR",
      sources: [],
    });
    const slide = offlineSlides(material, { maxSlides: 5 }).find((s) => s.kind === "content")!;
    expect(slide.bullets).toContain("La Terreur est instaurée par le Comité de salut public…");
  });

  it("makes no deck from a note with nothing in it", () => {
    const empty = noteMaterial({
      title: "Empty",
      markdown: "# Empty\n",
      outputLanguage: "en-US",
      sources: [],
    });
    expect(offlineSlides(empty, { maxSlides: 10 })).toEqual([]);
  });
});
