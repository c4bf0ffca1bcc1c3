import type { SourceDocument } from "@beannote/contract";
import { QUESTION_TYPES } from "@beannote/contract";
import { describe, expect, it } from "vitest";
import { noteMaterial, sectionSentences } from "../note-material";
import { offlineQuiz } from "./offline";
import { nlpReady, tokenize } from "../nlp";
import {
  agreesInForm,
  asksQuestion,
  cjkNonTerm,
  hasPredicate,
  narratesOrInstructs,
  readsAsNoun,
  selfContained,
  titleLike,
} from "./quiz-text";
import { valueDistractors, valuesIn } from "./values";

const cite = (page: number) => `*Sources:* [p. ${page}](#source=1&page=${page})`;

/** A biology note: two chapters with an "Exercises" section each (different text), numbers, a student's remark. */
const markdown = [
  "# Biology",
  "## Cells",
  "> The **cell membrane** is a phospholipid bilayer that separates the interior of the cell from its environment.",
  "**Cholesterol** stabilises the membrane at body temperature and keeps it fluid at low temperature. **Active transport** uses ATP to move molecules against their **concentration gradient**. The sodium-potassium pump exports 3 sodium ions and imports 2 potassium ions per ATP molecule.",
  "Why does the membrane stay fluid in the cold? I think the teacher said this comes up in the exam.",
  cite(1),
  "### Exercises",
  "A **red blood cell** placed in pure water swells because water enters it by **osmosis**. A **plant cell** in the same water keeps its shape because its **cell wall** resists the pressure.",
  cite(2),
  "## Division",
  "> **Mitosis** produces two daughter cells that are genetically identical to the parent cell.",
  "**Meiosis** produces four haploid gametes and halves the chromosome number. A human somatic cell holds 46 chromosomes, while a human gamete holds 23 chromosomes. **Crossing over** exchanges segments between **homologous chromosomes** during **prophase I**. In **metaphase** the chromosomes line up at the equator of the cell.",
  "Represents because of the first, mainly.",
  cite(3),
  "### Exercises",
  "A cell with 12 chromosomes divides by **mitosis**: each **daughter cell** holds 12 chromosomes. After **meiosis** each **gamete** of the same organism holds 6 chromosomes.",
  cite(4),
].join("\n\n");

const source: SourceDocument = {
  title: "Biology",
  format: "pdf",
  language: "en",
  pageCount: 4,
  sections: [1, 2, 3, 4].map((page) => ({
    heading: `Page ${page}`,
    level: 1,
    blocks: [{ type: "paragraph" as const, page, text: markdown }],
  })),
};
const material = () =>
  noteMaterial({ title: "Biology", markdown, outputLanguage: "en-US", sources: [source] });

