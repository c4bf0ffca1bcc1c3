import { slideTextWidth, type OutputLanguage, type Slide } from "@beannote/contract";
import { detectLanguage } from "../../engine/text";
import { slideLabelsFor } from "../../engine/study-labels";
import { pptxWithEquations } from "./pptx-math";

/** What a .pptx is made of: the deck, its language, and the note's file names for the footers. */
export interface PptxInput {
  title: string;
  outputLanguage: OutputLanguage;
  slides: Slide[];
  /** File names in citation order (source 1 first). */
  sourceNames: string[];
}

/**
 * Fonts per script that PowerPoint has on Windows and macOS; LibreOffice maps each to an installed font
 * with the same script (Noto Sans CJK from fonts-noto-cjk, Liberation Sans for Arial).
 */
const FONTS: Record<string, { face: string; lang: string }> = {
  zh: { face: "Microsoft YaHei", lang: "zh-CN" },
  ja: { face: "Yu Gothic", lang: "ja-JP" },
  ko: { face: "Malgun Gothic", lang: "ko-KR" },
};
const LATIN = { face: "Arial", lang: "en-US" };

const INK = "1F2937";
const MUTED = "6B7280";
const ACCENT = "2F6FEB";
const PAPER = "F5F7FB";

/** The deck's font: chosen by the script of its text (a Chinese deck needs a font with Chinese glyphs). */
export function deckFont(input: PptxInput): { face: string; lang: string } {
  const sample = input.slides
    .map((s) => [s.title, ...s.bullets].join(" "))
    .join(" ")
    .slice(0, 20_000);
  const detected = detectLanguage(`${input.title} ${sample}`);
  const fromOutput = input.outputLanguage.slice(0, 2);
  if (FONTS[detected]) return FONTS[detected];
  // Latin text in a CJK note keeps the note's CJK font, so any CJK word still shows
  return FONTS[fromOutput] && /[\u3000-\u9fff\uac00-\ud7af]/u.test(sample) ? FONTS[fromOutput] : LATIN;
}

const titleSize = (text: string) => {
  const n = [...text].length;
  return n > 70 ? 20 : n > 40 ? 24 : 28;
};

/**
 * Builds the deck as a .pptx: title and content layouts, bullets, tables, speaker notes, citation footers;
 * formulas as Office Math equations.
 */
export async function buildSlidesPptx(input: PptxInput): Promise<Buffer> {
  // Loaded with the first export, not at boot.
  const { default: PptxGenJS } = await import("pptxgenjs");
  const pptx = new PptxGenJS();
  pptx.layout = "LAYOUT_16x9"; // 10 × 5.625 in
  pptx.title = input.title;
  pptx.author = "BeanNote";
  pptx.company = "BeanNote";
  const font = deckFont(input);
  pptx.theme = { headFontFace: font.face, bodyFontFace: font.face };
  const labels = slideLabelsFor(input.outputLanguage);
  const text = { fontFace: font.face, lang: font.lang, color: INK };

  pptx.defineSlideMaster({
    title: "BEANNOTE_TITLE",
    background: { color: PAPER },
    objects: [{ rect: { x: 0, y: 5.35, w: 10, h: 0.275, fill: { color: ACCENT } } }],
  });
  pptx.defineSlideMaster({
    title: "BEANNOTE_CONTENT",
    background: { color: "FFFFFF" },
    objects: [{ rect: { x: 0.5, y: 1.08, w: 1.2, h: 0.05, fill: { color: ACCENT } } }],
    slideNumber: { x: 9.0, y: 5.2, w: 0.6, h: 0.3, fontFace: font.face, fontSize: 10, color: MUTED },
  });

  for (const slide of input.slides) {
    if (slide.kind === "title") {
      const s = pptx.addSlide({ masterName: "BEANNOTE_TITLE" });
      s.addText(slide.title, {
        ...text,
        x: 0.7,
        y: 1.4,
        w: 8.6,
        h: 1.6,
        fontSize: titleSize(slide.title) + 6,
        bold: true,
        valign: "bottom",
        fit: "shrink",
      });
      if (slide.bullets.length) {
        s.addText(slide.bullets.join("\n"), {
          ...text,
          x: 0.7,
          y: 3.15,
          w: 8.6,
          h: 1.2,
          fontSize: 16,
          color: MUTED,
          valign: "top",
        });
      }
      if (slide.notes) s.addNotes(slide.notes);
      continue;
    }

    const s = pptx.addSlide({ masterName: "BEANNOTE_CONTENT" });
    s.addText(slide.title, {
      ...text,
      x: 0.5,
      y: 0.25,
      w: 9,
      h: 0.8,
      fontSize: titleSize(slide.title),
      bold: true,
      valign: "bottom",
      fit: "shrink",
    });
    const table = slide.table?.rows.length ? slide.table.rows : null;
    const bulletsHeight = table ? Math.min(1.6, 0.42 * slide.bullets.length + 0.2) : 3.85;
    if (slide.bullets.length) {
      s.addText(
        slide.bullets.map((b) => ({
          text: b,
          options: { bullet: { indent: 18 }, paraSpaceAfter: 8, breakLine: true },
        })),
        {
          ...text,
          x: 0.6,
          y: 1.25,
          w: 8.8,
          h: bulletsHeight,
          fontSize: bulletFontSize(slide.bullets, bulletsHeight, table !== null),
          valign: "top",
          fit: "shrink",
        },
      );
    }
    if (table) {
      const columns = Math.max(...table.map((r) => r.length));
      const top = 1.3 + (slide.bullets.length ? bulletsHeight : 0);
      s.addTable(
        table.map((row, r) =>
          Array.from({ length: columns }, (_, c) => ({
            text: row[c] ?? "",
            options: r === 0 ? { bold: true, fill: { color: "E8EEFB" } } : {},
          })),
        ),
        {
          ...text,
          x: 0.6,
          y: top,
          w: 8.8,
          colW: Array<number>(columns).fill(8.8 / columns),
          fontSize: table.length > 5 ? 10 : 12,
          border: { type: "solid", pt: 0.5, color: "C9D2E3" },
          valign: "middle",
          autoPage: false,
        },
      );
    }
    if (slide.citation) {
      const name = input.sourceNames[slide.citation.source - 1] || `#${slide.citation.source}`;
      s.addText(labels.source(name, slide.citation.page), {
        ...text,
        x: 0.5,
        y: 5.2,
        w: 8.3,
        h: 0.3,
        fontSize: 10,
        color: MUTED,
      });
    }
    if (slide.notes) s.addNotes(slide.notes);
  }
  return pptxWithEquations((await pptx.write({ outputType: "nodebuffer" })) as Buffer);
}

/**
 * The largest size (20 pt down to 14) at which the bullets fill no more than their box, estimated from their
 * length (a CJK character is as wide as two Latin ones): not every program that opens the file shrinks text.
 */
function bulletFontSize(bullets: string[], heightInches: number, withTable: boolean): number {
  const widthPoints = 8.8 * 72 - 18;
  for (const size of withTable || bullets.length > 4 ? [18, 16, 14] : [20, 18, 16, 14]) {
    const perLine = widthPoints / (size * 0.5);
    const lines = bullets.reduce((n, b) => n + Math.max(1, Math.ceil(slideTextWidth(b) / perLine)), 0);
    if (lines * size * 1.2 + bullets.length * 8 <= heightInches * 72) return size;
  }
  return 14;
}
