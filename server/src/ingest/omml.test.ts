import { Document, MathRun, Math as OfficeMath, Packer, Paragraph, TextRun } from "docx";
import katex from "katex";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { SourceDocument } from "@beannote/contract";
import { LATEX, MATH_TEXT, mathDocx, mathPptx } from "../../test/math-documents";
import { latexChecker, ommlToLatex, officeMathText } from "./omml";
import { parseFile } from "./parse-file";
import { createParserPool } from "./parser-pool";
import { parseXml } from "./xml";

const M_NS = 'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"';
const math = (inner: string) => parseXml(`<m:oMath ${M_NS}>${inner}</m:oMath>`)[0]!;
const r = (t: string, props = "") => `<m:r>${props ? `<m:rPr>${props}</m:rPr>` : ""}<m:t>${t}</m:t></m:r>`;
const el = (tag: string, ...parts: string[]) => `<m:${tag}>${parts.join("")}</m:${tag}>`;

/** KaTeX's verdict, as strict as the web app and the export need: any error throws. */
function renders(latex: string, displayMode: boolean): void {
  katex.renderToString(latex, { displayMode, throwOnError: true, strict: "error" });
}

const CASES: [string, string, string][] = [
  ["a fraction", el("f", el("num", r("a")), el("den", r("b"))), "\\frac{a}{b}"],
  [
    "a linear and a stacked fraction",
    el("f", '<m:fPr><m:type m:val="lin"/></m:fPr>', el("num", r("a")), el("den", r("b"))) +
      el("f", '<m:fPr><m:type m:val="noBar"/></m:fPr>', el("num", r("n")), el("den", r("k"))),
    "{a}/{b}\\genfrac{}{}{0pt}{}{n}{k}",
  ],
  [
    "sub- and superscripts on a scripted base",
    el("sSup", el("e", el("sSub", el("e", r("x")), el("sub", r("i")))), el("sup", r("2"))) +
      el("sSubSup", el("e", r("y")), el("sub", r("j")), el("sup", r("′"))),
    "{x_{i}}^{2}y_{j}^{'}",
  ],
  ["a pre-script", el("sPre", el("sub", r("92")), el("sup", r("235")), el("e", r("U"))), "{}_{92}^{235}U"],
  [
    "square and cube roots",
    el("rad", '<m:radPr><m:degHide m:val="1"/></m:radPr>', el("deg"), el("e", r("x"))) +
      el("rad", el("deg", r("3")), el("e", r("y"))),
    "\\sqrt{x}\\sqrt[3]{y}",
  ],
  [
    "a sum, a product and an integral without limits",
    el(
      "nary",
      '<m:naryPr><m:chr m:val="∑"/><m:limLoc m:val="undOvr"/></m:naryPr>',
      el("sub", r("i=1")),
      el("sup", r("n")),
      el("e", r("i")),
    ) +
      el(
        "nary",
        '<m:naryPr><m:chr m:val="∏"/><m:limLoc m:val="subSup"/></m:naryPr>',
        el("sub", r("k")),
        el("sup"),
        el("e", r("p")),
      ) +
      el(
        "nary",
        '<m:naryPr><m:subHide m:val="1"/><m:supHide m:val="1"/></m:naryPr>',
        el("sub"),
        el("sup"),
        el("e", r("f"), r("dx")),
      ),
    "\\sum_{i=1}^{n} i\\prod\\nolimits_{k} p\\int fdx",
  ],
  [
    "delimiters: default, brackets, braces, absolute value, angle with a separator",
    el("d", el("e", r("a"))) +
      el("d", '<m:dPr><m:begChr m:val="["/><m:endChr m:val="]"/></m:dPr>', el("e", r("0,1"))) +
      el("d", '<m:dPr><m:begChr m:val="{"/><m:endChr m:val=""/></m:dPr>', el("e", r("x"))) +
      el("d", '<m:dPr><m:begChr m:val="|"/><m:endChr m:val="|"/></m:dPr>', el("e", r("z"))) +
      el("d", '<m:dPr><m:begChr m:val="⟨"/><m:endChr m:val="⟩"/></m:dPr>', el("e", r("ψ")), el("e", r("φ"))),
    "\\left(a\\right)\\left[0,1\\right]\\left\\{x\\right.\\left\\vert z\\right\\vert\\left\\langle\\psi \\mid \\varphi\\right\\rangle",
  ],
  [
    "functions and a limit",
    el("func", el("fName", r("sin", '<m:sty m:val="p"/>')), el("e", r("θ"))) +
      el(
        "func",
        el("fName", el("limLow", el("e", r("lim", '<m:sty m:val="p"/>')), el("lim", r("n→∞")))),
        el("e", el("sSub", el("e", r("a")), el("sub", r("n")))),
      ) +
      el("func", el("fName", r("sgn", '<m:sty m:val="p"/>')), el("e", r("x"))),
    "\\sin \\theta\\lim_{n\\rightarrow\\infty} a_{n}\\operatorname{sgn} x",
  ],
  [
    "accents, bars, a box and a brace",
    el("acc", '<m:accPr><m:chr m:val="⃗"/></m:accPr>', el("e", r("v"))) +
      el("acc", el("e", r("x"))) +
      el("acc", '<m:accPr><m:chr m:val="̃"/></m:accPr>', el("e", r("ab"))) +
      el("bar", '<m:barPr><m:pos m:val="top"/></m:barPr>', el("e", r("z"))) +
      el("borderBox", el("e", r("E=mc"))) +
      el("groupChr", el("e", r("a+b"))) +
      el("limUpp", el("e", r("=")), el("lim", r("def"))),
    "\\vec{v}\\hat{x}\\widetilde{ab}\\overline{z}\\boxed{E=mc}\\underbrace{a+b}\\overset{def}{=}",
  ],
  [
    "a matrix in parentheses and an equation array",
    el(
      "d",
      el(
        "e",
        el("m", el("mr", el("e", r("1")), el("e", r("0"))), el("mr", el("e", r("0")), el("e", r("1")))),
      ),
    ) + el("eqArr", el("e", r("x&=1")), el("e", r("y&=2"))),
    "\\left(\\begin{matrix}1 & 0 \\\\ 0 & 1\\end{matrix}\\right)\\begin{aligned}x&=1 \\\\ y&=2\\end{aligned}",
  ],
  [
    "styles: upright, bold, double-struck, plain text with TeX specials, Chinese text",
    r("max", '<m:sty m:val="p"/>') +
      r("F", '<m:sty m:val="b"/>') +
      r("R", '<m:scr m:val="double-struck"/>') +
      r("if x_1 > 50% & {y}", "<m:nor/>") +
      r("面积") +
      r("∈ℝ, α≤β≠γ±1×2"),
    "\\mathrm{max}\\mathbf{F}\\mathbb{R}\\text{if x\\_1 > 50\\% \\& \\{y\\}}\\text{面积}\\in\\mathbb{R}, \\alpha\\leq\\beta\\neq\\gamma\\pm1\\times2",
  ],
  ["a dollar and a bar in a run never reach the LaTeX", r("$5|x|"), "\\text{\\textdollar}5\\vert x\\vert"],
];