describe("offline quiz rules (issue 24)", () => {
  it("delivers the count asked for in all six types, every explanation quoting the note", async () => {
    const m = material();
    const quiz = await offlineQuiz(m, { types: [...QUESTION_TYPES], count: 12, seed: "rules" });
    expect(quiz).toHaveLength(12);
    expect(new Set(quiz.map((q) => q.type))).toEqual(new Set(QUESTION_TYPES));
    const sentences = m.sections.flatMap((s) => sectionSentences(s).map((x) => x.text));
    for (const q of quiz)
      expect(
        sentences.some((s) => q.explanation.includes(`“${s}”`)),
        q.explanation,
      ).toBe(true);
  });

  it("never asks about a heading two sections with other text share, and names it with its chapter instead", async () => {
    const quizzes = await Promise.all(
      ["a", "b", "c", "d"].map((seed) =>
        offlineQuiz(material(), { types: ["multiple_choice", "short_answer", "discourse"], count: 6, seed }),
      ),
    );
    const questions = quizzes.flat().map((q) => q.question);
    expect(questions.filter((q) => q.includes("“Exercises”"))).toEqual([]);
    expect(questions.some((q) => /“(Cells|Division) › Exercises”/.test(q))).toBe(true);
  });

  it("takes statements from the material only: no question, no first-person remark, no filler word as an option", async () => {
    for (const seed of ["a", "b", "c"]) {
      const quiz = await offlineQuiz(material(), { types: [...QUESTION_TYPES], count: 15, seed });
      for (const q of quiz) {
        expect(q.quote).not.toMatch(/\?$|I think/);
        expect(q.question).not.toMatch(/the teacher said|Why does the membrane/);
        if (q.type === "judgment") expect(q.question).not.toMatch(/\?$/);
        for (const o of q.options) expect(o).not.toMatch(/^(?:Represents|because|first|mainly)$/i);
      }
    }
  });

  it("offers numbers of the answer's unit and scale, and swaps a number for one of its kind in a false judgment", async () => {
    const quizzes = await Promise.all(
      ["a", "b", "c", "d", "e", "f"].map((seed) =>
        offlineQuiz(material(), { types: ["choice", "judgment"], count: 10, seed }),
      ),
    );
    const valueChoices = quizzes
      .flat()
      .filter((q) => q.type === "choice" && q.question.startsWith("Which value"));
    expect(valueChoices.length).toBeGreaterThan(0);
    for (const q of valueChoices) {
      expect(q.options.every((o) => /^\d+$/.test(o))).toBe(true);
      const answer = Number(q.options[q.correct[0]!]);
      for (const o of q.options) expect(Number(o) / answer).toBeLessThanOrEqual(10);
    }
    const digitsOnly = (t: string) => t.replace(/\d+/g, "#");
    const numberSwaps = quizzes
      .flat()
      .filter((q) => q.type === "judgment" && q.statementTrue === false && q.question !== q.quote)
      .filter((q) => digitsOnly(q.question) === digitsOnly(q.quote));
    expect(numberSwaps.length).toBeGreaterThan(0);
  });

  it("reads a value's kind from its unit, and gives distractors of that kind", () => {
    const [somatic, gamete] = valuesIn("A somatic cell holds 46 chromosomes, a gamete 23 chromosomes.");
    expect(somatic).toMatchObject({ text: "46", kind: "n:chromosom", number: 46 });
    expect(gamete!.kind).toBe(somatic!.kind);
    const year = valuesIn("日本銀行は2013年に2%の物価安定目標を導入した。");
    expect(year.map((v) => v.kind)).toEqual(["year", "n:%"]);
    expect(valuesIn("See section 3.2 and table 4.")).toEqual([]);
    const random = () => 0.5;
    expect(valueDistractors(somatic!, [somatic!, gamete!], 3, random)[0]).toBe("23");
    for (const d of valueDistractors(year[1]!, year, 3, random)) expect(Number(d)).toBeLessThanOrEqual(100);
    const formula = valuesIn("The kinetic energy is $E_k = \\frac{1}{2}mv^2$ for a moving body.")[0]!;
    const other = valuesIn("A spring stores the energy $E_p = \\frac{1}{2}kx^2$ when stretched.")[0]!;
    // formula distractors are the note's own formulas, never an altered one
    expect(valueDistractors(formula, [formula, other], 3, random)).toEqual([other.text]);
  });
});

describe("quiz statements stand alone (issue 24: a judgment is one self-contained statement of the document)", () => {
  it("refuses lecture talk, a glued example or heading, a pronoun or a conjunction left from another sentence", () => {
    for (const text of [
      "好消息是我们不需要求其次常微分方程了，坏消息就是，我们还要求和。",
      "我们介绍定理：若S—L方程的本征值问题的本征函数是复的，则本征值问题二重简并。",
      "这个极限可以用洛必达法则进一步化简。 example：(1)求出所有独立奇点。",
      "Selection of positive passages Because only pairs of questions and answers are provided, we use BM25.",
      "We focus our research in this work on improving the retrieval component.",
      "她等于在奇点Laurent展开的负一次项的系数。",
      "且$b$有可能是奇点，也有可能是解析点。",
      "and the spindle pulls the chromatids apart.",
      "然后构造一个围道：右半平面的半圆。",
      "我们只需要整数积分形式，使用留数定理即可。",
    ])
      expect(selfContained(text, false), text).toBe(false);
    for (const text of [
      "留数等于函数在奇点Laurent展开的负一次项的系数。",
      "Dense passage retrieval represents questions and passages as dense vectors.",
      "Les députés du tiers état se proclament Assemblée nationale le 17 juin 1789.",
      "光合成は葉緑体で行われる。",
    ])
      expect(selfContained(text, false), text).toBe(true);
  });

  it("asks no year of a citation, and swaps a day of a month only for another day", () => {
    expect(
      valuesIn("Open-domain question answering (Voorhees, 1999) is a task that answers factoid questions."),
    ).toEqual([]);
    expect(valuesIn("Lee et al. (2019) jointly train the question encoder and the reader.")).toEqual([]);
    expect(valuesIn("The Bastille was stormed in 1789 by the people of Paris.").map((v) => v.kind)).toEqual([
      "year",
    ]);
    const [day] = valuesIn("Les députés se proclament Assemblée nationale le 17 juin 1789.").filter(
      (v) => v.kind === "day",
    );
    expect(day?.text).toBe("17");
    let seed = 0;
    const random = () => (seed = (seed * 9301 + 49297) % 233280) / 233280;
    const days = valueDistractors(day!, [], 4, random).map(Number);
    expect(days.length).toBeGreaterThan(0);
    for (const d of days) expect(d >= 1 && d <= 28, String(d)).toBe(true);
  });
});

