/**
 * Does the mind map follow the document's structure, and is the podcast a dialogue? (`npm run bench:mind-map`)
 * For fixtures with headings or a PDF outline, and documents built here in Japanese and French, through the
 * offline note, prints per document: level-1/2 headings of the source that are map sections at their depth,
 * level-2 headings under their own chapter, repeated sibling labels, fragment leaves; for the offline podcast:
 * repeated questions, questions answered by a question, first-person host lines.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { MindMapNode, OutputLanguage, SourceDocument } from "@beannote/contract";
import { parseFile } from "../../server/src/ingest/parse-file";
import { buildMindMap, generateOfflineNote, noteMaterial } from "../../server/src/engine";
import { isFragment } from "../../server/src/engine/mind-map";
import { nlpReady } from "../../server/src/engine/nlp";
import { normaliseForMatch } from "../../server/src/engine/note-material";
import { offlinePodcastScript } from "../../server/src/engine/podcast/offline";

const FIXTURES = path.resolve(fileURLToPath(new URL("../../../shared/fixtures/documents", import.meta.url)));
const fixtures: [string, OutputLanguage][] = [
  ["en-paper-dense-passage-retrieval.pdf", "en-US"],
  ["en-paper-tracemonkey-trace-jit.pdf", "en-US"],
  ["zh-lecture-notes-math-physics-methods.pdf", "zh-CN"],
  ["zh-study-notes-point-set-topology.docx", "zh-CN"],
  ["en-handbook-chapter13-trustees-large.docx", "en-US"],
  ["en-lecture-foundations-of-geometry.pptx", "en-US"],
  ["ru-course-syllabus-information-systems.doc", "en-US"],
];

const paragraph = (page: number, text: string) => ({ type: "paragraph" as const, page, text });
/** A lecture with chapters that have no text of their own, numbered sections and a repeated slide title. */
function built(language: string, chapters: [string, [string, string][]][]): SourceDocument {
  let page = 0;
  return {
    title: chapters[0]![0],
    format: "pdf",
    language,
    pageCount: 40,
    sections: chapters.flatMap(([chapter, sections]) => [
      { heading: chapter, level: 1, blocks: [] },
      ...sections.map(([heading, text]) => ({ heading, level: 2, blocks: [paragraph(++page, text)] })),
    ]),
  };
}
const japanese = built("ja", [
  [
    "1 機械学習の基礎",
    [
      [
        "1.1 教師あり学習",
        "教師あり学習とは、正解ラベル付きのデータからモデルを学習する方法である。分類と回帰が代表的な問題である。",
      ],
      ["1.2 損失関数", "損失関数とは、予測と正解のずれを測る関数である。二乗誤差は回帰でよく使われる。"],
      ["演習", "訓練データを80%、テストデータを20%に分けて精度を測る。"],
    ],
  ],
  [
    "2 ニューラルネットワーク",
    [
      [
        "2.1 活性化関数",
        "活性化関数とは、ニューロンの出力を非線形にする関数である。ReLUは勾配消失を防ぐため広く使われる。",
      ],
      [
        "2.2 誤差逆伝播法",
        "誤差逆伝播法とは、連鎖律で勾配を計算する手法である。例えば3層のネットワークでは出力層から順に計算する。",
      ],
      ["演習", "学習率を0.01に設定し、100エポック学習させる。"],
    ],
  ],
]);
const french = built("fr", [
  [
    "1 Thermodynamique",
    [
      [
        "1.1 Premier principe",
        "L'énergie interne est une fonction d'état. Nous utilisons le premier principe pour calculer le travail échangé.",
      ],
      [
        "1.2 Entropie",
        "L'entropie est une mesure du désordre d'un système. Elle augmente dans un système isolé parce que les transformations réelles sont irréversibles.",
      ],
      ["Exercices", "Un gaz parfait de 2 moles se détend à 300 K."],
    ],
  ],
  [
    "2 Machines thermiques",
    [
      [
        "2.1 Cycle de Carnot",
        "Le cycle de Carnot est un cycle réversible formé de deux isothermes et de deux adiabatiques.",
      ],
      ["2.2 Rendement", "Le rendement d'une machine de Carnot entre 600 K et 300 K vaut 50 %."],
      ["Exercices", "Par exemple, un moteur réel atteint un rendement de 35 %."],
    ],
  ],
]);

const walk = (
  node: MindMapNode,
  depth = 0,
  parent: MindMapNode | null = null,
): { node: MindMapNode; depth: number; parent: MindMapNode | null }[] => [
  { node, depth, parent },
  ...node.children.flatMap((c) => walk(c, depth + 1, node)),
];
const key = (label: string) => normaliseForMatch(label.replace(/ \(\d+\)$/, ""));
const pct = (n: number, d: number) => (d ? `${Math.round((100 * n) / d)}%` : "–");

