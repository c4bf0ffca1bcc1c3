import { describe, expect, it } from "vitest";
import { keyTerms, type DocStats } from "./summarize";
import { findWord, fitParticle, koreanStem, splitSentences, standsAlone, words } from "./text";

describe("words of Korean and Japanese", () => {
  it("takes a Korean particle off only where its form fits and a word of two syllables remains", () => {
    expect(
      ["염색체가", "분열은", "세포의", "과정이다", "세포를", "적도면에", "분열로", "서울로"].map(koreanStem),
    ).toEqual(["염색체", "분열", "세포", "과정", "세포", "적도면", "분열", "서울"]);
    // nouns that end like a particle keep it: one syllable would be left, or the form does not fit
    expect(["온도", "결과", "사과", "정의", "세포", "나는"].map(koreanStem)).toEqual([
      "온도",
      "결과",
      "사과",
      "정의",
      "세포",
      "나는",
    ]);
    expect(words("감수 분열은 두 번의 분열로 이루어진다.", "ko")).toEqual([
      "감수",
      "분열",
      "두",
      "번의", // one syllable would be left
      "분열",
      "이루어진다",
    ]);
  });

  it("keeps a katakana loanword whole where the dictionary cuts it (カルビン, not カルビ + ン)", () => {
    expect(words("カルビン回路は明反応で作られたATPを消費する。", "ja")).toContain("カルビン");
    expect(words("カルビン回路は明反応で作られたATPを消費する。", "ja")).not.toContain("カルビ");
  });

  it("finds a term as a word of its own: not inside a longer word; a Korean one with its particle", () => {
    expect(findWord("two lines and a line", "line")).toBe(16);
    expect(findWord("체세포 분열은 세포 분열의 하나이다", "세포 분열")).toBe(8);
    expect(standsAlone("염색체가 분리된다", 0, 3)).toBe(true);
    expect(standsAlone("염색체들의 수", 0, 3)).toBe(false); // "들" is not a particle
    expect(findWord("光合成とは何か", "光合成")).toBe(0); // no word edges in Japanese
  });

  it("gives a particle the form the word before it takes", () => {
    expect(fitParticle("세포 주기", "은 간기와 분열기로 나뉜다.")).toBe("는 간기와 분열기로 나뉜다.");
    expect(fitParticle("체세포 분열", "가 분리되고")).toBe("이 분리되고");
    expect(fitParticle("염색체", "을 만든다")).toBe("를 만든다");
    expect(fitParticle("서울", "으로 간다")).toBe("로 간다");
    expect(fitParticle("세포", "은행")).toBe("은행"); // a word, not a particle
    expect(fitParticle("cell", "은 …")).toBe("은 …");
  });

  it("finds two-word Korean terms, not the words inside them", () => {
    const text =
      "체세포 분열은 하나의 세포가 두 개의 딸세포로 나뉘는 분열이다. 체세포 분열은 생장에 필요하다. " +
      "감수 분열은 염색체 수가 절반으로 줄어드는 분열이다. 감수 분열은 두 번의 분열로 이루어진다. " +
      "감수 분열에서는 교차가 일어난다. 세포 주기는 간기와 분열기로 나뉜다. 사람의 세포 주기는 약 24시간이다.";
    const stats: DocStats = { sectionCount: 1, df: new Map() };
    const terms = keyTerms(text, "ko", stats, 4);
    expect(terms).toEqual(expect.arrayContaining(["감수 분열", "체세포 분열", "세포 주기"]));
    expect(terms).not.toContain("분열");
  });
});

describe("sentences", () => {
  it("are not broken at initials or abbreviations in any script, and still at a sentence's end", () => {
    // the Russian syllabus's "По мнению А. Комарова, …" gave a card whose back began "Комарова, …"
    expect(
      splitSentences("Пример: По мнению А. Комарова, в фискальных целях формируют учёт. Это важно.", "ru"),
    ).toEqual(["Пример: По мнению А. Комарова, в фискальных целях формируют учёт.", "Это важно."]);
    expect(
      splitSentences(
        "Это видно на рис. 3, т.е. всё ясно. Длина 5 см. Он родился в 1991 г. Потом уехал.",
        "ru",
      ),
    ).toEqual(["Это видно на рис. 3, т.е. всё ясно.", "Длина 5 см.", "Он родился в 1991 г.", "Потом уехал."]);
    expect(splitSentences("Das gilt z. B. für Säuren, vgl. Abb. 4. Neue Zeile.", "de")).toEqual([
      "Das gilt z. B. für Säuren, vgl. Abb. 4.",
      "Neue Zeile.",
    ]);
    // a quotation of several sentences is one: « … Tout. … Rien. … » lost its short answers as debris
    expect(
      splitSentences(
        "« Qu'est-ce que le Tiers État ? Tout. Qu'a-t-il été jusqu'à présent ? Rien. Que demande-t-il ? À y devenir quelque chose. » — Abbé Sieyès, 1789. La suite est connue.",
        "fr",
      ),
    ).toEqual([
      "« Qu'est-ce que le Tiers État ? Tout. Qu'a-t-il été jusqu'à présent ? Rien. Que demande-t-il ? À y devenir quelque chose. » — Abbé Sieyès, 1789.",
      "La suite est connue.",
    ]);
    // an item's number stays with its item: a Russian lecture's "1. $…$." lost its statement as debris
    expect(
      splitSentences(
        "1. $\\exists\\lim x_{n}=a\\Rightarrow\\exists!\\lim x_{n}=a$. Доказательство: пусть.",
        "ru",
      ),
    ).toEqual(["1. $\\exists\\lim x_{n}=a\\Rightarrow\\exists!\\lim x_{n}=a$.", "Доказательство: пусть."]);
    expect(splitSentences("Er sagte: „Das gilt.“ Dann ging er. Es regnete.", "de")).toEqual([
      "Er sagte: „Das gilt.“",
      "Dann ging er.",
      "Es regnete.",
    ]);
    expect(splitSentences("The fugue (J. S. Bach) is long. It ends.", "en")).toEqual([
      "The fugue (J. S. Bach) is long.",
      "It ends.",
    ]);
  });
});
