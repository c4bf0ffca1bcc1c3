import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  Footer,
  Header,
  HeadingLevel,
  LevelFormat,
  LineRuleType,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type IRunOptions,
  type ParagraphChild,
} from "docx";
import type { List, PhrasingContent, RootContent, Table as MdTable } from "mdast";
import { citationOf, nodeText, type ExportDocument } from "./export-document";
import { officeMath, withFormulasAsText } from "./office-math";
import { formulaSpans } from "../../engine/formula";

const ACCENT = "3553E6";
/** Word's math font, for the LaTeX of a formula KaTeX cannot read. */
const MATH_FONT = "Cambria Math";
const MUTED = "5B6270";
/** Word picks these when installed; LibreOffice and others fall back to what they have for each script. */
const EAST_ASIAN_FONT: Record<string, string> = {
  zh: "Microsoft YaHei",
  ja: "Yu Gothic",
  ko: "Malgun Gothic",
};
const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;

type RunStyle = Pick<IRunOptions, "bold" | "italics" | "strike" | "font" | "color" | "superScript">;
type Block = Paragraph | Table;

/** The title's runs: its formulas as equations (text when one cannot be built). */
function titleRuns(title: string): ParagraphChild[] {
  const runs: ParagraphChild[] = [];
  let pos = 0;
  for (const span of formulaSpans(title)) {
    if (span.start > pos) runs.push(new TextRun(title.slice(pos, span.start)));
    runs.push(officeMath(span.latex, false) ?? new TextRun(title.slice(span.start, span.end)));
    pos = span.end;
  }
  if (pos < title.length) runs.push(new TextRun(title.slice(pos)));
  return runs;
}

