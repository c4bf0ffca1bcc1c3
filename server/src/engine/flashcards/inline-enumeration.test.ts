import { describe, expect, it } from "vitest";
import { inlineEnumeration } from "./card-kinds";
import { noteMaterial } from "../note-material";
import { offlineFlashcards } from "./offline";

describe("a numbered list written inside a sentence", () => {
  it("reads its lead and items in every numbering style", () => {
    expect(
      inlineEnumeration(
        "The operation of the algorithm has been divided into four stages: 1) two-pass spatial cost aggregation, 2) temporal cost aggregation, 3) disparity selection and confidence assessment, and 4) iterative disparity refinement.",
      ),
    ).toEqual({
      lead: "The operation of the algorithm has been divided into four stages",
      items: [
        "two-pass spatial cost aggregation",
        "temporal cost aggregation",
        "disparity selection and confidence assessment",
        "iterative disparity refinement",
      ],
    });
    expect(
      inlineEnumeration(
        "Le cycle comprend trois phases : (i) la compression, (ii) la combustion et (iii) la détente.",
      ),
    ).toEqual({
      lead: "Le cycle comprend trois phases",
      items: ["la compression", "la combustion", "la détente"],
    });
    expect(inlineEnumeration("数据结构的基本操作包括：①插入；②删除；③查找。")).toEqual({
      lead: "数据结构的基本操作包括",
      items: ["插入", "删除", "查找"],
    });
    expect(inlineEnumeration("Процесс состоит из двух этапов: (1) сбор данных и (2) их анализ.")).toEqual({
      lead: "Процесс состоит из двух этапов",
      items: ["сбор данных", "их анализ"],
    });
  });

  it("is no list when the numbering does not run from one, starts late, or an item is a paragraph", () => {
    expect(inlineEnumeration("See the results: 2) the second run and 3) the third.")).toBeNull();
    expect(inlineEnumeration("Two stages: first the cost, then 1) refinement and 2) selection.")).toBeNull();
    expect(inlineEnumeration("Equation (1) and (2) give the bounds: x > 0.")).toBeNull();
    expect(
      inlineEnumeration(
        "Two steps: 1) the algorithm computes the matching cost of every pixel in both images at every disparity it considers before anything else, 2) it selects.",
      ),
    ).toBeNull();
  });
});

describe("an enumeration card", () => {
  const deckOf = (markdown: string) =>
    offlineFlashcards(noteMaterial({ title: "T", markdown, outputLanguage: "en-US", sources: [] }), {
      count: 20,
    });

  it("names the items of a list, never lines of program code", () => {
    const deck = deckOf(
      [
        "# T",
        "## Introduction to Refactoring",
        "Refactoring changes the structure of code while its behaviour is preserved:",
        ["- class Foo{", "- int a;", "- public Bar(int anA){", "- return new Bar(anA)"].join("\n"),
        "## Stages of compilation",
        "A compiler works in three stages:",
        ["- lexical analysis", "- syntax analysis", "- code generation"].join("\n"),
      ].join("\n\n"),
    );
    const enumerations = deck.filter((c) => c.form === "enumeration");
    expect(enumerations.map((c) => c.back)).toEqual(["lexical analysis; syntax analysis; code generation"]);
  });
});
