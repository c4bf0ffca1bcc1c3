/**
 * What a glyph of a TeX-made PDF means in LaTeX: the font family (from the embedded font's name) says
 * whether it is mathematics, and for Type 1 fonts without a Unicode map (cmex, msbm) which symbol a
 * character code stands for.
 */

/** How a font takes part in formulas. */
export type FontRole =
  /** Math italic letters, Greek (cmmi, lmmi, eurm). */
  | "italic"
  /** Math symbols; its capitals are calligraphic (cmsy, lmsy). */
  | "symbol"
  /** Big operators, extensible delimiters, radicals, wide accents by character code (cmex, lmex). */
  | "extension"
  /** Blackboard bold (msbm, bbold, dsrom). */
  | "blackboard"
  /** AMS extra symbols (msam). */
  | "ams"
  | "fraktur"
  | "script"
  /** An OpenType maths font (Latin Modern Math, STIX, XITS, TeX Gyre … Math, Cambria Math). */
  | "unicode"
  /**
   * An italic text font that maths letters are set in too: beamer's sans-serif italic (cmssi, Latin Modern
   * Sans Oblique), mathpazo's Palatino italic (URW Palladio, P052); prose italics share it. A lone letter of
   * it is maths, a word joins maths only beside it.
   */
  | "sansitalic"
  /** Text fonts: digits, operators and function names inside a formula, prose outside. */
  | "text";

const ROLE_BY_NAME: [RegExp, FontRole][] = [
  [/^(?:cmex|lmex|lmmathextension|eurm?ex|esint|mathex|txex|pxex)/, "extension"],
  [/^(?:msbm|bbold|dsrom|bbm|txmia?bb|mathbb)/, "blackboard"],
  [/^msam/, "ams"],
  [/^(?:eufm|eufb|euf)/, "fraktur"],
  [/^(?:rsfs|eusm|eusb|mathrsfs)/, "script"],
  [/^(?:cmsy|cmbsy|lmsy|lmbsy|lmmathsymbols|txsy|pxsy|eusy)/, "symbol"],
  [
    /^(?:cmmi|cmmib|lmmi|lmmib|lmmathitalic|eurm|eurb|txmi|pxmi|ntxmi|mathit|pazomath-?(?:bold)?italic)/,
    "italic",
  ],
  // mathpazo's upright Greek and symbols (its Latin letters come from the Palatino italic below)
  [/^pazomath/, "symbol"],
  [
    /^(?:cmssi|lmsans\d*-(?:oblique|italic)|lmssi|urwpalladiol-(?:bold)?ital|p052-(?:bold)?italic)/,
    "sansitalic",
  ],
  [
    /math(?:-?regular|-?bold|-?book)?$|^(?:stix|xits|stixtwomath|cambriamath|asana|firamath|garamondmath|libertinusmath)/,
    "unicode",
  ],
];

const roles = new Map<string, FontRole>();

/**
 * The font's role from its PostScript name ("HLOYNK+CMEX10", "LatinModernMath-Regular"), remembered: a page
 * asks for it once per text item, and a document has a few dozen fonts.
 */
export function fontRole(fontName: string | undefined): FontRole {
  if (!fontName) return "text";
  let role = roles.get(fontName);
  if (role === undefined) {
    role = roleOf(fontName);
    if (roles.size >= 1024) roles.clear();
    roles.set(fontName, role);
  }
  return role;
}

function roleOf(fontName: string): FontRole {
  const name = fontName
    .replace(/^[A-Z]{6}\+/, "")
    .toLowerCase()
    .replace(/[\s_]+/g, "");
  for (const [pattern, role] of ROLE_BY_NAME) if (pattern.test(name)) return role;
  return "text";
}

/**
 * An extension font whose glyphs pdf.js reads as Unicode by their names: Latin Modern's ("parenleftbigg"
 * → "("), so a page whose only big glyphs are parentheses gives "(", which is not cmex's character code
 * 0x28 (a \Bigg brace). Computer Modern's cmex gives its codes ("\u0012" for that parenthesis).
 */
export function extensionGlyphsNamed(fontName: string): boolean {
  return /^(?:[A-Z]{6}\+)?(?:lmex|LMMathExtension)/i.test(fontName);
}

