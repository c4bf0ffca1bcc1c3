import { describe, expect, it } from "vitest";
import { fitsLimit, shorten } from "./short-text";

describe("shorten", () => {
  const limit = { words: 12, cjkChars: 25, minClause: 6 };

  it("measures a clause in its own script: a Latin formula clause of a Chinese sentence counts words", () => {
    const sentence =
      "可解得：∫ 2π 1 C0 = 2π 0 ∫ 2π 1 Cm1 = amπ 0 ∫ 2π 1 Cm2 = amπ 0 f (ϕ)dϕ 在这个例子中，我们发现一个本征值有两个本征函数。";
    const cut = shorten(sentence, limit);
    expect(fitsLimit(cut.replace(/…$/, ""), limit), cut).toBe(true);
  });

  it("keeps a first clause that fits", () => {
    expect(
      shorten(
        "Gradient descent converges for convex functions with a small step, as shown in the proof below and in the exercises",
        limit,
      ),
    ).toBe("Gradient descent converges for convex functions with a small step");
  });
});

describe("shorten never starts inside the sentence it cuts", () => {
  const limit = { words: 12, cjkChars: 25, minClause: 6 };

  it("skips an opening word, never the subject, a parenthesis or a dash's aside", () => {
    // the opening clause is short but holds the subject: what follows it is not a sentence of its own
    const parenthesis = shorten(
      "Секретарь Государственной аттестационной комиссии (далее ГАК) вызывает очередного слушателя на защиту, зачитывает тему исследовательского проекта и фамилию научного руководителя.",
      limit,
    );
    expect(
      parenthesis.startsWith("Секретарь Государственной аттестационной комиссии (далее ГАК)"),
      parenthesis,
    ).toBe(true);
    const subject = shorten(
      "Замена или изменение темы, а также научного руководителя по инициативе слушателя допускается, но не позже, чем за 2 месяца до защиты проекта.",
      limit,
    );
    expect(subject.startsWith("Замена или изменение темы"), subject).toBe(true);
    const aside = shorten(
      "The lexer — which the second chapter builds in full — turns characters into tokens that the parser reads one at a time while it builds the tree.",
      limit,
    );
    expect(aside.startsWith("The lexer"), aside).toBe(true);
  });

  it("still leaves out an opening word or phrase", () => {
    expect(
      shorten(
        "However, gradient descent converges for convex functions with a small step, as shown in the proof below and in the exercises that follow it.",
        limit,
      ),
    ).toBe("gradient descent converges for convex functions with a small step");
  });

  it("never says what holds under a condition without the condition, nor the condition alone", () => {
    // a slide said "同一时刻只能有一个进程运行" (true only "在单核系统中") and "Al ser una sola Empresa u Organización"
    const zh = shorten(
      "在单核系统中，同一时刻只能有一个进程运行，其他进程必须等待CPU空闲后才能被调度执行。",
      {
        words: 12,
        cjkChars: 25,
      },
    );
    expect(zh.startsWith("在单核系统中，同一时刻"), zh).toBe(true);
    expect(zh.endsWith("…"), zh).toBe(true);
    const es = shorten(
      "Al ser una sola Empresa u Organización, tiene todo el poder de mercado para influir en el precio.",
      limit,
    );
    expect(es).toBe("Al ser una sola Empresa u Organización, tiene todo el poder…");
  });
});
