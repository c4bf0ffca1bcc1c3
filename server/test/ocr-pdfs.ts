/**
 * Image-only PDFs for the OCR tests and `npm run bench:ocr`, made from the real fixtures: pages rendered by
 * poppler (pdftoppm), embedded as pictures with pdf-lib; the reference text is the fixture's own text layer
 * (pdftotext). Also a handwriting-like page and a page whose text layer maps to private-use code points.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDict, PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import type { SourceDocument } from "@beannote/contract";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const fixture = (name: string) => path.resolve(repoRoot, "../shared/fixtures/documents", name);

/** A region of a page in pixels at `dpi` (pdftoppm's and pdftotext's -x -y -W -H). */
export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

const cropArgs = (dpi: number, crop?: Crop) => [
  "-r",
  String(dpi),
  ...(crop
    ? ["-x", String(crop.x), "-y", String(crop.y), "-W", String(crop.width), "-H", String(crop.height)]
    : []),
];

/** One page (or a region of it) rendered to a grey PNG. */
export function renderPage(file: string, page: number, dpi: number, crop?: Crop): Buffer {
  return execFileSync(
    "pdftoppm",
    ["-f", String(page), "-l", String(page), ...cropArgs(dpi, crop), "-gray", "-png", file],
    { maxBuffer: 256 * 1024 * 1024, stdio: ["ignore", "pipe", "ignore"] },
  );
}

/** The text layer of one page (or a region of it), as poppler reads it. */
export function textLayer(file: string, page: number, dpi = 72, crop?: Crop): string {
  return execFileSync(
    "pdftotext",
    ["-f", String(page), "-l", String(page), ...cropArgs(dpi, crop), file, "-"],
    {
      stdio: ["ignore", "pipe", "ignore"],
    },
  ).toString("utf8");
}

/** A PDF page of picture only: no text layer at all, like a scan. */
export interface ImagePage {
  png: Buffer;
  /** The resolution the picture was made at: sets the page's size in points. */
  dpi: number;
}

/** A PDF whose pages are the given pictures (and, for `copyFrom`, real pages of another PDF first). */
export async function imageOnlyPdf(
  pages: (ImagePage | { copyFrom: string | Buffer; page: number })[],
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (const p of pages) {
    if ("copyFrom" in p) {
      const source = await PDFDocument.load(
        typeof p.copyFrom === "string" ? readFileSync(p.copyFrom) : p.copyFrom,
      );
      const [copied] = await pdf.copyPages(source, [p.page - 1]);
      pdf.addPage(copied!);
      continue;
    }
    const meta = await sharp(p.png).metadata();
    const image = await pdf.embedPng(p.png);
    const width = ((meta.width ?? 1) * 72) / p.dpi;
    const height = ((meta.height ?? 1) * 72) / p.dpi;
    pdf.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  }
  return Buffer.from(await pdf.save());
}

/** A line of prose (mostly CJK, no formula) with its box in points from the top-left. */
interface ProseLine {
  page: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  text: string;
}

function proseLines(file: string, pages: number[]): ProseLine[] {
  const out: ProseLine[] = [];
  for (const page of pages) {
    const html = execFileSync(
      "pdftotext",
      ["-f", String(page), "-l", String(page), "-bbox-layout", file, "-"],
      { stdio: ["ignore", "pipe", "ignore"] },
    ).toString("utf8");
    for (const m of html.matchAll(
      /<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([\s\S]*?)<\/line>/g,
    )) {
      const text = [...m[5]!.matchAll(/>([^<]*)<\/word>/g)].map((w) => w[1]).join("");
      const cjk = (text.match(/[\u4e00-\u9fff，。：；、（）]/g) ?? []).length;
      if (text.length >= 15 && cjk / text.length > 0.85)
        out.push({
          page,
          xMin: Number(m[1]),
          yMin: Number(m[2]),
          xMax: Number(m[3]),
          yMax: Number(m[4]),
          text,
        });
    }
  }
  return out;
}

/**
 * A page of Chinese prose from the Chinese lecture notes: the fixture's lines without formulas (most of its
 * pages are formulas, which no OCR engine reads as text), each rendered by poppler and stacked as a scan.
 * The reference is those lines' text layer.
 */
export async function chineseProsePage(
  lineCount = 14,
  dpi = 200,
): Promise<{ page: ImagePage; reference: string }> {
  const file = fixture("zh-lecture-notes-math-physics-methods.pdf");
  const lines = proseLines(
    file,
    Array.from({ length: 24 }, (_, i) => i + 1),
  ).slice(0, lineCount);
  const scale = dpi / 72;
  // Each line alone: a formula beside it on the same band is not part of the prose.
  const crops = lines.map((l) =>
    renderPage(file, l.page, dpi, {
      x: Math.max(0, Math.floor((l.xMin - 4) * scale)),
      y: Math.floor((l.yMin - 3) * scale),
      width: Math.ceil((l.xMax - l.xMin + 8) * scale),
      height: Math.ceil((l.yMax - l.yMin + 6) * scale),
    }),
  );
  const sizes = await Promise.all(crops.map((c) => sharp(c).metadata()));
  const gap = Math.round(8 * scale);
  const margin = Math.round(40 * scale);
  const width = Math.max(...sizes.map((m) => m.width ?? 0)) + 2 * margin;
  const height = sizes.reduce((sum, m) => sum + (m.height ?? 0) + gap, 2 * margin);
  let top = margin;
  const png = await sharp({ create: { width, height, channels: 3, background: "white" } })
    .composite(
      crops.map((input, i) => {
        const at = top;
        top += (sizes[i]!.height ?? 0) + gap;
        return { input, left: margin, top: at };
      }),
    )
    .grayscale()
    .png()
    .toBuffer();
  return { page: { png, dpi }, reference: lines.map((l) => l.text).join("\n") };
}

