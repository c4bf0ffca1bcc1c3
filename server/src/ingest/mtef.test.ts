import CFB from "cfb";
import katex from "katex";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { latexOfEquationFile } from "./equation-object";
import { mtefOfEquationNative, mtefOfOle10Native, mtefToLatex } from "./mtef";

const here = path.dirname(new URL(import.meta.url).pathname);
const LO_DOC = path.resolve(here, "../../test/fixtures/equations/lo-equation3.doc");
const LAB_DOC = path.resolve(
  here,
  "../../../../shared/fixtures/documents/en-lab-handout-force-on-current.doc",
);

/** KaTeX's verdict, as strict as the web app and the export need: any error throws. */
function renders(latex: string, displayMode = true): void {
  katex.renderToString(latex, { displayMode, throwOnError: true, strict: "error" });
}

/** The streams of a .doc's ObjectPool, by storage name ("_2147483647"). */
function objectPool(file: string, stream: string): Map<string, Uint8Array> {
  const cfb = CFB.read(readFileSync(file), { type: "buffer" });
  const found = new Map<string, Uint8Array>();
  cfb.FullPaths.forEach((p, i) => {
    const m = new RegExp(`/ObjectPool/(_\\d+)/${stream}$`).exec(p);
    if (m) found.set(m[1]!, Buffer.from(cfb.FileIndex[i]!.content as Uint8Array));
  });
  return found;
}

/** LibreOffice numbers its objects down from 2^31 - 1: formula n of formulas.json is `_${2^31 - n}`. */
const loObject = (n: number) => `_${2 ** 31 - n}`;

/** What each formula of the LibreOffice fixture (Equation Editor 3 objects, MTEF 3) reads as. */
const LO_LATEX: [string, string][] = [
  ["a fraction", "\\frac{a}{b}"],
  ["a square root and a cube root", "\\sqrt{x+1}+\\sqrt[3]{y}"],
  ["sub- and superscripts", "x_{i}^{2}+y_{j}+e^{i\\pi}"],
  ["a sum with limits", "\\sum\\limits_{i=1}^{n}i^{2}"],
  ["a product with limits", "\\prod\\limits_{k=1}^{n}k"],
  ["an integral with limits", "\\int\\limits_{0}^{1}f\\left(x\\right)dx"],
  ["a double and a contour integral", "\\iint\\limits_{D}fdA+\\oint\\limits_{C}F"],
  [
    "parentheses, brackets, bars and braces",
    "\\left(\\frac{a+b}{2}\\right)+\\left[x\\right]+\\left\\vert x\\right\\vert +\\left\\{x\\right\\}",
  ],
  ["Greek letters", "\\alpha+\\beta=\\Gamma\\theta"],
  [
    "embellishments and a prime",
    "\\hat{a}+\\tilde{b}+\\bar{c}+\\vec{v}+\\dot{x}+\\ddot{y}+f'\\left(x\\right)",
  ],
  ["a matrix in parentheses", "\\left(\\begin{matrix}a & b \\\\ c & d\\end{matrix}\\right)"],
  ["a pile", "\\begin{matrix}x+y=1 \\\\ x-y=3\\end{matrix}"],
  ["a limit under lim", "\\frac{\\lim\\limits_{x\\rightarrow0}\\sin x}{x}=1"],
  ["an overbar and an underbar", "\\overline{AB}+\\underline{x}"],
  ["function names", "\\sin x+\\cos y+\\log z"],
  [
    "cases: a brace without its right side",
    "f\\left(x\\right)=\\left\\{\\begin{matrix}x \\\\ -x\\end{matrix}\\right.",
  ],
];

describe("Equation Editor 3 objects (MTEF 3, written by LibreOffice)", () => {
  const natives = objectPool(LO_DOC, "Equation Native");

  it.each(LO_LATEX.map(([name, latex], i) => [name, latex, i + 1] as const))(
    "%s reads as LaTeX KaTeX sets",
    (_name, latex, n) => {
      const mtef = mtefOfEquationNative(natives.get(loObject(n))!);
      expect(mtef?.[0]).toBe(3);
      const read = mtefToLatex(mtef!);
      expect(read).toBe(latex);
      renders(read!);
      renders(read!, false);
    },
  );
});