export const isMathRole = (role: FontRole): boolean => role !== "text";

/** A glyph's meaning inside a formula. */
export interface GlyphMeaning {
  latex: string;
  kind: GlyphKind;
  /** For big glyphs of the extension font: how far they reach below their baseline, in font sizes. */
  depth?: number;
  /** For big glyphs: their height above their baseline, in font sizes. */
  height?: number;
}

export type GlyphKind = "ord" | "bigop" | "intop" | "delim" | "radical" | "accent" | "wideaccent";

const SYMBOLS: Record<string, string> = {
  α: "\\alpha",
  β: "\\beta",
  γ: "\\gamma",
  δ: "\\delta",
  ϵ: "\\epsilon",
  ε: "\\varepsilon",
  ζ: "\\zeta",
  η: "\\eta",
  θ: "\\theta",
  ϑ: "\\vartheta",
  ι: "\\iota",
  κ: "\\kappa",
  λ: "\\lambda",
  μ: "\\mu",
  µ: "\\mu",
  ν: "\\nu",
  ξ: "\\xi",
  π: "\\pi",
  ϖ: "\\varpi",
  ρ: "\\rho",
  ϱ: "\\varrho",
  σ: "\\sigma",
  ς: "\\varsigma",
  τ: "\\tau",
  υ: "\\upsilon",
  ϕ: "\\phi",
  φ: "\\varphi",
  χ: "\\chi",
  ψ: "\\psi",
  ω: "\\omega",
  Γ: "\\Gamma",
  Δ: "\\Delta",
  Θ: "\\Theta",
  Λ: "\\Lambda",
  Ξ: "\\Xi",
  Π: "\\Pi",
  Σ: "\\Sigma",
  Υ: "\\Upsilon",
  Φ: "\\Phi",
  Ψ: "\\Psi",
  Ω: "\\Omega",
  "∆": "\\Delta",
  ϒ: "\\Upsilon",
  "≤": "\\le",
  "≥": "\\ge",
  "⩽": "\\leqslant",
  "⩾": "\\geqslant",
  "≠": "\\neq",
  "≈": "\\approx",
  "≡": "\\equiv",
  "∼": "\\sim",
  "≃": "\\simeq",
  "≅": "\\cong",
  "∝": "\\propto",
  "∈": "\\in",
  "∉": "\\notin",
  "∋": "\\ni",
  "⊂": "\\subset",
  "⊆": "\\subseteq",
  "⊃": "\\supset",
  "⊇": "\\supseteq",
  "⊊": "\\subsetneq",
  "∪": "\\cup",
  "∩": "\\cap",
  "∖": "\\setminus",
  "∅": "\\emptyset",
  "∀": "\\forall",
  "∃": "\\exists",
  "¬": "\\neg",
  "∧": "\\wedge",
  "∨": "\\vee",
  "→": "\\to",
  "←": "\\leftarrow",
  "↔": "\\leftrightarrow",
  "⇒": "\\Rightarrow",
  "⇐": "\\Leftarrow",
  "⇔": "\\Leftrightarrow",
  "↦": "\\mapsto",
  "⟶": "\\longrightarrow",
  "⟹": "\\Longrightarrow",
  "⟺": "\\Longleftrightarrow",
  "⟼": "\\longmapsto",
  "↑": "\\uparrow",
  "↓": "\\downarrow",
  "⇀": "\\rightharpoonup",
  "↪": "\\hookrightarrow",
  "∞": "\\infty",
  "∂": "\\partial",
  "∇": "\\nabla",
  "×": "\\times",
  "·": "\\cdot",
  "⋅": "\\cdot",
  "∘": "\\circ",
  "◦": "\\circ",
  "±": "\\pm",
  "∓": "\\mp",
  "−": "-",
  "∗": "\\ast",
  "⋆": "\\star",
  "⊗": "\\otimes",
  "⊕": "\\oplus",
  "⊙": "\\odot",
  "⊖": "\\ominus",
  "′": "'",
  "″": "''",
  "…": "\\ldots",
  "⋯": "\\cdots",
  "⋮": "\\vdots",
  "⋱": "\\ddots",
  "⟨": "\\langle",
  "⟩": "\\rangle",
  "‖": "\\|",
  // cmsy's double bar: \| of a norm far more often than \parallel (the same glyph)
  "∥": "\\|",
  // cmsy's negation slash, drawn over the relation after it (\neq, \notin)
  "\u0338": "\\not",
  "⌊": "\\lfloor",
  "⌋": "\\rfloor",
  "⌈": "\\lceil",
  "⌉": "\\rceil",
  "≪": "\\ll",
  "≫": "\\gg",
  "⊥": "\\perp",
  "⊤": "\\top",
  "†": "\\dagger",
  ℓ: "\\ell",
  ℏ: "\\hbar",
  ℜ: "\\Re",
  ℑ: "\\Im",
  ℵ: "\\aleph",
  "≺": "\\prec",
  "≻": "\\succ",
  "⪯": "\\preceq",
  "⪰": "\\succeq",
  "≼": "\\preccurlyeq",
  "∣": "\\mid",
  "≜": "\\triangleq",
  "•": "\\bullet",
  "♯": "\\sharp",
  "♭": "\\flat",
  "♮": "\\natural",
  ı: "\\imath",
  ȷ: "\\jmath",
  "℘": "\\wp",
  "⊢": "\\vdash",
  "⊨": "\\models",
  "□": "\\square",
  "△": "\\triangle",
  "▽": "\\triangledown",
  "⋄": "\\diamond",
  "♦": "\\diamondsuit",
  "♣": "\\clubsuit",
  "♥": "\\heartsuit",
  "♠": "\\spadesuit",
  "≍": "\\asymp",
  "≲": "\\lesssim",
  "≳": "\\gtrsim",
  "⊏": "\\sqsubset",
  "⊑": "\\sqsubseteq",
  "⊔": "\\sqcup",
  "⊓": "\\sqcap",
  "⊎": "\\uplus",
  "⋉": "\\ltimes",
  "⋊": "\\rtimes",
  "≀": "\\wr",
  ð: "\\eth",
  "∐": "\\coprod",
  "∡": "\\measuredangle",
  "∠": "\\angle",
  "⊲": "\\lhd",
  "⊳": "\\rhd",
  "{": "\\{",
  "}": "\\}",
  "%": "\\%",
  "#": "\\#",
  "&": "\\&",
  $: "\\$",
  _: "\\_",
  "\\": "\\backslash",
  "~": "\\sim",
  "^": "\\wedge",
  "¯": "\\bar{}",
  ℝ: "\\mathbb{R}",
  ℕ: "\\mathbb{N}",
  ℤ: "\\mathbb{Z}",
  ℚ: "\\mathbb{Q}",
  ℂ: "\\mathbb{C}",
  ℙ: "\\mathbb{P}",
  ℍ: "\\mathbb{H}",
  ℎ: "h",
  "√": "\\surd",
  "∑": "\\sum",
  "∏": "\\prod",
  "∫": "\\int",
  "∬": "\\iint",
  "∭": "\\iiint",
  "∮": "\\oint",
  "⋃": "\\bigcup",
  "⋂": "\\bigcap",
  "⨁": "\\bigoplus",
  "⨂": "\\bigotimes",
  "⨀": "\\bigodot",
  "⋀": "\\bigwedge",
  "⋁": "\\bigvee",
  "⨆": "\\bigsqcup",
  "⨄": "\\biguplus",
};