/** A page of handwriting-like scribbles over soft blobs (a photo): nothing on it is text. */
export async function scribblePage(dpi = 150): Promise<ImagePage> {
  const width = Math.round(6 * dpi);
  const height = Math.round(3 * dpi);
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  let shapes = "";
  for (let i = 0; i < 20; i++) {
    const shade = Math.floor(160 + rnd() * 90);
    shapes += `<circle cx="${rnd() * width}" cy="${rnd() * height}" r="${30 + rnd() * 150}" fill="rgb(${shade},${shade},${shade})" opacity="0.5"/>`;
  }
  for (let row = 0; row * 62 + 150 < height; row++) {
    const y = 90 + row * 62;
    let x = 100;
    while (x < width - 140) {
      let d = `M ${x} ${y}`;
      const n = 3 + Math.floor(rnd() * 5);
      for (let k = 0; k < n; k++) {
        x += 8 + rnd() * 14;
        d += ` Q ${x - 5} ${y - 10 - rnd() * 25} ${x} ${y + (rnd() - 0.5) * 12}`;
      }
      shapes += `<path d="${d}" stroke="black" stroke-width="${2 + rnd() * 2}" fill="none"/>`;
      x += 18 + rnd() * 20;
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="white"/>${shapes}</svg>`;
  return { png: await sharp(Buffer.from(svg)).grayscale().png().toBuffer(), dpi };
}

/**
 * A page that shows English text but whose text layer is private-use code points: Helvetica with a
 * ToUnicode map sending every character to U+E0xx (what a font with a broken Unicode map gives).
 */
export async function brokenUnicodePdf(paragraphs: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 420]);
  let y = 370;
  for (const text of paragraphs) {
    const words = text.split(" ");
    let line = "";
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, 12) > 495) {
        page.drawText(line, { x: 50, y, size: 12, font });
        y -= 17;
        line = word;
      } else line = next;
    }
    page.drawText(line, { x: 50, y, size: 12, font });
    y -= 28;
  }
  const cmap = [
    "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
    "/CMapName /Broken def /CMapType 2 def",
    "1 begincodespacerange <00> <FF> endcodespacerange",
    "1 beginbfrange <20> <7E> <E020> endbfrange",
    "endcmap CMapName currentdict /CMap defineresource pop end end",
  ].join("\n");
  await pdf.flush(); // writes the font's dictionary
  const toUnicode = pdf.context.register(pdf.context.stream(cmap));
  pdf.context.lookup(font.ref, PDFDict).set(PDFName.of("ToUnicode"), toUnicode);
  return Buffer.from(await pdf.save());
}

/** A PPTX whose slides are either a text box or one picture (a photographed slide): no text of its own. */
export async function pictureDeck(slides: ({ text: string } | { png: Buffer })[]): Promise<Buffer> {
  const { default: JSZip } = await import("jszip");
  const zip = new JSZip();
  const P = "http://schemas.openxmlformats.org/presentationml/2006/main";
  const A = "http://schemas.openxmlformats.org/drawingml/2006/main";
  const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  zip.file(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>${slides.map((_, i) => `<Override PartName="/ppt/slides/slide${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`).join("")}</Types>`,
  );
  zip.file(
    "_rels/.rels",
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
  );
  zip.file(
    "ppt/presentation.xml",
    `<?xml version="1.0" encoding="UTF-8"?><p:presentation xmlns:p="${P}" xmlns:r="${R}"><p:sldIdLst>${slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`).join("")}</p:sldIdLst></p:presentation>`,
  );
  zip.file(
    "ppt/_rels/presentation.xml.rels",
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${slides.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/slide" Target="slides/slide${i + 1}.xml"/>`).join("")}</Relationships>`,
  );
  slides.forEach((slide, i) => {
    const n = i + 1;
    const shape =
      "text" in slide
        ? `<p:sp><p:nvSpPr><p:cNvPr id="2" name="Text"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:p><a:r><a:t>${slide.text}</a:t></a:r></a:p></p:txBody></p:sp>`
        : `<p:pic><p:nvPicPr><p:cNvPr id="2" name="Picture"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:embed="rIdImg"/></p:blipFill><p:spPr/></p:pic>`;
    zip.file(
      `ppt/slides/slide${n}.xml`,
      `<?xml version="1.0" encoding="UTF-8"?><p:sld xmlns:p="${P}" xmlns:a="${A}" xmlns:r="${R}"><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shape}</p:spTree></p:cSld></p:sld>`,
    );
    if ("png" in slide) {
      zip.file(`ppt/media/image${n}.png`, slide.png);
      zip.file(
        `ppt/slides/_rels/slide${n}.xml.rels`,
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdImg" Type="${REL}/image" Target="../media/image${n}.png"/></Relationships>`,
      );
    }
  });
  return zip.generateAsync({ type: "nodebuffer" });
}

/** The text of one page: its blocks, and the headings of the sections that start on it. */
export const textOfPage = (doc: SourceDocument, page: number) =>
  doc.sections
    .flatMap((s) => [
      ...(s.blocks[0]?.page === page ? [s.heading] : []),
      ...s.blocks.filter((b) => b.page === page).map((b) => b.text ?? b.items?.join("\n") ?? ""),
    ])
    .join("\n");
