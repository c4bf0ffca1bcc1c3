import { describe, expect, it } from "vitest";
import { fontRole, glyphMeaning } from "./glyphs";
import { inferBars, layoutLatex, type MathGlyph, type Rule } from "./layout";

/** A glyph at (x, baseline y) of the given size; width 0.5 em unless told. */
function g(
  latex: string,
  x: number,
  y: number,
  size = 10,
  kind: MathGlyph["kind"] = "ord",
  width = size * 0.5,
): MathGlyph {
  return { latex, kind, x0: x, x1: x + width, y, size, bottom: y - size * 0.25, top: y + size * 0.75 };
}

/** A big glyph of the extension font: it hangs below its baseline. */
function big(
  latex: string,
  x: number,
  y: number,
  depth: number,
  kind: MathGlyph["kind"],
  size = 10,
  width = 10,
): MathGlyph {
  return { latex, kind, x0: x, x1: x + width, y, size, bottom: y - depth * size, top: y + size * 0.1 };
}

describe("formula layout → LaTeX", () => {
  it("raises a fraction of script-sized parts as a script: |u_n|^{1/n}", () => {
    // | u_n | then 1 over n at 5 pt, their bar 5.5 pt above the baseline
    const glyphs = [
      g("|", 0, 100, 10, "ord", 3),
      g("u", 3, 100),
      g("n", 8, 98.4, 7),
      g("|", 12, 100, 10, "ord", 3),
    ];
    const script = [g("1", 16, 106.5, 5, "ord", 3.4), g("n", 16, 101.4, 5, "ord", 4.4)];
    expect(layoutLatex([...glyphs, ...script], [{ x0: 15.8, x1: 20.4, y: 105.5 }])).toBe(
      "|u_{n}|^{\\frac{1}{n}}",
    );
    // a text-style fraction stays on its line
    const inline = [g("a", 0, 103.6, 7), g("b", 0, 96.6, 7), g("+", 8, 100), g("c", 17, 100)];
    expect(layoutLatex(inline, [{ x0: 0, x1: 4, y: 102.5 }])).toBe("\\frac{a}{b}+c");
  });

  it("reads an arrow over a minus of its length as one arrow, and a text-size arrow on a script's baseline as of the script", () => {
    // lim, then n → ∞ on the subscript's baseline, the arrow (and a minus under it) at the text size
    const glyphs = [
      g("\\lim", 0, 100, 10, "word", 14),
      g("n", 14, 98.5, 7, "ord", 4.7),
      g("-", 18.7, 98.5, 10, "ord", 7.8),
      g("\\to", 18.7, 98.5, 10, "ord", 10),
      g("\\infty", 28.7, 98.5, 7, "ord", 7.6),
      g("a", 38, 100),
    ];
    expect(layoutLatex(glyphs, [])).toBe("\\lim_{n\\to\\infty}a");
    // a long arrow: the arrow starts where the minus ends
    const long = [
      g("x", 0, 100),
      g("-", 6, 100, 10, "ord", 7.8),
      g("\\to", 12, 100, 10, "ord", 10),
      g("y", 23, 100),
    ];
    expect(layoutLatex(long, [])).toBe("x\\longrightarrow y");
  });

  it("reads integral signs set together as \\iint and \\iiint, and signs apart as separate integrals", () => {
    // amsmath's \\iint: two signs, the second kerned into the first; D their subscript
    const double = [
      big("\\int", 0, 100, 1.1, "intop", 10, 5.6),
      big("\\int", 4.5, 100, 1.1, "intop", 10, 5.6),
    ];
    expect(layoutLatex([...double, g("D", 10, 96.5, 7), g("f", 16, 100)], [])).toBe("\\iint_{D}f");
    const triple = [0, 4.5, 9].map((x) => big("\\int", x, 100, 1.1, "intop", 10, 5.6));
    expect(layoutLatex([...triple, g("V", 15, 96.5, 7), g("f", 21, 100)], [])).toBe("\\iiint_{V}f");
    // ∫ a dx ∫ b dy: an integrand between them
    const apart = [
      big("\\int", 0, 100, 1.1, "intop", 10, 5.6),
      g("a", 6, 100),
      big("\\int", 12, 100, 1.1, "intop", 10, 5.6),
      g("b", 18, 100),
    ];
    expect(layoutLatex(apart, [])).toBe("\\int a\\int b");
  });

  it("reads sub- and superscripts by baseline shift and size", () => {
    const glyphs = [
      g("x", 0, 100),
      g("2", 5, 103.6, 7),
      g("1", 5, 97.5, 7),
      g("+", 10, 100),
      g("y", 18, 100),
      g("'", 23, 103.6, 7),
    ];
    expect(layoutLatex(glyphs, [])).toBe("x_{1}^{2}+y'");
  });

  it("reads a fraction from its bar, and what stands before and after it", () => {
    const glyphs = [
      g("a", 0, 100),
      g("=", 8, 100),
      g("1", 20, 106.7),
      g("n", 20, 93.2),
      g("+", 30, 100),
      g("b", 38, 100),
    ];
    const bar: Rule = { x0: 19, x1: 26, y: 102.5 };
    expect(layoutLatex(glyphs, [bar])).toBe("a=\\frac{1}{n}+b");
  });

  it("infers a fraction bar when the page's rules are unknown, but not for a script pair touching its base", () => {
    const fraction = [g("=", 0, 100), g("\\pi", 14, 106.7), g("6", 14, 93.2)];
    expect(layoutLatex(fraction, inferBars(fraction))).toBe("=\\frac{\\pi}{6}");
    const scripts = [g("x", 0, 100), g("2", 5, 103.6, 7), g("1", 5, 97.5, 7)];
    expect(inferBars(scripts)).toEqual([]);
  });

  it("puts a big operator's limits under and over it", () => {
    const glyphs = [
      g("n", 4, 112.5, 7),
      big("\\sum", 0, 109.5, 1.4, "bigop"),
      g("i", 1, 88.5, 7),
      g("=", 3, 88.5, 7),
      g("1", 7, 88.5, 7),
      g("a", 13, 100),
      g("i", 18, 98.5, 7),
    ];
    expect(layoutLatex(glyphs, [])).toBe("\\sum_{i=1}^{n}a_{i}");
  });

  it("puts lim's and arg max's limits under them", () => {
    const lim = [
      g("\\lim", 0, 100, 10, "word", 14),
      g("n", 0, 94, 7),
      g("\\to", 4, 94, 7),
      g("\\infty", 9, 94, 7),
      g("a", 18, 100),
    ];
    expect(layoutLatex(lim, [])).toBe("\\lim_{n\\to\\infty}a");
  });

  it("rebuilds a square root from its radical and overbar", () => {
    const glyphs = [
      big("\\sqrt", 0, 110, 1.2, "radical"),
      g("x", 10.5, 100),
      g("+", 16, 100),
      g("1", 24, 100),
    ];
    expect(layoutLatex(glyphs, [{ x0: 10, x1: 30, y: 109.8 }])).toBe("\\sqrt{x+1}");
  });

  it("sets an accent over its letter", () => {
    const glyphs = [
      g("\\hat", 0.5, 102, 10, "accent"),
      g("x", 0, 100),
      g("=", 8, 100),
      g("\\tilde", 16.5, 102, 10, "accent"),
      g("y", 16, 100),
    ];
    expect(layoutLatex(glyphs, [])).toBe("\\hat{x}=\\tilde{y}");
  });

  it("reads a matrix between tall delimiters and cases after a brace", () => {
    const matrix = [
      g("A", 0, 100),
      g("=", 8, 100),
      big("(", 18, 114, 2.4, "delim", 10, 7),
      g("a", 26, 106),
      g("b", 40, 106),
      g("c", 26, 94),
      g("d", 40, 94),
      big(")", 47, 114, 2.4, "delim", 10, 7),
    ];
    expect(layoutLatex(matrix, [])).toBe("A=\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}");
    const cases = [
      big("\\{", 0, 114, 2.4, "delim", 10, 7),
      g("x", 9, 106),
      g("x", 29, 106),
      g("\\ge", 34, 106),
      g("0", 40, 106),
      g("-", 9, 94),
      g("x", 14, 94),
      g("x", 29, 94),
      g("<", 34, 94),
      g("0", 40, 94),
    ];
    expect(layoutLatex(cases, [])).toBe("\\begin{cases} x & x\\ge 0 \\\\ -x & x<0 \\end{cases}");
  });

  it("reads \\binom from a stack without a bar between parentheses that touch it, inline and displayed", () => {
    // inline: script-sized rows between \big parentheses
    const inline = [
      big("(", 0, 108, 1.2, "delim", 10, 4.6),
      g("n", 4.6, 104.4, 7, "ord", 4.9),
      g("k", 4.9, 96.5, 7, "ord", 4.2),
      big(")", 9.5, 108, 1.2, "delim", 10, 4.6),
    ];
    expect(layoutLatex(inline, [])).toBe("\\binom{n}{k}");
    // displayed: full-size rows 1.36 em apart; a matrix's column is a baselineskip (1.2 em)
    const display = (gap: number) => [
      big("(", 0, 114, 2.4, "delim", 10, 7.3),
      g("n", 7.3, 100 + gap / 2, 10, "ord", 6),
      g("k", 7.5, 100 - gap / 2, 10, "ord", 5.2),
      big(")", 13.3, 114, 2.4, "delim", 10, 7.3),
    ];
    expect(layoutLatex(display(13.6), [])).toBe("\\binom{n}{k}");
    expect(layoutLatex(display(12), [])).toBe("\\begin{pmatrix} n \\\\ k \\end{pmatrix}");
  });

  it("infers no bar for \\binom's stack but keeps \\left(\\frac…\\right), whose parentheses stand \\nulldelimiterspace off", () => {
    const stack = (inset: number) => [
      g("=", -12, 100),
      big("(", 0, 114, 2.4, "delim", 10, 7.3),
      g("1", 7.3 + inset, 106.8, 10, "ord", 5),
      g("2", 7.3 + inset, 93.2, 10, "ord", 5),
      big(")", 12.3 + 2 * inset, 114, 2.4, "delim", 10, 7.3),
    ];
    expect(inferBars(stack(0))).toEqual([]);
    expect(layoutLatex(stack(0), inferBars(stack(0)))).toBe("=\\binom{1}{2}");
    expect(layoutLatex(stack(1.2), inferBars(stack(1.2)))).toBe("=(\\frac{1}{2})");
  });

  it("reads three dots as \\cdots or \\ldots, and a quad's gap as \\quad", () => {
    const dots = [
      g("a", 0, 100),
      g("+", 6, 100),
      g("\\cdot", 14, 100, 10, "ord", 2.8),
      g("\\cdot", 17.5, 100, 10, "ord", 2.8),
      g("\\cdot", 21, 100, 10, "ord", 2.8),
    ];
    expect(layoutLatex(dots, [])).toBe("a+\\cdots");
    const two = [g("a", 0, 100), g(",", 5, 100, 10, "ord", 2.8), g("b", 18, 100)];
    expect(layoutLatex(two, [])).toBe("a,\\quad b");
  });

  it("gives up on a 10,000-glyph or deeply nested formula in bounded time instead of hanging", () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      g(i % 2 ? "x" : "2", i * 3, 100 + (i % 7), 10 - (i % 3)),
    );
    const t0 = performance.now();
    const latex = layoutLatex(many, []);
    expect(performance.now() - t0).toBeLessThan(5_000);
    expect(latex === null || latex.length > 0).toBe(true);
    // a staircase of superscripts, each smaller and higher: nesting deeper than the bound
    const stairs = Array.from({ length: 60 }, (_, i) => g("x", i * 4, 100 + i * 3, 10 * Math.pow(0.97, i)));
    expect(layoutLatex(stairs, [])).toBeNull();
  });
});

