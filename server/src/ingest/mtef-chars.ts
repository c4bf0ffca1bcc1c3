/**
 * The characters of an MTEF equation: MTEF typefaces, the Symbol font's 8-bit positions, MTCode (Unicode
 * and MathType's private spaces), and the LaTeX of characters, big operators, fences and embellishments.
 */
import { MtefError, type MtefChar } from "./mtef-reader";
import { DELIMITERS, SYMBOLS, textEscape } from "./omml";

export const TF_TEXT = 1;
export const TF_FUNCTION = 2;
const TF_LCGREEK = 4;
const TF_UCGREEK = 5;
const TF_SYMBOL = 6;
const TF_VECTOR = 7;
const TF_MTEXTRA = 11;
export const TF_TEXT_FE = 12;
export const TF_MARKER = 23;
export const TF_SPACE = 24;

/** The Symbol font's positions 0x20–0xFF as Unicode ("\0": nothing there). */
const SYMBOL_FONT =
  " !∀#∃%&∋()∗+,−./0123456789:;<=>?≅ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ[∴]⊥_‾αβχδεφγηιϕκλμνοπθρστυϖωξψζ{|}∼\0" +
  "\0".repeat(32) +
  "€ϒ′≤⁄∞ƒ♣♦♥♠↔←↑→↓°±″≥×∝∂•÷≠≡≈…⏐⎯↵ℵℑℜ℘⊗⊕∅∩∪⊃⊇⊄⊂⊆∈∉∠∇®©™∏√⋅¬∧∨⇔⇐⇑⇒⇓◊〈®©™∑⎛⎜⎝⎡⎢⎣⎧⎨⎩⎪\0〉∫⌠⎮⌡⎞⎟⎠⎤⎥⎦⎫⎬⎭\0";

/** Big operators as LaTeX draws them; MathType's ∪/∩ in a union template are the big ones. */
export const BIG_OPERATORS: Record<string, string> = {
  "∑": "\\sum",
  "∏": "\\prod",
  "∐": "\\coprod",
  "∪": "\\bigcup",
  "⋃": "\\bigcup",
  "∩": "\\bigcap",
  "⋂": "\\bigcap",
  "∫": "\\int",
  "∬": "\\iint",
  "∭": "\\iiint",
  "∮": "\\oint",
  "∯": "\\oiint",
  "∰": "\\oiiint",
  "⋁": "\\bigvee",
  "⋀": "\\bigwedge",
  "⨁": "\\bigoplus",
  "⨂": "\\bigotimes",
  "⨀": "\\bigodot",
};

/** Fence selectors 0–8 (angle, paren, brace, bracket, bar, double bar, floor, ceiling, white bracket): their brackets. */
export const FENCES: [string, string][] = [
  ["\\langle", "\\rangle"],
  ["(", ")"],
  ["\\{", "\\}"],
  ["[", "]"],
  ["\\vert", "\\vert"],
  ["\\Vert", "\\Vert"],
  ["\\lfloor", "\\rfloor"],
  ["\\lceil", "\\rceil"],
  ["[", "]"],
];

/** Embellishments (MTEF embell codes) as a wrapper of the character's LaTeX. */
export const EMBELLISHMENTS: Record<number, (x: string) => string> = {
  2: (x) => `\\dot{${x}}`,
  3: (x) => `\\ddot{${x}}`,
  4: (x) => `\\dddot{${x}}`,
  5: (x) => `${x}'`,
  6: (x) => `${x}''`,
  7: (x) => `{}^{\\backprime}${x}`,
  8: (x) => `\\tilde{${x}}`,
  9: (x) => `\\hat{${x}}`,
  10: (x) => `\\not{${x}}`,
  11: (x) => `\\vec{${x}}`,
  12: (x) => `\\overleftarrow{${x}}`,
  13: (x) => `\\overleftrightarrow{${x}}`,
  14: (x) => `\\overrightharpoon{${x}}`,
  15: (x) => `\\overleftharpoon{${x}}`,
  17: (x) => `\\bar{${x}}`,
  18: (x) => `${x}'''`,
  19: (x) => `\\overgroup{${x}}`,
  21: (x) => `\\xcancel{${x}}`,
  22: (x) => `\\cancel{${x}}`,
  23: (x) => `\\bcancel{${x}}`,
  24: (x) => `\\ddddot{${x}}`,
  25: (x) => `\\underset{.}{${x}}`,
  26: (x) => `\\underset{..}{${x}}`,
  27: (x) => `\\underset{...}{${x}}`,
  28: (x) => `\\underset{....}{${x}}`,
  29: (x) => `\\underline{${x}}`,
  30: (x) => `\\utilde{${x}}`,
  31: (x) => `\\undergroup{${x}}`,
  32: (x) => `\\undergroup{${x}}`,
  33: (x) => `\\underrightarrow{${x}}`,
  34: (x) => `\\underleftarrow{${x}}`,
  35: (x) => `\\underleftrightarrow{${x}}`,
  36: (x) => `\\underrightarrow{${x}}`,
  37: (x) => `\\underleftarrow{${x}}`,
};

