import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterEach, describe, expect, it } from "vitest";
import { formulaSpans } from "../../engine/formula";
import { parseFile } from "../parse-file";
import { mathRecovery } from "./recover";

const here = path.dirname(fileURLToPath(import.meta.url));
/** TeX-made PDFs committed beside their .tex (CI has no TeX). */
const fixture = (name: string) => readFileSync(path.resolve(here, "../../../../fixtures/math", name));

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

  it("reads the same PDF as plain text when recovery is off", async () => {
    mathRecovery.enabled = false;
    const blocks = await blocksOf(fixture("tuned-basics.pdf"), "basics.pdf");
    expect(blocks.some((b) => formulaSpans(b).length > 0)).toBe(false);
  });
});

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
