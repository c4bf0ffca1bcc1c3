import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formulaSpans } from "../../engine/formula";
import { latexChecker } from "../omml";
import { parseFile } from "../parse-file";
import { cachedParseFile } from "../../../test/parse-cache";
import { withoutGlyphOutlines } from "./pdfjs-compat";
import type { MathTextItem } from "./regions";
import { mathRecovery, recoverPageMath } from "./recover";

const here = path.dirname(fileURLToPath(import.meta.url));
/** TeX-made PDFs committed beside their .tex (CI has no TeX). */
const fixture = (name: string) => readFileSync(path.resolve(here, "../../../../fixtures/math", name));
const sharedFixture = (name: string) =>
  readFileSync(path.resolve(here, "../../../../../shared/fixtures/documents", name));

async function blocksOf(data: Buffer, name: string): Promise<string[]> {
  const doc = await parseFile(data, name);
  return doc.sections.flatMap((s) =>
    s.blocks.flatMap((b) => (b.type === "list" ? (b.items ?? []) : [b.text ?? ""])),
  );
}

afterEach(() => {
  mathRecovery.enabled = true;
});

describe("formulas of a TeX-made PDF (pdfTeX, Computer Modern, no Unicode map for cmex/msbm)", () => {
  it("come out as LaTeX: inline in their sentence, displayed in a block of their own with the equation number outside", async () => {
    const blocks = await blocksOf(fixture("tuned-basics.pdf"), "basics.pdf");
    const prose = blocks[0]!;
    expect(prose).toContain(
      "Let $x_{1}^{2}+\\alpha\\le\\frac{a}{b}$ and $f:\\mathbb{R}^{n}\\to\\mathbb{R}$ with",
    );
    expect(prose).toContain("$\\hat{x}$, $\\tilde{y}$, $f'(x)$.");
    expect(prose).toContain(
      "An $\\epsilon$-solution is a point $x$ such that $f(x)\\le\\min_{x}f(x)+\\epsilon$.",
    );
    expect(blocks).toContain(
      "$$\\sum_{i=1}^{n}\\frac{1}{i^{2}}=\\frac{\\pi^{2}}{6}+\\int_{0}^{\\infty}e^{-x}dx+\\sqrt{x^{2}+1}$$ (1)",
    );
    // the source's \\quad between two formulas of one display keeps them apart, in one block
    expect(blocks).toContain(
      "$$\\lim_{n\\to\\infty}(1+\\frac{1}{n})^{n}=e,\\quad \\operatorname*{arg\\,max}_{x\\in C}g(x)$$",
    );
    expect(blocks).toContain(
      "$$A=\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix},\\quad |x|=\\begin{cases} x & x\\ge 0 \\\\ -x & x<0 \\end{cases}$$",
    );
    // no stray accent glyph is left in the prose
    expect(blocks.join("\n")).not.toMatch(/[˜¨ˆ˙]/u);
  });

  it("sets aligned rows as one aligned block, numbers after it, and tells \\binom from a fraction in parentheses", async () => {
    const blocks = await blocksOf(fixture("tuned-aligned-binom.pdf"), "aligned.pdf");
    expect(blocks).toContain(
      "$$\\begin{aligned}(a+b)^{2}&=(a+b)(a+b)\\\\&=a^{2}+ab+ba+b^{2}\\\\&=a^{2}+2ab+b^{2}.\\end{aligned}$$ (1) (2) (3)",
    );
    expect(blocks).toContain("$$\\begin{aligned}u_{t}+cu_{x}&=0,\\\\u(0,x)&=g(x).\\end{aligned}$$");
    // the second row's \\frac{1}{3} has no glyph of a maths font over or under its bar
    expect(blocks.join("\n")).toContain("\\\\&=\\frac{1}{3}.\\end{aligned}$$");
    const prose = blocks.join("\n");
    expect(prose).toContain(
      "Pascal’s rule is $\\binom{n}{k}=\\binom{n-1}{k-1}+\\binom{n-1}{k}$, and in display",
    );
    expect(blocks).toContain("$$(x+y)^{n}=\\sum_{k=0}^{n}\\binom{n}{k}x^{k}y^{n-k}.$$ (4)");
    expect(prose).toContain("stays a fraction: $(\\frac{a}{b})^{2}=\\frac{a^{2}}{b^{2}}$, and");
    expect(blocks).toContain("$$(\\frac{1}{2})^{n}\\to 0.$$");
  });

  it("reads norms, negated relations, an integral inside tall parentheses, and puts a left equation number after its formula", async () => {
    const blocks = await blocksOf(fixture("tuned-constructs.pdf"), "constructs.pdf");
    // leqno: the number stood left of the formula
    expect(blocks).toContain("$$\\|x\\|^{2}=x^{\\mathrm{T}}x=\\sum_{i=1}^{n}x_{i}^{2}.$$ (1)");
    expect(blocks).toContain(
      "$$\\|A\\|=\\sup_{x\\neq 0}\\frac{\\|Ax\\|}{\\|x\\|},\\qquad \\|AB\\|\\le\\|A\\|\\|B\\|.$$",
    );
    expect(blocks).toContain("$$y(t)=y_{0}\\exp(\\int_{0}^{t}a(s)ds),$$ (3)");
  });

  it("keeps a display's words (\\text) in it, and reads cases whose brace TeX built from pieces", async () => {
    const blocks = await blocksOf(fixture("tuned-text-displays.pdf"), "text.pdf");
    expect(blocks).toContain("$$\\bar{X}_{n}\\to\\mu\\quad \\text{almost surely}.$$");
    expect(blocks).toContain("$$u_{t}=\\Delta u\\qquad \\text{in}\\ \\Omega\\times(0,T),$$ (1)");
    expect(blocks).toContain(
      "$$\\operatorname{sgn}(x)=\\begin{cases} 1 & \\text{if}\\ x>0, \\\\ 0 & \\text{if}\\ x=0, \\\\ -1 & \\text{otherwise}. \\end{cases}$$",
    );
    // an inline formula keeps its sentence: "The variance of $\\hat{\\beta}$ is …"
    expect(blocks.join("\n")).toContain(
      "The variance of $\\hat{\\beta}$ is $\\sigma^{2}(X^{\\mathrm{T}}X)^{-1}$ and",
    );
  });

  it("keeps a semicolon inside its formula: $f(x;\\theta)$", async () => {
    const blocks = await blocksOf(fixture("tuned-small-matrices.pdf"), "small.pdf");
    expect(blocks.join("\n")).toContain("The likelihood $f(x;\\theta)$ of a parameter $\\theta$.");
  });

  it("reads beamer's maths, set in its sans-serif fonts, and leaves its prose", async () => {
    const blocks = await blocksOf(fixture("tuned-beamer-sans.pdf"), "beamer.pdf");
    const text = blocks.join("\n");
    expect(text).toContain("The derivative of $f$ at $a$ is $f'(a)=\\lim_{h\\to 0}\\frac{f(a+h)-f(a)}{h}$.");
    expect(text).toContain("Product rule: $(fg)'=f'g+fg'$.");
    expect(blocks).toContain("$$\\frac{d}{dx}x^{n}=nx^{n-1},\\qquad \\int x^{n}dx=\\frac{x^{n+1}}{n+1}+C.$$");
    expect(text).toContain("Taylor’s formula with $n=2$:");
  });

  it("keeps the formulas of a Chinese lecture (XeTeX, ctex) inside its sentences", async () => {
    const blocks = await blocksOf(fixture("tuned-zh-analysis-ctex.pdf"), "zh.pdf");
    expect(blocks).toContain("设$f(x,y)$在有界闭区域$D$上连续，则二重积分");
    expect(blocks.find((b) => b.startsWith("$$\\oint_{L}P"))).toMatch(
      /\\frac\{\\partial Q\}\{\\partial x\}.*\$\$ \(3\)$/u,
    );
  });

  it('composes a prose accent TeX set over its letter, its item reaching back over it (Schr\\"odinger)', async () => {
    const blocks = await blocksOf(fixture("en-physics.pdf"), "physics.pdf");
    expect(blocks.join("\n")).toContain("The time-dependent Schrödinger equation is");
    expect(blocks.join("\n").replace(/\$[^$]*\$/g, "")).not.toMatch(/[˜¨ˆ˙]/u);
  });

  it("reads an inline formula that TeX broke over two lines as one (ctex, tcolorbox)", async () => {
    const blocks = await blocksOf(fixture("tuned-zh-tcolorbox.pdf"), "zh-box.pdf");
    // two integral signs set together are \\iint (amsmath's kern overlaps them), which KaTeX renders
    const formula = "\\oint_{L}Pdx+Qdy=\\iint_{D}(Q_{x}-P_{y})dxdy";
    expect(blocks.join("\n")).toContain(`分段光滑，则$${formula}$。`);
    expect(blocks.join("\n")).toContain("$\\iint_{D}fd\\sigma=f(\\xi,\\eta)S_{D}$");
    const { default: katex } = await import("katex");
    expect(katex.renderToString(formula, { throwOnError: true })).toContain("∬");
  });

  it("reads the same PDF as plain text when recovery is off", async () => {
    mathRecovery.enabled = false;
    const blocks = await blocksOf(fixture("tuned-basics.pdf"), "basics.pdf");
    expect(blocks.some((b) => formulaSpans(b).length > 0)).toBe(false);
  });
});

