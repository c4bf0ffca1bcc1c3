import { QUESTION_TYPES, type MindMapNode, type OutputLanguage } from "@beannote/contract";
import { describe, expect, it } from "vitest";
import { writeOfflineFlashcards } from "../flashcards/offline";
import { buildMindMap } from "../mind-map";
import { noteMaterial, type NoteMaterial } from "../note-material";
import { offlinePodcastScript } from "../podcast/offline";
import { offlineQuiz } from "../quiz/offline";
import { hasPlaceholder, withoutPlaceholders } from "./placeholder";

describe("stand-ins for equations and pictures", () => {
  it("knows the readers' stand-ins in several languages, not footnote marks or bracketed words", () => {
    for (const t of ["[equation]", "x [Image] y", "含[公式]的点", "［图片］", "см. [формула]", "【図】"])
      expect(hasPlaceholder(t), t).toBe(true);
    for (const t of ["Footnotes[1] and endnotes[2]", "работы над темой [проектом]", "[25] a. Create a plot"])
      expect(hasPlaceholder(t), t).toBe(false);
  });

  it("drops a statement that runs through one, cuts one that is a sentence of its own", () => {
    // inside a statement: in a phrase, the subject, a clause between commas, what a lead-in introduces
    for (const t of [
      "x为聚点，若X每个邻域都有含[equation]的点",
      "[equation]的聚点为R",
      "A'为A的所有聚点的集合，[equation]，也是包含A的最小闭集",
      "A稠密，若；[equation]",
      "形如；[equation]; [equation]; [equation]",
      "The kinetic energy is [equation] where m is the mass.",
      "Энергия равна [формула], где m — масса.",
      "[equation], (1)",
      "[image]",
    ])
      expect(withoutPlaceholders(t), t).toBeNull();
    expect(withoutPlaceholders("The force is given below. [equation]")).toBe("The force is given below.");
    expect(withoutPlaceholders("[equation]. Here F is the force on the wire.")).toBe(
      "Here F is the force on the wire.",
    );
    expect(withoutPlaceholders("由此得到。[公式]。这就是高斯定理。")).toBe("由此得到。这就是高斯定理。");
    expect(withoutPlaceholders("No stand-in here.")).toBe("No stand-in here.");
  });
});

/** Every text a student sees in the four offline artefacts of a note. */
async function artefactTexts(material: NoteMaterial): Promise<string[]> {
  const out: string[] = [];
  for (const c of await writeOfflineFlashcards(material, { count: 60 })) out.push(c.front, c.back);
  for (const q of await offlineQuiz(material, { types: [...QUESTION_TYPES], count: 15, seed: "p" }))
    out.push(q.question, ...q.options, q.referenceAnswer, ...q.keyPoints, q.explanation);
  const walk = (n: MindMapNode): void => {
    out.push(n.label);
    n.children.forEach(walk);
  };
  walk(buildMindMap(material, "n").root);
  for (const length of ["short", "long"] as const)
    for (const ch of offlinePodcastScript(material, length).chapters)
      out.push(...ch.lines.map((l) => l.text));
  return out;
}

describe("no study item carries a stand-in", () => {
  it("on a note whose tables, sentences and lists hold them (en, zh, ru)", async () => {
    const markdown = [
      "# Circuits",
      "## Ohm's law",
      "Ohm's law states that the current through a conductor is proportional to the voltage across it. It is written as follows. [equation]",
      "The resistance is [equation] where ρ is the resistivity of the material.",
      "",
      "| Quantity | Symbol | Relation |",
      "| --- | --- | --- |",
      "| Current | I | [equation] |",
      "| Power | P | equals [equation] in watts |",
      "| Charge | Q | measured in coulombs |",
      "",
      "## 拓扑", // as the point-set topology notes read before their AxMath objects gave LaTeX
      "开集的补集称为闭集。闭包是包含A的最小闭集，[equation]，也是A与其聚点的并。",
      "",
      "| 定义 | 说明 |",
      "| --- | --- |",
      "| 聚点 | x为聚点，若X每个邻域都有含[equation]的点 |",
      "| 稠密 | A稠密，若；[equation] |",
      "| 可分 | 存在可数稠密子集 |",
      "",
      "## Закон Ома",
      "- Сила тока пропорциональна напряжению [формула] на участке цепи.",
      "- Сопротивление измеряется в омах.",
    ].join("\n");
    for (const outputLanguage of ["en-US", "zh-CN"] as OutputLanguage[]) {
      const material = noteMaterial({ title: "Circuits", markdown, outputLanguage, sources: [] });
      const texts = await artefactTexts(material);
      expect(texts.length).toBeGreaterThan(20);
      expect(texts.filter(hasPlaceholder)).toEqual([]);
      // the facts without a stand-in are still there
      expect(texts.some((t) => t.includes("measured in coulombs"))).toBe(true);
    }
  });
});