const BIG_OPERATORS = new Set(["∑", "∏", "∐", "⋃", "⋂", "⨁", "⨂", "⨀", "⋀", "⋁", "⨆", "⨄"]);
const INTEGRALS = new Set(["∫", "∬", "∭", "∮"]);

/** Spacing accents of text fonts as TeX sets them over a math letter. */
export const ACCENTS: Record<string, string> = {
  ˆ: "\\hat",
  "^": "\\hat",
  "˜": "\\tilde",
  "~": "\\tilde",
  "¨": "\\ddot",
  "˙": "\\dot",
  "¯": "\\bar",
  ˉ: "\\bar",
  ˇ: "\\check",
  "´": "\\acute",
  "`": "\\grave",
  "˘": "\\breve",
  "⃗": "\\vec",
  "→": "\\vec",
};

export const STRAY_ACCENTS = /[˜¨ˆ˙¯ˇ˘]/u;

// cmex10 by character code (Knuth's encoding): what each slot draws.
type ExtSlot = [symbol: string, kind: GlyphKind, depth: number];
const EXTENSION: (ExtSlot | undefined)[] = [];
{
  const delims = ["(", ")", "[", "]", "⌊", "⌋", "⌈", "⌉", "{", "}", "⟨", "⟩"];
  // \big: 0x00–0x0b; \Big: 0x10 ( 0x11 ) then 0x68–0x6f and 0x44–0x45; \bigg: 0x12–0x1d; \Bigg: 0x20–0x2b
  delims.forEach((d, i) => (EXTENSION[0x00 + i] = [d, "delim", 1.2]));
  EXTENSION[0x0c] = ["|", "delim", 0.6];
  EXTENSION[0x0d] = ["‖", "delim", 0.6];
  EXTENSION[0x0e] = ["/", "delim", 1.2];
  EXTENSION[0x0f] = ["\\", "delim", 1.2];
  EXTENSION[0x10] = ["(", "delim", 1.8];
  EXTENSION[0x11] = [")", "delim", 1.8];
  delims.forEach((d, i) => (EXTENSION[0x12 + i] = [d, "delim", 2.4]));
  EXTENSION[0x1e] = ["/", "delim", 2.4];
  EXTENSION[0x1f] = ["\\", "delim", 2.4];
  delims.forEach((d, i) => (EXTENSION[0x20 + i] = [d, "delim", 3.0]));
  EXTENSION[0x2c] = ["/", "delim", 3.0];
  EXTENSION[0x2d] = ["\\", "delim", 3.0];
  EXTENSION[0x2e] = ["/", "delim", 1.8];
  EXTENSION[0x2f] = ["\\", "delim", 1.8];
  // extensible pieces: top, bottom, repeated middle
  const pieces = "()[][][]{}{}{}{|";
  for (let i = 0; i < 16; i++) EXTENSION[0x30 + i] = [pieces[i]!, "delim", 0.9];
  EXTENSION[0x3e] = ["{", "delim", 0.3];
  EXTENSION[0x3f] = ["|", "delim", 0.6];
  EXTENSION[0x40] = ["(", "delim", 0.9];
  EXTENSION[0x41] = [")", "delim", 0.9];
  EXTENSION[0x42] = ["(", "delim", 0.3];
  EXTENSION[0x43] = [")", "delim", 0.3];
  EXTENSION[0x44] = ["⟨", "delim", 1.8];
  EXTENSION[0x45] = ["⟩", "delim", 1.8];
  const ops = ["⨆", "∮", "⨀", "⨁", "⨂"];
  ops.forEach((o, i) => {
    EXTENSION[0x46 + 2 * i] = [o, o === "∮" ? "intop" : "bigop", 1.0];
    EXTENSION[0x47 + 2 * i] = [o, o === "∮" ? "intop" : "bigop", 1.4];
  });
  const bigs = ["∑", "∏", "∫", "⋃", "⋂", "⨄", "⋀", "⋁"];
  bigs.forEach((o, i) => {
    EXTENSION[0x50 + i] = [o, o === "∫" ? "intop" : "bigop", o === "∫" ? 1.1 : 1.0];
    EXTENSION[0x58 + i] = [o, o === "∫" ? "intop" : "bigop", o === "∫" ? 2.2 : 1.4];
  });
  EXTENSION[0x60] = ["∐", "bigop", 1.0];
  EXTENSION[0x61] = ["∐", "bigop", 1.4];
  for (let i = 0; i < 3; i++) EXTENSION[0x62 + i] = ["\\widehat", "wideaccent", 0];
  for (let i = 0; i < 3; i++) EXTENSION[0x65 + i] = ["\\widetilde", "wideaccent", 0];
  const big2 = ["[", "]", "⌊", "⌋", "⌈", "⌉", "{", "}"];
  big2.forEach((d, i) => (EXTENSION[0x68 + i] = [d, "delim", 1.8]));
  for (let i = 0; i < 4; i++) EXTENSION[0x70 + i] = ["√", "radical", 1.2 + 0.6 * i];
  EXTENSION[0x74] = ["√", "radical", 0.9];
  EXTENSION[0x75] = ["√", "radical", 0.6];
  EXTENSION[0x76] = ["√", "radical", 0.6];
  EXTENSION[0x77] = ["‖", "delim", 0.6];
}