describe("Office Math → LaTeX", () => {
  it.each(CASES)("converts %s to LaTeX that KaTeX renders", (_name, omml, latex) => {
    const out = ommlToLatex(math(omml));
    expect(out).toBe(latex);
    expect(out).not.toMatch(/[$|]/);
    renders(out, true);
    renders(out, false);
  });

  it("stacks the equations of one m:oMathPara and gives display text", async () => {
    const para = parseXml(
      `<m:oMathPara ${M_NS}><m:oMathParaPr/>${el("oMath", r("a=1"))}${el("oMath", r("b=2"))}</m:oMathPara>`,
    )[0]!;
    expect(ommlToLatex(para)).toBe("\\begin{gathered}a=1 \\\\ b=2\\end{gathered}");
    const check = await latexChecker();
    expect(officeMathText(para, true, check)).toBe("$$\\begin{gathered}a=1 \\\\ b=2\\end{gathered}$$");
    expect(officeMathText(math(r("x")), false, check)).toBe("$x$");
  });

  it("falls back to the equation's characters when KaTeX refuses the LaTeX, and drops an empty equation", async () => {
    const check = await latexChecker();
    const refused = () => false;
    expect(officeMathText(math(r("x") + r("≤") + r("1")), false, refused)).toBe("x≤1");
    expect(officeMathText(math(""), false, check)).toBe("");
    expect(officeMathText(math(el("f", el("num"), el("den"))), false, check)).toBe("$\\frac{}{}$");
  });
});

const FORMULA = /\$\$([^$]+)\$\$|\$([^$]+)\$/g;

function texts(doc: SourceDocument): string[] {
  return doc.sections.flatMap((s) => [
    s.heading,
    ...s.blocks.map((b) => b.text ?? b.items?.join("\n") ?? ""),
  ]);
}

