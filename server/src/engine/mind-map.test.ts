import path from "node:path";
import type { MindMapNode, OutputLanguage } from "@beannote/contract";
import { MIND_MAP_LABEL_MAX } from "@beannote/contract";
import { cachedParseFile } from "../../test/parse-cache";
import { describe, expect, it } from "vitest";
import { buildMindMap } from "./mind-map";
import { noteMaterial } from "./note-material";
import { nlpReady } from "./nlp";
import { generateOfflineNote } from "./offline";
import { hasCjk } from "./text";

// The mind map of notes written from real course material of every format.
const FIXTURES = path.resolve(import.meta.dirname, "../../../../shared/fixtures/documents");

const cases: [file: string, OutputLanguage][] = [
  ["en-paper-dense-passage-retrieval.pdf", "en-US"],
  ["zh-lecture-notes-math-physics-methods.pdf", "zh-CN"],
  ["zh-study-notes-point-set-topology.docx", "zh-CN"],
  ["en-calibre-docx-feature-demo.docx", "en-US"],
  ["en-lecture-foundations-of-geometry.pptx", "en-US"],
  ["en-lab-handout-force-on-current.doc", "en-US"],
  ["ru-course-syllabus-information-systems.doc", "en-US"],
  ["en-talk-identity-management.ppt", "en-US"],
];

async function materialOf(file: string, outputLanguage: OutputLanguage) {
  const doc = await cachedParseFile(path.join(FIXTURES, file), file);
  const note = generateOfflineNote({
    sources: [{ doc, fileName: file }],
    title: doc.title || file,
    outputLanguage,
    detailLevel: "detail",
  });
  return {
    note,
    material: noteMaterial({
      title: doc.title || file,
      markdown: note.markdown,
      outputLanguage,
      sources: [doc],
    }),
  };
}

const walk = (node: MindMapNode): MindMapNode[] => [node, ...node.children.flatMap(walk)];

