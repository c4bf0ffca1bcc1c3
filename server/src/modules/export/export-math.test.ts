import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { afterAll, describe, expect, it } from "vitest";
import { exportDocument } from "./export-document";
import { noteDocx } from "./note-docx";
import { headerFooter, noteBodyHtml, noteHtml } from "./note-html";
import { createPdfPrinter } from "./pdf-printer";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const hasSoffice = (() => {
  try {
    execFileSync("soffice", ["--version"], { stdio: "ignore", timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
})();

const markdown = [
  "# Series",
  "",
  "## Energy and sums",
  "",
  "The energy of a body at rest is $E=mc^{2}$, and $a_{1}*b_{2}*c$ keeps its stars and underscores.",
  "",
  "Euler solved the Basel problem:",
  "",
  "$$",
  "\\sum_{n=1}^{\\infty} \\frac{1}{n^{2}}=\\frac{\\pi^{2}}{6}",
  "$$",
  "",
  "$$\\left(\\begin{matrix}1 & 0 \\\\ 0 & 1\\end{matrix}\\right)$$",
  "",
  "> **定义：** 速度 $v=\\frac{\\Delta s}{\\Delta t}$。",
  "",
  "| Quantity | Formula |",
  "| --- | --- |",
  "| Kinetic energy | $E_{k}=\\frac{1}{2}mv^{2}$ |",
  "",
  "A link in a formula stays text: $\\href{javascript:alert(1)}{x}$. It costs \\$5 and \\$10.",
  "",
  "*Sources:* [p. 1](#source=1&page=1)",
].join("\n");

const doc = () =>
  exportDocument({
    title: "Series",
    markdown,
    outputLanguage: "en-US",
    updatedAt: new Date("2026-03-05T10:00:00Z"),
    sources: ["series.docx"],
  });

const symbolsDoc = () =>
  exportDocument({
    title: "Symbols",
    markdown: [
      "## Symbols",
      "",
      "| 符号 | LaTeX |",
      "| --- | --- |",
      "| 比较 | $=\\neq<>\\leq\\geq$ |",
      "| 且 | $a \\& b$ |",
      "",
      "Area: $\\iint_D f(x,y)\\,\\mathrm{d}x\\,\\mathrm{d}y = S_D$ and $\\lim_{x\\to 0} \\frac{\\sin x}{x} = 1$.",
      "",
      "$$\\sum_{i=1}^{n} f(x_i) \\le \\int_a^b g(t)\\,dt, \\quad \\bar{y} < \\hat{y}$$",
    ].join("\n"),
    outputLanguage: "zh-CN",
    updatedAt: new Date("2026-03-05T10:00:00Z"),
    sources: ["symbols.docx"],
  });

/** The text LibreOffice prints from a DOCX (converted to PDF, then pdftotext). */
function sofficeText(docx: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "beannote-omml-"));
  const file = path.join(dir, "math.docx");
  writeFileSync(file, docx);
  execFileSync(
    "soffice",
    [
      `-env:UserInstallation=file://${dir}/profile`,
      "--headless",
      "--convert-to",
      "pdf",
      "--outdir",
      dir,
      file,
    ],
    { stdio: "ignore", timeout: 120_000 },
  );
  return execFileSync("pdftotext", [path.join(dir, "math.pdf"), "-"], { encoding: "utf8" });
}

describe("formulas in exports", () => {
  it("HTML: KaTeX sets inline and display formulas (one-line $$…$$ too), in tables and quotes; no error, no link", () => {
    const body = noteBodyHtml(doc());
    expect(body.match(/class="katex"/g)?.length).toBe(6 + 1); // 4 inline, 2 display, the \href one
    expect(body.match(/class="katex-display"/g)?.length).toBe(2);
    expect(body).not.toContain("katex-error");
    // \href is refused (trust: false): shown in red as text, no link; its LaTeX stays only as MathML text
    expect(body).not.toMatch(/href=|<a[\s>]/);
    expect(body).toContain('<mstyle mathcolor="#cc0000"><mtext>\\href</mtext></mstyle>');
    // the LaTeX reached KaTeX as written: its MathML annotation keeps it
    expect(body).toContain('<annotation encoding="application/x-tex">a_{1}*b_{2}*c</annotation>');
    expect(body).toContain("\\begin{matrix}1 &#x26; 0 \\\\ 0 &#x26; 1\\end{matrix}");
    expect(body).toContain("It costs $5 and $10.");
  });

  it("HTML page: KaTeX's style with its fonts inline (data: URLs, allowed by the CSP), nothing to fetch", () => {
    const html = noteHtml(doc());
    expect(html).toContain("font-src data:");
    expect(html).toMatch(/@font-face\{[^}]*font-family:KaTeX_Main;[^}]*src:url\(data:font\/woff2;base64,/);
    expect(html).not.toMatch(/url\(fonts\//);
    const plain = noteHtml(
      exportDocument({
        title: "T",
        markdown: "## A\n\ntext",
        outputLanguage: "en-US",
        updatedAt: new Date(),
        sources: [],
      }),
    );
    expect(plain).not.toContain("KaTeX_Main"); // no math, no fonts to carry
  });

  it("DOCX: formulas are Word equations (Office Math), display ones paragraphs of their own", async () => {
    const zip = await JSZip.loadAsync(await noteDocx(doc()));
    const xml = await zip.file("word/document.xml")!.async("string");
    expect(xml.match(/<m:oMath[\s>]/g)?.length).toBe(7); // 4 inline, 2 display, the \href one
    expect(xml.match(/<m:oMathPara[\s>]/g)?.length).toBe(2);
    expect(xml).toContain('<m:chr m:val="∑"/>'); // the sum is an n-ary operator with its limits
    expect(xml).toMatch(/<m:nary>.*?<m:e><m:f>/); // … whose body is the fraction after it
    expect(xml).not.toMatch(/<m:e\/>|<m:e><\/m:e>/);
    expect(xml.match(/<m:f>/g)?.length).toBeGreaterThanOrEqual(4); // 1/n², π²/6, Δs/Δt, ½
    expect(xml).toContain("<m:m>"); // the matrix
    expect(xml).not.toContain("$E=mc^{2}$");
    expect(xml).not.toContain("\\frac");
    // OOXML's order inside a math run: math properties, then Word properties; no style Word cannot read
    expect(xml).not.toMatch(/<\/w:rPr><m:rPr>/);
    expect(xml).not.toContain("undefined");
  });

  it("DOCX: LaTeX that KaTeX cannot read stays as its source text; blackboard letters are their own characters", async () => {
    const zip = await JSZip.loadAsync(
      await noteDocx(
        exportDocument({
          title: "T",
          markdown: "## A\n\nBroken $\\frac{1}{$ and fine $x \\in \\mathbb{R}^n$.",
          outputLanguage: "en-US",
          updatedAt: new Date(),
          sources: [],
        }),
      ),
    );
    const xml = await zip.file("word/document.xml")!.async("string");
    expect(xml).toContain("$\\frac{1}{$");
    expect(xml).toContain("Cambria Math");
    expect(xml).toContain("ℝ");
    expect(xml.match(/<m:oMath[\s>]/g)?.length).toBe(1);
  });

  it("DOCX: a formula with <, > or & is escaped (a symbol table answered 500); a big operator's body is whole", async () => {
    const docx = await noteDocx(symbolsDoc());
    const xml = await (await JSZip.loadAsync(docx)).file("word/document.xml")!.async("string");
    expect(xml).toContain('<m:t xml:space="preserve">&lt;</m:t>');
    expect(xml).toContain('<m:t xml:space="preserve">&gt;</m:t>');
    expect(xml).toContain('<m:t xml:space="preserve">&amp;</m:t>');
    expect(xml).not.toMatch(/<m:e>[^<]|<\/m:r>[^<]+<\/m:e>/); // no bare text in an element
    // the integral's body holds f(x,y) whole, the f included
    expect(xml).toMatch(
      /<m:chr m:val="∬"\/>.*?<m:e><m:r><m:t xml:space="preserve">f<\/m:t><\/m:r>.*?,.*?y.*?<\/m:e><\/m:nary>/,
    );
    expect(xml).not.toMatch(/[\u2061\u2062]/);
    expect(xml).not.toContain("$");
  });

  it.skipIf(!hasSoffice)(
    "DOCX: LibreOffice sets symbols, functions and big operators without '¿' or '□'",
    () => {
      return noteDocx(symbolsDoc()).then((docx) => {
        const text = sofficeText(docx);
        expect(text).toContain("Symbols");
        expect(text).not.toMatch(/[¿□]|<\?>/);
        expect(text).toMatch(/f\s*\(\s*x\s*,\s*y\s*\)/);
        expect(text).toMatch(/≠/);
        expect(text).not.toMatch(/\\(?:neq|leq|iint|sin|lim)|\$/);
      });
    },
  );

  it.skipIf(!hasSoffice)("DOCX: LibreOffice reads the equations and sets them as math", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "beannote-omml-"));
    const file = path.join(dir, "math.docx");
    writeFileSync(file, await noteDocx(doc()));
    execFileSync(
      "soffice",
      [
        `-env:UserInstallation=file://${dir}/profile`,
        "--headless",
        "--convert-to",
        "pdf",
        "--outdir",
        dir,
        file,
      ],
      { stdio: "ignore", timeout: 120_000 },
    );
    const text = execFileSync("pdftotext", [path.join(dir, "math.pdf"), "-"], { encoding: "utf8" });
    expect(text).toContain("Euler solved the Basel problem:");
    expect(text).toMatch(/E\s*=\s*m\s*c/); // set as an equation, not "$E=mc^{2}$"
    expect(text).toContain("∑");
    expect(text).toContain("π");
    expect(text).not.toMatch(/\$\$|\$E|\\sum/);
    expect(text).toContain("It costs $5 and $10.");
  });

  describe("PDF", () => {
    const printer = createPdfPrinter({ executablePath: CHROMIUM, concurrency: 1 });
    afterAll(() => printer.close());

    it.skipIf(!printer.available())("prints formulas in KaTeX's embedded fonts, offline", async () => {
      const d = doc();
      const pdf = await printer.print(noteHtml(d), headerFooter(d));
      const dir = mkdtempSync(path.join(os.tmpdir(), "beannote-math-"));
      const file = path.join(dir, "math.pdf");
      writeFileSync(file, pdf);
      const fonts = execFileSync("pdffonts", [file], { encoding: "utf8" });
      expect(fonts).toMatch(/KaTeX_Main-Regular/);
      expect(fonts).toMatch(/KaTeX_Math-Italic/);
      expect(fonts).toMatch(/KaTeX_Size\d-Regular/); // the big ∑ of the display formula
      const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
      expect(text).toContain("Euler solved the Basel problem:");
      expect(text).not.toContain("\\frac");
      expect(text).not.toContain("$$");
    });
  });
});
