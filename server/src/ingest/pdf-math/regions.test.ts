import { describe, expect, it } from "vitest";
import { recoverFormulas, type MathTextItem, type PageFont } from "./regions";

const FONTS: Record<string, PageFont> = {
  it: { name: "ABCDEF+CMMI10", type3: false },
  rm: { name: "ABCDEF+CMR10", type3: false },
  sf: { name: "ABCDEF+CMSS10", type3: false },
  sfit: { name: "ABCDEF+CMSSI10", type3: false },
  ex: { name: "ABCDEF+CMEX10", type3: false },
  // mathpazo (Palatino): Latin maths letters in the text italic, Greek in PazoMath-Italic, symbols in PazoMath
  pplr: { name: "BILJZK+URWPalladioL-Roma", type3: false },
  ppli: { name: "JEZPIB+URWPalladioL-Ital", type3: false },
  pzmi: { name: "RNMYMQ+PazoMath-Italic", type3: false },
  pzm: { name: "JDWYTP+PazoMath", type3: false },
};

/** A text item of `font` at (x, baseline y); its width from an em per character unless told. */
function item(
  str: string,
  font: string,
  x: number,
  y: number,
  width = str.length * 5,
  size = 10,
): MathTextItem {
  return { str, fontName: font, transform: [size, 0, 0, size, x, y], width, height: size };
}

/** The page's rules were not read (null) or were read (a list; here without bars). */
const recover = (items: MathTextItem[], rules: [] | null = null) =>
  recoverFormulas(
    items,
    (id) => FONTS[id],
    rules,
    () => true,
  )
    .map((i) => i.str)
    .join("|");

describe("formula regions of a page", () => {
  it("infers fraction bars when the page's rules were not read", () => {
    // "x = 1/3" displayed, the operator list unread (its fonts were met on an earlier page)
    const items = [
      item("x", "it", 100, 500, 5.7),
      item("=", "rm", 109, 500, 7.7),
      item("1", "rm", 120, 506.8, 5),
      item("3", "rm", 120, 493.2, 5),
    ];
    expect(recover(items)).toBe("$$x=\\frac{1}{3}$$");
  });

  it("tells a tall parenthesis of a Unicode-mapped extension font (xdvipdfmx) by its width: a matrix", () => {
    // A = ( 2 1 / 1 2 ): \\bigg parentheses 0.74 em wide; the font's ∑ elsewhere shows its Unicode map
    const items = [
      item("∑", "ex", 60, 600, 14.4),
      item("A", "it", 100, 500, 7.5),
      item("=", "rm", 111, 500, 7.7),
      item("(", "ex", 122, 514, 7.4),
      item("2", "rm", 129.5, 506, 5),
      item("1", "rm", 144.5, 506, 5),
      item("1", "rm", 129.5, 494, 5),
      item("2", "rm", 144.5, 494, 5),
      item(")", "ex", 149.5, 514, 7.4),
    ];
    expect(recover(items, [])).toContain("$$A=\\begin{pmatrix} 2 & 1 \\\\ 1 & 2 \\end{pmatrix}$$");
  });

  it("takes a lone sans-serif italic letter for maths (beamer), but not a word in that font", () => {
    const items = [
      item("The value of", "sf", 50, 500, 56),
      item("x", "sfit", 110, 500, 5),
      item("is", "sf", 119, 500, 7),
      item("small", "sfit", 130, 500, 24),
      item("here.", "sf", 158, 500, 22),
    ];
    expect(recover(items)).toBe("The value of|$x$|is|small|here.");
  });

  it("reads mathpazo's maths (Palatino italic letters, PazoMath Greek and symbols), not its prose italics", () => {
    const items = [
      item("This equation has a solution", "pplr", 72, 623.6, 124),
      item("T", "ppli", 200.4, 623.6, 6),
      item("∝", "pzm", 211.4, 623.6, 7.5),
      item("ρ", "pzmi", 222.7, 623.6, 5.2),
      item(". We define a", "pplr", 228.5, 623.6, 52),
      item("polytropic exponent", "ppli", 284, 623.6, 80),
      item("here.", "pplr", 367, 623.6, 20),
    ];
    expect(recover(items)).toBe(
      "This equation has a solution|$T\\propto\\rho$|. We define a|polytropic exponent|here.",
    );
  });

  it("reads cmex by character code on a page where pdf.js named its brace pieces in the private use area", () => {
    // "p = ∑ y" displayed (cmex's code 0x58 is the display ∑), and below it a brace built from pieces, the
    // top piece given as U+F8F1 (its glyph name bracelefttp): the font is no Unicode-mapped one for that
    const items = [
      item("p", "it", 100, 500, 5),
      item("=", "rm", 108, 500, 7.7),
      item("X", "ex", 119, 510, 14.4),
      item("y", "it", 136, 500, 5),
      item("Here a brace:", "rm", 60, 400, 56),
      item("\uf8f1", "ex", 120, 405, 8.9),
    ];
    expect(recover(items)).toContain("\\sum");
  });

  it("takes a small word of a text font just after a maths letter, off its baseline, for its script: E_{\\mathrm{grav}}", () => {
    const items = [
      item("The energy", "rm", 50, 500, 44),
      item("E", "it", 97, 500, 7.4),
      item("grav", "rm", 104.6, 498.5, 14.5, 7),
      item("is negative; the", "rm", 122, 500, 66),
      item("gravitational", "rm", 191, 500, 52),
      item("energy.", "rm", 246, 500, 30),
    ];
    expect(recover(items)).toBe("The energy|$E_{\\mathrm{grav}}$|is negative; the|gravitational|energy.");
  });

  it("joins an eqnarray row, whose relation stands an em off both its sides, into one formula", () => {
    // "\\theta(\\xi) &=& 2\\xi" displayed: 2\\arraycolsep (10pt) each side of "="
    const items = [
      item("θ", "it", 100, 500, 5),
      item("(", "rm", 105.5, 500, 3.9),
      item("ξ", "it", 109.4, 500, 5),
      item(")", "rm", 114.4, 500, 3.9),
      item("=", "rm", 128.3, 500, 7.8),
      item("2", "rm", 146.1, 500, 5),
      item("ξ", "it", 151.1, 500, 5),
    ];
    expect(recover(items)).toBe("$$\\theta(\\xi)\\quad =\\quad 2\\xi$$");
  });
});
