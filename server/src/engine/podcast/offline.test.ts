import path from "node:path";
import type { OutputLanguage, SourceDocument } from "@beannote/contract";
import { OUTPUT_LANGUAGES } from "@beannote/contract";
import { cachedParseFile } from "../../../test/parse-cache";
import { describe, expect, it } from "vitest";
import { createPageLocator, noteMaterial, normaliseForMatch } from "../note-material";
import { generateOfflineNote } from "../offline";
import { nlpReady } from "../nlp";
import { offlinePodcastScript } from "./offline";
import { LENGTH_PLAN, planChapters, spokenLength } from "./script";
import { expectScriptRules } from "../../../test/podcast-rules";

const FIXTURES = path.resolve(import.meta.dirname, "../../../../../shared/fixtures/documents");

async function materialOf(file: string, outputLanguage: OutputLanguage) {
  const doc: SourceDocument = await cachedParseFile(path.join(FIXTURES, file), file);
  const note = generateOfflineNote({
    sources: [{ doc, fileName: file }],
    title: doc.title || file,
    outputLanguage,
    detailLevel: "detail",
  });
  const material = noteMaterial({
    title: doc.title || file,
    markdown: note.markdown,
    outputLanguage,
    sources: [doc],
  });
  return { doc, material };
}

describe("offline podcast scripts of fixture notes", () => {
  it.each([
    ["en-paper-dense-passage-retrieval.pdf", "en-US"],
    ["zh-study-notes-point-set-topology.docx", "zh-CN"],
    ["zh-lecture-notes-math-physics-methods.pdf", "zh-CN"],
    ["en-lecture-foundations-of-geometry.pptx", "en-US"],
  ] as const)(
    "%s (%s): two alternating hosts, chapters in section order, every line cited",
    async (file, lang) => {
      const { doc, material } = await materialOf(file, lang);
      const script = offlinePodcastScript(material, "standard");
      expectScriptRules(script, material);
      // the note's sentences the host reads out are on the page the line cites (± one page)
      const locator = createPageLocator([doc]);
      let read = 0;
      for (const line of script.chapters.flatMap((c) => c.lines)) {
        if (line.speaker !== "host" || !line.text.includes(line.quote)) continue;
        const citation = material.cite(line.sectionIndex, line.quote)!;
        const needle = normaliseForMatch(line.quote).slice(0, 24);
        if (needle.length < 10) continue;
        const pages = [-1, 0, 1].map((d) => locator.pageText({ source: 1, page: citation.page + d }));
        expect(
          pages.some((p) => p.includes(needle)),
          `${line.quote} @ p.${citation.page}`,
        ).toBe(true);
        read++;
      }
      expect(read).toBeGreaterThanOrEqual(3);
      // it reads as a conversation: the guest asks questions, not only the host reading
      const questions = script.chapters
        .flatMap((c) => c.lines)
        .filter((l) => l.speaker === "guest" && /[?？]/.test(l.text));
      expect(questions.length).toBeGreaterThanOrEqual(2);
    },
  );

  it("speaks the note's language in its own words (Chinese hosts and templates)", async () => {
    const { material } = await materialOf("zh-study-notes-point-set-topology.docx", "zh-CN");
    const script = offlinePodcastScript(material, "standard");
    expect(script.hosts).toEqual({ host: "小云", guest: "小豆" });
    expect(script.chapters[0]!.title).toBe("开场");
    expect(script.chapters[0]!.lines[0]!.text).toContain("欢迎收听云豆笔记播客");
    const lines = script.chapters.flatMap((c) => c.lines);
    expect(lines.every((l) => /[\u4e00-\u9fff]/u.test(l.text))).toBe(true);
    expect(lines.some((l) => / [。，]|[。，] /u.test(l.text))).toBe(false); // no spaces around CJK punctuation
  });

  it("grows with the length asked for, within the length's chapter limit", async () => {
    const { material } = await materialOf("en-paper-dense-passage-retrieval.pdf", "en-US");
    const sizes = (["short", "standard", "long"] as const).map((length) => {
      const script = offlinePodcastScript(material, length);
      const sections = script.chapters.filter((c) => c.kind === "section");
      expect(sections.length).toBeLessThanOrEqual(LENGTH_PLAN[length].maxChapters);
      return script.chapters.flatMap((c) => c.lines).reduce((n, l) => n + spokenLength(l.text), 0);
    });
    expect(sizes[0]).toBeLessThan(sizes[1]!);
    expect(sizes[1]).toBeLessThan(sizes[2]!);
    // every top-level section of the note is in some chapter of the long episode
    const covered = planChapters(material, "long").flatMap((p) => p.sections.map((s) => s.index));
    const top = material.sections.filter((s) => s.depth === 1).map((s) => s.index);
    for (const index of top) expect(covered).toContain(index);
  });

  it("has templates in every output language, none carrying a number", async () => {
    const markdown = [
      "# Cells",
      "## Membranes",
      "> **Osmosis** is the movement of water across a semi-permeable membrane.",
      "",
      "A cell membrane is about 7.5 nm thick and made of a lipid bilayer.",
      "",
      "- Phospholipids form the bilayer",
      "- Proteins carry molecules across",
      "",
      "*Sources:* [p. 1](#source=1&page=1)",
      "## Organelles",
      "**Mitochondria** produce most of the cell's energy as ATP.",
      "",
      "| Organelle | Role |",
      "| --- | --- |",
      "| Ribosome | Builds proteins |",
      "",
      "*Sources:* [p. 2](#source=1&page=2)",
    ].join("\n");
    for (const language of OUTPUT_LANGUAGES) {
      const material = noteMaterial({ title: "Cells", markdown, outputLanguage: language, sources: [] });
      const script = offlinePodcastScript(material, "short");
      const lines = script.chapters.flatMap((c) => c.lines);
      expect(lines.map((l) => l.speaker)).toEqual(lines.map((_, i) => (i % 2 ? "guest" : "host")));
      const said = lines.map((l) => l.text).join("\n");
      expect([...new Set(said.match(/\d+(?:\.\d+)?/g) ?? [])], language).toEqual(["7.5"]); // only the note's figure
      expect(said, language).toContain("Osmosis");
      expect(said, language).toContain("Ribosome");
    }
  });

  it("says what a Korean note says (Hangul words have no case: no sentence is taken for a row of labels)", () => {
    const markdown = [
      "# 세포 분열",
      "## 체세포 분열",
      "체세포 분열은 하나의 세포가 유전적으로 동일한 두 개의 딸세포로 나뉘는 과정이다.",
      "",
      "전기에는 염색체가 응축되고 핵막이 사라진다.",
      "",
      "*출처:* [1쪽](#source=1&page=1)",
      "## 세포 주기",
      "세포 주기는 간기와 분열기로 나뉜다. 간기에는 DNA가 복제되고 세포가 성장한다.",
      "",
      "*출처:* [1쪽](#source=1&page=1)",
    ].join("\n");
    const material = noteMaterial({ title: "세포 분열", markdown, outputLanguage: "ko-KR", sources: [] });
    const said = offlinePodcastScript(material, "short")
      .chapters.flatMap((c) => c.lines)
      .map((l) => l.text)
      .join("\n");
    expect(said).toContain("하나의 세포가 유전적으로 동일한 두 개의 딸세포로 나뉘는 과정이다");
    expect(said).toMatch(/세포 주기는 간기와 분열기로 나뉜다|간기에는 DNA가 복제되고 세포가 성장한다/);
  });
});

