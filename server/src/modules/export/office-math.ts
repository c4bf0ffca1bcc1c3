import { ImportedXmlComponent, type ParagraphChild } from "docx";
import katex from "katex";
import { mml2omml } from "mathml2omml";
import { formulaSpans } from "../../engine/formula";
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
/** What ends a big operator's body: a relation, a sum's sign or a comma at the operator's own level. */
const BODY_END = /^<mo[^>]*>\s*(?:[=<>≤≥≠≈≡∼≃≅∝∈∉⊂⊆⊃⊇→⇒⟹⇔⟺↦+\-−±∓,;]|&lt;|&gt;)\s*<\/mo>/;

const OPENING_BRACKET = /^<mo[^>]*>\s*[([{⟨⌊⌈]\s*<\/mo>/;
const CLOSING_BRACKET = /^<mo[^>]*>\s*[)\]}⟩⌋⌉]\s*<\/mo>/;

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
 * The converter takes only the element right after a big operator (∑, ∫…) as its body and pours the text of
 * the ones after it into the body as bare text (`<m:e><m:r>f</m:r>(x,y)</m:e>`, which Word and LibreOffice
 * drop or show as a box), and leaves a fraction there outside the body. The terms after the operator, up to
 * a relation, a sign or a comma at its level and outside brackets, are wrapped in one row, which the converter takes whole.
 */
function naryBodiesInRows(mathml: string): string {
  const starts: number[] = [];
  for (let i = mathml.indexOf("<m"); i >= 0; i = mathml.indexOf("<m", i + 1))
    if (NARY_OPERATOR.test(mathml.slice(i, i + 80))) starts.push(i);
  let out = mathml;
  for (const start of starts.reverse()) {
    const bodyStart = elementEnd(out, start);
    let bodyEnd = bodyStart;
    let brackets = 0;
    while (bodyEnd < out.length && out.startsWith("<", bodyEnd) && !out.startsWith("</", bodyEnd)) {
      const head = out.slice(bodyEnd, bodyEnd + 40);
      if (brackets === 0 && BODY_END.test(head)) break;
      if (OPENING_BRACKET.test(head)) brackets++;
      else if (CLOSING_BRACKET.test(head)) brackets = Math.max(0, brackets - 1);
      bodyEnd = elementEnd(out, bodyEnd);
    }
    if (bodyEnd === bodyStart) continue;
    out = `${out.slice(0, bodyStart)}<mrow>${out.slice(bodyStart, bodyEnd)}</mrow>${out.slice(bodyEnd)}`;
  }
  return out;
}

const XML_TEXT_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const escapeXmlText = (text: string) => text.replace(/[&<>]/g, (c) => XML_TEXT_ESCAPES[c]!);

/** A run: its properties (math, then Word) and its text. */
const RUN = /<m:r>((?:(?!<m:t[\s>])[\s\S])*?)<m:t(?:\s[^>]*)?>([\s\S]*?)<\/m:t><\/m:r>/g;
/** A word (letters, digits and their marks), a run of spaces, or one other character (an operator, a bracket). */
const RUN_TOKEN = /[\p{L}\p{N}\p{M}]+|\s+|[^\p{L}\p{N}\p{M}\s]/gu;

const literalProps = (props: string) =>
  props.includes("<m:rPr>") ? props.replace("<m:rPr>", "<m:rPr><m:lit/>") : `<m:rPr><m:lit/></m:rPr>${props}`;

/**
 * The runs as Word and LibreOffice both read them. The converter writes a run's text unescaped
 * (`<m:t><>≤</m:t>` for `<>\leq`): `&`, `<` and `>` are escaped. LibreOffice pastes each run's text into its
 * own formula language, where `=` with nothing before it, a bracket opened in one run and closed in another,
 * `<>` or a word such as `lim` are syntax (it shows "¿" and boxes); so operators, brackets, spaces and
 * words of several letters become runs of their own marked literal (`m:lit`, which it quotes and Word
 * shows as before). The function-application sign becomes a thin space ("sin x", LibreOffice showed "¿"); a bar accent is the
 * combining overline both read as a bar (LibreOffice read KaTeX's modifier macron as an acute accent).
 */
function portableRuns(omml: string): string {
  return omml
    .replace(/<m:chr m:val="ˉ"\/>/g, '<m:chr m:val="\u0305"/>')
    .replace(RUN, (run, props: string, rawText: string) => {
      const text = rawText.replace(/\u2061/g, "\u2009").replace(/[\u2062-\u2064\u200b]/g, "");
      if (!text) return "";
      return (text.match(RUN_TOKEN) ?? [])
        .map((token) => {
          const literal = !/^(?:\p{L}\p{M}*|\p{N}+)$/u.test(token);
          return `<m:r>${literal ? literalProps(props) : props}<m:t xml:space="preserve">${escapeXmlText(token)}</m:t></m:r>`;
        })
        .join("");
    });
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
  const omml = ommlOf(latex, display);
  if (!omml) return null;
  try {
    return ImportedXmlComponent.fromXmlString(omml) as unknown as ParagraphChild;
  } catch {
    return null; // an export never fails because of one formula: it stays as its source text
  }
}