const DELIM_LATEX: Record<string, string> = {
  "(": "(",
  ")": ")",
  "[": "[",
  "]": "]",
  "{": "\\{",
  "}": "\\}",
  "|": "|",
  "‖": "\\|",
  "/": "/",
  "\\": "\\backslash",
  "⌊": "\\lfloor",
  "⌋": "\\rfloor",
  "⌈": "\\lceil",
  "⌉": "\\rceil",
  "⟨": "\\langle",
  "⟩": "\\rangle",
};

/** Mathematical alphanumerics (U+1D400…): [first code, style] in Unicode's order; 26 capitals, 26 small. */
const ALPHANUMERIC_STYLES = [
  "bf",
  "it",
  "bfit",
  "cal",
  "bfcal",
  "frak",
  "bb",
  "bffrak",
  "sf",
  "bfsf",
  "sfit",
  "bfsfit",
  "tt",
] as const;

function styled(style: string, letter: string): string {
  switch (style) {
    case "it":
    case "sfit":
      return letter;
    case "bf":
    case "bfit":
    case "bfsf":
    case "bfsfit":
      return `\\mathbf{${letter}}`;
    case "cal":
    case "bfcal":
      return /[A-Z]/.test(letter) ? `\\mathcal{${letter}}` : letter;
    case "frak":
    case "bffrak":
      return `\\mathfrak{${letter}}`;
    case "bb":
      return /[A-Z]/.test(letter) ? `\\mathbb{${letter}}` : letter;
    case "sf":
      return `\\mathsf{${letter}}`;
    case "tt":
      return `\\mathtt{${letter}}`;
    default:
      return letter;
  }
}