describe("Equation Editor objects made on a Mac (MTEF 2 in Ole10Native)", () => {
  it("read as the lab handout's two Lorentz-force formulas", () => {
    const natives = [...objectPool(LAB_DOC, "\u0001Ole10Native").values()];
    const latex = natives.map((n) => mtefToLatex(mtefOfOle10Native(n)!)).sort();
    expect(latex).toEqual(["F=IlB\\sin\\theta", "F=qvB\\sin\\theta"]);
  });
});

// MathType (MTEF 5) objects, written record by record as the format describes them: no tool here writes
// MathType 4+ equations, so these bytes are put together by hand.
const u16 = (n: number) => [n & 0xff, n >> 8];
const zstr = (s: string) => [...Buffer.from(s, "latin1"), 0];
const TF = { text: 1, fn: 2, var: 3, lcGreek: 4, ucGreek: 5, symbol: 6, vector: 7, number: 8, expand: 22 };
/** The header and the definitions MathType writes before the equation, then its records. */
function v5(...records: number[][]): Uint8Array {
  return Uint8Array.from([
    ...[5, 1, 0, 6, 9],
    ...zstr("DSMT6"),
    0,
    ...[19, ...zstr("WinAllBasicCodePages")],
    ...[17, 1, ...zstr("Times New Roman")],
    ...[18, 0, 1, 0x21, 0x2f, 0, 2, 0, 1, 2], // preferences: one size (12 pt), no spacing, two styles
    ...[8, 1, 2], // a font style definition
    ...[16, 0, ...u16(0), ...u16(0), ...u16(0)], // a colour definition (black)
    ...[10], // full size
    ...records.flat(),
  ]);
}
const line = (...items: number[][]) => [1, 0, ...items.flat(), 0];
const NULL_LINE = [1, 1];
const ch = (typeface: number, c: string | number, options = 0) => [
  2,
  options,
  128 + typeface,
  ...u16(typeof c === "number" ? c : c.codePointAt(0)!),
];
const chars = (typeface: number, s: string) => [...s].flatMap((c) => ch(typeface, c));
const fn = (name: string) => [...name].flatMap((c, i) => ch(TF.fn, c, i === 0 ? 0x02 : 0));
const embellished = (c: string, ...embells: number[]) => [
  ...ch(TF.var, c, 0x01),
  ...embells.flatMap((e) => [6, 0, e]),
  0,
];
const tmpl = (selector: number, variation: number, ...items: number[][]) => [
  3,
  0,
  selector,
  ...(variation > 0x7f ? [(variation & 0x7f) | 0x80, variation >> 7] : [variation]),
  0,
  ...items.flat(),
  0,
];
const pile = (halign: number, ...lines: number[][]) => [4, 0, halign, 1, ...lines.flat(), 0];
const matrix = (rows: number, cols: number, ...cells: number[][]) => [
  5,
  0,
  ...[0, 1, 1, rows, cols],
  ...new Array<number>(((rows + 1) * 2 + 7) >> 3).fill(0),
  ...new Array<number>(((cols + 1) * 2 + 7) >> 3).fill(0),
  ...cells.flat(),
  0,
];