describe("mind map of fixture notes", () => {
  it.each(cases)(
    "%s: every section heading in order, short non-empty leaves, every node cited",
    async (file, lang) => {
      const { note, material } = await materialOf(file, lang);
      const map = buildMindMap(material, "n1");
      const nodes = walk(map.root);
      expect(map.root.kind).toBe("root");
      expect(map.root.label.length).toBeGreaterThan(0);

      // every heading of the note (## and deeper) is a section node, in the note's order
      const headings = [...note.markdown.matchAll(/^#{2,6}\s+(.+)$/gm)].map((m) => m[1]!);
      const sections = nodes.filter((n) => n.kind === "section");
      expect(sections.length).toBeGreaterThanOrEqual(Math.min(headings.length, 1));
      const labels = new Set(sections.map((s) => s.label.replace(/ \(\d+\)$/, "")));
      for (const s of material.sections) expect(labels.has(s.heading), s.heading).toBe(true);
      // no two siblings share a label
      for (const node of nodes) {
        const siblingLabels = node.children.map((c) => c.label);
        expect(new Set(siblingLabels).size, node.label).toBe(siblingLabels.length);
      }

      // leaves: non-empty, short (a term or a first clause, never a whole paragraph), cited on a page
      const leaves = nodes.filter((n) => n.kind !== "section" && n.kind !== "root");
      expect(leaves.length).toBeGreaterThan(0);
      for (const leaf of leaves) {
        expect(leaf.label.trim(), leaf.id).not.toBe("");
        expect(leaf.children).toEqual([]);
        // measured as the map measures a label: a formula is set as one symbol
        expect([...leaf.label.replace(/\$[^$]+\$/gu, "∗")].length, leaf.label).toBeLessThanOrEqual(
          hasCjk(leaf.label) ? MIND_MAP_LABEL_MAX / 2 : MIND_MAP_LABEL_MAX,
        );
      }
      const cited = leaves.filter((l) => l.citation !== null).length;
      expect(cited / leaves.length).toBeGreaterThan(0.9);

      // ids are the path of child indices, unique
      expect(new Set(nodes.map((n) => n.id)).size).toBe(nodes.length);
      expect(map.nodeCount).toBe(nodes.length);

      // the outline lists the same headings in order
      const outlineHeadings = [...map.outline.matchAll(/^#{2,6}\s+(.+)$/gm)].map((m) =>
        m[1]!.replace(/\\(.)/g, "$1"),
      );
      expect(outlineHeadings).toEqual(sections.map((s) => s.label));
    },
    60_000, // parsing a 115-page PDF and loading the NLP models on a loaded machine
  );

  it("nests sub-sections under their section and follows an edit of the note", async () => {
    const markdown = [
      "# Thermodynamics",
      "## First law",
      "**Internal energy** changes by the heat added minus the work done by the system.",
      "### Work",
      "- Work done by a gas at constant pressure equals pressure times the change in volume",
      "## Second law",
      "> **Entropy** of an isolated system never decreases.",
    ].join("\n\n");
    const material = noteMaterial({
      title: "Thermodynamics",
      markdown,
      outputLanguage: "en-US",
      sources: [],
    });
    const map = buildMindMap(material, "n");
    const [first, second] = map.root.children;
    expect(first).toMatchObject({ kind: "section", label: "First law" });
    expect(first!.children.map((c) => [c.kind, c.label])).toEqual([
      ["term", "Internal energy"],
      ["section", "Work"],
    ]);
    // a long sentence is not cut into a fragment leaf; its terms are
    const work = first!.children[1]!.children.map((c) => c.label);
    expect(work).toContain("constant pressure");
    for (const label of work) expect(label).not.toMatch(/…|^Work done/);
    expect(second!.children.map((c) => c.label)).toContain("Entropy");

    const edited = noteMaterial({
      title: "Thermodynamics",
      markdown: markdown.replace("## Second law", "## Third law"),
      outputLanguage: "en-US",
      sources: [],
    });
    expect(buildMindMap(edited, "n").root.children.map((c) => c.label)).toEqual(["First law", "Third law"]);
  });

  const mapOf = (markdown: string, outputLanguage: OutputLanguage = "en-US") =>
    buildMindMap(noteMaterial({ title: "T", markdown, outputLanguage, sources: [] }), "n");
  const shape = (node: MindMapNode): unknown =>
    node.children.filter((c) => c.kind === "section").map((c) => [c.label, shape(c)].flat(0));
  const sectionsOf = (node: MindMapNode): unknown =>
    Object.fromEntries(
      node.children.filter((c) => c.kind === "section").map((c) => [c.label, sectionsOf(c)]),
    );

  it("keeps a chapter without text of its own, with its sections under it", () => {
    const map = mapOf(
      [
        "# T",
        "## 第一章 解析函数",
        "### 极限与连续",
        "函数在一点连续是指极限等于函数值。",
        "### 习题补充",
        "判断下面函数哪里可导。",
        "## 第二章 复变函数的积分",
        "### 积分的引入",
        "复变函数的积分是线积分。",
        "### 习题补充",
        "计算沿单位圆的积分。",
      ].join("\n\n"),
      "zh-CN",
    );
    expect(sectionsOf(map.root)).toEqual({
      "第一章 解析函数": { 极限与连续: {}, 习题补充: {} },
      "第二章 复变函数的积分": { 积分的引入: {}, 习题补充: {} },
    });
    // the chapter is cited where its first section is
    expect(map.root.children[0]!.citation).toBeNull();
    expect(shape(map.root)).toHaveLength(2);
  });

  it("puts a numbered section under its number's parent, whatever level the note gave it", () => {
    const body = "Some text about it.";
    const map = mapOf(
      [
        "# T",
        "## 3 Method",
        body,
        "### 3.1 Encoder",
        body,
        "### 4 Experiments", // a chapter heading the note read one level too deep
        body,
        "### 4.1 Datasets",
        body,
        "#### Splits",
        body,
        "### 4.2 Baselines",
        body,
        "### 5.1 Ablation", // its chapter heading was lost: not under "4"
        body,
        "## 6 Conclusion",
        body,
        "### 1 Summary", // a numbered list inside a chapter stays there
        body,
      ].join("\n\n"),
    );
    expect(sectionsOf(map.root)).toEqual({
      "3 Method": { "3.1 Encoder": {} },
      "4 Experiments": { "4.1 Datasets": { Splits: {} }, "4.2 Baselines": {} },
      "5.1 Ablation": {},
      "6 Conclusion": { "1 Summary": {} },
    });
  });

  it("merges a title repeated on consecutive slides and numbers one that comes back later", () => {
    const map = mapOf(
      [
        "# Deck",
        "## Gradient descent",
        "- **Learning rate** controls the step size",
        "## Gradient descent",
        "- **Momentum** keeps a running average of gradients",
        "## Example",
        "A worked example with **linear regression**.",
        "## Gradient descent",
        "- **Adam** adapts the step size for every parameter",
      ].join("\n\n"),
    );
    const labels = map.root.children.map((c) => c.label);
    expect(labels).toEqual(["Gradient descent", "Example", "Gradient descent (2)"]);
    const merged = map.root.children[0]!.children.map((c) => c.label);
    expect(merged).toEqual(expect.arrayContaining(["Learning rate", "Momentum"]));
  });

  it("merges an agenda slide shown again between a talk's parts instead of numbering it", () => {
    const agenda = [
      "## Research Questions",
      "- Do **programmers refactor** often?",
      "- Do programmers use **refactoring tools**?",
      "- Is **floss refactoring** common?",
    ];
    const map = mapOf(
      [
        "# Talk",
        ...agenda,
        "## Refactoring frequency",
        "**Refactoring** is frequent in the **Eclipse project**.",
        ...agenda,
        "## Tool use",
        "**Refactoring tools** are underused by **agile developers**.",
      ].join("\n\n"),
    );
    expect(map.root.children.map((c) => c.label)).toEqual([
      "Research Questions",
      "Refactoring frequency",
      "Tool use",
    ]);
  });

  it("makes leaves of terms with their meaning and facts with their subject and unit, never fragments", () => {
    const map = mapOf(
      [
        "# Physics",
        "## Entropy",
        "**Entropy** is a measure of the disorder of a system.",
        "It represents the number of ways the system can be arranged, and it never decreases in an isolated system over time.",
        "∂2v ∂2v + = 0 (1-5) ∂2x ∂2y",
        "## Results",
        "The **dense retriever** outperforms BM25 by 9% in top-20 accuracy.",
        "SQA is composed of 6 components that work together in a larger process of quality assurance.",
      ].join("\n\n"),
    );
    const [entropy, results] = map.root.children;
    const leaves = [...entropy!.children, ...results!.children].map((c) => c.label);
    expect(entropy!.children.map((c) => c.label)).toContain("Entropy: measure of the disorder of a system");
    expect(results!.children.map((c) => c.label)).toContain("dense retriever · 9%");
    for (const label of leaves) {
      expect(label).not.toMatch(/…$/);
      expect(label).not.toMatch(/^(represents|it|SQA is composed of 6)\b/i);
      expect(label).not.toMatch(/∂/);
    }
  });

  it("reads definitions in Chinese, Japanese, French and Russian", async () => {
    await nlpReady("ja");
    const cases: [OutputLanguage, string, string][] = [
      ["zh-CN", "**解析函数**是指在区域内处处可导的函数。", "解析函数: 在区域内处处可导的函数"],
      ["ja-JP", "**勾配降下法**とは損失を最小化する反復法である。", "勾配降下法: 損失を最小化する反復法"],
      [
        "fr-FR",
        "**L'entropie** est une mesure du désordre d'un système.",
        "L'entropie: mesure du désordre d'un système",
      ],
      ["en-US", "**Энтропия** — это мера беспорядка системы.", "Энтропия: мера беспорядка системы"],
    ];
    for (const [lang, sentence, leaf] of cases) {
      const map = mapOf(["# T", "## A", sentence].join("\n\n"), lang);
      expect(map.root.children[0]!.children.map((c) => c.label)).toContain(leaf);
    }
  });

  it("opens a large note with the first level only: the 400-page manual", async () => {
    const { material } = await materialOf("en-large-irs-manual-400p.pdf", "en-US");
    const started = performance.now();
    const map = buildMindMap(material, "n");
    expect(performance.now() - started).toBeLessThan(3000);
    expect(map.nodeCount).toBeGreaterThan(300);
    expect(map.initialExpandLevel).toBe(1);
  }, 60_000);
});

describe("a map's facts", () => {
  it("are statements of the section, never an exercise's instruction ('Write down the optimization problem')", async () => {
    await nlpReady("en");
    // the worked example of an economics lecture
    const markdown = [
      "# Consumer theory",
      "## First order conditions",
      "This gives us three equations in three unknowns.",
      "> The three equations are the two first order conditions and the **budget constraint**.",
      "Calculate the consumer's optimal choice of $x$ and $y$.",
      "Write down the optimization problem.",
      "$$\\max_{x,y} x y$$",
      "Plug $x=12.5$ into the budget constraint to solve for $y$.",
    ].join("\n\n");
    const material = noteMaterial({
      title: "Consumer theory",
      markdown,
      outputLanguage: "en-US",
      sources: [],
    });
    const labels = buildMindMap(material, "n").root.children[0]!.children.map((c) => c.label);
    expect(labels).toContain("budget constraint");
    for (const label of labels) expect(label).not.toMatch(/^(?:Write down|Calculate|Plug)\b/u);
  });
});

describe("a map's leaves across sections", () => {
  it("give a term the whole note speaks of to the first section that says it, not to every section", async () => {
    await nlpReady("ru");
    const section = (heading: string, body: string) => [`## ${heading}`, body];
    const markdown = [
      "# Положение о выпуске",
      ...section(
        "Общие положения",
        "**Дипломная работа** выполняется студентом самостоятельно. Дипломная работа включает обзор литературы.",
      ),
      ...section(
        "Руководитель",
        "Руководитель читает дипломную работу. Руководитель пишет **отзыв** о том, как студент выполнял дипломную работу.",
      ),
      ...section(
        "Оформление",
        "Дипломная работа печатается на **листах формата А4**. Дипломная работа сдаётся на кафедру в переплёте.",
      ),
      ...section(
        "Рецензия",
        "Дипломная работа направляется **рецензенту**. Рецензент оценивает дипломную работу письменно.",
      ),
      ...section(
        "Защита",
        "Дипломная работа защищается перед **комиссией**. Студент кратко излагает дипломную работу.",
      ),
    ].join("\n\n");
    const material = noteMaterial({
      title: "Положение о выпуске",
      markdown,
      outputLanguage: "en-US",
      sources: [],
    });
    const sections = buildMindMap(material, "n").root.children;
    const withTerm = sections.filter((s) => s.children.some((c) => /^дипломная работа$/iu.test(c.label)));
    expect(sections.length).toBe(5);
    expect(withTerm.length).toBeLessThanOrEqual(1);
  });
});

describe("a French history lesson's map", () => {
  it("hangs phrases, not the first word of an item nor a name cut at a stop word", async () => {
    // held-out leaves: "Mauvaises" (récoltes), "Fin", "Affirmation", and "Tiers" for "Tiers État"
    await nlpReady("fr");
    const markdown = [
      "# La Révolution française",
      "## Une crise économique et sociale",
      "- Mauvaises récoltes de 1788 : le prix du pain augmente fortement.",
      "- Le peuple (Tiers État) supporte l'essentiel des impôts.",
      "- La noblesse et le clergé bénéficient de privilèges que le Tiers État conteste.",
      "## Des changements fondamentaux",
      "- Fin de la monarchie absolue et des privilèges.",
      "- Affirmation des droits de l'homme (liberté, égalité, propriété).",
      "- Souveraineté nationale : le pouvoir appartient à la nation.",
    ].join("\n");
    const material = noteMaterial({ title: "Révolution", markdown, outputLanguage: "fr-FR", sources: [] });
    const labels: string[] = [];
    const walk = (n: MindMapNode) => {
      labels.push(n.label);
      n.children.forEach(walk);
    };
    walk(buildMindMap(material, "n1").root);
    for (const bad of ["Mauvaises", "Fin", "Affirmation", "Tiers"]) expect(labels).not.toContain(bad);
    expect(labels).toContain("Tiers État");
  });
});