const FIRST_PERSON =
  /(?<!\p{L})(?:[Ww]e|[Oo]ur|[Uu]s|[Nn]ous|[Mm]y|[Mm]ы|[Нн]аш\p{L}*)(?!\p{L})|(?<!\p{L})I\s+\p{Ll}|我们|私たち|我々/u;

console.log(
  "| document | L1/2 headings as sections at depth | L2 under own chapter | repeated sibling labels | fragment leaves | leaves | repeated questions | question answered by question | first-person host lines |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
const documents: { name: string; doc: () => Promise<SourceDocument>; language: OutputLanguage }[] = [
  ...fixtures.map(([file, language]) => ({
    name: file,
    language,
    doc: async () => parseFile(await readFile(path.join(FIXTURES, file)), file),
  })),
  { name: "built: ja lecture", language: "ja-JP" as OutputLanguage, doc: async () => japanese },
  { name: "built: fr lecture", language: "fr-FR" as OutputLanguage, doc: async () => french },
];
const show = process.argv.includes("--show");
for (const entry of documents) {
  const doc = await entry.doc();
  const note = generateOfflineNote({
    sources: [{ doc, fileName: entry.name }],
    title: doc.title || entry.name,
    outputLanguage: entry.language,
    detailLevel: "detail",
  });
  const material = noteMaterial({
    title: doc.title || entry.name,
    markdown: note.markdown,
    outputLanguage: entry.language,
    sources: [doc],
  });
  await nlpReady(material.bodyLanguage);
  const map = buildMindMap(material, "n");
  const nodes = walk(map.root);
  const sections = nodes.filter((n) => n.node.kind === "section");

  // the source's level-1/2 headings (the PDF outline where the parser followed one)
  let levels = [...new Set(doc.sections.map((s) => s.level))].sort();
  // a paper's title as the only level-1 heading: its sections are the first level
  if (doc.sections.filter((s) => s.level === levels[0]).length === 1) levels = levels.slice(1);
  const top = levels.slice(0, 2);
  const entries = doc.sections.filter((s) => top.includes(s.level) && s.heading.trim());
  let atDepth = 0;
  let level2 = 0;
  let underOwn = 0;
  let chapter = "";
  for (const s of entries) {
    const depth = top.indexOf(s.level) + 1;
    const found = sections.find((n) => key(n.node.label) === key(s.heading) && n.depth === depth);
    if (found) atDepth++;
    if (depth === 1) chapter = s.heading;
    else {
      level2++;
      const any = sections.find((n) => key(n.node.label) === key(s.heading));
      if (any && (!chapter || (any.parent && key(any.parent.label) === key(chapter)))) underOwn++;
    }
  }
  let repeated = 0;
  for (const { node } of nodes) {
    const labels = node.children.map((c) => c.label);
    repeated += labels.length - new Set(labels).size;
  }
  const leaves = nodes.filter((n) => n.node.kind !== "section" && n.node.kind !== "root");
  const fragments = leaves.filter((n) => isFragment(n.node.label));

  const script = offlinePodcastScript(material, "standard");
  const lines = script.chapters.slice(1, -1).flatMap((c) => c.lines);
  // a chapter's first line opens with the hosts' own "we" ("Let's start with …"): the source's words follow
  const openers = new Set(script.chapters.slice(1, -1).map((c) => c.lines[0]));
  const questions = lines
    .filter((l) => l.speaker === "guest" && /[?？]\s*$/u.test(l.text))
    .map((l) => l.text.replace(/^[^?？]*?[.。!！]\s*/u, ""));
  const repeatedQuestions = questions.length - new Set(questions).size;
  const answeredByQuestion = lines.filter(
    (l, i) =>
      l.speaker === "host" && i > 0 && /[?？]\s*$/u.test(l.text) && /[?？]\s*$/u.test(lines[i - 1]!.text),
  ).length;
  const firstPerson = lines.filter(
    (l) =>
      l.speaker === "host" &&
      !openers.has(l) &&
      FIRST_PERSON.test(
        l.text.replace(
          /^.*?(?:The author puts it this way:|作者是这样写的：|著者はこう書いています。|L’auteur l’écrit ainsi :).*$/su,
          "",
        ),
      ),
  ).length;
  console.log(
    `| ${entry.name} | ${atDepth}/${entries.length} (${pct(atDepth, entries.length)}) | ${underOwn}/${level2} (${pct(underOwn, level2)}) | ${repeated} | ${fragments.length} | ${leaves.length} | ${repeatedQuestions}/${questions.length} | ${answeredByQuestion} | ${firstPerson} |`,
  );
  if (show) {
    for (const n of nodes.slice(0, 40))
      console.log(
        `${"  ".repeat(n.depth)}${n.node.kind === "section" ? "§ " : n.node.kind === "root" ? "" : "- "}${n.node.label}`,
      );
    for (const l of lines.slice(0, 14)) console.log(`${l.speaker}: ${l.text.slice(0, 160)}`);
  }
}
