import path from "node:path";
import type { OutputLanguage, SourceDocument } from "@beannote/contract";
import { describe, expect, it } from "vitest";
import { cachedParseFile } from "../../../test/parse-cache";
import { generateOfflineNote } from "../offline";
import { noteMaterial, normaliseForMatch, createPageLocator, sectionSentences } from "../note-material";
import { bodyLanguage, defaultCardCount, offlineFlashcards } from "./offline";
import { isFillerAnswer, isStudyableCard } from "./card-rules";
import { isWholeSentence } from "../sentences";

const FIXTURES = path.resolve(import.meta.dirname, "../../../../../shared/fixtures/documents");

// Every format and script: Latin (PDF, DOCX, PPTX, DOC, PPT), Chinese (PDF, DOCX), Cyrillic (DOC).
const cases: [file: string, output: OutputLanguage][] = [
  ["en-paper-dense-passage-retrieval.pdf", "en-US"],
  ["zh-lecture-notes-math-physics-methods.pdf", "zh-CN"],
  ["zh-study-notes-point-set-topology.docx", "zh-CN"],
  ["en-calibre-docx-feature-demo.docx", "en-US"],
  ["en-lecture-foundations-of-geometry.pptx", "fr-FR"],
  ["en-lab-handout-force-on-current.doc", "en-US"],
  ["ru-course-syllabus-information-systems.doc", "de-DE"],
  ["en-talk-identity-management.ppt", "en-US"],
];

async function materialOf(
  file: string,
  outputLanguage: OutputLanguage,
  detailLevel: "simple" | "detail" = "detail",
) {
  const doc: SourceDocument = await cachedParseFile(path.join(FIXTURES, file), file);
  const note = generateOfflineNote({
    sources: [{ doc, fileName: file }],
    title: doc.title || file,
    outputLanguage,
    detailLevel,
  });
  return {
    doc,
    material: noteMaterial({ title: doc.title, markdown: note.markdown, outputLanguage, sources: [doc] }),
  };
}

