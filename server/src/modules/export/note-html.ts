import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from "hast";
import rehypeKatex from "rehype-katex";
import rehypeStringify from "rehype-stringify";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { citationOf, type ExportDocument } from "./export-document";
import katex from "katex";
import { formulaSpans } from "../../engine/formula";
import { KATEX_LIMITS } from "./katex-limits";
import { katexStyle } from "./katex-style";
import { withFormulasAsText } from "./office-math";

/**
 * The note as a printable HTML page: the web app's rendering (GFM; formulas set by KaTeX, as in the web
 * app; raw HTML never rendered, because remark-rehype drops it unless told otherwise), citations as "p. 12"
 * references, then the page style.
 */
const toHtml = unified()
  .use(remarkRehype)
  // the web app's options: a formula KaTeX cannot read shows in red (rehype-katex never throws), and
  // commands that could reach outside the page (\href, \url, \html…) stay off (trust: false); sizes and
  // macro expansion are bounded (KATEX_LIMITS)
  .use(rehypeKatex, { strict: "ignore", trust: false, ...KATEX_LIMITS })
  .use(rehypeStringify);

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A line of text (the title) as HTML, its formulas set by KaTeX with the body's options. */
function textWithMathHtml(text: string): string {
  let out = "";
  let pos = 0;
  for (const span of formulaSpans(text)) {
    const math = katex.renderToString(span.latex, {
      displayMode: false,
      throwOnError: false,
      strict: "ignore",
      trust: false,
      ...KATEX_LIMITS,
    });
    out += escapeHtml(text.slice(pos, span.start)) + math;
    pos = span.end;
  }
  return out + escapeHtml(text.slice(pos));
}

/** Citation links become references (a link inside a PDF to `#source=…` leads nowhere); images their alt text. */
function rewrite(nodes: (HastContent | ElementContent)[], multiSource: boolean): void {
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.type !== "element") continue;
    if (node.tagName === "a") {
      const href = typeof node.properties.href === "string" ? node.properties.href : "";
      const cite = citationOf(href);
      if (cite) {
        const children: ElementContent[] = [...node.children];
        if (multiSource)
          children.push({
            type: "element",
            tagName: "sup",
            properties: {},
            children: [{ type: "text", value: `[${cite.source}]` }],
          });
        nodes[i] = { type: "element", tagName: "span", properties: { className: ["cite"] }, children };
        continue;
      }
      if (!/^https?:\/\//i.test(href)) delete node.properties.href;
    }
    if (node.tagName === "img") {
      const alt = typeof node.properties.alt === "string" ? node.properties.alt : "";
      nodes[i] = {
        type: "element",
        tagName: "span",
        properties: { className: ["muted"] },
        children: [{ type: "text", value: alt }],
      };
      continue;
    }
    rewrite((node as Element).children, multiSource);
  }
}

/** The body of the note as HTML. */
export function noteBodyHtml(doc: ExportDocument): string {
  const hast = toHtml.runSync(structuredClone(doc.body)) as HastRoot;
  rewrite(hast.children, doc.sources.length > 1);
  return toHtml.stringify(hast);
}

/** Font stacks from Debian's Noto packages (fonts-noto-core, fonts-noto-cjk): every script the notes use. */
const SANS_TAIL = `"Noto Sans Thai", "Noto Sans Devanagari", "Noto Sans Arabic", "Noto Sans Hebrew", "DejaVu Sans", sans-serif`;
const CJK_FONT: Record<string, string> = {
  zh: "Noto Sans CJK SC",
  "zh-hk": "Noto Sans CJK HK",
  "zh-tw": "Noto Sans CJK TC",
  ja: "Noto Sans CJK JP",
  ko: "Noto Sans CJK KR",
};

function fontStack(lang: string): string {
  const tag = lang.toLowerCase();
  const cjk = CJK_FONT[tag] ?? CJK_FONT[tag.split("-")[0]!] ?? CJK_FONT.zh!;
  const others = Object.values(CJK_FONT).filter((f) => f !== cjk);
  return [`"Noto Sans"`, `"${cjk}"`, ...others.map((f) => `"${f}"`), SANS_TAIL].join(", ");
}