const GREEK_SMALL = "αβγδεζηθικλμνξοπρςστυφχψω";
const GREEK_CAPITAL = "ΑΒΓΔΕΖΗΘϴΙΚΛΜΝΞΟΠΡϴΣΤΥΦΧΨΩ";

/** A character of the Mathematical Alphanumeric Symbols block as a plain letter or digit with its style. */
function alphanumeric(code: number): string | null {
  if (code < 0x1d400 || code > 0x1d7ff) return null;
  if (code <= 0x1d6a3) {
    const index = code - 0x1d400;
    const style = ALPHANUMERIC_STYLES[Math.floor(index / 52)];
    const within = index % 52;
    const letter = within < 26 ? String.fromCharCode(65 + within) : String.fromCharCode(97 + within - 26);
    return style ? styled(style, letter) : letter;
  }
  if (code >= 0x1d7ce) return String((code - 0x1d7ce) % 10);
  if (code >= 0x1d6a8 && code <= 0x1d7c9) {
    // Greek: five styles of 58 (25 capitals + ∇, 25 small + ∂ ϵ ϑ ϰ ϕ ϱ ϖ)
    const within = (code - 0x1d6a8) % 58;
    let ch: string;
    if (within < 25) ch = GREEK_CAPITAL[within] ?? "";
    else if (within === 25) ch = "∇";
    else if (within < 51) ch = GREEK_SMALL[within - 26] ?? "";
    else ch = "∂ϵϑϰϕϱϖ"[within - 51] ?? "";
    return SYMBOLS[ch] ?? ch;
  }
  if (code === 0x1d6a4) return "\\imath";
  if (code === 0x1d6a5) return "\\jmath";
  return null;
}

/** Letterlike symbols that the alphanumerics block leaves out (ℎ, ℬ, ℰ, ℭ …) as style + letter. */
const LETTERLIKE: Record<string, string> = {
  ℎ: "h",
  ℬ: "\\mathcal{B}",
  ℰ: "\\mathcal{E}",
  ℱ: "\\mathcal{F}",
  ℋ: "\\mathcal{H}",
  ℐ: "\\mathcal{I}",
  ℒ: "\\mathcal{L}",
  ℳ: "\\mathcal{M}",
  ℛ: "\\mathcal{R}",
  ℯ: "e",
  ℊ: "g",
  ℴ: "o",
  ℭ: "\\mathfrak{C}",
  ℌ: "\\mathfrak{H}",
  ℨ: "\\mathfrak{Z}",
};