describe("TeX fonts and glyphs", () => {
  it("knows maths fonts by their names, subset prefix or not", () => {
    expect(fontRole("HLOYNK+CMEX10")).toBe("extension");
    expect(fontRole("QDTWCG+MSBM10")).toBe("blackboard");
    expect(fontRole("SDIMUM+CMMI10")).toBe("italic");
    expect(fontRole("LatinModernMath-Regular")).toBe("unicode");
    expect(fontRole("XITSMath")).toBe("unicode");
    expect(fontRole("XGOFUC+CMR10")).toBe("text");
    expect(fontRole("Helvetica")).toBe("text");
    expect(fontRole("Symbol")).toBe("text");
  });

  it("reads cmex and msbm glyphs by character code (no Unicode map) and math alphanumerics by style", () => {
    expect(glyphMeaning("X", "extension")).toMatchObject({ latex: "\\sum", kind: "bigop" });
    expect(glyphMeaning("Z", "extension")).toMatchObject({ latex: "\\int", kind: "intop" });
    expect(glyphMeaning("p", "extension")).toMatchObject({ kind: "radical" });
    expect(glyphMeaning("\u0012", "extension")).toMatchObject({ latex: "(", kind: "delim" });
    expect(glyphMeaning("R", "blackboard")?.latex).toBe("\\mathbb{R}");
    expect(glyphMeaning("L", "symbol")?.latex).toBe("\\mathcal{L}");
    expect(glyphMeaning("𝑥", "unicode")?.latex).toBe("x");
    expect(glyphMeaning("𝜋", "unicode")?.latex).toBe("\\pi");
    expect(glyphMeaning("ℝ", "unicode")?.latex).toBe("\\mathbb{R}");
  });
});
