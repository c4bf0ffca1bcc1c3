/**
 * Word and PowerPoint files with equations, made in the tests (no shared fixture has Office Math): Word's
 * through the `docx` library's Math classes (display equations wrapped in `m:oMathPara` as Word stores
 * them), PowerPoint's as PowerPoint stores them: an `a14:m` run inside the `mc:Choice` of an
 * `mc:AlternateContent` whose fallback is a picture of the text box.
 */
import {
  Document,
  ImageRun,
  MathFraction,
  MathFunction,
  MathIntegral,
  MathRadical,
  MathRun,
  MathSum,
  MathSuperScript,
  Math as OfficeMath,
  Packer,
  Paragraph,
  TextRun,
} from "docx";
import JSZip from "jszip";
import PptxGenJS from "pptxgenjs";

export type MathLanguage = "en" | "zh";

/** What the test documents say, and the LaTeX each equation must come out as. */
export const MATH_TEXT = {
  en: {
    title: "Series and integrals",
    before: "The energy of a body at rest is",
    after: "where c is the speed of light.",
    displayIntro: "Euler solved the Basel problem:",
    objectBefore: "Coulomb's law",
    objectAfter: "gives the force between two charges.",
    pictureBefore: "The area of a circle is",
    pictureAfter: "for radius r.",
  },
  zh: {
    title: "级数与积分",
    before: "静止物体的能量为",
    after: "其中 c 为光速。",
    displayIntro: "欧拉解决了巴塞尔问题：",
    objectBefore: "库仑定律",
    objectAfter: "给出两个电荷之间的力。",
    pictureBefore: "圆的面积为",
    pictureAfter: "其中 r 为半径。",
  },
} as const;

export const LATEX = {
  energy: "E=mc^{2}",
  basel: "\\sum_{n=1}^{\\infty} \\frac{1}{n^{2}}=\\frac{\\pi^{2}}{6}",
  gaussian: "\\int_{-\\infty}^{\\infty} e^{-x^{2}}dx=\\sqrt{\\pi}",
  speedZh: "v=\\frac{\\Delta s}{\\Delta t}",
  cubeRoot: "\\sin x+\\sqrt[3]{y}",
  fourier:
    "f\\left(x\\right)=\\frac{a_{0}}{2}+\\sum_{n=1}^{\\infty} \\left(a_{n}\\cos nx+b_{n}\\sin nx\\right)",
  speedText: "\\text{速度}=\\frac{\\text{路程}}{\\text{时间}}",
} as const;

const M_NS = 'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"';