describe("a tested statement is a claim about the subject (issue 24: no narration, instruction, exercise or memo)", () => {
  const narrates = (text: string, lang: string, defines = false) =>
    narratesOrInstructs(text, lang, tokenize(text, lang), defines);

  it("refuses what 'we' do next, an imperative memo, an exercise statement; keeps claims and definitions", async () => {
    await Promise.all(["en", "zh", "ru"].map((l) => nlpReady(l)));
    for (const [text, lang] of [
      ["最后一步我们把积分和取极限互换了位置，这需要我们证明其合理性。", "zh"],
      ["重要的是我们在找模长小于1的奇点，因此我们没有求另一个奇点的留数。", "zh"],
      ["示例1：设在电场中有一个导体球，求球内的电势。", "zh"],
      ["设球面上的电势为常数，求球内各点的电势分布。", "zh"],
      ["Turn off skype/email/sound Mess with slide numbers Thank Lee", "en"],
      ["Find the electric potential inside the sphere.", "en"],
      ["We prove the theorem by induction on the degree.", "en"],
      ["Найдите потенциал внутри сферы.", "ru"],
      ["Мы рассмотрим этот метод в следующей лекции.", "ru"],
      // an exercise's part, after its points and letter, or after a label
      ["[10] b. Compute the median waiting time for both groups.", "en"],
      ["(c) Draw the histogram of the residuals.", "en"],
      ["Given: Let PQ be a chord of the circle.", "en"],
      ["TIP: Read the chapter on heaps before the lab.", "en"],
    ])
      expect(narrates(text!, lang!), text).toBe(true);
    for (const [text, lang] of [
      ["留数等于函数在奇点Laurent展开的负一次项的系数。", "zh"],
      ["设f(z)在区域D内解析，则f(z)沿D内任一闭曲线的积分为零。", "zh"],
      ["求和符号与积分号在一致收敛时可以交换。", "zh"],
      ["Gradient descent minimises the loss by following the negative gradient.", "en"],
      ["Refactoring changes the structure of code without changing its behaviour.", "en"],
      ["Treatment: This equals 1 for the control group and 2 for the drug.", "en"],
      ["Also, the heap keeps its smallest key at the root.", "en"],
      ["Информационная система хранит и обрабатывает данные предприятия.", "ru"],
    ])
      expect(narrates(text!, lang!), text).toBe(false);
    // "我们称…为…" names a term: a definition stays a statement
    expect(narrates("我们称满足柯西-黎曼方程的函数为解析函数。", "zh", true)).toBe(false);
  });
});

describe("a false judgment swaps a concept for a same-kind concept (issue 24)", () => {
  const at = (sentence: string, words: string, lang: string) =>
    readsAsNoun(tokenize(sentence, lang), sentence.indexOf(words), words.length);

  it("takes a swap only where the tagger reads it as a noun phrase in the new sentence", async () => {
    await Promise.all(["en", "ru"].map((l) => nlpReady(l)));
    expect(at("Данные обрабатываются по должны с использованием базы.", "по должны", "ru")).toBe(false);
    expect(at("Данные обрабатываются сервером с использованием базы.", "сервером", "ru")).toBe(true);
    expect(at("The refactoring keeps the tests green and runs them often.", "runs them", "en")).toBe(false);
    expect(at("The encoder maps each frame to a dense vector.", "dense vector", "en")).toBe(true);
    expect(at("The encoder maps each frame to a dense vector.", "dense", "en")).toBe(false);
  });
});

describe("a formula blank offers formulas of the answer's kind, without equation labels (issue 24)", () => {
  it("asks no formula carrying its equation number, and offers an equation only beside equations", () => {
    expect(
      valuesIn("由此可得 $$(2)1-e^{-wt}=\\frac{q}{C}$$ 在充电时成立。").filter((v) => v.kind === "formula"),
    ).toEqual([]);
    expect(valuesIn("Hence $a^2 + b^2 = c^2 \\quad (3)$ holds.").filter((v) => v.kind === "formula")).toEqual(
      [],
    );
    expect(valuesIn("Hence $y = f(2) + 1$ holds.").map((v) => v.kind)).toContain("formula");
    const [answer] = valuesIn("电容器充电时 $u=U(1-e^{-t/RC})$ 成立。");
    const known = [
      ...valuesIn("放电时 $u=Ue^{-t/RC}$ 成立。"),
      ...valuesIn("时间常数为 $RC\\cdot(1-e^{-t})$ 这一乘积。"),
      ...valuesIn("电流满足 $i<U(1-e^{-t/RC})/R$ 这一界。"),
    ];
    const offered = valueDistractors(answer!, known, 3, () => 0.5);
    expect(offered).toEqual(["$u=Ue^{-t/RC}$"]);
  });
});

