import JSZip from "jszip";
import { formulaSpans } from "../../engine/formula";
import { linearText, ommlOf } from "../export/office-math";

const MATH_NS = "http://schemas.openxmlformats.org/officeDocument/2006/math";
const A14_NS = "http://schemas.microsoft.com/office/drawing/2010/main";
const MC_NS = "http://schemas.openxmlformats.org/markup-compatibility/2006";

/** A text run as pptxgenjs writes it: its properties and its (escaped) text. */
const TEXT_RUN = /<a:r>(<a:rPr\b(?:[^>]*\/>|[^>]*>[\s\S]*?<\/a:rPr>))<a:t>([^<]*)<\/a:t><\/a:r>/g;

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&amp;/g, "&");
const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Office Math for a slide's text: each math run carries the text run's DrawingML properties (size, colour)
 * in Cambria Math, the font PowerPoint sets equations in; Word's run properties are not DrawingML's.
 */
function slideOmml(omml: string, runProps: string): string {
  const size = /\ssz="(\d+)"/.exec(runProps)?.[1];
  const fill = /<a:solidFill>[\s\S]*?<\/a:solidFill>/.exec(runProps)?.[0] ?? "";
  const mathProps = `<a:rPr lang="en-US"${size ? ` sz="${size}"` : ""} i="1">${fill}<a:latin typeface="Cambria Math" panose="02040503050406030204" pitchFamily="18" charset="0"/></a:rPr>`;
  return omml
    .replace(/<w:rPr>(?:(?!<\/w:rPr>)[\s\S])*<\/w:rPr>|<w:rPr\/>/g, "")
    .replace(/ xmlns:w="[^"]*"/g, "")
    .replace(/(<m:r>(?:<m:rPr>(?:(?!<\/m:rPr>)[\s\S])*<\/m:rPr>)?)(<m:t[\s>])/g, `$1${mathProps}$2`);
}

/** A text run with its formulas as equations (Office Math) or, for the fallback, as linear text. */
function runWithFormulas(run: string, runProps: string, escaped: string, as: "math" | "text"): string {
  const text = unescapeXml(escaped);
  const spans = formulaSpans(text);
  if (spans.length === 0) return run;
  const textRun = (s: string) => (s ? `<a:r>${runProps}<a:t>${escapeXml(s)}</a:t></a:r>` : "");
  let out = "";
  let pos = 0;
  for (const span of spans) {
    const omml = ommlOf(span.latex, false);
    let formula = textRun(text.slice(span.start, span.end)); // a formula that cannot be built stays text
    if (omml) {
      let math = slideOmml(omml, runProps);
      if (!math.includes("xmlns:m=")) math = math.replace("<m:oMath", `<m:oMath xmlns:m="${MATH_NS}"`);
      formula = as === "math" ? `<a14:m>${math}</a14:m>` : textRun(linearText(math));
    }
    out += textRun(text.slice(pos, span.start)) + formula;
    pos = span.end;
  }
  return out + textRun(text.slice(pos));
}

/** A shape or a table frame of a slide. */
const SHAPE =
  /<p:sp>(?:(?!<\/p:sp>)[\s\S])*<\/p:sp>|<p:graphicFrame>(?:(?!<\/p:graphicFrame>)[\s\S])*<\/p:graphicFrame>/g;

/**
 * A slide's XML with the `$…$` formulas of its text as equations, as PowerPoint stores them: a shape that
 * holds one is an `mc:AlternateContent` whose choice has the equations (`a14:m` in the paragraph) and whose
 * fallback, for readers without Office Math, has them as linear text (`a/b`, `x²`), never as LaTeX.
 */
export function slideWithEquations(xml: string): string {
  return xml.replace(SHAPE, (shape) => {
    if (!shape.includes("$")) return shape;
    const withMath = shape.replace(TEXT_RUN, (run, props: string, text: string) =>
      runWithFormulas(run, props, text, "math"),
    );
    if (!withMath.includes("<a14:m>")) return shape;
    const withText = shape.replace(TEXT_RUN, (run, props: string, text: string) =>
      runWithFormulas(run, props, text, "text"),
    );
    return `<mc:AlternateContent xmlns:mc="${MC_NS}"><mc:Choice xmlns:a14="${A14_NS}" Requires="a14">${withMath}</mc:Choice><mc:Fallback>${withText}</mc:Fallback></mc:AlternateContent>`;
  });
}

/** The deck with its formulas as Office Math equations in every slide (titles, bullets, tables). */
export async function pptxWithEquations(pptx: Buffer): Promise<Buffer> {
  return rewriteSlides(pptx, slideWithEquations);
}

/**
 * The deck as LibreOffice should print it: each equation shape's fallback (LibreOffice Impress takes the
 * Office Math choice and drops the equations it does not draw).
 */
export async function pptxWithFallbacks(pptx: Buffer): Promise<Buffer> {
  return rewriteSlides(pptx, (xml) =>
    xml.replace(
      /<mc:AlternateContent\b[^>]*>(?:(?!<\/mc:AlternateContent>)[\s\S])*?<mc:Fallback>((?:(?!<\/mc:Fallback>)[\s\S])*)<\/mc:Fallback><\/mc:AlternateContent>/g,
      "$1",
    ),
  );
}

async function rewriteSlides(pptx: Buffer, rewrite: (xml: string) => string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(pptx);
  let changed = false;
  for (const file of zip.file(/^ppt\/slides\/slide\d+\.xml$/)) {
    const xml = await file.async("string");
    const next = rewrite(xml);
    if (next === xml) continue;
    zip.file(file.name, next);
    changed = true;
  }
  if (!changed) return pptx;
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}