describe("TeX-made PDFs in other scripts and fonts", () => {
  it("reads Latin Modern's tall parentheses as parentheses on a page whose only big glyphs they are (lmex names its glyphs)", async () => {
    // an unseen German thermodynamics lecture (Mc-Zen/Thermodynamics, lmodern): \left(\frac{…}{…}\right)_{…}
    const blocks = await blocksOf(fixture("de-thermodynamics-unseen.pdf"), "thermo.pdf");
    expect(blocks).toContain(
      "$$(\\frac{\\partial S}{\\partial V})_{T,N}=\\frac{\\partial}{\\partial V}(-\\frac{\\partial F}{\\partial T})=\\frac{\\partial}{\\partial T}(-\\frac{\\partial F}{\\partial V})=(\\frac{\\partial P}{\\partial T})_{V,N}.$$",
    );
    expect(blocks.join("\n")).not.toContain("\\{\\frac{\\partial");
  });

  it("keeps the script of a \\Bigg parenthesis whose height Latin Modern's Unicode map leaves to its width", async () => {
    const blocks = await blocksOf(fixture("de-thermodynamics-unseen.pdf"), "thermo.pdf");
    expect(blocks).toContain(
      "$$c_{P}=\\frac{T}{N}(\\frac{\\partial S}{\\partial T})_{P}=-T(\\frac{\\partial^{2}g}{\\partial T^{2}})_{P}.$$",
    );
  });

  it("reads the Russian lecture set in cm-super's Type 1 T2A fonts, and its formulas", async () => {
    const blocks = await blocksOf(fixture("ru-calculus-t2a.pdf"), "ru.pdf");
    expect(blocks[0]).toContain(
      "Число $A$ называется пределом функции $f(x)$ при $x\\to a$, если для любого $\\varepsilon>0$",
    );
    expect(blocks).toContain("$$\\lim_{x\\to a}f(x)=A.$$ (1)");
  });

  it("reads text set in a Type 3 font that carries a ToUnicode map", async () => {
    const lines = [
      "Число A называется пределом функции f(x) при x, стремящемся к a.",
      "Пишут, что предел равен A.",
    ];
    const blocks = await blocksOf(type3Pdf(lines), "type3.pdf");
    expect(blocks).toEqual([lines.join(" ")]);
  });
});

