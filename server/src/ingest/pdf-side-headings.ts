import type { Line } from "./parse-pdf";
import { joinLines } from "./text";

/** A line that only numbers a section ("2.3.59.1.1", "§ 4", "IV."): it belongs to the heading beside it. */
const SECTION_NUMBER = /^(?:§\s*)?(?:\d{1,3}\.)*\d{1,3}\.?$|^[IVXLC]{1,6}\.?$/u;
/** The longest line a side column holds: a few words. */
const SIDE_LINE_MAX = 60;

/** The font that sets most characters of some lines (undefined when none carries a font, as OCR's lines). */
function dominantFont(lines: Line[]): string | undefined {
  const chars = new Map<string, number>();
  for (const l of lines) if (l.font) chars.set(l.font, (chars.get(l.font) ?? 0) + l.text.length);
  let best: string | undefined;
  for (const [font, n] of chars) if (best === undefined || n > chars.get(best)!) best = font;
  return best;
}

const sameBaseline = (a: Line, b: Line) => Math.abs(a.y - b.y) < Math.min(a.size, b.size) * 0.4;

/**
 * Headings set in a side column: a narrow column at the page's left edge, beside the body text, whose blocks of
 * short lines each start level with a line of the body and are set (at least in part) in another font than
 * the body's ("2.3.59.1.1 / (01-17-2023) / Background" beside "(1) The Business Master file …", or a bold
 * "1.1 Назначение / справочника" beside its paragraph). Read line by line they interleave with the body
 * ("(01-17-2023) on the Business Master File …"); here each block becomes one line marked as a heading, level
 * with the body line it stands beside, so that it is read first and never joined to the text. A section number
 * in the body font stays in the heading; a line of the block without a letter (a revision date) is dropped; a
 * line with words in the body font is a margin note, kept as a line of its own after the heading.
 *
 * A page without such a column (one column of text, two equal columns, a table) is returned as it is.
 */
export function sideColumnHeadings(lines: Line[]): Line[] {
  if (lines.length < 4) return lines;
  let left = Infinity;
  let right = -Infinity;
  for (const l of lines) {
    left = Math.min(left, l.x0);
    right = Math.max(right, l.x1);
  }
  const width = right - left;
  if (width <= 0) return lines;
  // short lines at the left edge with a line of their own baseline to their right: the gutter is where the
  // nearest of those right-hand lines starts
  const atEdge = (l: Line) => l.x0 < left + Math.max(2, l.size * 0.3);
  let gutter = Infinity;
  for (const a of lines) {
    if (!atEdge(a) || a.x1 - left > width * 0.35) continue;
    for (const b of lines)
      if (b !== a && sameBaseline(a, b) && b.x0 > a.x1 + a.size * 0.5) gutter = Math.min(gutter, b.x0);
  }
  if (!Number.isFinite(gutter) || gutter - left > width * 0.4) return lines;
  const body = lines.filter((l) => l.x0 >= gutter - 1);
  const side = lines.filter((l) => l.x1 < gutter && atEdge(l) && l.text.length <= SIDE_LINE_MAX);
  // the body is the page's text: several lines reaching across the rest of the page
  const wide = body.filter((l) => l.x1 > left + width * 0.7);
  if (wide.length < 3) return lines;
  // a heading stands within the text's height, not beside a running header or footer at the page's edge
  const textTop = Math.max(...wide.map((l) => l.y + l.size));
  const textBottom = Math.min(...wide.map((l) => l.y - l.size * 3));
  const sideChars = side.reduce((n, l) => n + l.text.length, 0);
  if (sideChars > lines.reduce((n, l) => n + l.text.length, 0) * 0.3) return lines;
  const bodyFont = dominantFont(body);
  if (bodyFont === undefined) return lines;
  // blocks: side lines one under another at a line's spacing
  side.sort((a, b) => b.y - a.y);
  const blocks: Line[][] = [];
  for (const l of side) {
    const block = blocks[blocks.length - 1];
    const last = block?.[block.length - 1];
    if (block && last && last.y - l.y < Math.max(last.size, l.size) * 1.6) block.push(l);
    else blocks.push([l]);
  }
  const replaced = new Map<Line, Line[]>();
  for (const block of blocks) {
    const top = block[0]!;
    // it stands beside a body paragraph: a body-font line on its first line's baseline
    const beside = body.find((b) => sameBaseline(top, b) && b.font === bodyFont);
    if (!beside || beside.y > textTop || beside.y < textBottom) continue;
    const inHeadingFont = block.filter((l) => l.font !== undefined && l.font !== bodyFont);
    if (inHeadingFont.length === 0) continue;
    let heading = "";
    const notes: Line[] = [];
    for (const [i, l] of block.entries()) {
      if (inHeadingFont.includes(l) || (i === 0 && SECTION_NUMBER.test(l.text)))
        heading = !heading ? l.text : heading.endsWith("/") ? heading + l.text : joinLines(heading, l.text);
      else if (/\p{L}/u.test(l.text)) notes.push(l);
    }
    // a number alone names nothing
    if (!/\p{L}/u.test(heading)) continue;
    const x1 = Math.max(...block.map((l) => l.x1));
    const out: Line[] = [
      { ...top, text: heading, x1, y: beside.y, font: inHeadingFont[0]!.font, role: "heading" },
    ];
    if (notes.length)
      out.push({
        ...notes[0]!,
        text: notes.map((l) => l.text).reduce((a, b) => joinLines(a, b)),
        x1,
        y: beside.y,
        role: "aside",
      });
    replaced.set(top, out);
    for (const l of block.slice(1)) replaced.set(l, []);
  }
  if (replaced.size === 0) return lines;
  return lines.flatMap((l) => replaced.get(l) ?? [l]);
}
