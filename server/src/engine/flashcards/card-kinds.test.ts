import { beforeAll, describe, expect, it } from "vitest";
import { nlpReady, nounPhrases } from "../nlp";
import { noteMaterial, normaliseForMatch } from "../note-material";
import {
  acronymPairs,
  causalSplit,
  comparedPair,
  comparesThings,
  definedTerm,
  hasHeaderRow,
  isProse,
  namedResult,
  numberFact,
} from "./card-kinds";
import { isFillerAnswer } from "./card-rules";
import { writeOfflineFlashcards } from "./offline";

beforeAll(() => nlpReady("ja"));

describe("reading a sentence's kind", () => {
  it("finds the term a sentence defines, in five languages", () => {
    expect(definedTerm("A deadlock is a state in which every process waits for another.", "en")).toBe(
      "deadlock",
    );
    expect(definedTerm("二叉搜索树是一种左子树的值小于根结点的二叉树。", "zh")).toBe("二叉搜索树");
    expect(definedTerm("平衡二叉树称为AVL树。", "zh")).toBe("AVL树");
    expect(definedTerm("光合成とは、植物が光エネルギーを利用する反応である。", "ja")).toBe("光合成");
    expect(definedTerm("Un monopole est une structure de marché où une seule entreprise vend.", "fr")).toBe(
      "monopole",
    );
    expect(definedTerm("Энтропия — это мера беспорядка системы.", "ru")).toBe("Энтропия");
    // a sentence that only uses "is" defines nothing; a verb or a pronoun is no term
    expect(definedTerm("It is a good idea to test early.", "en")).toBeNull();
    expect(definedTerm("This is the reason we test.", "en")).toBeNull();
    // "The result is …" refers back; quotes around a term are not part of it
    expect(definedTerm("The result is a native code fragment that can be entered.", "en")).toBeNull();
    expect(definedTerm("“Apache is a general webserver, designed to be correct first.", "en")).toBe("Apache");
  });

  it("names a result only when the sentence states it", () => {
    expect(
      namedResult(
        "Bayes' theorem states that the posterior is proportional to the prior times the likelihood.",
        "en",
      ),
    ).toBe("Bayes' theorem");
    const zh = "留数定理：设有界区域G的边界C为分段光滑简单闭合曲线，则积分等于留数之和。";
    expect(namedResult(zh, "zh", nounPhrases(zh, "zh"))).toBe("留数定理");
    // a sentence that merely mentions a theorem, or a demonstrative, is no statement of it
    const mention = "我们来对这个定理进行证明，过程并不难。";
    expect(namedResult(mention, "zh", nounPhrases(mention, "zh"))).toBeNull();
    expect(namedResult("In this section we use the following theorem to bound the error.", "en")).toBeNull();
    expect(namedResult("Закон Ома утверждает, что сила тока пропорциональна напряжению.", "ru")).toBe(
      "Закон Ома",
    );
  });

  it("pairs acronyms with expansions whose initials they are", () => {
    const en = "The operating system keeps a process control block (PCB) for every process.";
    expect(acronymPairs(en, nounPhrases(en, "en"))).toEqual([
      { acronym: "PCB", expansion: "process control block" },
    ]);
    expect(acronymPairs("We met the team (ABC) yesterday.", [])).toEqual([]);
    const zh = "二叉搜索树（BST）是一种二叉树。";
    expect(acronymPairs(zh, nounPhrases(zh, "zh"))).toEqual([{ acronym: "BST", expansion: "二叉搜索树" }]);
  });

  it("splits causes from their effects", () => {
    expect(
      causalSplit("Starvation occurs because low-priority processes may wait indefinitely.", "en"),
    ).toEqual({
      effect: "Starvation occurs.",
      cause: "Because low-priority processes may wait indefinitely.",
    });
    expect(causalSplit("Dijkstra算法不能处理负权边，因为已确定的最短路径可能被更新。", "zh")).toEqual({
      effect: "Dijkstra算法不能处理负权边。",
      cause: "因为已确定的最短路径可能被更新。",
    });
    expect(
      causalSplit("В изолированной системе энтропия не убывает, поэтому процессы необратимы.", "ru")?.cause,
    ).toBe("В изолированной системе энтропия не убывает.");
    expect(causalSplit("The scheduler picks the next process.", "en")).toBeNull();
  });

  it("sees comparisons, number facts and formula debris", () => {
    expect(comparesThings("Unlike processes, threads share one address space.", "en")).toBe(true);
    expect(comparesThings("Contrairement à la concurrence parfaite, le monopole fixe le prix.", "fr")).toBe(
      true,
    );
    const en = "Unlike processes, threads of one process share the same address space.";
    expect(comparedPair(en, "en", nounPhrases(en, "en"))).toEqual(["processes", "threads"]);
    const zh = "红黑树与AVL树相比，插入时需要的旋转次数更少。";
    expect(comparedPair(zh, "zh", nounPhrases(zh, "zh"))).toEqual(["红黑树", "AVL树"]);
    expect(numberFact("Paging uses frames of 4 KB in most systems.")).toEqual({ value: "4 KB", at: 22 });
    expect(numberFact("Dijkstra published the algorithm in 1959.")?.value).toBe("1959");
    expect(numberFact("Retrieval uses BM25 (Robertson and Zaragoza, 2009) in many systems.")).toBeNull();
    expect(isProse("∂2v ∂2v + = 0 (1-5) ∂2x ∂2y")).toBe(false);
    expect(isProse("The kinetic energy is $E=\\frac{1}{2}mv^2$ for a moving body.")).toBe(true);
  });

  it("reads a table's first row as data when it has the data's shape", () => {
    expect(
      hasHeaderRow([
        ["FPTaylor", "29"],
        ["Herbie", "28"],
        ["Expt", "72"],
      ]),
    ).toBe(false);
    expect(
      hasHeaderRow([
        ["Tool", "Error bits"],
        ["Herbie", "28"],
      ]),
    ).toBe(true);
    expect(
      hasHeaderRow([
        ["", ""],
        ["a", "b"],
      ]),
    ).toBe(false);
  });
});

