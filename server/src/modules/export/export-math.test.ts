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

  it("DOCX: formulas keep their LaTeX, untouched by Markdown escapes", async () => {
    const zip = await JSZip.loadAsync(await noteDocx(doc()));
    const xml = await zip.file("word/document.xml")!.async("string");
    expect(xml).toContain("$E=mc^{2}$");
    expect(xml).toContain("$a_{1}*b_{2}*c$");
    expect(xml).toContain("$$\\sum_{n=1}^{\\infty} \\frac{1}{n^{2}}=\\frac{\\pi^{2}}{6}$$");
    expect(xml).toContain("Cambria Math");
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