const V5_CASES: [string, Uint8Array, string][] = [
  [
    "a fraction of Greek and digits",
    v5(
      line(
        tmpl(
          11,
          0,
          line(ch(TF.lcGreek, 0x3b1), ch(TF.symbol, "+"), ch(TF.lcGreek, 0x3b2)),
          line(ch(TF.number, "2")),
        ),
      ),
    ),
    "\\frac{\\alpha+\\beta}{2}",
  ],
  [
    "a sum with limits under and over",
    v5(
      line(
        tmpl(
          16,
          0x70,
          line(ch(TF.var, "k")),
          line(chars(TF.var, "k"), ch(TF.symbol, "="), ch(TF.number, "1")),
          line(ch(TF.var, "n")),
          ch(TF.symbol, 0x2211),
        ),
      ),
    ),
    "\\sum\\limits_{k=1}^{n}k",
  ],
  [
    "an integral with limits at the side and a contour integral",
    v5(
      line(
        tmpl(
          15,
          0x31,
          line(chars(TF.var, "fdx")),
          line(ch(TF.var, "a")),
          line(ch(TF.var, "b")),
          ch(TF.symbol, 0x222b),
        ),
        tmpl(15, 0x05, line(chars(TF.var, "E")), NULL_LINE, NULL_LINE, ch(TF.symbol, 0x222e)),
      ),
    ),
    "\\int_{a}^{b}fdx\\oint E",
  ],
  [
    "scripts after their base, and before it",
    v5(
      line(
        ch(TF.var, "x"),
        tmpl(29, 0, line(ch(TF.var, "i")), line(ch(TF.number, "2"))),
        ch(TF.symbol, "+"),
        ch(TF.var, "e"),
        tmpl(28, 0, NULL_LINE, line(chars(TF.var, "x"))),
        ch(TF.symbol, "+"),
        tmpl(29, 1, line(ch(TF.number, "0")), line(ch(TF.number, "1"))),
        ch(TF.var, "F"),
      ),
    ),
    "x_{i}^{2}+e^{x}+{}_{0}^{1}F",
  ],
  [
    "an nth root and a square root",
    v5(
      line(
        tmpl(10, 1, line(ch(TF.var, "x")), line(ch(TF.number, "3"))),
        tmpl(10, 0, line(ch(TF.var, "y")), NULL_LINE),
      ),
    ),
    "\\sqrt[3]{x}\\sqrt{y}",
  ],
  [
    "fences, one of them open on the right",
    v5(
      line(
        tmpl(1, 3, line(ch(TF.var, "a")), ch(TF.expand, "("), ch(TF.expand, ")")),
        tmpl(0, 3, line(ch(TF.var, "v")), ch(TF.expand, 0x27e8), ch(TF.expand, 0x27e9)),
        tmpl(2, 1, line(ch(TF.var, "z")), ch(TF.expand, "{")),
      ),
    ),
    "\\left(a\\right)\\left\\langle v\\right\\rangle \\left\\{z\\right.",
  ],
  [
    "embellishments: prime, hat, vector arrow, dot, tilde, bar",
    v5(
      line(
        embellished("f", 5),
        embellished("y", 9),
        embellished("v", 11),
        embellished("x", 2),
        embellished("n", 8),
        embellished("z", 17),
      ),
    ),
    "f'\\hat{y}\\vec{v}\\dot{x}\\tilde{n}\\bar{z}",
  ],
  [
    "function names: known ones as commands, others as operator names",
    v5(line(fn("sin"), ch(TF.var, "x"), fn("sgn"), ch(TF.var, "y"))),
    "\\sin x\\operatorname{sgn}y",
  ],
  [
    "a limit under lim",
    v5(
      line(
        tmpl(
          23,
          0x10,
          line(fn("lim")),
          line(ch(TF.var, "x"), ch(TF.symbol, 0x2192), ch(TF.number, "0")),
          NULL_LINE,
        ),
        fn("sin"),
        ch(TF.var, "x"),
      ),
    ),
    "\\lim\\limits_{x\\rightarrow0}\\sin x",
  ],
  [
    "a pile aligned at its relations",
    v5(
      pile(
        4,
        line(chars(TF.var, "y"), ch(TF.symbol, "="), ch(TF.var, "x"), ch(TF.symbol, "+"), ch(TF.number, "1")),
        line(ch(TF.symbol, "="), ch(TF.number, "2")),
      ),
    ),
    "\\begin{aligned}y&=x+1 \\\\ &=2\\end{aligned}",
  ],
  [
    "a 2×2 matrix in brackets",
    v5(
      line(
        tmpl(
          3,
          3,
          line(
            matrix(
              2,
              2,
              line(ch(TF.number, "1")),
              line(ch(TF.number, "0")),
              line(ch(TF.number, "0")),
              line(ch(TF.number, "1")),
            ),
          ),
          ch(TF.expand, "["),
          ch(TF.expand, "]"),
        ),
      ),
    ),
    "\\left[\\begin{matrix}1 & 0 \\\\ 0 & 1\\end{matrix}\\right]",
  ],
  [
    "an arrow with text over it, an overbar and words",
    v5(
      line(
        ch(TF.var, "A"),
        tmpl(14, 0x24, line(chars(TF.text, "heat")), NULL_LINE),
        tmpl(13, 0, line(chars(TF.var, "AB"))),
        chars(TF.text, " if "),
        ch(TF.var, "x"),
      ),
    ),
    "A\\xrightarrow{\\text{heat}}\\overline{AB}\\text{ if }x",
  ],
  [
    "characters given by their Symbol-font position (F0xx)",
    v5(line(ch(TF.lcGreek, 0xf061), ch(TF.symbol, 0xf0b9), ch(TF.ucGreek, 0xf057))),
    "\\alpha\\neq\\Omega",
  ],
  [
    "MathType's spaces",
    v5(line(ch(TF.var, "a"), ch(24, 0xeb04), ch(TF.var, "b"), ch(24, 0xeb01), ch(TF.var, "c"))),
    "a\\:bc",
  ],
];