export const RELATIONS = new Set("=<>≤≥≠≈≡≅∼≃∝≪≫⊂⊃⊆⊇∈∉→←⇒⇐⇔↔⩽⩾");

/** The character a CHAR record stands for, as a Unicode string ("" for none). */
export function unicodeOf(c: MtefChar): string {
  let code = c.code;
  if (c.fontCode && (c.typeface === TF_LCGREEK || c.typeface === TF_UCGREEK || c.typeface === TF_SYMBOL)) {
    return code >= 0x20 && code <= 0xff ? SYMBOL_FONT[code - 0x20]!.replace("\0", "") : "";
  }
  if (c.fontCode && c.typeface === TF_MTEXTRA) throw new MtefError(`MT Extra position ${code}`);
  // Windows' Symbol font characters sit at F020–F0FF
  if (code >= 0xf020 && code <= 0xf0ff) return SYMBOL_FONT[code - 0xf020]!.replace("\0", "");
  if (code >= 0xe000 && code <= 0xf8ff) throw new MtefError(`private character ${code.toString(16)}`);
  if (code >= 0xd800 && code <= 0xdfff) throw new MtefError("surrogate");
  code = code === 0x2212 ? 0x2d : code;
  return code === 0 ? "" : String.fromCodePoint(code);
}

/** One character in math: as is, as a command, or as text. */
export function mathChar(ch: string, typeface: number): string {
  if (!ch || /[\u2061-\u2064\u200b-\u200d\ufeff]/u.test(ch)) return "";
  if (ch === " " || ch === "\u00a0") return "";
  if (/^[A-Za-z0-9]$/.test(ch)) return typeface === TF_VECTOR ? `\\mathbf{${ch}}` : ch;
  const symbol = SYMBOLS[ch];
  if (symbol !== undefined) {
    const command = symbol.trim();
    return typeface === TF_VECTOR && /^\\[a-zA-Z]+$/.test(command) ? `\\boldsymbol{${command}}` : command;
  }
  if (/^[+\-=<>()[\]/.,;:!?'@]$/.test(ch)) return ch;
  if (ch === "\\") return "\\backslash";
  return `\\text{${textEscape(ch)}}`;
}

export function delimiter(c: MtefChar | undefined, fallback: string): string {
  if (!c) return fallback;
  const ch = unicodeOf(c);
  if (!ch) return ".";
  return DELIMITERS[ch]?.trim() ?? fallback;
}

/** MTCode's spaces (EB01 none, EB02 thin, EB04 medium, EB05 thick, EB08 normal), as MathType's space typeface has them. */
const SPACES: Record<number, string> = {
  0xeb02: "\\,",
  0xeb03: "\\,",
  0xeb04: "\\:",
  0xeb05: "\\;",
  0xeb08: "\\ ",
};

export const isSpace = (code: number) => code >= 0xeb00 && code <= 0xeb0f;

export function spacing(c: MtefChar): string {
  if (c.typeface === TF_MARKER) return "";
  return SPACES[c.code] ?? "";
}

/** Equation Editor 3 draws a contour integral with the plain sign and says "contour" in the variation. */
export const CONTOURS: Record<string, string> = { "∫": "∮", "∬": "∯", "∭": "∰" };

/** Repeated integral signs (Equation Editor 3 writes ∬ as two ∫). */
export const MULTIPLE_INTEGRALS: Record<string, string> = { "∫∫": "∬", "∫∫∫": "∭", "∮∮": "∯", "∮∮∮": "∰" };