function style(lang: string): string {
  return `
@page { size: A4; }
html { font-family: ${fontStack(lang)}; font-size: 10.5pt; line-height: 1.6; color: #1f2329; }
body { margin: 0; }
:lang(ja) { font-family: ${fontStack("ja")}; }
:lang(ko) { font-family: ${fontStack("ko")}; }
:lang(zh) { font-family: ${fontStack("zh")}; }
header.doc-head { border-bottom: 2px solid #4f6bff; padding-bottom: 8pt; margin-bottom: 14pt; }
header.doc-head h1 { font-size: 20pt; line-height: 1.3; margin: 0 0 6pt; }
.meta { color: #5b6270; font-size: 9pt; margin: 0; }
.meta span + span::before { content: " · "; }
h1, h2, h3, h4, h5, h6 { line-height: 1.35; break-after: avoid; page-break-after: avoid; }
h1 { font-size: 17pt; } h2 { font-size: 14.5pt; margin: 16pt 0 6pt; border-bottom: 1px solid #e3e6ee; padding-bottom: 2pt; }
h3 { font-size: 12.5pt; margin: 12pt 0 4pt; } h4, h5, h6 { font-size: 11pt; margin: 10pt 0 4pt; }
p { margin: 0 0 6pt; orphans: 2; widows: 2; }
ul, ol { margin: 0 0 6pt; padding-left: 18pt; }
li { margin: 1pt 0; }
strong { font-weight: 700; }
/* Chinese, Japanese and Korean have no italics: a slanted glyph reads as a mistake */
:lang(zh) em, :lang(ja) em, :lang(ko) em { font-style: normal; color: #5b6270; }
blockquote { margin: 6pt 0; padding: 4pt 10pt; border-left: 3px solid #4f6bff; background: #f4f6fb; color: #333a45; }
blockquote p:last-child { margin-bottom: 0; }
table { border-collapse: collapse; width: 100%; margin: 6pt 0 10pt; font-size: 9pt; table-layout: auto; }
thead { display: table-header-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
th, td { border: 1px solid #c9ced8; padding: 3pt 5pt; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { background: #eef1f8; font-weight: 700; }
code { font-family: "Noto Sans Mono", "DejaVu Sans Mono", monospace; font-size: 0.92em; background: #f4f6fb; padding: 0 2pt; }
pre { background: #f4f6fb; padding: 6pt; white-space: pre-wrap; overflow-wrap: anywhere; }
pre code { background: none; padding: 0; }
a { color: #3553e6; text-decoration: none; }
.cite { color: #3553e6; font-size: 0.9em; white-space: nowrap; }
.cite sup { font-size: 0.75em; margin-left: 1pt; }
.muted { color: #7a8190; }
hr { border: 0; border-top: 1px solid #e3e6ee; margin: 10pt 0; }
section.sources { margin-top: 16pt; font-size: 9pt; color: #5b6270; }
section.sources ol { padding-left: 18pt; }
.katex { font-size: 1.1em; }
.katex-display { margin: 6pt 0; overflow: hidden; break-inside: avoid; page-break-inside: avoid; }
`;
}

/** The whole printable page (no script, no remote resource: the CSP allows inline style and inline fonts only). */
export function noteHtml(doc: ExportDocument): string {
  const body = noteBodyHtml(doc);
  const heading = textWithMathHtml(doc.title);
  const math = body.includes('class="katex') || heading.includes('class="katex') ? katexStyle() : "";
  const sources =
    doc.sources.length > 1
      ? `<section class="sources"><h2>${escapeHtml(doc.labels.sources)}</h2><ol>${doc.sources
          .map((name) => `<li>${escapeHtml(name)}</li>`)
          .join("")}</ol></section>`
      : "";
  const sourceMeta =
    doc.sources.length === 1 && doc.sources[0]
      ? `<span>${escapeHtml(doc.labels.sources)}${escapeHtml(doc.labels.colon)} ${escapeHtml(doc.sources[0])}</span>`
      : "";
  return `<!doctype html>
<html lang="${escapeHtml(doc.lang)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; font-src data:">
<title>${escapeHtml(withFormulasAsText(doc.title))}</title>
<style>${style(doc.lang)}${math}</style>
</head>
<body>
<header class="doc-head">
<h1>${heading}</h1>
<p class="meta"><span>${escapeHtml(doc.languageName)}</span><span>${escapeHtml(doc.dateText)}</span>${sourceMeta}</p>
</header>
<main>
${body}
</main>
${sources}
</body>
</html>`;
}

/** Chromium's page header and footer: the title on top, "3 / 12" below (their own tiny documents). */
export function headerFooter(doc: ExportDocument): { headerTemplate: string; footerTemplate: string } {
  const font = `font-family: ${fontStack(doc.lang).replace(/"/g, "'")}; font-size: 7.5pt; color: #8a909c;`;
  return {
    headerTemplate: `<div style="${font} width: 100%; padding: 0 16mm; text-align: right; white-space: nowrap; overflow: hidden; text-overflow: ellipsis;">${escapeHtml(withFormulasAsText(doc.title))}</div>`,
    footerTemplate: `<div style="${font} width: 100%; text-align: center;"><span class="pageNumber"></span> / <span class="totalPages"></span></div>`,
  };
}
