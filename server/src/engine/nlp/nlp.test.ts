import { beforeAll, describe, expect, it } from "vitest";
import {
  contentStems,
  isConceptTerm,
  keyTerms,
  nlpReady,
  nounPhrases,
  textLanguage,
  tokenize,
} from "./index";

const terms = (text: string | string[], lang: string, emphasized?: string[]) =>
  keyTerms(text, lang, { emphasized }).map((t) => t.term);

describe("tokenize", () => {
  it("English: lemmas, function words and offsets into the text", () => {
    const text = "The models were trained on $x_i$ samples.";
    const tokens = tokenize(text, "en");
    for (const t of tokens) expect(text.slice(t.start, t.end)).toBe(t.text);
    expect(tokens.find((t) => t.text === "models")?.norm).toBe("model");
    expect(tokens.find((t) => t.text === "The")?.stop).toBe(true);
    // nothing inside a formula is a word
    expect(tokens.map((t) => t.text)).not.toContain("x_i");
    expect(tokens.map((t) => t.text)).not.toContain("x");
  });

  it("Chinese: jieba words, never a piece of one", () => {
    const tokens = tokenize("两类感知器算法是线性分类器。", "zh");
    expect(tokens.map((t) => t.text)).toContain("感知器");
    expect(tokens.find((t) => t.text === "是")?.stop).toBe(true);
  });

  it("Japanese: kuromoji morphemes with base forms once the dictionary is loaded", async () => {
    await nlpReady("ja");
    const text = "データを学習した。";
    const tokens = tokenize(text, "ja");
    expect(tokens.find((t) => t.text === "学習")).toBeTruthy();
    expect(tokens.find((t) => t.text === "を")?.stop).toBe(true);
    for (const t of tokens) expect(text.slice(t.start, t.end)).toBe(t.text);
  });

  it("French and Russian: Snowball stems, stop words from stopwords-iso", () => {
    expect(contentStems("Les fonctions aussi sont continues.", "fr")).toEqual(["fonction", "continu"]);
    expect(contentStems("Системы управления базами данных", "ru")).toContain("систем");
    expect(contentStems("и в на", "ru")).toEqual([]);
  });
});

describe("textLanguage", () => {
  it("tells Latin-script languages apart by their function words", () => {
    expect(textLanguage("La régression logistique est un modèle de classification pour les données.")).toBe(
      "fr",
    );
    expect(textLanguage("The regression model is used for the classification of data.")).toBe("en");
    expect(textLanguage("Информационная система — это система.")).toBe("ru");
    expect(textLanguage("机器学习是人工智能的一个分支。")).toBe("zh");
    expect(textLanguage("機械学習とは、データから学ぶ方法である。")).toBe("ja");
  });
});

describe("key terms", () => {
  beforeAll(() => nlpReady("ja"));

  it("English: noun phrases and rare words rank above everyday nouns", () => {
    const text =
      "A model is a function of its inputs. The hinge loss is a loss function. The model uses the hinge loss. " +
      "The softmax function normalises the scores of the model.";
    const ranked = terms(text, "en");
    expect(ranked.indexOf("hinge loss")).toBeGreaterThanOrEqual(0);
    expect(ranked.indexOf("hinge loss")).toBeLessThan(ranked.indexOf("model"));
    expect(ranked.indexOf("softmax function")).toBeLessThan(ranked.indexOf("function"));
    for (const bad of ["is", "uses", "normalises", "its", "a"]) expect(ranked).not.toContain(bad);
  });

  it("Chinese: ranked against jieba's IDF table; no function words", () => {
    const ranked = terms(
      "Softmax回归是一种多分类模型。模型的损失函数是交叉熵。Softmax回归的函数可以求导。",
      "zh",
    );
    expect(ranked.indexOf("Softmax回归")).toBeLessThan(ranked.indexOf("模型"));
    expect(ranked.indexOf("Softmax回归")).toBeLessThan(ranked.indexOf("函数"));
    for (const bad of ["是", "一种", "可以", "的"]) expect(ranked).not.toContain(bad);
  });

  it("Chinese: a phrase jieba guessed as one word is no term; a guessed name is ('闭集', '常点')", () => {
    // the point-set topology handout: "既开又闭", "非开非闭" and "大到小一定对，小到大一定错" gave the key
    // terms "既开", "非开非闭", "大到", "小到"
    const ranked = terms(
      [
        "R 既开又闭。",
        "(0,1] 非开非闭。",
        "大到小一定对，小到大一定错。",
        "A的闭包是包含A的最小闭集。",
        "则称作方程的常点。",
      ],
      "zh",
    );
    for (const bad of ["既开", "非开", "非开非闭", "大到", "小到"]) expect(ranked).not.toContain(bad);
    expect(ranked.some((t) => t.endsWith("闭集"))).toBe(true);
    expect(ranked.some((t) => t.endsWith("常点"))).toBe(true);
  });

  it("Japanese: runs of nouns, never particles", () => {
    const ranked = terms("機械学習とは、データから規則を学ぶ方法である。損失関数を最小化する。", "ja");
    expect(ranked).toContain("機械学習");
    expect(ranked).toContain("損失関数");
    for (const t of ranked) expect(t).not.toMatch(/^[をはがのとで]|[をはがのとで]$/u);
  });

  it("French and Russian: stop-word-bounded phrases, never a function word", () => {
    const fr = terms("La régression logistique est un modèle. Elle est aussi un classifieur.", "fr");
    expect(fr).toContain("régression logistique");
    expect(fr).not.toContain("aussi");
    const ru = terms("Система управления базами данных (СУБД) хранит данные. СУБД — это программа.", "ru");
    expect(ru).toContain("СУБД");
    expect(ru).not.toContain("это");
  });

  it("the author's emphasis ranks first, when it is a term", () => {
    const text = "The model uses a kernel. The model is trained. The model predicts.";
    const ranked = terms(text, "en", ["kernel", "represents"]);
    expect(ranked[0]).toBe("kernel");
    expect(ranked).not.toContain("represents");
  });

  it("never cuts inside a word", () => {
    for (const span of nounPhrases("Hyperparameters of deep networks matter.", "en")) {
      expect(/\p{L}/u.test("Hyperparameters of deep networks matter."[span.start - 1] ?? "")).toBe(false);
      expect(/\p{L}/u.test("Hyperparameters of deep networks matter."[span.end] ?? "")).toBe(false);
    }
  });
});

describe("an English noun phrase", () => {
  it("ends before a verb the tagger read as a plural noun, right before a determiner", () => {
    const texts = (text: string) => nounPhrases(text, "en").map((s) => s.text);
    expect(texts("Then the scheduler queues a request for the disk.")).not.toContain("scheduler queues");
    expect(texts("The route table lists every known network.")).toContain("route table");
    expect(texts("The route table lists every known network.")).not.toContain("route table lists");
    // a plural noun before an article with no noun before it stays ("gives students the book")
    expect(texts("The teacher gives students the book.")).toContain("students");
  });
});

describe("isConceptTerm", () => {
  it("rejects filler: verbs, adverbs, ordinals, particles", () => {
    expect(isConceptTerm("represents", "en")).toBe(false);
    expect(isConceptTerm("first", "en")).toBe(false);
    expect(isConceptTerm("aussi", "fr")).toBe(false);
    expect(isConceptTerm("是不", "zh")).toBe(false);
    expect(isConceptTerm("hinge loss", "en")).toBe(true);
    expect(isConceptTerm("Softmax回归", "zh")).toBe(true);
  });
});
