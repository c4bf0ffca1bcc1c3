import path from "node:path";
import { describe, expect, it } from "vitest";
import { cachedParseFile } from "../../test/parse-cache";
import { buildMindMap } from "./mind-map";
import { noteMaterial } from "./note-material";
import { generateOfflineNote } from "./offline";
import { documentTerms, keyTerms as summaryKeyTerms } from "./summarize";

const FIXTURES = path.resolve(import.meta.dirname, "../../../../shared/fixtures/documents");

describe("a Russian note's terms, from the tagger's noun phrases", () => {
  it("lists phrases, not inflected pieces, and the map shows them in their dictionary form", async () => {
    const file = "ru-course-syllabus-information-systems.doc";
    const doc = await cachedParseFile(path.join(FIXTURES, file), file);
    const note = generateOfflineNote({
      sources: [{ doc, fileName: file }],
      title: doc.title || file,
      outputLanguage: "en-US",
      detailLevel: "detail",
    });
    const line = /\*\*Key terms:\*\* (.+)/u.exec(note.markdown)?.[1] ?? "";
    const terms = line.split(" · ");
    expect(terms.length).toBeGreaterThanOrEqual(4);
    // counting word runs gave "проекта · исследовательского · темы": an adjective's oblique case alone
    expect(terms).not.toContain("исследовательского");
    expect(terms.filter((t) => t.includes(" ")).length, line).toBeGreaterThanOrEqual(3);
    const material = noteMaterial({
      title: doc.title,
      markdown: note.markdown,
      outputLanguage: "en-US",
      sources: [doc],
    });
    const leaves: string[] = [];
    const walk = (node: { kind: string; label: string; children: unknown[] }) => {
      if (node.kind === "term") leaves.push(node.label);
      for (const child of node.children) walk(child as typeof node);
    };
    walk(buildMindMap(material, "n").root);
    expect(leaves).toContain("исследовательский проект");
    expect(leaves).not.toContain("исследовательского проекта");
  });
});

describe("a Chinese note's terms", () => {
  it("in the overview: jieba's noun phrases the text says twice, no stand-in, predicate or verb with its object", () => {
    // lines of a topology study sheet (its equations are objects the reader leaves as "[equation]"), of a
    // transport report and of a lecture
    const text = [
      "找聚点即找最小邻域。A的内部是在A中的最大开集。A的闭包是包含A的最小闭集。",
      "1的邻域基为R。1的邻域基为[equation]。[equation]的内部为[equation]。所有的开邻域构成邻域基。",
      "城市机动车数量在过去十年中迅速增长，公共汽车承担了大部分出行。地铁建设缓解了中心城区的拥堵。",
      "先介绍一般性的优化问题，进而引出条件。库仑定律给出两个电荷之间的力。",
    ].join("");
    const terms = documentTerms(text, "zh", 20);
    expect(terms.slice(0, 2)).toEqual(["邻域基", "邻域"]);
    // the stand-in's "equation", a verb with its aspect ("公共汽车承担了"), a verb and its object ("介绍一般性"),
    // a count after a verb ("给出两个电荷"), a copula glued on ("邻域基为")
    for (const bad of ["equation", "公共汽车承担", "地铁建设缓解", "介绍一般性", "给出两个电荷", "邻域基为"])
      expect(terms).not.toContain(bad);
  });

  it("in a section: nouns, never a verb, an adjective or a quantifier the sheet says often", () => {
    const sheet =
      "开集：包含空集与全集；有限交；任意并。闭集：包含空集与全集；有限并；任意交。邻域：包含含点x的某个开集的子集。" +
      "可分：存在可数稠密子集。开集的余集是闭集。闭集的余集是开集。";
    const terms = summaryKeyTerms(sheet, "zh", { sectionCount: 1, df: new Map() }, 8);
    expect(terms).toContain("全集");
    for (const bad of ["包含", "任意", "有限"]) expect(terms).not.toContain(bad);
  });
});
