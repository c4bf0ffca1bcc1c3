import { ImportedXmlComponent, type ParagraphChild } from "docx";
import katex from "katex";
import { mml2omml } from "mathml2omml";
import { KATEX_LIMITS } from "./katex-limits";

/** Letters of KaTeX's \mathbb that have their own code point outside the Mathematical Alphanumeric block. */
const DOUBLE_STRUCK_EXCEPTIONS: Record<string, string> = {
  C: "ℂ",
  H: "ℍ",
  N: "ℕ",
  P: "ℙ",
  Q: "ℚ",
  R: "ℝ",
  Z: "ℤ",
};

const doubleStruck = (text: string) =>
  [...text]
    .map((ch) => {
      if (DOUBLE_STRUCK_EXCEPTIONS[ch]) return DOUBLE_STRUCK_EXCEPTIONS[ch];
      if (/[A-Z]/.test(ch)) return String.fromCodePoint(0x1d538 + ch.charCodeAt(0) - 65);
      if (/[a-z]/.test(ch)) return String.fromCodePoint(0x1d552 + ch.charCodeAt(0) - 97);
      if (/[0-9]/.test(ch)) return String.fromCodePoint(0x1d7d8 + ch.charCodeAt(0) - 48);
      return ch;
    })
    .join("");

/**
 * KaTeX's MathML, shaped for the converter: no LaTeX annotation (it would be dropped with a warning), an
 * upright letter said with `fontstyle` (the converter writes `mathvariant="normal"` as an invalid style),
 * blackboard letters as their own characters, and other variants (script, fraktur…) as upright letters.
 */
function mathmlOf(latex: string, display: boolean): string | null {
  let html: string;
  try {
    html = katex.renderToString(latex, {
      output: "mathml",
      displayMode: display,
      throwOnError: true,
      strict: "ignore",
      trust: false,
      ...KATEX_LIMITS,
    });
  } catch {
    return null; // not LaTeX KaTeX reads: the formula stays as its source text
  }
  const math = html.match(/<math[\s\S]*<\/math>/)?.[0];
  if (!math) return null;
  return naryBodiesInRows(math)
    .replace(/<annotation[\s\S]*?<\/annotation>/g, "")
    .replace(
      /<mi mathvariant="double-struck">([^<]*)<\/mi>/g,
      (_, text: string) => `<mi>${doubleStruck(text)}</mi>`,
    )
    .replace(/mathvariant="(?!bold"|italic"|bold-italic")[^"]*"/g, 'fontstyle="normal"');
}

const NARY_OPERATOR = /^<(munderover|munder|mover|msubsup|msub|msup)>\s*<mo[^>]*>[∑∏∐∫∬∭∮∯∰⋀⋁⋂⋃⨀⨁⨂⨄⨆]<\/mo>/;
const TEXT_OR_ROW = /^<(mrow|mi|mn|mo|mtext|ms)[\s>]/;

/** Where the element that starts at `start` ends (just after its closing tag). */
function elementEnd(xml: string, start: number): number {
  const tag = /<(\/?)[a-zA-Z][^>]*?(\/?)>/g;
  tag.lastIndex = start;
  let depth = 0;
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    if (m[2]) {
      if (depth === 0) return tag.lastIndex;
    } else if (!m[1]) depth++;
    else if (--depth === 0) return tag.lastIndex;
  }
  return xml.length;
}

/**
 * The converter puts what follows a big operator (∑, ∫…) into the operator's body only when it is a row or a
 * letter; a fraction or a root there would leave the body empty (a placeholder box in Word) with the fraction
 * after it. Such a term is wrapped in a row.
 */
function naryBodiesInRows(mathml: string): string {
  const starts: number[] = [];
  for (let i = mathml.indexOf("<m"); i >= 0; i = mathml.indexOf("<m", i + 1))
    if (NARY_OPERATOR.test(mathml.slice(i, i + 80))) starts.push(i);
  let out = mathml;
  for (const start of starts.reverse()) {
    const bodyStart = elementEnd(out, start);
    const body = out.slice(bodyStart);
    if (!body.startsWith("<") || body.startsWith("</") || TEXT_OR_ROW.test(body)) continue;
    const bodyEnd = elementEnd(out, bodyStart);
    out = `${out.slice(0, bodyStart)}<mrow>${out.slice(bodyStart, bodyEnd)}</mrow>${out.slice(bodyEnd)}`;
  }
  return out;
}

/**
 * The converter writes a run's Word properties before its math properties; OOXML wants them the other way
 * round (Word reports a damaged file otherwise), and an empty one is left out.
 */
function ordered(omml: string): string {
  return omml
    .replace(/<w:rPr\/>/g, "")
    .replace(/(<w:rPr>(?:(?!<\/w:rPr>)[\s\S])*<\/w:rPr>)(<m:rPr>(?:(?!<\/m:rPr>)[\s\S])*<\/m:rPr>)/g, "$2$1");
}

/**
 * A formula as a Word equation (Office Math), which Word and LibreOffice show and edit as math: LaTeX →
 * KaTeX's MathML → OMML. Display formulas are an equation paragraph of their own. Null when the LaTeX cannot
 * be read, so that the caller keeps the source text.
 */
export function officeMath(latex: string, display: boolean): ParagraphChild | null {
  const mathml = mathmlOf(latex, display);
  if (!mathml) return null;
  let omml: string;
  try {
    omml = ordered(mml2omml(mathml));
  } catch {
    return null;
  }
  if (!omml.startsWith("<m:oMath")) return null;
  const xml = display
    ? `<m:oMathPara xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math">${omml}</m:oMathPara>`
    : omml;
  return ImportedXmlComponent.fromXmlString(xml) as unknown as ParagraphChild;
}