describe("offline podcast dialogue", () => {
  const lecture = (outputLanguage: OutputLanguage, body: string[]) =>
    offlinePodcastScript(
      noteMaterial({
        title: "Lecture",
        markdown: ["# Lecture", ...body].join("\n\n"),
        outputLanguage,
        sources: [],
      }),
      "long",
    );
  const english = [
    "## Retrieval",
    "> **Dense retrieval** is a method that encodes questions and passages as vectors.",
    "In this paper, we address the question: can we train a better dense embedding model?",
    "We use the highest-ranked passage from BM25 as the positive passage because only question and answer pairs are given.",
    "Building the **FAISS index** takes 8.5 hours on a single server.",
    "Our retriever outperforms sparse retrievers such as BM25 on every dataset.",
    "It represents a large improvement.",
    "This holds in general.",
    "## Training",
    "The training runs for 40 epochs with a batch size of 128 questions.",
    "It is stable.",
    "That is all there is.",
    "So the method works.",
  ];

  it("asks what a student would ask: the definition, why, an example, what a figure means", () => {
    const guest = lecture("en-US", english)
      .chapters.flatMap((c) => c.lines)
      .filter((l) => l.speaker === "guest")
      .map((l) => l.text)
      .join("\n");
    expect(guest).toMatch(/What exactly is Dense retrieval\?|How does the note define Dense retrieval\?/);
    expect(guest).toMatch(/What is the reason behind /);
    expect(guest).toMatch(/Can you give an example of /);
    expect(guest).toMatch(/What does the figure (8\.5 hours|40 epochs) tell us\?/);
    expect(guest).not.toMatch(/represents\?/);
  });

  it("asks no Japanese 'why' of a purpose inside a noun phrase ('…ために使われる指標が…'), and asks it of a reason", async () => {
    await nlpReady("ja");
    const guest = (body: string[]) =>
      lecture("ja-JP", body)
        .chapters.flatMap((c) => c.lines)
        .filter((l) => l.speaker === "guest")
        .map((l) => l.text)
        .join("\n");
    const purpose = guest([
      "## 景気の指標",
      "景気の動きを測るためによく使われる指標が**国内総生産**である。",
      "物価の動きを比べるための指標が**消費者物価指数**である。",
    ]);
    expect(purpose).not.toMatch(/なぜそうなるのですか/u);
    const reason = guest(["## 物価", "原油の値段が上がったために**消費者物価指数**が上昇した。"]);
    expect(reason).toMatch(/「消費者物価指数」はなぜそうなるのですか/u);
  });

  it("never asks a generic question twice, never answers a question with a question", () => {
    for (const language of OUTPUT_LANGUAGES) {
      const lines = lecture(language, english).chapters.flatMap((c) => c.lines);
      const questions = lines
        .filter((l) => l.speaker === "guest" && /[?？]\s*$/u.test(l.text))
        .map((l) => l.text);
      const asked = questions.map((q) => q.replace(/^[^?？]*?[.。!！]\s*/u, ""));
      expect(new Set(asked).size, `${language}: ${asked.join(" | ")}`).toBe(asked.length);
      lines.forEach((line, i) => {
        if (line.speaker === "host" && i > 0 && /[?？]\s*$/u.test(lines[i - 1]!.text))
          expect(line.text, language).not.toMatch(/[?？]\s*$/u);
      });
      expect(lines.map((l) => l.text).join(" "), language).not.toContain("can we train");
    }
  });

  const guestOf = (language: OutputLanguage, body: string[]) =>
    lecture(language, body)
      .chapters.flatMap((c) => c.lines)
      .filter((l) => l.speaker === "guest")
      .map((l) => l.text)
      .join("\n");

  it("asks about a concept: a heading or a term of the note, not a word set in bold once", () => {
    const guest = guestOf("de-DE", [
      "## Marktformen",
      "In der **Volkswirtschaftslehre** unterscheidet man Marktformen.",
      "Man misst sie an der **Anzahl** der Anbieter und der Nachfrager auf dem Markt.",
      "### Monopol",
      "Das **Produkt** hat nur einen Anbieter und viele Nachfrager auf dem Markt.",
      "### Polypol",
      "Das **Produkt** hat viele Anbieter und viele Nachfrager auf dem Markt.",
    ]);
    expect(guest).not.toMatch(/„(?:Anzahl|Produkt)“/u);
    expect(guest).toMatch(/„Monopol“/u);
    expect(guest).toMatch(/„Volkswirtschaftslehre“/u);
  });

  it("asks for an example of what the sentence illustrates, only when it gives one", () => {
    const guest = guestOf("de-DE", [
      "## Wettbewerb",
      "Der Wettbewerb auf Märkten hat viele Formen und Stufen.",
      "### Oligopol",
      "Wenige Anbieter stehen vielen Nachfragern gegenüber, die Preise sind oft ähnlich.",
      "Z.B. ein **Tablet-Computer**, den nur wenige Firmen herstellen.",
      "### Organigramm",
      "Ein Organigramm zeigt die Stellen eines Unternehmens als Baum.",
      "Das **Ziel** ist, dass man sieht, wer z.B. der **Geschäftsführer** oder ein **Abteilungsleiter** ist.",
    ]);
    expect(guest).toMatch(/Beispiel für „Oligopol“/u);
    expect(guest).not.toMatch(/Beispiel für „(?:Tablet-Computer|Ziel|Geschäftsführer)“/u);
  });

  it("uses every wording of a question about a term before any wording again", () => {
    const part = (name: string, a: string, b: string, hours: number) => [
      `## ${name}`,
      `In practice **${a}** changes how a deep network trains on a large task with many labelled examples.`,
      `One training run of the network takes ${hours} hours on a single graphics card in the lab.`,
      `The stored checkpoints of the network use ${hours * 3} GB of disk space on the shared server.`,
      `Many courses treat **${b}** as a standard tool that every practitioner should know well.`,
    ];
    const guest = guestOf("en-US", [
      ...part("Optimisation", "Gradient descent", "Learning rate", 5),
      ...part("Regularisation", "Weight decay", "Early stopping", 7),
    ]);
    const wordings = ["And what about ", "Where does ", "What should we know about "].map(
      (w) => guest.split(w).length - 1,
    );
    expect(Math.max(...wordings) - Math.min(...wordings), guest).toBeLessThanOrEqual(1);
  });

  it("asks about a term once an episode, naming a Russian term in its dictionary form", () => {
    const english = guestOf("en-US", [
      "## Magnets",
      "A current in a wire produces a **magnetic field** around the wire in closed loops.",
      "The strength of the **magnetic field** falls off with the distance from the wire.",
      "## Coils",
      "A coil of many turns makes the **magnetic field** much stronger inside the coil.",
    ]);
    const asks = english.split("\n").filter((q) => /magnetic field.*\?$/u.test(q));
    expect(asks, english).toHaveLength(1);
    const russian = guestOf("en-US", [
      "## Состояние",
      "Уравнения состояния устанавливают связь между **термодинамическими параметрами** системы и её состоянием.",
    ]);
    expect(russian).toMatch(/термодинамическ\p{L}+ параметры?(?!\p{L})/u);
    expect(russian).not.toContain("термодинамическими параметрами");
  });

  it("says nothing about the text itself: no left-out proof, pointer, caption or clause that trails off", () => {
    const lines = [
      ...lecture("zh-CN", [
        "## Cauchy积分",
        "这里我们不做证明。",
        "如图所示，积分围道绕奇点一周。",
        "表 2 各类积分的结果",
        "**Cauchy积分公式**是指解析函数在区域内一点的值由边界上的积分决定。",
        "若$f(z)$在$G$解析，则$f(z)$的任意阶导数存在，且",
      ]).chapters,
      ...lecture("en-US", [
        "## Setup",
        "In this section, we describe the data we used for experiments and the basic setup.",
        "Table 1: Number of questions in each QA dataset.",
        "> **Natural Questions** is a dataset of real search queries answered from Wikipedia articles.",
      ]).chapters,
    ].flatMap((c) => c.lines);
    const said = lines.map((l) => l.text).join("\n");
    expect(said).toContain("Cauchy积分公式");
    expect(said).toContain("Natural Questions");
    for (const debris of ["不做证明", "如图所示", "表 2", "存在，且", "In this section", "Table 1"])
      expect(said, debris).not.toContain(debris);
  });

  it("speaks the source's first person in the third person", () => {
    const host = lecture("en-US", english)
      .chapters.slice(1, -1)
      .flatMap((c) => c.lines)
      .filter((l) => l.speaker === "host")
      .map((l) => l.text)
      .join("\n");
    expect(host).toMatch(/the authors use the highest-ranked passage/i);
    expect(host).not.toMatch(/\b(?:we|our|us)\b/i);

    const chinese = lecture("zh-CN", [
      "## 积分",
      "**柯西积分公式**是指解析函数在区域内的值由边界上的值决定。",
      "我们直接用可导的定义来证明这个结论，因为它只依赖于极限。",
    ])
      .chapters.flatMap((c) => c.lines)
      .filter((l) => l.speaker === "host")
      .map((l) => l.text)
      .join("\n");
    expect(chinese).toContain("作者直接用可导的定义");
    expect(chinese).not.toMatch(/我们直接/);

    const french = lecture("fr-FR", [
      "## Intégrales",
      "Nous utilisons la définition de la dérivée pour démontrer le **théorème de Cauchy** dans ce cours.",
    ])
      .chapters.flatMap((c) => c.lines)
      .filter((l) => l.speaker === "host")
      .map((l) => l.text)
      .join("\n");
    expect(french).toContain("L’auteur l’écrit ainsi : Nous utilisons");
  });

  it("asks about no heading in capitals", () => {
    const guest = guestOf("en-US", [
      "## FORCE VERSUS ANGLE",
      "The angle between the **magnetic field** and the wire sets the size of the force on the wire.",
      "## **FORCE VERSUS CURRENT**",
      "The force on the wire grows in proportion to the current through the **FORCE VERSUS CURRENT** setup.",
    ]);
    expect(guest).not.toMatch(/FORCE VERSUS \p{Lu}+ come in\?|about FORCE VERSUS \p{Lu}+\?/u);
  });

  it("says a lecture's or a handout's 'we' to the listener, not as 'the authors'", () => {
    const host = lecture("en-US", [
      "## Force on a wire",
      "A current in a **magnetic field** feels a force at right angles to the wire and to the field.",
      "We apply the right-hand rule to find the direction of the force on our wire.",
    ])
      .chapters.slice(1, -1)
      .flatMap((c) => c.lines)
      .filter((l) => l.speaker === "host")
      .map((l) => l.text)
      .join("\n");
    expect(host).toContain("You apply the right-hand rule to find the direction of the force on your wire.");
    expect(host).not.toMatch(/the authors|\bwe\b/i);
  });

  it("says a naming sentence as 'A is called B', asks for 'the budget constraint', and reads no person in a formula", () => {
    // an economics lecture: the income I in a formula made the whole sentence "the author's words", twice led in
    const lines = lecture("en-US", [
      "## General setup",
      "The consumer takes prices as given and spends the whole income on two goods.",
      "> We call the constraint, $p_x x + p_y y = I$ the **budget constraint**.",
      "> We call the ratio of marginal utility between two goods the **marginal rate of substitution** (or MRS).",
    ])
      .chapters.slice(1, -1)
      .flatMap((c) => c.lines);
    const said = (speaker: string) =>
      lines
        .filter((l) => l.speaker === speaker)
        .map((l) => l.text)
        .join("\n");
    expect(said("host")).toContain("The constraint, $p_x x + p_y y = I$ is called the budget constraint.");
    expect(said("host")).toContain(
      "The ratio of marginal utility between two goods is called the marginal rate of substitution (or MRS).",
    );
    expect(said("host")).not.toMatch(/puts it this way: The author|\bWe call\b/u);
    expect(said("guest")).toMatch(/the (?:budget constraint|marginal rate of substitution)\?/u);
  });
});