/** A 1×1 PNG: a picture of an equation (its alt text says so) or a portrait (it does not). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const picture = (description: string) =>
  new ImageRun({
    type: "png",
    data: PNG,
    transformation: { width: 40, height: 12 },
    altText: { name: description, description, title: description },
  });

const sup = (base: string, exp: string) =>
  new MathSuperScript({ children: [new MathRun(base)], superScript: [new MathRun(exp)] });

/** A DOCX with an inline equation, two display equations, a function line and an Equation Editor 3 object. */
export async function mathDocx(lang: MathLanguage): Promise<Buffer> {
  const t = MATH_TEXT[lang];
  const doc = new Document({
    title: t.title,
    sections: [
      {
        children: [
          new Paragraph({
            children: [
              new TextRun(`${t.before} `),
              new OfficeMath({ children: [new MathRun("E=m"), sup("c", "2")] }),
              new TextRun(lang === "en" ? `, ${t.after}` : `，${t.after}`),
            ],
          }),
          new Paragraph({ children: [new TextRun(t.displayIntro)] }),
          new Paragraph({
            children: [
              new OfficeMath({
                children: [
                  new MathSum({
                    children: [
                      new MathFraction({ numerator: [new MathRun("1")], denominator: [sup("n", "2")] }),
                    ],
                    subScript: [new MathRun("n=1")],
                    superScript: [new MathRun("∞")],
                  }),
                  new MathRun("="),
                  new MathFraction({ numerator: [sup("π", "2")], denominator: [new MathRun("6")] }),
                ],
              }),
            ],
          }),
          new Paragraph({
            children: [
              new OfficeMath({
                children: [
                  new MathIntegral({
                    children: [sup("e", "−x"), new MathRun("dx")],
                    subScript: [new MathRun("−∞")],
                    superScript: [new MathRun("∞")],
                  }),
                  new MathRun("="),
                  new MathRadical({ children: [new MathRun("π")] }),
                ],
              }),
            ],
          }),
          new Paragraph({
            children: [
              new TextRun(lang === "en" ? "Also " : "又有 "),
              new OfficeMath({
                children:
                  lang === "en"
                    ? [
                        new MathFunction({ name: [new MathRun("sin")], children: [new MathRun("x")] }),
                        new MathRun("+"),
                        new MathRadical({ children: [new MathRun("y")], degree: [new MathRun("3")] }),
                      ]
                    : [
                        new MathRun("v="),
                        new MathFraction({
                          numerator: [new MathRun("Δs")],
                          denominator: [new MathRun("Δt")],
                        }),
                      ],
              }),
              new TextRun(lang === "en" ? " is a sum." : " 是平均速度。"),
            ],
          }),
          new Paragraph({
            children: [
              new TextRun(`${t.objectBefore} `),
              new TextRun("OLE_EQUATION"),
              new TextRun(` ${t.objectAfter}`),
            ],
          }),
          new Paragraph({
            children: [
              new TextRun(`${t.pictureBefore} `),
              picture("Equation: the area of a circle"),
              new TextRun(` ${t.pictureAfter}`),
              picture("A portrait of Euler"),
            ],
          }),
        ],
      },
    ],
  });
  const zip = await JSZip.loadAsync(await Packer.toBuffer(doc));
  let xml = await zip.file("word/document.xml")!.async("string");
  // Word keeps an equation on a line of its own in m:oMathPara: the two paragraphs made of one equation only
  xml = xml.replace(
    /<w:p>(<m:oMath>[\s\S]*?<\/m:oMath>)<\/w:p>/g,
    "<w:p><m:oMathPara>$1</m:oMathPara></w:p>",
  );
  // the Gaussian integral's exponent is −x²: the docx library cannot nest scripts, so it is patched in
  xml = xml.replace(
    "<m:sup><m:r><m:t>−x</m:t></m:r></m:sup>",
    "<m:sup><m:r><m:t>−</m:t></m:r><m:sSup><m:e><m:r><m:t>x</m:t></m:r></m:e><m:sup><m:r><m:t>2</m:t></m:r></m:sup></m:sSup></m:sup>",
  );
  // an Equation Editor 3 object (an OLE object with a preview picture), as Word 97–2003 inserted them
  xml = xml.replace(
    /<w:r>(?:<w:rPr\/>)?<w:t xml:space="preserve">OLE_EQUATION<\/w:t><\/w:r>/,
    '<w:r><w:object w:dxaOrig="1440" w:dyaOrig="620"><v:shape id="_x0000_i1025" type="#_x0000_t75" style="width:72pt;height:31pt" o:ole=""><v:imagedata r:id="rId90" o:title=""/></v:shape><o:OLEObject Type="Embed" ProgID="Equation.3" ShapeID="_x0000_i1025" DrawAspect="Content" ObjectID="_1234567890" r:id="rId91"/></w:object></w:r>',
  );
  if (xml.includes("OLE_EQUATION")) throw new Error("the OLE equation was not patched in");
  zip.file("word/document.xml", xml);
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

const mr = (text: string, plain = false) =>
  `<m:r>${plain ? '<m:rPr><m:sty m:val="p"/></m:rPr>' : ""}<m:t>${text}</m:t></m:r>`;
const msub = (base: string, sub: string) =>
  `<m:sSub><m:e>${mr(base)}</m:e><m:sub>${mr(sub)}</m:sub></m:sSub>`;
const mfunc = (name: string, arg: string) =>
  `<m:func><m:funcPr/><m:fName>${mr(name, true)}</m:fName><m:e>${mr(arg)}</m:e></m:func>`;

/** The Fourier series of the issue, as PowerPoint writes it. */
const FOURIER =
  `${mr("f")}<m:d><m:dPr/><m:e>${mr("x")}</m:e></m:d>${mr("=")}` +
  `<m:f><m:num>${msub("a", "0")}</m:num><m:den>${mr("2")}</m:den></m:f>${mr("+")}` +
  `<m:nary><m:naryPr><m:chr m:val="∑"/><m:limLoc m:val="undOvr"/></m:naryPr><m:sub>${mr("n=1")}</m:sub><m:sup>${mr("∞")}</m:sup>` +
  `<m:e><m:d><m:dPr/><m:e>${msub("a", "n")}${mfunc("cos", "nx")}${mr("+")}${msub("b", "n")}${mfunc("sin", "nx")}</m:e></m:d></m:e></m:nary>`;

const SPEED_TEXT =
  `<m:r><m:rPr><m:nor/></m:rPr><m:t>速度</m:t></m:r>${mr("=")}` +
  `<m:f><m:num><m:r><m:rPr><m:nor/></m:rPr><m:t>路程</m:t></m:r></m:num><m:den><m:r><m:rPr><m:nor/></m:rPr><m:t>时间</m:t></m:r></m:den></m:f>`;

/** A text box with an inline and a display equation, as PowerPoint 2010 and later store it. */
function mathShape(id: number, before: string, inline: string, after: string, display: string): string {
  const run = (text: string) => `<a:r><a:rPr lang="en-US" dirty="0"/><a:t>${text}</a:t></a:r>`;
  const body = (math: boolean) =>
    `<p:txBody><a:bodyPr wrap="square"><a:spAutoFit/></a:bodyPr><a:lstStyle/>` +
    `<a:p>${run(before)}${math ? `<a14:m><m:oMath ${M_NS}>${inline}</m:oMath></a14:m>` : ""}${run(after)}</a:p>` +
    `<a:p>${math ? `<a14:m><m:oMathPara ${M_NS}><m:oMathParaPr><m:jc m:val="centerGroup"/></m:oMathParaPr><m:oMath>${display}</m:oMath></m:oMathPara></a14:m>` : run(" ")}<a:endParaRPr lang="en-US"/></a:p>` +
    `</p:txBody>`;
  const nv = `<p:nvSpPr><p:cNvPr id="${id}" name="TextBox ${id}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>`;
  const xfrm = `<a:xfrm><a:off x="457200" y="2743200"/><a:ext cx="8229600" cy="1600200"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>`;
  return (
    `<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">` +
    `<mc:Choice xmlns:a14="http://schemas.microsoft.com/office/drawing/2010/main" Requires="a14">` +
    `<p:sp>${nv}<p:spPr>${xfrm}<a:noFill/></p:spPr>${body(true)}</p:sp></mc:Choice>` +
    `<mc:Fallback><p:sp>${nv}<p:spPr>${xfrm}<a:blipFill><a:blip r:embed="rId99"/><a:stretch><a:fillRect/></a:stretch></a:blipFill></p:spPr>${body(false)}</p:sp></mc:Fallback>` +
    `</mc:AlternateContent>`
  );
}

/** An Equation Editor 3 object on a slide. */
const OLE_FRAME =
  `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="20" name="Object 19"/><p:cNvGraphicFramePr><a:graphicFrameLocks noChangeAspect="1"/></p:cNvGraphicFramePr><p:nvPr/></p:nvGraphicFramePr>` +
  `<p:xfrm><a:off x="457200" y="4572000"/><a:ext cx="2000000" cy="600000"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/presentationml/2006/ole">` +
  `<p:oleObj spid="_x0000_s1026" name="Equation" r:id="rId98" imgW="914400" imgH="304800" progId="Equation.3"><p:embed/></p:oleObj>` +
  `</a:graphicData></a:graphic></p:graphicFrame>`;

/** OMML of equations the PowerPoint deck shows on their own line. */
const LATEX_OMML = {
  basel:
    `<m:nary><m:naryPr><m:chr m:val="∑"/><m:limLoc m:val="undOvr"/></m:naryPr><m:sub>${mr("n=1")}</m:sub><m:sup>${mr("∞")}</m:sup>` +
    `<m:e><m:f><m:num>${mr("1")}</m:num><m:den><m:sSup><m:e>${mr("n")}</m:e><m:sup>${mr("2")}</m:sup></m:sSup></m:den></m:f></m:e></m:nary>${mr("=")}` +
    `<m:f><m:num><m:sSup><m:e>${mr("π")}</m:e><m:sup>${mr("2")}</m:sup></m:sSup></m:num><m:den>${mr("6")}</m:den></m:f>`,
};

/** A PPTX: a title slide, then a slide with the Fourier series inline and a display equation, then an OLE equation. */
export async function mathPptx(lang: MathLanguage): Promise<Buffer> {
  const t = MATH_TEXT[lang];
  const deck = new PptxGenJS();
  deck.title = t.title;
  deck.addSlide().addText(t.title, { x: 0.5, y: 1, w: 9, h: 1, fontSize: 36 });
  deck.addSlide().addText(lang === "en" ? "Fourier series" : "傅里叶级数", { x: 0.5, y: 0.3, w: 9, h: 0.8 });
  deck.addSlide().addText(lang === "en" ? "Equation objects" : "公式对象", { x: 0.5, y: 0.3, w: 9, h: 0.8 });
  const zip = await JSZip.loadAsync((await deck.write({ outputType: "nodebuffer" })) as Buffer);
  const slide2 = await zip.file("ppt/slides/slide2.xml")!.async("string");
  const shape =
    lang === "en"
      ? mathShape(10, "A periodic function is ", FOURIER, " as a Fourier series.", LATEX_OMML.basel)
      : mathShape(10, "周期函数展开为 ", FOURIER, " 即傅里叶级数。", SPEED_TEXT);
  zip.file("ppt/slides/slide2.xml", slide2.replace("</p:spTree>", `${shape}</p:spTree>`));
  const slide3 = await zip.file("ppt/slides/slide3.xml")!.async("string");
  const words =
    `<p:sp><p:nvSpPr><p:cNvPr id="21" name="TextBox 21"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr/>` +
    `<p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US"/><a:t>${t.objectBefore}</a:t></a:r></a:p></p:txBody></p:sp>`;
  const pic = (id: number, descr: string) =>
    `<p:pic><p:nvPicPr><p:cNvPr id="${id}" name="Picture ${id}" descr="${descr}"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr>` +
    `<p:blipFill><a:blip r:embed="rId97"/></p:blipFill><p:spPr/></p:pic>`;
  zip.file(
    "ppt/slides/slide3.xml",
    slide3.replace(
      "</p:spTree>",
      `${words}${OLE_FRAME}${pic(22, "Formula: the area of a circle")}${pic(23, "A portrait of Euler")}</p:spTree>`,
    ),
  );
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}