function formulas(doc: SourceDocument): { latex: string; display: boolean }[] {
  return texts(doc).flatMap((t) =>
    [...t.matchAll(FORMULA)].map((m) => ({ latex: m[1] ?? m[2]!, display: m[1] !== undefined })),
  );
}

describe.each(["en", "zh"] as const)("equations of a %s document", (lang) => {
  const t = MATH_TEXT[lang];

  it("DOCX: inline m:oMath becomes $…$ in its sentence, m:oMathPara $$…$$ on its own, an OLE equation [equation]", async () => {
    const doc = await parseFile(await mathDocx(lang), `math-${lang}.docx`);
    const paragraphs = texts(doc);
    const sep = lang === "en" ? ", " : "，";
    expect(paragraphs).toContain(`${t.before} $${LATEX.energy}$${sep}${t.after}`);
    const intro = paragraphs.indexOf(t.displayIntro);
    expect(paragraphs.slice(intro + 1, intro + 3)).toEqual([`$$${LATEX.basel}$$`, `$$${LATEX.gaussian}$$`]);
    const inline = lang === "en" ? LATEX.cubeRoot : LATEX.speedZh;
    expect(paragraphs.some((p) => p.includes(`$${inline}$`))).toBe(true);
    expect(paragraphs).toContain(`${t.objectBefore} [equation] ${t.objectAfter}`);
    // a picture whose alt text names an equation keeps its place; a portrait is left out
    expect(paragraphs).toContain(`${t.pictureBefore} [equation] ${t.pictureAfter}`);
    expect(doc.language).toBe(lang);
    const found = formulas(doc);
    expect(found).toHaveLength(4);
    for (const f of found) renders(f.latex, f.display);
  });

  it("PPTX: the a14:m equation is read from the mc:Choice (not lost, not doubled by the picture fallback)", async () => {
    const doc = await parseFile(await mathPptx(lang), `math-${lang}.pptx`);
    const slide = doc.sections[1]!.blocks.map((b) => b.text ?? "");
    const [before, after] =
      lang === "en"
        ? ["A periodic function is ", " as a Fourier series."]
        : ["周期函数展开为 ", " 即傅里叶级数。"];
    expect(slide).toContain(`${before}$${LATEX.fourier}$${after}`);
    expect(slide).toContain(`$$${lang === "en" ? LATEX.basel : LATEX.speedText}$$`);
    // the fallback's copy of the words (with the equation missing) is not read as well
    expect(slide.filter((s) => s.startsWith(before.trim()))).toHaveLength(1);
    expect(doc.sections[2]!.blocks.map((b) => b.text)).toEqual([
      lang === "en" ? "Equation objects" : "公式对象",
      t.objectBefore,
      "[equation]", // the OLE object
      "[equation]", // the picture whose alt text says "Formula"; the portrait is left out
    ]);
    const found = formulas(doc);
    expect(found).toHaveLength(2);
    for (const f of found) renders(f.latex, f.display);
  });
});

describe("the language of a document with many equations", () => {
  it("is its prose's, not the LaTeX's (a short Chinese text and six long formulas is 'zh')", async () => {
    const greek = "αβγδεζηθικλμνξπρστυφχψω";
    const docx = new Document({
      sections: [
        {
          children: [
            new Paragraph({ children: [new TextRun("设下列级数收敛：")] }),
            ...Array.from(
              { length: 6 },
              () =>
                new Paragraph({
                  children: [new OfficeMath({ children: [new MathRun(`${greek}=${greek}`)] })],
                }),
            ),
          ],
        },
      ],
    });
    const doc = await parseFile(await Packer.toBuffer(docx), "zh.docx");
    expect(texts(doc)[2]).toMatch(/^\$\\alpha\\beta\\gamma/);
    expect(doc.language).toBe("zh");
  });
});

describe("equations in the parser's worker threads", () => {
  it("a DOCX and a PPTX with Office Math parse to LaTeX off the main thread (KaTeX loads in the worker)", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "omml-"));
    const pool = createParserPool({ size: 1 });
    try {
      await writeFile(path.join(dir, "m.docx"), await mathDocx("en"));
      await writeFile(path.join(dir, "m.pptx"), await mathPptx("zh"));
      const docx = await pool.parse(path.join(dir, "m.docx"), { fileName: "m.docx" });
      expect(texts(docx)).toContain(`$$${LATEX.basel}$$`);
      const pptx = await pool.parse(path.join(dir, "m.pptx"), { fileName: "m.pptx" });
      expect(texts(pptx)).toContain(`$$${LATEX.speedText}$$`);
    } finally {
      await pool.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