describe("MathType objects (MTEF 5)", () => {
  it.each(V5_CASES)("%s", (_name, mtef, latex) => {
    const read = mtefToLatex(mtef);
    expect(read).toBe(latex);
    renders(read!);
    renders(read!, false);
  });
});

/** A deterministic stream of bytes (a linear congruential generator). */
function noise(seed: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

describe("a malformed equation is unreadable, never an exception", () => {
  const natives = [...objectPool(LO_DOC, "Equation Native").values()];
  const realMtef = natives.map((n) => mtefOfEquationNative(n)!);

  it("a truncated stream: every cut of every fixture object is read or refused", () => {
    let refused = 0;
    for (const mtef of realMtef)
      for (let end = 0; end < mtef.length; end++) {
        const latex = mtefToLatex(mtef.subarray(0, end));
        if (latex === undefined) refused++;
      }
    expect(refused).toBeGreaterThan(0);
    expect(mtefToLatex(realMtef[0]!.subarray(0, 20))).toBeUndefined();
  });

  it("a version the reader does not know", () => {
    for (const version of [0, 1, 6, 101, 255]) {
      const mtef = Uint8Array.from(realMtef[0]!);
      mtef[0] = version;
      expect(mtefToLatex(mtef)).toBeUndefined();
    }
  });

  it("random bytes, with and without an MTEF header in front", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const bytes = noise(seed, seed % 97);
      if (seed % 2 === 0 && bytes.length > 0) bytes[0] = seed % 4 === 0 ? 5 : 3;
      expect(() => mtefToLatex(bytes)).not.toThrow();
      expect(() => mtefOfEquationNative(bytes)).not.toThrow();
      expect(() => latexOfEquationFile(bytes)).not.toThrow();
    }
  });

  it("records nested past any real equation, and a long run of records that carry nothing", () => {
    const deep = v5(new Array<number[]>(20_000).fill([3, 0, 11, 0, 0, 1, 0]).flat());
    expect(mtefToLatex(deep)).toBeUndefined();
    const lines = v5(new Array<number[]>(50_000).fill([1, 0]).flat());
    expect(mtefToLatex(lines)).toBeUndefined();
    // future records of no length, one after another: read past, each two bytes, to the end
    const future = v5(line(ch(TF.var, "x")), new Array<number[]>(50_000).fill([100, 0]).flat());
    expect(mtefToLatex(future)).toBe("x");
  });

  it("a character of a private font it cannot name: the formula is not guessed at", () => {
    expect(mtefToLatex(v5(line(ch(TF.var, "x"), ch(TF.symbol, 0xe123))))).toBeUndefined();
  });

  it("an Equation Native header that lies about its sizes", () => {
    const stream = Uint8Array.from(natives[0]!);
    const view = new DataView(stream.buffer);
    view.setUint32(8, 0xffffffff, true); // the MTEF's size: past the stream
    expect(mtefToLatex(mtefOfEquationNative(stream)!)).toBe(mtefToLatex(realMtef[0]!));
    view.setUint16(0, 0xffff, true); // the header's size: past the stream
    expect(mtefOfEquationNative(stream)).toBeUndefined();
    expect(mtefOfEquationNative(stream.subarray(0, 10))).toBeUndefined();
  });
});