/** A one-page PDF whose text is set in a Type 3 font (each glyph a filled box) with a ToUnicode map. */
function type3Pdf(lines: string[]): Buffer {
  const chars = [...new Set(lines.join(""))];
  const hex = (n: number) => n.toString(16).padStart(2, "0").toUpperCase();
  const code = (ch: string) => hex(chars.indexOf(ch) + 1);
  const utf16 = (ch: string) => ch.charCodeAt(0).toString(16).padStart(4, "0").toUpperCase();
  const stream = (body: string) =>
    `<< /Length ${Buffer.byteLength(body, "latin1")} >>\nstream\n${body}\nendstream`;
  const procs = chars.map((ch) => stream(ch === " " ? "300 0 d0" : "550 0 0 0 500 700 d1 50 0 400 700 re f"));
  const cmap = [
    "/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /T3 def /CMapType 2 def",
    "1 begincodespacerange <01> <FF> endcodespacerange",
    `${chars.length} beginbfchar`,
    ...chars.map((ch) => `<${code(ch)}> <${utf16(ch)}>`),
    "endbfchar endcmap CMapName currentdict /CMap defineresource pop end end",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    `<< /Type /Font /Subtype /Type3 /FontBBox [0 0 550 700] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs 6 0 R` +
      ` /Encoding << /Type /Encoding /Differences [1 ${chars.map((_, i) => `/g${i + 1}`).join(" ")}] >>` +
      ` /FirstChar 1 /LastChar ${chars.length} /Widths [${chars.map((ch) => (ch === " " ? 300 : 550)).join(" ")}]` +
      ` /Resources << >> /ToUnicode 7 0 R >>`,
    stream(
      lines
        .map((l, i) => `BT /F1 11 Tf 72 ${760 - i * 14} Td <${[...l].map(code).join("")}> Tj ET`)
        .join("\n"),
    ),
    `<< ${chars.map((_, i) => `/g${i + 1} ${8 + i} 0 R`).join(" ")} >>`,
    stream(cmap),
    ...procs,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets = objects.map((body, i) => {
    const at = Buffer.byteLength(pdf, "latin1");
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

describe("what is not TeX maths", () => {
  it("leaves text in ordinary fonts as it was, whatever its symbols", async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    const font = await pdf.embedFont(StandardFonts.TimesRoman);
    page.drawText("The price rose from 5 to 7 (a 40% rise) in 2021: x = 3 is a guess.", {
      x: 50,
      y: 700,
      size: 12,
      font,
    });
    const blocks = await blocksOf(Buffer.from(await pdf.save()), "plain.pdf");
    expect(blocks).toEqual(["The price rose from 5 to 7 (a 40% rise) in 2021: x = 3 is a guess."]);
  });
});

describe("reading a page's fonts and rules from pdf.js", () => {
  it("builds no glyph outlines (only drawing needs them), yet names the fonts", async () => {
    const task = getDocument({
      data: new Uint8Array(fixture("tuned-basics.pdf")),
      ...withoutGlyphOutlines(),
      useSystemFonts: false,
      verbosity: 0,
    });
    try {
      const page = await (await task.promise).getPage(1);
      await page.getOperatorList();
      const objects = [...(page.commonObjs as unknown as Iterable<[string, unknown]>)];
      const names = objects.map(([, o]) => (o as { name?: string } | null)?.name ?? "");
      expect(names.some((n) => /CMMI/.test(n))).toBe(true);
      expect(objects.filter(([id]) => id.includes("_path_"))).toEqual([]);
    } finally {
      await task.destroy();
    }
  });
});

describe("what recovery makes of a page", () => {
  /** Each page's text as recovery gives it, its pages read in the order given (all at once when `together`). */
  async function pagesRead(
    data: Buffer,
    order: (n: number) => number[],
    together: boolean,
  ): Promise<string[]> {
    const task = getDocument({
      data: new Uint8Array(data),
      ...withoutGlyphOutlines(),
      useSystemFonts: false,
      verbosity: 0,
    });
    try {
      const doc = await task.promise;
      const texts: string[] = [];
      const read = async (p: number): Promise<void> => {
        const page = await doc.getPage(p);
        const content = await page.getTextContent();
        const items = await recoverPageMath(page, content.items as MathTextItem[]);
        texts[p - 1] = items.map((it) => it.str).join("|");
      };
      const pages = order(doc.numPages);
      if (together) await Promise.all(pages.map(read));
      else for (const p of pages) await read(p);
      return texts;
    } finally {
      await task.destroy();
    }
  }

  it("makes no formula of footnote marks, bullets or braces round e-mail names (a formula has an operand)", async () => {
    for (const [name, author] of [
      ["en-paper-tracemonkey-trace-jit.pdf", "Andreas Gal∗+, Brendan Eich"],
      ["en-paper-dense-passage-retrieval.pdf", "Vladimir Karpukhin"],
    ] as const) {
      const doc = await parseFile(sharedFixture(name), name);
      const lines = doc.sections.flatMap((s) => [
        s.heading,
        ...s.blocks.flatMap((b) => (b.type === "list" ? (b.items ?? []) : [b.text ?? ""])),
      ]);
      const operandless = lines.flatMap((line) =>
        formulaSpans(line)
          .map((f) => f.latex)
          .map((latex) =>
            latex.replace(
              /\\(?:ast|star|dagger|ddagger|bullet|circ|cdot|times|pm|mp|q?quad|[lc]dots)\b|\\[{}|]/g,
              "",
            ),
          )
          .filter((rest) => !/[\p{L}\p{N}\\]/u.test(rest)),
      );
      // "Andreas Gal$$\ast+\qquad \ast…$$", "$\bullet$ We explain", "$\{$gal,brendan,…$\}$@mozilla.com"
      expect(operandless).toEqual([]);
      // nor of an e-mail address, a URL, or words of a text font in braces ("$$\{\text{edwsmith,rreitmai}\}\text{@adobe.com}$$")
      const addresses = lines.flatMap((line) =>
        formulaSpans(line)
          .map((f) => f.latex)
          .filter(
            (latex) =>
              /@|https?:|www\./.test(latex) ||
              /^(?:\\[{}]|\\text\{[^}]*\}|\\mathrm\{\w\}|[\s,.])+$/.test(latex),
          ),
      );
      expect(addresses).toEqual([]);
      expect(lines.join("\n")).toContain(author);
    }
  });

  it("keeps each formula of the zh lecture on its own line: no bar, limit or script of the line above or below joins it", async () => {
    const doc = await cachedParseFile(
      path.resolve(
        here,
        "../../../../../shared/fixtures/documents/zh-lecture-notes-math-physics-methods.pdf",
      ),
    );
    const text = doc.sections
      .flatMap((s) => [
        s.heading,
        ...s.blocks.flatMap((b) => (b.type === "list" ? (b.items ?? []) : [b.text ?? ""])),
      ])
      .join("\n");
    // two lines of 16 pt apart, the lower one's \overline{\lim} under the upper one's lim (it was one \frac{\lim}{\lim})
    expect(text).toContain(
      "达朗贝尔判别法：若$\\lim_{n\\to\\infty}|\\frac{u_{n+1}}{u_{n}}|=l<1$,则$\\sum_{n=0}^{\\infty}u_{n}$绝对收敛。",
    );
    expect(text).toContain(
      "Cauchy判别法：若$\\lim_{n\\to\\infty}|u_{n}|^{\\frac{1}{n}}<1$,则$\\sum_{n=0}^{\\infty}u_{n}$绝对收敛。",
    );
    // an aligned display whose first row's lower limit stands over the second row's integral
    expect(text).toContain("\\\\&=2\\int_{0}^{\\frac{\\pi}{2}}\\sin^{2p-1}\\theta");
    // an evaluation bar built of repeated pieces is one tall |, its scripts beside it
    expect(text).toContain("f(0)=e^{1/1-z}|_{z=0}=e");
    // no formula is a fraction of operator names, nor a script of a script's script of a neighbouring line
    const formulas = formulaSpans(text).map((f) => f.latex);
    expect(formulas.filter((f) => /\\frac\{\\(?:lim|sum|int)\}/.test(f))).toEqual([]);
    expect(formulas.filter((f) => /\\mid_\{\\mid/.test(f))).toEqual([]);
  });

  it("does not depend on which pages were read before it or at the same time", async () => {
    // a lecture whose pages share their fonts: read in order, a page after the first finds them known
    const data = sharedFixture("zh-lecture-notes-math-physics-methods.pdf");
    const forward = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    const inOrder = await pagesRead(data, forward, false);
    expect(await pagesRead(data, (n) => forward(n).reverse(), false)).toEqual(inOrder);
    expect(await pagesRead(data, forward, true)).toEqual(inOrder);
  });
});

describe("KaTeX's verdict on a rebuilt formula", () => {
  it("comes from parsing it, and from setting it only when it holds a character beyond the BMP", async () => {
    const { default: katex } = await import("katex");
    const set = vi.spyOn(katex, "renderToString");
    try {
      const check = await latexChecker();
      expect(check("\\sum_{i=1}^{n}\\frac{1}{i^{2}}+x_{1}^{2}", true)).toBe(true);
      expect(check("x^{2}^{3}", false)).toBe(false);
      expect(check("\\frac{a}", false)).toBe(false);
      expect(set).not.toHaveBeenCalled();
      expect(check("\\mathbb{R}\u{1D538}", false)).toBe(true);
      expect(set).toHaveBeenCalledTimes(1);
    } finally {
      set.mockRestore();
    }
  });
});