describe("a statement does not ask (issue 24: a key point or judgment is never a question)", () => {
  it("reads an interrogative opener as a question whatever the final mark", () => {
    for (const text of [
      "小补充：什么是齐次边界条件和非齐次边界条件。",
      "为什么分离变量法要求边界条件是齐次的。",
      "Why does the membrane stay fluid in the cold.",
      "Что такое информационная система.",
      "Is the membrane fluid?",
    ])
      expect(asksQuestion(text), text).toBe(true);
    for (const text of [
      "齐次边界条件是指在边界上的解值为零或其导数为零。",
      "When the load rises, the server adds a worker.",
      "How the loss is computed depends on the task.",
      "Информационная система хранит данные предприятия.",
    ])
      expect(asksQuestion(text), text).toBe(false);
  });
});

describe("a judgment or key point is a clause, not a slide title (issue 24)", () => {
  it("reads a title-cased line without a stop as a title", () => {
    for (const text of [
      "For 17 Randomly Selected Commits",
      "To a Large Open-Source Project",
      "Do Programmers Usually Floss Refactor",
    ])
      expect(titleLike(text), text).toBe(true);
    for (const text of [
      "65% of Commits were Floss Refactoring",
      "Toolsmiths use a wider array of refactoring tools than tool users",
      "The Eclipse Project Uses Refactoring Tools Often.",
      "留数等于函数在奇点Laurent展开的负一次项的系数。",
    ])
      expect(titleLike(text), text).toBe(false);
  });

  it("asks no judgment and no key point of a title or a fragment in a slide deck", async () => {
    const slides = [
      "# Refactoring study",
      "## Floss refactoring",
      "- For 17 Randomly Selected Commits",
      "- Bourqun and Keller [2007]",
      "- Floss refactoring interleaves refactoring with other changes to the code.",
      "- Root-canal refactoring sets aside time for refactoring alone.",
      "- Programmers use the refactoring tool for about 10% of refactorings.",
      "- Refactoring tools are underused because programmers distrust automated changes.",
      cite(1),
    ].join("\n\n");
    const m = noteMaterial({
      title: "Refactoring study",
      markdown: slides,
      outputLanguage: "en-US",
      sources: [source],
    });
    const quiz = await offlineQuiz(m, { types: [...QUESTION_TYPES], count: 15, seed: "titles" });
    expect(quiz.length).toBeGreaterThan(0);
    for (const q of quiz) {
      const texts = [q.question, ...q.keyPoints, ...(q.type === "judgment" ? [] : q.options)];
      for (const t of texts) {
        expect(t, q.type).not.toMatch(/For 17 Randomly Selected Commits|Bourqun and Keller/);
      }
    }
  });
});

describe("a key point in Russian, French, German or Spanish is a clause (issue 24)", () => {
  const predicate = (text: string, lang: string) =>
    hasPredicate(text, lang, tokenize(text, lang), () => true);

  it("finds a verb, a short form or a dash for 'is', and none in a bare noun phrase", async () => {
    await Promise.all(["ru", "fr", "es"].map((l) => nlpReady(l)));
    for (const [text, lang] of [
      ["Проект должен состоять из следующих частей.", "ru"],
      ["Научный руководитель регулярно отчитывается на кафедре.", "ru"],
      ["Информационная система — это совокупность средств обработки данных.", "ru"],
      ["La cellule est l'unité du vivant.", "fr"],
      ["La célula se divide en dos.", "es"],
    ])
      expect(predicate(text!, lang!), text).toBe(true);
    for (const [text, lang] of [
      ["(полное наименование темы проекта)", "ru"],
      ["Общая оценка проекта и выпускника", "ru"],
      ["Les étapes de la mitose", "fr"],
    ])
      expect(predicate(text!, lang!), text).toBe(false);
  });
});

describe("an option or multi-select key is a concept term, not a set phrase or a counted phrase (issue 24)", () => {
  it("reads jieba's idioms and numeral-classifier phrases as no term", async () => {
    await nlpReady("zh");
    const nonTerm = (text: string) => cjkNonTerm(text, tokenize(text, "zh"));
    for (const text of ["大大减少", "画成一棵树状图", "三个步骤"]) expect(nonTerm(text), text).toBe(true);
    for (const text of ["神经元模型", "分配方式", "学习率", "Bessel函数", "hinge loss"])
      expect(nonTerm(text), text).toBe(false);
  });
});

describe("a Russian swap keeps the sentence's case and number (issue 24)", () => {
  it("swaps a genitive singular only for a word that can be one", async () => {
    await nlpReady("ru");
    expect(agreesInForm("исследовательского проекта", "источники", "ru")).toBe(false);
    expect(agreesInForm("Правила", "Справочник", "ru")).toBe(false);
    expect(agreesInForm("проекта", "темы", "ru")).toBe(false);
    expect(agreesInForm("исследовательского проекта", "научного документа", "ru")).toBe(true);
    expect(agreesInForm("Пароль", "Справочник", "ru")).toBe(true);
  });
});
