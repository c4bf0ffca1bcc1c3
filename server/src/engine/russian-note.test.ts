import type { SourceDocument } from "@beannote/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { dictionaryForm, isConceptTerm, nlpReady } from "./nlp";
import { generateOfflineNote } from "./offline";
import { isFormulaOnly } from "./formula";

const para = (text: string, emphasis?: string[]) => ({
  type: "paragraph" as const,
  page: 1,
  text,
  ...(emphasis ? { emphasis } : {}),
});

// A Russian physics section written for this test.
const doc = (blocks: ReturnType<typeof para>[]): SourceDocument => ({
  title: "Газы",
  format: "docx",
  language: "ru",
  pageCount: 1,
  sections: [{ heading: "Идеальный газ", level: 1, blocks }],
});
const note = (d: SourceDocument, detailLevel: "simple" | "detail" = "detail") =>
  generateOfflineNote({
    sources: [{ doc: d, fileName: "gas.docx" }],
    title: d.title,
    outputLanguage: "en-US",
    detailLevel,
  }).markdown;

describe("a Russian note's equations and key terms", () => {
  beforeAll(() => nlpReady("ru"));

  it("reads a display formula with spaces inside its $$ as one formula", () => {
    expect(isFormulaOnly("$$ P V = N k T.$$")).toBe(true);
    expect(isFormulaOnly("$$ E = m c^2 $$")).toBe(true);
    expect(isFormulaOnly("costs $$ and more $$")).toBe(false);
  });

  it("lists the overview's key terms in their dictionary form, each once", () => {
    const md = note(
      doc([
        para(
          "Под термодинамическими параметрами понимаются измеряемые свойства системы. Термодинамические параметры системы связаны уравнением состояния. Давление и температура являются термодинамическими параметрами газа.",
          ["термодинамическими параметрами"],
        ),
      ]),
    );
    const listed = /\*\*Key terms:\*\* (.+)$/mu.exec(md)?.[1] ?? "";
    expect(listed).toContain("термодинамический параметр");
    expect(listed).not.toContain("термодинамическими параметрами");
    const terms = listed.split(" · ");
    expect(new Set(terms.map((t) => t.toLowerCase())).size).toBe(terms.length);
  });

  it("takes no symbol with its index for a term ('V₁', 'xⱼ' from a PDF's text layer)", () => {
    expect(isConceptTerm("V₁", "ru")).toBe(false);
    expect(isConceptTerm("xⱼ", "ru")).toBe(false);
    expect(isConceptTerm("G₂", "en")).toBe(false);
    expect(isConceptTerm("граф", "ru")).toBe(true);
  });

  it("keeps a superlative in a term's dictionary form", () => {
    expect(dictionaryForm("кратчайшей цепи", "ru")).toBe("кратчайшая цепь");
    expect(dictionaryForm("наибольшего общего делителя", "ru")).toBe("наибольший общий делитель");
  });
});
