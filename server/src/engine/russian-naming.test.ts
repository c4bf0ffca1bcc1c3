import type { SourceDocument } from "@beannote/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { generateOfflineNote } from "./offline";
import { nlpReady } from "./nlp";
import { noteMaterial } from "./note-material";
import { agreesInForm } from "./quiz/quiz-text";
import { offlineQuiz } from "./quiz/offline";
import { buildMindMap } from "./mind-map";

// A note written for this test: a Russian section of naming sentences, as a graph theory course has them.
describe("Russian naming sentences in the quiz and on the map", () => {
  beforeAll(() => nlpReady("ru"));
  const markdown = [
    "# Графы",
    "## Основные понятия",
    "> **Степенью вершины** называется число рёбер, инцидентных данной вершине.",
    "> Замкнутая цепь называется **циклом**.",
    "> **Диаметром графа** называется длина длиннейшей геодезической цепи.",
    "> **Расстоянием** между вершинами называется длина кратчайшей цепи, соединяющей эти вершины.",
    "Ориентированным графом называется граф, где рёбра являются упорядоченными парами вершин.",
    "В неориентированном графе каждая из вершин может иметь петли и кратные рёбра.",
  ].join("\n\n");
  const material = () => noteMaterial({ title: "Графы", markdown, outputLanguage: "en-US", sources: [] });

  it("a false judgment or a choice swaps a phrase only for one whose head is in the same case", () => {
    expect(agreesInForm("упорядоченными парами вершин", "ориентированных графов", "ru")).toBe(false);
    expect(agreesInForm("упорядоченными парами вершин", "кратными рёбрами", "ru")).toBe(true);
    expect(agreesInForm("Диаметром графа", "Радиусом", "ru")).toBe(true);
  });

  it("a choice offers options in the blank's case and number first", async () => {
    const para = (text: string) => ({ type: "paragraph" as const, page: 1, text });
    const doc: SourceDocument = {
      title: "Графы",
      format: "docx",
      language: "ru",
      pageCount: 1,
      sections: [
        {
          heading: "Основные понятия",
          level: 1,
          blocks: [
            para(
              "Степенью вершины называется число рёбер, инцидентных данной вершине. Замкнутая цепь называется циклом.",
            ),
            para(
              "Диаметром графа называется длина длиннейшей геодезической цепи. Расстоянием между вершинами называется длина кратчайшей цепи, соединяющей эти вершины.",
            ),
            para(
              "Ориентированным графом называется граф, где рёбра являются упорядоченными парами вершин. В неориентированном графе каждая из вершин может иметь петли и кратные рёбра.",
            ),
            para(
              "Петлёй называется ребро, соединяющее вершину с ней самой. Контуром называется замкнутый путь в ориентированном графе. Маршрутом называется последовательность вершин, где соседние вершины смежны.",
            ),
          ],
        },
        {
          heading: "Представление графов",
          level: 1,
          blocks: [
            para(
              "Матрица смежности хранит для каждой пары вершин число соединяющих их рёбер. Списки смежности экономят память при представлении разреженных графов.",
            ),
            para(
              "Массив рёбер удобен для алгоритмов, работающих с рёбрами графа. Матрица инциденций строится по правилу инцидентности вершин и рёбер.",
            ),
          ],
        },
      ],
    };
    const markdown = generateOfflineNote({
      sources: [{ doc, fileName: "graphs.docx" }],
      title: doc.title,
      outputLanguage: "en-US",
      detailLevel: "detail",
    }).markdown;
    const m = noteMaterial({ title: doc.title, markdown, outputLanguage: "en-US", sources: [doc] });
    let asked = 0;
    for (const seed of ["a", "b", "c", "d"])
      for (const q of await offlineQuiz(m, { types: ["choice"], count: 4, seed })) {
        if (!q.question.includes("Расстоянием между вершинами называется _____")) continue;
        asked++;
        const answer = q.options[q.correct[0]!]!;
        // "длина кратчайшей цепи" beside "последовательность", not beside "Диаметром графа" or "соседние вершины"
        expect(
          q.options.filter((o) => agreesInForm(answer, o, "ru", false)),
          q.options.join(" / "),
        ).toHaveLength(4);
      }
    expect(asked).toBeGreaterThan(0);
  });

  it("a map leaf names the term in the instrumental, in its dictionary form, with what it is", () => {
    const leaves = buildMindMap(material(), "ru").root.children.flatMap((s) =>
      s.children.map((c) => c.label),
    );
    expect(leaves).toContain("степень вершины: число рёбер");
    expect(leaves).toContain("цикл: Замкнутая цепь");
    expect(leaves.join(" | ")).not.toMatch(/Замкнутая цепь: циклом|Степенью вершины:/u);
  });
});