/** A formula's Office Math XML (`m:oMath`, in an `m:oMathPara` when display), or null when it cannot be built. */
export function ommlOf(latex: string, display: boolean): string | null {
  const mathml = mathmlOf(latex, display);
  if (!mathml) return null;
  let omml: string;
  try {
    omml = portableRuns(ordered(mml2omml(mathml)));
  } catch {
    return null;
  }
  if (!omml.startsWith("<m:oMath")) return null;
  return display
    ? `<m:oMathPara xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math">${omml}</m:oMathPara>`
    : omml;
}

const unescapeXmlText = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&amp;/g, "&");

const SUPERSCRIPTS: Record<string, string> = Object.fromEntries(
  [..."0123456789+-−=()ni"].map((c, i) => [c, [..."⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁿⁱ"][i]!]),
);
const SUBSCRIPTS: Record<string, string> = Object.fromEntries(
  [..."0123456789+-−=()aeijkmnoprstx"].map((c, i) => [c, [..."₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑᵢⱼₖₘₙₒₚᵣₛₜₓ"][i]!]),
);

/**
 * A formula's plain-text form for viewers that do not read Office Math (the fallback PowerPoint itself
 * writes): the equation's characters in a linear form, `a/b`, `x^2`, `√(…)`, never its LaTeX.
 */
export function linearText(omml: string): string {
  const group = (s: string) => ([...s].length > 1 ? `(${s})` : s);
  const script = (s: string, mark: string, marks: Record<string, string>) =>
    [...s].every((c) => marks[c]) ? [...s].map((c) => marks[c]).join("") : `${mark}${group(s)}`;
  let xml = omml;
  // innermost first, so nested parts are already text
  for (let i = 0; i < 50 && /<m:(?:f|rad|sSup|sSub|sSubSup|nary)>/.test(xml); i++) {
    xml = xml
      .replace(
        /<m:nary><m:naryPr>(?:(?!<\/m:naryPr>)[\s\S])*?<m:chr m:val="([^"]*)"\/>(?:(?!<\/m:naryPr>)[\s\S])*<\/m:naryPr>(?:<m:sub\/>|<m:sub>([^<]*)<\/m:sub>)(?:<m:sup\/>|<m:sup>([^<]*)<\/m:sup>)<m:e>([^<]*)<\/m:e><\/m:nary>/g,
        (_, chr: string, sub?: string, sup?: string, e?: string) =>
          `${chr}${sub ? script(sub, "_", SUBSCRIPTS) : ""}${sup ? script(sup, "^", SUPERSCRIPTS) : ""} ${e ?? ""}`,
      )
      .replace(
        /<m:f>(?:<m:fPr>(?:(?!<\/m:fPr>)[\s\S])*<\/m:fPr>)?<m:num>([^<]*)<\/m:num><m:den>([^<]*)<\/m:den><\/m:f>/g,
        (_, n: string, d: string) => `${group(n)}/${group(d)}`,
      )
      .replace(
        /<m:rad>(?:<m:radPr>(?:(?!<\/m:radPr>)[\s\S])*<\/m:radPr>)?(?:<m:deg\/>|<m:deg>([^<]*)<\/m:deg>)<m:e>([^<]*)<\/m:e><\/m:rad>/g,
        (_, deg: string | undefined, e: string) => `${deg ? `${deg}` : ""}√${group(e)}`,
      )
      .replace(
        /<m:(sSup|sSub|sSubSup)>(?:<m:\1Pr>(?:(?!<\/m:\1Pr>)[\s\S])*<\/m:\1Pr>)?<m:e>([^<]*)<\/m:e>(?:<m:sub>([^<]*)<\/m:sub>)?(?:<m:sup>([^<]*)<\/m:sup>)?<\/m:\1>/g,
        (_, _kind, e: string, sub?: string, sup?: string) =>
          `${e}${sub ? script(sub, "_", SUBSCRIPTS) : ""}${sup ? script(sup, "^", SUPERSCRIPTS) : ""}`,
      )
      .replace(/<m:t(?:\s[^>]*)?>([^<]*)<\/m:t>/g, "$1")
      .replace(/<\/?m:(?:r|rPr|lit|nor|sty|ctrlPr|argPr|scrLvl)\b[^>]*>/g, "")
      .replace(/<a:rPr\b(?:[^>]*\/>|[^>]*>[\s\S]*?<\/a:rPr>)/g, "");
  }
  const text = xml
    .replace(/<m:chr m:val="([^"]*)"\/>/g, "$1 ")
    .replace(/<m:t(?:\s[^>]*)?>([^<]*)<\/m:t>/g, "$1")
    .replace(/<[^>]+>/g, "");
  return unescapeXmlText(text).replace(/\s+/g, " ").trim();
}

/**
 * A text with its formulas as linear Unicode text (`x²+y²`, `a/b`), for places that hold plain text only (a
 * page header, a file's title); a formula that cannot be built keeps its source.
 */
export function withFormulasAsText(text: string): string {
  const spans = formulaSpans(text);
  if (spans.length === 0) return text;
  let out = "";
  let pos = 0;
  for (const span of spans) {
    const omml = ommlOf(span.latex, false);
    out += text.slice(pos, span.start) + (omml ? linearText(omml) : text.slice(span.start, span.end));
    pos = span.end;
  }
  return out + text.slice(pos);
}