const LATEX_SAFE = /^[A-Za-z0-9+\-=()[\]<>|/,.;:!?'*@]$/;

/** A character's LaTeX inside a formula, or null when it has none we trust. */
export function charLatex(ch: string): string | null {
  if (LATEX_SAFE.test(ch)) return ch;
  const symbol = SYMBOLS[ch] ?? LETTERLIKE[ch];
  if (symbol) return symbol;
  const code = ch.codePointAt(0) ?? 0;
  const alnum = alphanumeric(code);
  if (alnum) return alnum;
  return null;
}

/**
 * Pieces of extensible delimiters as a Unicode map names them: Adobe's private-use codes (pdfTeX's
 * glyphtounicode: bracelefttp U+F8F1 …) or the Unicode bracket pieces (⎛ ⎧ ⎪ …).
 */
const DELIMITER_PIECES: Record<string, string> = {};
{
  // U+F8EB parenlefttp … U+F8FE bracerightbt (U+F8F5 is integralex); braceex and ⎪ serve both braces
  [..."((([[[{{{{"].forEach((d, i) => (DELIMITER_PIECES[String.fromCharCode(0xf8eb + i)] = d));
  [...")))]]]}}}"].forEach((d, i) => (DELIMITER_PIECES[String.fromCharCode(0xf8f6 + i)] = d));
  [..."((()))[[[]]]{{{{}}}"].forEach((d, i) => (DELIMITER_PIECES[String.fromCharCode(0x239b + i)] = d));
}

/** What one glyph (one character as pdf.js decoded it) means in a font of the given role. */
export function glyphMeaning(ch: string, role: FontRole): GlyphMeaning | null {
  const code = ch.codePointAt(0) ?? 0;
  const piece = role === "unicode" ? undefined : DELIMITER_PIECES[ch];
  if (piece) return { latex: DELIM_LATEX[piece]!, kind: "delim", depth: 0.9 };
  if (role === "extension") {
    const slot = code < 0x80 ? EXTENSION[code] : undefined;
    if (slot) {
      const [symbol, kind, depth] = slot;
      const latex =
        kind === "delim" ? DELIM_LATEX[symbol]! : kind === "radical" ? "\\sqrt" : (SYMBOLS[symbol] ?? symbol);
      return { latex, kind, depth };
    }
  }
  if (role === "blackboard" && /^[A-Za-z]$/.test(ch)) return { latex: `\\mathbb{${ch}}`, kind: "ord" };
  if (role === "fraktur" && /^[A-Za-z]$/.test(ch)) return { latex: `\\mathfrak{${ch}}`, kind: "ord" };
  if (role === "script" && /^[A-Z]$/.test(ch)) return { latex: `\\mathscr{${ch}}`, kind: "ord" };
  if (role === "symbol" && /^[A-Z]$/.test(ch)) return { latex: `\\mathcal{${ch}}`, kind: "ord" };
  if (role === "italic" && ch === "~") return { latex: "\\vec", kind: "accent" };
  if (BIG_OPERATORS.has(ch))
    return { latex: SYMBOLS[ch]!, kind: "bigop", depth: role === "unicode" ? 0.4 : 1.0 };
  if (INTEGRALS.has(ch)) return { latex: SYMBOLS[ch]!, kind: "intop", depth: role === "unicode" ? 0.4 : 1.1 };
  if (ch === "√") return { latex: "\\sqrt", kind: "radical", depth: role === "unicode" ? 0.2 : 1.0 };
  if (role !== "unicode" && role !== "text" && ACCENTS[ch] && ch !== "→" && ch !== "~" && ch !== "^")
    return { latex: ACCENTS[ch]!, kind: "accent" };
  if (role === "text" && ACCENTS[ch] && !/[~^→]/.test(ch)) return { latex: ACCENTS[ch]!, kind: "accent" };
  const latex = charLatex(ch);
  return latex === null ? null : { latex, kind: "ord" };
}