/** The note as a Word document: title, language and date, headings, lists, tables, quotes, page numbers. */
export async function noteDocx(doc: ExportDocument): Promise<Buffer> {
  const multiSource = doc.sources.length > 1;
  const cjk = /^(zh|ja|ko)/i.test(doc.lang);
  let orderedLists = 0;

  const runs = (nodes: PhrasingContent[], style: RunStyle = {}): ParagraphChild[] =>
    nodes.flatMap((node): ParagraphChild[] => {
      switch (node.type) {
        case "text":
          return [new TextRun({ text: node.value.replace(/\n/g, " "), ...style })];
        case "strong":
          return runs(node.children, { ...style, bold: true });
        case "emphasis":
          // no italics in Chinese, Japanese or Korean: a slanted glyph reads as a mistake
          return runs(node.children, cjk ? { ...style, color: MUTED } : { ...style, italics: true });
        case "delete":
          return runs(node.children, { ...style, strike: true });
        case "inlineCode":
          return [new TextRun({ text: node.value, ...style, font: "Consolas" })];
        case "break":
          return [new TextRun({ text: "", break: 1 })];
        case "link": {
          const cite = citationOf(node.url);
          if (cite) {
            const out: ParagraphChild[] = runs(node.children, { ...style, color: ACCENT });
            if (multiSource)
              out.push(new TextRun({ text: `[${cite.source}]`, color: ACCENT, superScript: true }));
            return out;
          }
          const children = runs(node.children, { ...style, color: ACCENT });
          return /^https?:\/\//i.test(node.url)
            ? [new ExternalHyperlink({ link: node.url, children })]
            : children;
        }
        case "image":
          return [new TextRun({ text: node.alt ?? "", ...style, color: MUTED })];
        case "footnoteReference":
          return [new TextRun({ text: `[${node.identifier}]`, superScript: true })];
        case "inlineMath":
          // LaTeX KaTeX cannot read stays as its source (Word's Insert › Equation › LaTeX takes it)
          return [
            officeMath(node.value, false) ??
              new TextRun({ text: `$${node.value}$`, ...style, font: MATH_FONT }),
          ];
        default:
          // raw HTML is never rendered, as in the web app
          return [];
      }
    });

  const table = (node: MdTable): Table => {
    const width = Math.max(1, ...node.children.map((row) => row.children.length));
    return new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: node.children.map(
        (row, r) =>
          new TableRow({
            // only the first row repeats on each page (`false` would still mark the row as a header)
            ...(r === 0 ? { tableHeader: true } : {}),
            cantSplit: true,
            children: Array.from({ length: width }, (_, c) => {
              const cell = row.children[c];
              return new TableCell({
                shading: r === 0 ? { type: ShadingType.CLEAR, fill: "EEF1F8", color: "auto" } : undefined,
                margins: { top: 40, bottom: 40, left: 80, right: 80 },
                children: [
                  new Paragraph({
                    spacing: { after: 0 },
                    children: cell ? runs(cell.children, r === 0 ? { bold: true } : {}) : [],
                  }),
                ],
              });
            }),
          }),
      ),
    });
  };

  const list = (node: List, level: number, quote: boolean): Block[] => {
    const instance = node.ordered ? ++orderedLists : 0;
    return node.children.flatMap((item) =>
      item.children.flatMap((child, i): Block[] => {
        if (child.type === "list") return list(child, level + 1, quote);
        if (child.type === "paragraph" && i === 0) {
          const check = item.checked === true ? "☑ " : item.checked === false ? "☐ " : "";
          return [
            new Paragraph({
              style: quote ? "NoteQuote" : undefined,
              ...(node.ordered
                ? { numbering: { reference: "ordered", level: Math.min(level, 8), instance } }
                : { bullet: { level: Math.min(level, 8) } }),
              children: [...(check ? [new TextRun(check)] : []), ...runs(child.children)],
            }),
          ];
        }
        return blocks([child], { quote, indentLevel: level + 1 });
      }),
    );
  };

  function blocks(nodes: RootContent[], ctx: { quote: boolean; indentLevel?: number }): Block[] {
    const indent = ctx.indentLevel ? { left: 720 * ctx.indentLevel } : undefined;
    return nodes.flatMap((node): Block[] => {
      switch (node.type) {
        case "heading":
          return [
            new Paragraph({
              heading: HEADINGS[Math.max(0, Math.min(5, node.depth - 2))],
              keepNext: true,
              children: runs(node.children),
            }),
          ];
        case "paragraph":
          return [
            new Paragraph({
              style: ctx.quote ? "NoteQuote" : undefined,
              indent,
              children: runs(node.children),
            }),
          ];
        case "blockquote":
          return blocks(node.children, { ...ctx, quote: true });
        case "list":
          return list(node, ctx.indentLevel ?? 0, ctx.quote);
        case "table":
          return [table(node), new Paragraph({ spacing: { after: 60 }, children: [] })];
        case "code":
          return node.value.split("\n").map(
            (line) =>
              new Paragraph({
                spacing: { after: 0 },
                shading: { type: ShadingType.CLEAR, fill: "F4F6FB", color: "auto" },
                children: [new TextRun({ text: line || " ", font: "Consolas", size: 19 })],
              }),
          );
        case "math":
          return [
            new Paragraph({
              alignment: AlignmentType.CENTER,
              indent,
              children: [
                officeMath(node.value, true) ??
                  new TextRun({ text: `$$${node.value.replace(/\s*\n\s*/g, " ")}$$`, font: MATH_FONT }),
              ],
            }),
          ];
        case "thematicBreak":
          return [
            new Paragraph({
              border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: "E3E6EE", space: 1 } },
              children: [],
            }),
          ];
        case "footnoteDefinition":
          return [
            new Paragraph({
              children: [
                new TextRun({ text: `[${node.identifier}] `, superScript: true }),
                new TextRun(nodeText(node)),
              ],
            }),
          ];
        default:
          return [];
      }
    });
  }

  const eastAsia = EAST_ASIAN_FONT[doc.lang.slice(0, 2).toLowerCase()] ?? EAST_ASIAN_FONT.zh!;
  const small = { size: 16, color: "8A909C" };
  const document = new Document({
    creator: "BeanNote",
    title: withFormulasAsText(doc.title),
    description: `${doc.languageName} · ${doc.dateText}`,
    styles: {
      default: {
        document: {
          run: {
            size: 21,
            font: { ascii: "Calibri", hAnsi: "Calibri", eastAsia, cs: "Leelawadee UI" },
            language: { value: doc.outputLanguage, eastAsia: cjk ? doc.lang : "zh-CN" },
          },
          // at least, not a multiple: LibreOffice cuts a tall equation to a proportional line's height
          paragraph: { spacing: { after: 120, line: 300, lineRule: LineRuleType.AT_LEAST } },
        },
        title: { run: { size: 40, bold: true, color: "1F2329" } },
        heading1: {
          run: { size: 30, bold: true, color: "1F2329" },
          paragraph: { spacing: { before: 280, after: 120 } },
        },
        heading2: {
          run: { size: 26, bold: true, color: "1F2329" },
          paragraph: { spacing: { before: 220, after: 100 } },
        },
        heading3: {
          run: { size: 23, bold: true, color: "1F2329" },
          paragraph: { spacing: { before: 180, after: 80 } },
        },
      },
      paragraphStyles: [
        {
          id: "NoteQuote",
          name: "Note Quote",
          basedOn: "Normal",
          run: { color: "333A45" },
          paragraph: {
            indent: { left: 360 },
            border: { left: { style: BorderStyle.SINGLE, size: 18, color: "4F6BFF", space: 8 } },
            shading: { type: ShadingType.CLEAR, fill: "F4F6FB", color: "auto" },
          },
        },
      ],
    },
    numbering: {
      config: [
        {
          reference: "ordered",
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [
      {
        properties: {
          page: {
            size: { width: 11906, height: 16838 }, // A4 in twentieths of a point
            margin: { top: 1020, bottom: 1020, left: 907, right: 907 },
          },
        },
        headers: {
          default: new Header({
            children: [
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [new TextRun({ text: withFormulasAsText(doc.title), ...small })],
              }),
            ],
          }),
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({ children: [PageNumber.CURRENT, " / ", PageNumber.TOTAL_PAGES], ...small }),
                ],
              }),
            ],
          }),
        },
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: titleRuns(doc.title) }),
          new Paragraph({
            children: [
              new TextRun({
                text: [
                  doc.languageName,
                  doc.dateText,
                  ...(doc.sources.length === 1
                    ? [`${doc.labels.sources}${doc.labels.colon} ${doc.sources[0]}`]
                    : []),
                ].join(" · "),
                color: MUTED,
                size: 18,
              }),
            ],
          }),
          ...blocks(doc.body.children, { quote: false }),
          ...(multiSource
            ? [
                new Paragraph({
                  heading: HeadingLevel.HEADING_1,
                  children: [new TextRun(doc.labels.sources)],
                }),
                ...doc.sources.map(
                  (name, i) =>
                    new Paragraph({ children: [new TextRun({ text: `[${i + 1}] ${name}`, color: MUTED })] }),
                ),
              ]
            : []),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