describe("offline flashcards on fixture notes", () => {
  it.each(cases)("%s: studyable cards, each cited on a page that holds its text", async (file, output) => {
    const { doc, material } = await materialOf(file, output);
    const count = defaultCardCount(material, "detail");
    const cards = offlineFlashcards(material, { count });
    expect(cards.length).toBeGreaterThanOrEqual(Math.min(5, count));
    expect(cards.length).toBeLessThanOrEqual(count);
    const fronts = new Set<string>();
    const locator = createPageLocator([doc]);
    for (const card of cards) {
      expect(isStudyableCard(card), JSON.stringify(card)).toBe(true);
      expect(fronts.has(normaliseForMatch(card.front)), card.front).toBe(false);
      fronts.add(normaliseForMatch(card.front));
      // the back answers the front: a cloze's back fills its blank; a definition's back is about its front
      if (card.kind === "cloze") expect(card.quote.replace(card.back, "")).not.toContain(card.back);
      // a definition's back is the whole defining sentence; no back is filler or half a word
      if (card.form === "definition") expect(isWholeSentence(card.back, true), card.back).toBe(true);
      // judged in the language the deck was written in (formulas aside, the lecture notes are Chinese)
      expect(isFillerAnswer(card.back, card.quote, bodyLanguage(material)), JSON.stringify(card)).toBe(false);
      const citation = material.cite(card.sectionIndex, card.quote);
      expect(citation, card.quote).not.toBeNull();
      const page = locator.pageText(citation!);
      // (a lead-in's display equation, joined to it, may sit after an equation number on the page)
      const quote = normaliseForMatch(card.quote.replace(/\s*\$\$[^$]+\$\$$/u, ""));
      // the cited page holds the card's text (the first 30 letters, or most of it across a page break)
      expect(
        page.includes(quote.slice(0, 30)) || page.includes(quote.slice(-30)),
        `${card.quote} @ p.${citation!.page}`,
      ).toBe(true);
    }
    expect(new Set(cards.map((c) => c.kind)).size).toBeGreaterThanOrEqual(2);
  });

  it("never repeats a front that is already in the deck", async () => {
    const { material } = await materialOf(cases[0]![0], "en-US");
    const first = offlineFlashcards(material, { count: 10 });
    const again = offlineFlashcards(material, {
      count: 10,
      exclude: new Set(first.map((c) => normaliseForMatch(c.front))),
    });
    expect(again.length).toBeGreaterThan(0);
    for (const card of again) expect(first.map((c) => c.front)).not.toContain(card.front);
  });

  it("asks key-point questions in the note's output language, CJK blanks without spaces", async () => {
    const { material } = await materialOf("zh-study-notes-point-set-topology.docx", "zh-CN");
    const cards = offlineFlashcards(material, { count: 30 });
    const keypoints = cards.filter((c) => c.kind === "keypoint");
    expect(keypoints.length).toBeGreaterThan(0);
    for (const card of keypoints) expect(card.front).toMatch(/^「.+」的要点是什么？$/u);
    for (const card of cards.filter((c) => c.kind === "cloze")) expect(card.front).toContain("＿＿＿");
  });

  it("asks for the equation a statement runs on into, within its share of the deck; a title line is no key point", () => {
    // a statistics handout: "The sample mean and sample variance are" + its equation, six times; its deck held
    // three blanks and "What is the key point of “Introduction”? → Estimators, likelihood and regression"
    const statements = [
      ["The sample mean and sample variance are", "\\bar{X}=\\frac{1}{n}\\sum_{i=1}^{n}X_{i}"],
      [
        "For a density $f(x;\\theta)$ the likelihood of the sample is",
        "L(\\theta)=\\prod_{i=1}^{n}f(X_{i};\\theta)",
      ],
      ["In the linear model the least-squares estimate is", "\\hat{\\beta}=(X^{\\top}X)^{-1}X^{\\top}y"],
      ["The coefficient of determination is", "R^{2}=1-\\frac{SS_{res}}{SS_{tot}}"],
      [
        "Pearson's statistic for observed and expected counts is",
        "\\chi^{2}=\\sum_{j}\\frac{(O_{j}-E_{j})^{2}}{E_{j}}",
      ],
      ["The t statistic for a mean is", "T=\\frac{\\bar{X}-\\mu_{0}}{S/\\sqrt{n}}"],
    ];
    const markdown = [
      "# Statistical Inference",
      "## Introduction",
      "Estimators, likelihood and regression",
      "## Estimation",
      ...statements.flatMap(([lead, latex]) => [lead!, `$$\n${latex}\n$$`]),
      "An estimator is unbiased when its expected value equals the parameter it estimates.",
      "The maximum likelihood estimator is consistent under regularity conditions.",
    ].join("\n\n");
    const material = noteMaterial({ title: "Statistics", markdown, outputLanguage: "en-US", sources: [] });
    const cards = offlineFlashcards(material, { count: 8 });
    const formulas = cards.filter((c) => c.form === "formula");
    expect(formulas.length).toBeGreaterThanOrEqual(3);
    // (here the deck has little else to ask, so equations fill it; the maths lecture's are 12 of 60)
    expect(formulas.length).toBeLessThan(cards.length);
    expect(formulas[0]).toMatchObject({
      kind: "cloze",
      front: "The sample mean and sample variance are _____",
      back: "$$\\bar{X}=\\frac{1}{n}\\sum_{i=1}^{n}X_{i}$$",
    });
    for (const card of formulas) expect(card.front.replace("_____", () => card.back)).toBe(card.quote);
    expect(cards.map((c) => c.back)).not.toContain("Estimators, likelihood and regression");
  });

  it("reads a slide's colon glossary and leaves its self-test's options out", () => {
    // a German biology deck: its organelle list ("Ribosomen: Orte der Proteinsynthese.") gave no card, its
    // self-test options ("A) Ribosom") were key points, and "Selektive Permeabilität: Aufgrund …" asked
    // "Warum? Selektive Permeabilität."
    const markdown = [
      "# Zellbiologie",
      "## Organellen",
      "- Zellkern: Enthält die Erbinformation (DNA) und steuert die Zellaktivitäten.",
      "- Mitochondrien: Die Kraftwerke der Zelle, verantwortlich für die Energieproduktion.",
      "- Ribosomen: Orte der Proteinsynthese in jeder Zelle.",
      "- Lysosomen: Verantwortlich für den Abbau von Abfallstoffen.",
      "## Selbsttest: Welches Organell verpackt Proteine?",
      "- A) Ribosom",
      "- B) Lysosom",
      "- C) Golgi-Apparat",
      "- D) Zellkern",
      "- Erklärung: Der Golgi-Apparat modifiziert, sortiert und verpackt Proteine für den Transport.",
      "## Die Zellmembran",
      "- Selektive Permeabilität: Aufgrund ihrer Struktur lässt die Membran kleine Moleküle frei passieren.",
    ].join("\n");
    const material = noteMaterial({ title: "Zellbiologie", markdown, outputLanguage: "de-DE", sources: [] });
    const cards = offlineFlashcards(material, { count: 20 });
    const backs = cards.map((c) => c.back);
    expect(backs).toContain("Orte der Proteinsynthese in jeder Zelle.");
    expect(backs).toContain("Verantwortlich für den Abbau von Abfallstoffen.");
    for (const card of cards) expect(`${card.front} ${card.back}`).not.toMatch(/\b[A-D]\) /u);
    expect(cards.map((c) => c.front)).not.toContain("Warum? Selektive Permeabilität.");
    expect(material.sections.flatMap((s) => sectionSentences(s)).map((x) => x.text)).toContain(
      "Der Golgi-Apparat modifiziert, sortiert und verpackt Proteine für den Transport.",
    );
  });

  it("asks what a heading's subject is for a 'Definición:' under it, and no set for a formula's 'donde:'", () => {
    // held-out Spanish handout: "¿Qué es la definición?" and "donde — enumera los 2."
    const markdown = [
      "# Elasticidad",
      "## Elasticidad",
      "> **Definición**: Mide la sensibilidad de una variable con respecto a otra.",
      "## Elasticidad - Precio de la Demanda",
      "Mide la sensibilidad de la cantidad demandada a las variaciones del precio.",
      "E_p = (%ΔQ) / (%ΔP)",
      "donde:",
      "- (%ΔQ) es la variación porcentual de la cantidad.",
      "- (%ΔP) es la variación porcentual del precio.",
    ].join("\n\n");
    const material = noteMaterial({ title: "Elasticidad", markdown, outputLanguage: "es-ES", sources: [] });
    const cards = offlineFlashcards(material, { count: 12 });
    expect(cards).toContainEqual(
      expect.objectContaining({
        front: "¿Qué es la elasticidad?",
        back: "Mide la sensibilidad de una variable con respecto a otra.",
      }),
    );
    expect(cards.map((c) => c.front).join("\n")).not.toMatch(/definición|^donde/imu);
  });
});