describe("filler answers", () => {
  it("rejects function words, verbs, labels and half words", () => {
    expect(isFillerAnswer("represents", "The arrow represents the flow of data.", "en")).toBe(true);
    expect(isFillerAnswer("aussi", "Le modèle utilise aussi la fonction sigmoïde.", "fr")).toBe(true);
    expect(isFillerAnswer("Source", "Source: Nelms, Charlie (2011).", "en")).toBe(true);
    expect(isFillerAnswer("感知", "两类感知器算法是线性分类器。", "zh")).toBe(true);
    expect(isFillerAnswer("感知器", "两类感知器算法是线性分类器。", "zh")).toBe(false);
    expect(isFillerAnswer("hinge loss", "The hinge loss penalises wrong answers.", "en")).toBe(false);
  });
});

describe("an offline deck", () => {
  it("reads a table without a header row as data, never 'Herbie · 29' → 28", async () => {
    const markdown = [
      "# Tools",
      "## Error of the tools",
      "The benchmark measures the error bound each tool reports on the same expressions.",
      "",
      "| FPTaylor | 29 |",
      "| --- | --- |",
      "| Herbie | 28 |",
      "| Expt | 72 |",
    ].join("\n");
    const material = noteMaterial({ title: "Tools", markdown, outputLanguage: "en-US", sources: [] });
    const cards = await writeOfflineFlashcards(material, { count: 10 });
    const tables = cards.filter((c) => c.form === "table");
    expect(tables.map((c) => [c.front, c.back])).toEqual(
      expect.arrayContaining([
        ["Error of the tools · Herbie", "28"],
        ["Error of the tools · FPTaylor", "29"],
      ]),
    );
    expect(cards.some((c) => c.front.includes("· 29"))).toBe(false);
  });

  it("writes the kinds a tutor writes, blanks at most 40%, no back twice", async () => {
    const markdown = [
      "# Operating systems",
      "## Processes",
      "A process is a program in execution, together with its memory and registers. The operating system keeps a process control block (PCB) for every process. Unlike processes, threads of one process share the same address space.",
      "",
      "A process moves through the following states:",
      "",
      "- new",
      "- ready",
      "- running",
      "- terminated",
      "",
      "## Scheduling",
      "Round-robin scheduling gives each process a fixed time quantum of 10 to 100 milliseconds. Starvation occurs because low-priority processes may wait indefinitely under priority scheduling. The banker's algorithm avoids deadlocks by granting a request only when the resulting state is safe.",
      "",
      "## Memory",
      "Paging divides physical memory into frames of a fixed size, usually 4 KB. A page fault occurs when a process accesses a page that is not in physical memory. Virtual memory lets a process use more memory than the machine physically has.",
    ].join("\n");
    const material = noteMaterial({ title: "OS", markdown, outputLanguage: "en-US", sources: [] });
    const cards = await writeOfflineFlashcards(material, { count: 12 });
    const forms = new Set(cards.map((c) => c.form));
    for (const form of ["definition", "acronym", "enumeration", "cause", "comparison"])
      expect(forms).toContain(form);
    const blanks = cards.filter((c) => c.form === "cloze" || c.form === "number").length;
    expect(blanks).toBeLessThanOrEqual(Math.floor(cards.length * 0.4));
    expect(new Set(cards.map((c) => normaliseForMatch(c.back))).size).toBe(cards.length);
    const enumeration = cards.find((c) => c.form === "enumeration")!;
    expect(enumeration.front).toBe("A process moves through the following states — name all 4.");
    expect(enumeration.back).toBe("new; ready; running; terminated");
  });
});
