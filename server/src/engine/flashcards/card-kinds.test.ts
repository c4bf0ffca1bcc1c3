import { cachedParseFile } from "../../../test/parse-cache";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generateOfflineNote } from "../offline";
import { nlpReady, nounPhrases } from "../nlp";
import { noteMaterial, normaliseForMatch } from "../note-material";
import {
  acronymPairs,
  causalSplit,
  comparedPair,
  comparesThings,
  definedTerm,
  hasGarbledFormula,
  hasHeaderRow,
  isCaption,
  isIncompleteStatement,
  isMetaSentence,
  isProse,
  namedResult,
  numberFact,
  opensPointingBack,
  whyQuestion,
} from "./card-kinds";
import { isFillerAnswer } from "./card-rules";
import { defaultCardCount, writeOfflineFlashcards } from "./offline";

const FIXTURES = path.resolve(import.meta.dirname, "../../../../../shared/fixtures/documents");

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

  it("reads 'we call A the B' as a definition of B (an economics lecture's naming sentences)", () => {
    const called = (s: string) => definedTerm(s, "en");
    expect(
      called(
        "We call the ratio of marginal utility between two goods the marginal rate of substitution between the two goods (or MRS).",
      ),
    ).toBe("marginal rate of substitution");
    expect(called("We call $u(x,y)$ the consumer's utility function.")).toBe("utility function");
    expect(called("We call the constraint, $p_x x + p_y y = I$ the budget constraint.")).toBe(
      "budget constraint",
    );
    expect(called("We call a graph without cycles a forest.")).toBe("forest");
    // an object that points back says nothing of the term; a call that names nothing is none
    expect(called("We call such a graph a tree.")).toBeNull();
    expect(called("We call these instructions guard instructions.")).toBeNull();
    expect(called("We call it a day.")).toBeNull();
    expect(called("We call him every day.")).toBeNull();
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
    // a clause that ends on a result's word is no name ("What does We describe a method state?")
    expect(
      namedResult("We describe an algorithm for packing boxes into as few crates as possible.", "en"),
    ).toBeNull();
    expect(
      namedResult("They derive a rule of thumb from the measured delays of each link.", "en"),
    ).toBeNull();
    expect(
      namedResult("Dijkstra's algorithm finds the shortest paths from one node to every other node.", "en"),
    ).toBe("Dijkstra's algorithm");
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

  it("asks 'why' as a question about the effect's subject, and of no fragment or chain of causes", () => {
    expect(whyQuestion("The kernel also keeps a free list.", "en")).toBe(
      "Why does the kernel also keep a free list?",
    );
    expect(whyQuestion("Dynamic languages are slower to start than static ones.", "en")).toBe(
      "Why are dynamic languages slower to start than static ones?",
    );
    expect(whyQuestion("The old schedulers wasted cycles.", "en")).toBe(
      "Why did the old schedulers waste cycles?",
    );
    expect(whyQuestion("The median and its confidence interval were biased upwards.", "en")).toBe(
      "Why were the median and its confidence interval biased upwards?",
    );
    // an instruction, a pronoun or a formula as subject is no question about a concept
    expect(whyQuestion("Note that $a$ must divide $b$.", "en")).toBeNull();
    expect(whyQuestion("It also sets a flag.", "en")).toBeNull();
    expect(whyQuestion("热量从高温物体传向低温物体。", "zh")).toBe("为什么热量从高温物体传向低温物体？");
    // an effect that carries a cause of its own is two statements
    expect(whyQuestion("矩阵是对称的，因此特征值都是实数。", "zh")).toBeNull();
    expect(causalSplit("由于矩阵是实的，它的转置等于共轭转置，因此对称矩阵的特征值都是实数。", "zh")).toEqual(
      {
        effect: "对称矩阵的特征值都是实数。",
        cause: "由于矩阵是实的，它的转置等于共轭转置。",
      },
    );
  });

  it("reads no ranking as a definition, and compares no clause pointed back at", () => {
    expect(definedTerm("Quicksort is the fastest sort on 7 of the 10 inputs we tried.", "en")).toBeNull();
    expect(definedTerm("Ethernet was the first network to use carrier sensing.", "en")).toBeNull();
    expect(definedTerm("Heaps are the most common backing store of priority queues.", "en")).toBeNull();
    expect(definedTerm("A heap is a tree in which every parent orders before its children.", "en")).toBe(
      "heap",
    );
    const zh = "整数环中每个理想都是主理想，这与多项式环不同。";
    expect(comparedPair(zh, "zh", nounPhrases(zh, "zh"))).toBeNull();
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

describe("what a teacher reads on real decks", () => {
  it("takes the defined term of the sentence, never a pronoun, a demonstrative or a piece of a longer word", () => {
    // the name after "称为/称作/叫做" or "称…为", with something before the verb that says what it is
    expect(definedTerm("我们把正定性和正交性合称为本征函数的正交归一性。", "zh")).toBe(
      "本征函数的正交归一性",
    );
    expect(
      definedTerm("如果方程的系数都在$z_{0}$解析，则$z_{0}$称作方程的常点；若不解析则称作奇点。", "zh"),
    ).toBe("方程的常点");
    // a labelled definition names its label ("零点" is defined, "解析" only describes the function)
    expect(definedTerm("解析函数的零点：若$f(z)$在$z=a$处为0，在$a$邻域解析，称$a$为零点。", "zh")).toBe(
      "解析函数的零点",
    );
    // the meaning only pointed at ("这种解", "这个方程", "these instructions"), or nothing before the verb
    expect(definedTerm("这种解称为一般解。", "zh")).toBeNull();
    expect(definedTerm("我们称这个方程为$\\upsilon$阶Bessel方程。", "zh")).toBeNull();
    expect(definedTerm("我们把这种现象叫做兼并。", "zh")).toBeNull();
    expect(definedTerm("我们也称为原函数和像函数，求像函数的运算称作变换。", "zh")).toBeNull();
    expect(definedTerm("We call these instructions guard instructions.", "en")).toBeNull();
    expect(definedTerm("Avoiding these costs is a key benefit of tracing.", "en")).toBeNull();
  });

  it("sees sentences about the text, captions and statements that trail off", () => {
    for (const meta of [
      "这里我们不做证明。",
      "证明略。",
      "如图所示，电场线从正电荷出发。",
      "In this section, we describe the data we used for experiments and the basic setup.",
      "We do not prove this here.",
      "See below for the details of the construction.",
      "As shown in Figure 3, the accuracy grows with the batch size.",
      "Table 2 compares different passage retrieval systems on five QA datasets.",
      "Dans cette section, nous présentons le modèle.",
      "См. ниже доказательство этой теоремы.",
      "See text for more details.",
      "The problem of open-domain QA studied in this paper can be described as follows.",
      "(полное наименование темы проекта)",
      "（此处填写学生姓名）",
    ])
      expect(isMetaSentence(meta), meta).toBe(true);
    for (const statement of [
      "A trace is simply a program path, which may cross function call boundaries.",
      "奇点首先分为孤立奇点和非孤立奇点。",
      "以太网使用CSMA/CD协议。",
      "(a) The kernel schedules threads (not processes) on each core.",
    ])
      expect(isMetaSentence(statement), statement).toBe(false);
    for (const caption of [
      "Table 3: Results on the development set.",
      "表 2 实验结果",
      "Рис. 1 Схема установки",
      "图3-1 电路图",
      "Figure 2. Overview",
    ])
      expect(isCaption(caption), caption).toBe(true);
    for (const text of ["表示一个向量的长度。", "Tables are kept as tables.", "图论是数学的一个分支。"])
      expect(isCaption(text), text).toBe(false);
    for (const trailing of [
      "定理：若$f(z)$在$G$解析，则$f(z)$的任意阶导数存在，且",
      "函数的极限存在，则称",
      "A process has three states, and",
      "The states are:",
    ])
      expect(isIncompleteStatement(trailing), trailing).toBe(true);
    for (const whole of [
      "Vitamin A",
      "函数在区域内处处可导就说函数在区域内解析。",
      "Threads share one address space.",
    ])
      expect(isIncompleteStatement(whole), whole).toBe(false);
  });

  it("sees a sentence that opens by pointing back", () => {
    expect(opensPointingBack("这个式子非常重要！", "zh")).toBe(true);
    expect(opensPointingBack("This is why the trace is discarded.", "en")).toBe(true);
    expect(opensPointingBack("Cette méthode converge vite.", "fr")).toBe(true);
    expect(opensPointingBack("幂级数的收敛域是一个圆。", "zh")).toBe(false);
    expect(opensPointingBack("The trace is discarded when a guard fails.", "en")).toBe(false);
  });

  it("finds formulas that cannot be set: unpaired dollars, braces or delimiters, or what KaTeX refuses", () => {
    expect(hasGarbledFormula("The ratio $\\frac{a}{b$ is small.")).toBe(true);
    expect(hasGarbledFormula("Here $\\left( x + y$ holds.")).toBe(true);
    expect(hasGarbledFormula("The price $5 is low.")).toBe(true);
    expect(hasGarbledFormula("The energy is $E = \\frac{1}{2} m v^2$.")).toBe(false);
    const katex = (latex: string) => !latex.includes("\\undefinedmacro");
    expect(hasGarbledFormula("We use $\\undefinedmacro{x}$ here.", katex)).toBe(true);
    expect(hasGarbledFormula("We use $x^2$ here.", katex)).toBe(false);
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

  it("blanks whole compounds, and the back is exactly the blanked span", async () => {
    const markdown = [
      "# Retrieval",
      "## Dense retrieval",
      "Open-domain QA datasets pair questions with passages from Wikipedia. The problem of open-domain QA studied in this paper can be described as follows. When evaluated on a wide range of open-domain QA datasets, the dense retriever outperforms the BM25 baseline. Retrieval for open-domain QA uses a dual encoder over passages.",
      "",
      "## Passage index",
      "The dense passage index stores one vector per passage of the open-domain QA corpus. A client/server architecture serves the dense passage index to the reader.",
    ].join("\n");
    const material = noteMaterial({ title: "DPR", markdown, outputLanguage: "en-US", sources: [] });
    const cards = await writeOfflineFlashcards(material, { count: 12 });
    const blanks = cards.filter((c) => /_{3,}/u.test(c.front));
    for (const card of blanks) {
      expect(card.front, card.front).not.toMatch(/[\p{L}\p{N}/-]_{3,}|_{3,}[\p{L}\p{N}/-]/u);
      expect(card.front.replace(/_{3,}/u, card.back)).toBe(card.quote);
    }
  });

  it("never backs a card with a sentence about the text, a caption, a trailing clause or a formula KaTeX refuses", async () => {
    const zh = [
      "# 复变函数",
      "## 两个引理与Cauchy积分",
      "这里我们不做证明。Cauchy积分公式给出了解析函数在区域内一点的值与边界积分的关系。",
      "",
      "## 高阶导数",
      "定理：若$f(z)$在$\\hat{G}$解析，则$f(z)$的任意阶导数存在，且",
      "",
      "解析函数的任意阶导数仍是解析函数。",
      "",
      "## 留数",
      "如图所示，留数是函数在孤立奇点处洛朗展开的负一次项系数。",
      "",
      "留数的和等于围道积分除以$2\\pi i$。",
      "",
      "这个式子非常重要！",
    ].join("\n");
    const en = [
      "# Retrieval",
      "## Question Answering Datasets",
      "Table 1: Number of questions in each QA dataset.",
      "",
      "Natural Questions was designed for end-to-end question answering over Wikipedia articles.",
      "",
      "## Experimental Setup",
      "In this section, we describe the data we used for experiments and the basic setup.",
      "",
      "The ratio $\\frac{a}{b$ grows with the batch size of the in-batch negative training.",
      "",
      "The dual encoder maps questions and passages to dense vectors of 768 dimensions.",
    ].join("\n");
    for (const [markdown, output] of [
      [zh, "zh-CN"],
      [en, "en-US"],
    ] as const) {
      const material = noteMaterial({ title: "t", markdown, outputLanguage: output, sources: [] });
      const cards = await writeOfflineFlashcards(material, { count: 12 });
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards) {
        const text = `${card.front} ${card.back}`;
        expect(isMetaSentence(card.back), card.back).toBe(false);
        expect(isCaption(card.back) || isCaption(card.quote), card.back).toBe(false);
        expect(card.form === "cloze" || isIncompleteStatement(card.back), card.back).toBe(
          card.form === "cloze",
        );
        expect(hasGarbledFormula(text), text).toBe(false);
        expect(card.quote).not.toBe("这个式子非常重要！");
      }
    }
  });

  it("asks a definition of the term the sentence defines, never of a bold word the note set beside it", async () => {
    const markdown = [
      "# 复变函数",
      "## 零点孤立性",
      "> **解析**函数的**零点**：若$f(z)$在$z=a$处为0，在$a$邻域解析，称$a$为零点。",
      "",
      "## 兼并",
      "> **我们把这种现象**叫做兼并。",
      "",
      "> **我们把正定性和正交性合**称为本征函数的正交归一性。",
    ].join("\n");
    const material = noteMaterial({ title: "复变函数", markdown, outputLanguage: "zh-CN", sources: [] });
    const cards = await writeOfflineFlashcards(material, { count: 10 });
    const fronts = cards.filter((c) => c.form === "definition").map((c) => c.front);
    expect(fronts).toEqual(["什么是解析函数的零点？", "什么是本征函数的正交归一性？"]);
  });

  it("reads a glossary list with dashes as definitions, a list of clauses with dashes not", async () => {
    const markdown = [
      "# Macroeconomics",
      "## Kinds of intervention",
      "- Bilateral intervention - the intervener forces an exchange between himself and a subject.",
      "- Triangular intervention – a ban on Sunday trading, maximum prices or labour laws.",
      "- Price controls – ceilings and floors set by the state on what goods may cost.",
      "",
      "## Crises",
      "- The world is fragmented today – trading in foreign currencies is possible but costly.",
      "- Growth was slower then – recovery took longer than it does with a central bank.",
    ].join("\n");
    const material = noteMaterial({
      title: "Macroeconomics",
      markdown,
      outputLanguage: "en-US",
      sources: [],
    });
    const cards = await writeOfflineFlashcards(material, { count: 10 });
    const definitions = cards.filter((c) => c.form === "definition");
    expect(definitions.map((c) => c.front)).toEqual([
      "What is Bilateral intervention?",
      "What is Triangular intervention?",
      "What are Price controls?",
    ]);
    expect(definitions[1]!.back).toBe("A ban on Sunday trading, maximum prices or labour laws.");
  });

  it("agrees a definition with a plural term, asks real 'why' questions and compares concepts only", async () => {
    const markdown = [
      "# Compilers",
      "## Runtime",
      "Inline caches are a speed-up for property lookups because they remember the shape of the last object seen. The collector also keeps a remembered set so that a minor collection need not scan the old generation. For one of the loops we run 12 times faster than the baseline interpreter. The baseline interpreter is the slowest tier on 8 of the 11 programs.",
    ].join("\n");
    const material = noteMaterial({ title: "Compilers", markdown, outputLanguage: "en-US", sources: [] });
    const cards = await writeOfflineFlashcards(material, { count: 10 });
    const fronts = cards.map((c) => c.front);
    expect(fronts).toContain("What are Inline caches?");
    expect(fronts).toContain("Why does the collector also keep a remembered set?");
    expect(fronts.filter((f) => /^Why\?|differ\?$|What is the baseline interpreter/u.test(f))).toEqual([]);
  });

  it("asks to name no list of questions (an exercise's 'Define the following terms:' and its items)", async () => {
    const markdown = [
      "# Graphs",
      "## Exercise 2",
      "- Define the following terms:",
      "- Vertex?",
      "- Edge ?",
      "- Path?",
      "",
      "## Traversals",
      "- Breadth-first search",
      "- Depth-first search",
      "- Iterative deepening",
    ].join("\n");
    const material = noteMaterial({ title: "Graphs", markdown, outputLanguage: "en-US", sources: [] });
    const cards = await writeOfflineFlashcards(material, { count: 10 });
    const lists = cards.filter((c) => c.form === "enumeration").map((c) => c.front);
    expect(lists).toEqual(["Traversals — name all 3."]);
  });

  it("takes a section's key point from a statement, not from an instruction to the student", async () => {
    const markdown = [
      "# Lab 4",
      "## Stack frames",
      "- Try to write the factorial function in assembly.",
      "- TIP: Read the chapter on calling conventions first.",
      "- Each call pushes a frame that holds its return address and saved registers.",
    ].join("\n");
    const material = noteMaterial({ title: "Lab 4", markdown, outputLanguage: "en-US", sources: [] });
    const cards = await writeOfflineFlashcards(material, { count: 10 });
    const point = cards.find((c) => c.form === "keypoint");
    expect(point?.back).toBe("Each call pushes a frame that holds its return address and saved registers.");
  });

  it("blanks no Chinese word jieba glued out of a verb phrase ('长到' of '长到短一定对')", async () => {
    const markdown = ["# 拓扑", "## 连续映射", "长到短一定对，短到长一定错。"].join("\n");
    const material = noteMaterial({ title: "拓扑", markdown, outputLanguage: "zh-CN", sources: [] });
    const cards = await writeOfflineFlashcards(material, { count: 10 });
    expect(cards.filter((c) => c.form === "cloze").map((c) => c.back)).toEqual([]);
  });

  it("writes a Chinese lecture's concepts, not mostly 'what is the key point' (at most 40% of the deck)", async () => {
    const file = "zh-lecture-notes-math-physics-methods.pdf";
    const doc = await cachedParseFile(path.join(FIXTURES, file), file);
    const note = generateOfflineNote({
      sources: [{ doc, fileName: file }],
      title: doc.title || file,
      outputLanguage: "zh-CN",
      detailLevel: "detail",
    });
    const material = noteMaterial({
      title: doc.title,
      markdown: note.markdown,
      outputLanguage: "zh-CN",
      sources: [doc],
    });
    const cards = await writeOfflineFlashcards(material, { count: defaultCardCount(material, "detail") });
    const share = (form: string) => cards.filter((c) => c.form === form).length / cards.length;
    expect(cards.length).toBeGreaterThanOrEqual(20);
    expect(share("keypoint")).toBeLessThanOrEqual(0.4);
    expect(share("definition") + share("named-result")).toBeGreaterThanOrEqual(0.2);
  }, 60_000);

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
