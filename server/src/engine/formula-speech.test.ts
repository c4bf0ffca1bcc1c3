import { describe, expect, it } from "vitest";
import { OUTPUT_LANGUAGES } from "@beannote/contract";
import { speakableText } from "../speech/speech-text";
import { speakFormulas, speakLatex } from "./formula-speech";

const NEVER_SAID = /[$\\{}^_]|\b(?:frac|sqrt|mathrm|left|right|begin|end|cdot|infty|leq)\b/;

describe("speakLatex", () => {
  it("says a formula in English words", () => {
    expect(speakLatex("x^2 + y^2", "en-US")).toBe("x squared plus y squared");
    expect(speakLatex("\\frac{a}{b}", "en-US")).toBe("a over b");
    expect(speakLatex("\\sqrt{x^2+y^2}", "en-US")).toBe("the square root of x squared plus y squared");
    expect(speakLatex("E=mc^{2}", "en-US")).toBe("E equals m c squared");
    expect(speakLatex("\\sum_{i=1}^{n} a_i", "en-US")).toBe("the sum from i equals 1 to n of a i");
    expect(speakLatex("\\lim_{x\\to 0} \\frac{\\sin x}{x} = 1", "en-US")).toBe(
      "the limit as x tends to 0 of sine x over x equals 1",
    );
    expect(speakLatex("\\int_a^b f(x)\\,\\mathrm{d}x", "en-US")).toBe(
      "the integral from a to b of f of x d x",
    );
    expect(speakLatex("\\alpha \\leq \\beta^{n}", "en-US")).toBe(
      "alpha is less than or equal to beta to the power of n",
    );
  });

  it("says a bracketed sum under a power as one quantity, and a function of its argument", () => {
    expect(speakLatex("\\left(1+\\frac{1}{n}\\right)^n", "en-US")).toBe(
      "the quantity 1 plus 1 over n, to the power of n",
    );
    expect(speakLatex("(a+b)^2", "zh-CN")).toBe("括号 a 加 b 括号的平方");
    expect(speakLatex("\\frac{n(n+1)}{2}", "en-US")).toBe("n n plus 1 over 2");
    expect(speakLatex("f(x, y)", "fr-FR")).toBe("f de x, y");
  });

  it("says it in Chinese, Japanese and Korean words, without spaces between CJK words", () => {
    expect(speakLatex("x^2 + y^2", "zh-CN")).toBe("x 的平方加 y 的平方");
    expect(speakLatex("\\frac{1}{2}", "zh-CN")).toBe("2 分之 1");
    expect(speakLatex("\\sqrt{2}", "zh-CN")).toBe("根号 2");
    expect(speakLatex("\\int_{-\\infty}^{\\infty} f = a - b", "zh-CN")).toBe(
      "从负无穷到无穷积分 f 等于 a 减 b",
    );
    expect(speakLatex("x^2 + y^2", "ja-JP")).toBe("x の二乗プラス y の二乗");
    expect(speakLatex("\\frac{1}{3}", "ja-JP")).toBe("3 分の 1");
    expect(speakLatex("x^2", "ko-KR")).toBe("x 제곱");
    expect(speakLatex("\\frac{1}{3}", "ko-KR")).toBe("3 분의 1");
  });

  it("says it in French, German, Spanish and Portuguese words", () => {
    expect(speakLatex("x^2 + y^2", "fr-FR")).toBe("x au carré plus y au carré");
    expect(speakLatex("x^2 - y^3", "de-DE")).toBe("x Quadrat minus y hoch drei");
    expect(speakLatex("\\frac{a}{b}", "es-ES")).toBe("a entre b");
    expect(speakLatex("x^n", "pt-BR")).toBe("x elevado a n");
  });

  it("never says a dollar, a backslash, a brace or a command's name, in any output language", () => {
    const formulas = [
      "\\iint_D 1\\,\\mathrm{d}\\sigma = S_D",
      "\\left( \\frac{\\partial f}{\\partial x} \\right)^2 \\cdot \\infty",
      "\\begin{cases} 1 & x > 0 \\\\ 0 & x \\leq 0 \\end{cases}",
      "\\hat{\\theta} = \\operatorname*{arg\\,max}_{\\theta} \\mathcal{L}(\\theta)",
      "\\unknowncommand{a} + \\mathbb{R}^n \\to \\{0\\}",
      "{{{{",
      "\\frac{",
      "}}}\\",
    ];
    for (const language of OUTPUT_LANGUAGES)
      for (const latex of formulas) {
        const said = speakLatex(latex, language);
        expect(said, `${language}: ${latex}`).not.toMatch(NEVER_SAID);
      }
  });

  it("is bounded on deeply nested and very long formulas", () => {
    const nested = "\\frac{".repeat(5000) + "x" + "}".repeat(5000);
    const long = Array.from({ length: 10_000 }, (_, i) => `x_{${i}}`).join("+");
    const started = performance.now();
    speakLatex(nested, "en-US");
    speakLatex(long, "en-US");
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("speakFormulas", () => {
  it("says each formula of a line and keeps its prose", () => {
    expect(speakFormulas("The circle is $x^2 + y^2 = r^2$, as we saw.", "en-US")).toBe(
      "The circle is x squared plus y squared equals r squared, as we saw.",
    );
    expect(speakFormulas("圆的方程是 $x^2 + y^2 = 1$。", "zh-CN")).toBe(
      "圆的方程是 x 的平方加 y 的平方等于 1。",
    );
    expect(speakFormulas("It costs $5 and $10.", "en-US")).toBe("It costs $5 and $10.");
  });
});

describe("a podcast line as the voice reads it", () => {
  it("says its formulas in words, in the episode's language", () => {
    expect(speakableText("So $\\frac{a}{b} \\leq \\sqrt{2}$ holds.", "en-US")).toBe(
      "So a over b is less than or equal to the square root of 2 holds.",
    );
    expect(speakableText("面积是 $\\iint_D 1\\,\\mathrm{d}\\sigma = S_D$。", "zh-CN")).not.toMatch(
      NEVER_SAID,
    );
    expect(speakableText("$$x^2 + y^2$$", "zh-CN")).toBe("x 的平方加 y 的平方");
  });
});
