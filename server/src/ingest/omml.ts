/**
 * Office Math (OMML: `m:oMath`, `m:oMathPara`, as Word and PowerPoint store equations) to LaTeX.
 *
 * Written here rather than taken from npm: `omml2mathml` drags in jsdom 9 (2016) and an old xpath, too
 * heavy and too stale for the parser threads, and a MathML hop would add a second lossy conversion. This
 * covers what Office's equation editor writes: runs (with their math styles), fractions, scripts,
 * radicals, n-ary operators, delimiters, functions, limits, accents, bars, boxes, group characters,
 * matrices and equation arrays. The LaTeX is KaTeX's dialect, on one line, and never contains `$` or `|`
 * (so it can sit between `$…$` in Markdown and inside a table cell).
 */
import { kids, tagOf, textOf, type XNode } from "./xml";
import { LIMIT_OPERATORS, OPERATOR_NAMES } from "./latex-operators";

/** An element's local name ("m:sSup" → "sSup"). */
function local(n: XNode): string {
  const t = tagOf(n);
  const i = t.indexOf(":");
  return i >= 0 ? t.slice(i + 1) : t;
}

function childL(n: XNode, name: string): XNode | undefined {
  return kids(n).find((c) => local(c) === name);
}

function childrenL(n: XNode, name: string): XNode[] {
  return kids(n).filter((c) => local(c) === name);
}

/** The `m:val` of a property element (`<m:chr m:val="∑"/>`), or undefined when absent. */
function propVal(props: XNode | undefined, name: string): string | undefined {
  const p = props ? childL(props, name) : undefined;
  if (!p) return undefined;
  const a = p[":@"] as Record<string, string> | undefined;
  if (!a) return "";
  for (const k in a) if (k === "val" || k.endsWith(":val")) return a[k];
  return "";
}

/** An on/off property: present without a value, or "1"/"on"/"true", is on. */
function propOn(props: XNode | undefined, name: string): boolean {
  const v = propVal(props, name);
  if (v === undefined) return false;
  return v === "" || v === "1" || v === "on" || v === "true";
}

/** Unicode characters of a formula as LaTeX (also read by the MTEF converter). */
export const SYMBOLS: Record<string, string> = {
  α: "\\alpha",
  β: "\\beta",
  γ: "\\gamma",
  δ: "\\delta",
  ε: "\\varepsilon",
  ϵ: "\\epsilon",
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
  ο: "o",
  π: "\\pi",
  ϖ: "\\varpi",
  ρ: "\\rho",
  ϱ: "\\varrho",
  σ: "\\sigma",
  ς: "\\varsigma",
  τ: "\\tau",
  υ: "\\upsilon",
  φ: "\\varphi",
  ϕ: "\\phi",
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
  Α: "A",
  Β: "B",
  Ε: "E",
  Ζ: "Z",
  Η: "H",
  Ι: "I",
  Κ: "K",
  Μ: "M",
  Ν: "N",
  Ο: "O",
  Ρ: "P",
  Τ: "T",
  Χ: "X",
  "±": "\\pm",
  "∓": "\\mp",
  "×": "\\times",
  "÷": "\\div",
  "·": "\\cdot",
  "⋅": "\\cdot",
  "∙": "\\cdot",
  "•": "\\bullet",
  "∘": "\\circ",
  "°": "\\degree",
  "∗": "\\ast",
  "*": "\\ast",
  "⋆": "\\star",
  "−": "-",
  "‐": "-",
  "–": "-",
  "≤": "\\leq",
  "≥": "\\geq",
  "⩽": "\\leqslant",
  "⩾": "\\geqslant",
  "≦": "\\leqq",
  "≧": "\\geqq",
  "≠": "\\neq",
  "≈": "\\approx",
  "≡": "\\equiv",
  "≅": "\\cong",
  "≃": "\\simeq",
  "∼": "\\sim",
  "~": "\\sim",
  "≍": "\\asymp",
  "≐": "\\doteq",
  "≜": "\\triangleq",
  "≔": ":=",
  "∝": "\\propto",
  "≪": "\\ll",
  "≫": "\\gg",
  "≺": "\\prec",
  "≻": "\\succ",
  "≼": "\\preceq",
  "≽": "\\succeq",
  "≮": "\\nless",
  "≯": "\\ngtr",
  "≰": "\\nleq",
  "≱": "\\ngeq",
  "∈": "\\in",
  "∉": "\\notin",
  "∋": "\\ni",
  "⊂": "\\subset",
  "⊃": "\\supset",
  "⊆": "\\subseteq",
  "⊇": "\\supseteq",
  "⊊": "\\subsetneq",
  "⊋": "\\supsetneq",
  "⊄": "\\not\\subset",
  "⊈": "\\nsubseteq",
  "∪": "\\cup",
  "∩": "\\cap",
  "∖": "\\setminus",
  "∅": "\\emptyset",
  "∁": "\\complement",
  "∀": "\\forall",
  "∃": "\\exists",
  "∄": "\\nexists",
  "¬": "\\neg",
  "∧": "\\land",
  "∨": "\\lor",
  "⊕": "\\oplus",
  "⊖": "\\ominus",
  "⊗": "\\otimes",
  "⊙": "\\odot",
  "⊥": "\\perp",
  "∥": "\\parallel",
  "∣": "\\mid",
  "∤": "\\nmid",
  "∠": "\\angle",
  "∡": "\\measuredangle",
  "△": "\\triangle",
  "□": "\\square",
  "◊": "\\lozenge",
  "∞": "\\infty",
  "∂": "\\partial",
  "∇": "\\nabla",
  "′": "'",
  "″": "''",
  "‴": "'''",
  "…": "\\ldots",
  "⋯": "\\cdots",
  "⋮": "\\vdots",
  "⋱": "\\ddots",
  "→": "\\rightarrow",
  "←": "\\leftarrow",
  "↔": "\\leftrightarrow",
  "⇒": "\\Rightarrow",
  "⇐": "\\Leftarrow",
  "⇔": "\\Leftrightarrow",
  "⟶": "\\longrightarrow",
  "⟵": "\\longleftarrow",
  "⟹": "\\Longrightarrow",
  "⟸": "\\Longleftarrow",
  "⟺": "\\Longleftrightarrow",
  "↦": "\\mapsto",
  "↑": "\\uparrow",
  "↓": "\\downarrow",
  "⇌": "\\rightleftharpoons",
  ℏ: "\\hbar",
  ℓ: "\\ell",
  ℜ: "\\Re",
  ℑ: "\\Im",
  ℵ: "\\aleph",
  "℘": "\\wp",
  ı: "\\imath",
  ȷ: "\\jmath",
  ℕ: "\\mathbb{N}",
  ℤ: "\\mathbb{Z}",
  ℚ: "\\mathbb{Q}",
  ℝ: "\\mathbb{R}",
  ℂ: "\\mathbb{C}",
  ℙ: "\\mathbb{P}",
  "∑": "\\sum",
  "∏": "\\prod",
  "∐": "\\coprod",
  "∫": "\\int",
  "∬": "\\iint",
  "∭": "\\iiint",
  "∮": "\\oint",
  "∯": "\\oiint",
  "∰": "\\oiiint",
  "⋃": "\\bigcup",
  "⋂": "\\bigcap",
  "⋁": "\\bigvee",
  "⋀": "\\bigwedge",
  "⨁": "\\bigoplus",
  "⨂": "\\bigotimes",
  "⨀": "\\bigodot",
  "⨄": "\\biguplus",
  "⨆": "\\bigsqcup",
  "√": "\\surd",
  "∴": "\\therefore",
  "∵": "\\because",
  "†": "\\dagger",
  "‡": "\\ddagger",
  "⊢": "\\vdash",
  "⊨": "\\models",
  "♯": "\\sharp",
  "♭": "\\flat",
  "⟨": "\\langle",
  "〈": "\\langle",
  "⟩": "\\rangle",
  "〉": "\\rangle",
  "⌊": "\\lfloor",
  "⌋": "\\rfloor",
  "⌈": "\\lceil",
  "⌉": "\\rceil",
  "‖": "\\Vert ",
  "|": "\\vert ",
  "{": "\\{",
  "}": "\\}",
  "\\": "\\backslash",
  "#": "\\#",
  "%": "\\%",
  _: "\\_",
  "^": "\\hat{}",
  $: "\\text{\\textdollar}",
  "&": "\\&",
};

/** Characters dropped: invisible operators and spacing Office puts between atoms. */
const INVISIBLE = /[\u2061-\u2064\u200b-\u200d\ufeff]/u;

/** Delimiters that may follow \left / \right. */
export const DELIMITERS: Record<string, string> = {
  "(": "(",
  ")": ")",
  "[": "[",
  "]": "]",
  "{": "\\{",
  "}": "\\}",
  "|": "\\vert",
  "‖": "\\Vert",
  "∥": "\\Vert",
  "⟨": "\\langle",
  "〈": "\\langle",
  "⟩": "\\rangle",
  "〉": "\\rangle",
  "⌊": "\\lfloor",
  "⌋": "\\rfloor",
  "⌈": "\\lceil",
  "⌉": "\\rceil",
  "/": "/",
  "\\": "\\backslash",
  "↑": "\\uparrow",
  "↓": "\\downarrow",
  "⟦": "[",
  "⟧": "]",
};

/** Accent characters (combining and spacing forms) to accent commands. */
const ACCENTS: Record<string, string> = {
  "\u0302": "\\hat",
  "^": "\\hat",
  ˆ: "\\hat",
  "\u0303": "\\tilde",
  "~": "\\tilde",
  "˜": "\\tilde",
  "\u0304": "\\bar",
  "\u0305": "\\overline",
  "¯": "\\bar",
  "\u0307": "\\dot",
  "˙": "\\dot",
  "\u0308": "\\ddot",
  "¨": "\\ddot",
  "\u20db": "\\dddot",
  "\u030c": "\\check",
  ˇ: "\\check",
  "\u0301": "\\acute",
  "´": "\\acute",
  "\u0300": "\\grave",
  "`": "\\grave",
  "\u0306": "\\breve",
  "˘": "\\breve",
  "\u20d7": "\\vec",
  "→": "\\vec",
  "\u20d6": "\\overleftarrow",
  "←": "\\overleftarrow",
  "\u20e1": "\\overleftrightarrow",
  "↔": "\\overleftrightarrow",
  "\u030a": "\\mathring",
  "˚": "\\mathring",
};

/** n-ary operators drawn with limits above and below by default (integrals take them at the side). */
const INTEGRALS = new Set(["\\int", "\\iint", "\\iiint", "\\oint", "\\oiint", "\\oiiint"]);

const TEXT_ESCAPES: Record<string, string> = {
  "\\": "\\textbackslash{}",
  "{": "\\{",
  "}": "\\}",
  $: "\\textdollar{}",
  "&": "\\&",
  "#": "\\#",
  "%": "\\%",
  _: "\\_",
  "^": "\\textasciicircum{}",
  "~": "\\textasciitilde{}",
  "|": "\\textbar{}",
};

/** Text for `\text{…}`: the characters LaTeX gives a meaning escaped. */
export function textEscape(s: string): string {
  return s.replace(/[\\{}$&#%_^~|]/g, (c) => TEXT_ESCAPES[c]!);
}

/** Joins LaTeX pieces, keeping a control word apart from a letter that follows it (`\alpha x`). */
export function join(parts: string[]): string {
  let out = "";
  for (const p of parts) {
    if (!p) continue;
    if (/\\[A-Za-z]+$/.test(out) && /^[A-Za-z]/.test(p)) out += " ";
    out += p;
  }
  return out;
}

/** A base that a script can follow without braces: one letter or digit, or one control word. */
function isAtom(s: string): boolean {
  return /^(?:[A-Za-z0-9]|\\[A-Za-z]+)$/.test(s);
}

const base = (s: string): string => (isAtom(s) ? s : `{${s}}`);

/** Plain text of an OMML subtree (its `m:t` and `w:t`). */
function plain(n: XNode): string {
  const t = textOf(n);
  if (t !== undefined) return "";
  const name = local(n);
  if (name === "t")
    return kids(n)
      .map((k) => textOf(k) ?? "")
      .join("");
  if (name.endsWith("Pr")) return "";
  return kids(n)
    .map((k) => plain(k))
    .join("");
}

interface Ctx {
  /** Inside an equation array: `&` marks an alignment point. */
  align: boolean;
}

/** LaTeX of the characters of one run: letters and digits as they are, symbols as commands, other scripts as \text. */
function charsToLatex(s: string, ctx: Ctx): string {
  const parts: string[] = [];
  let text = "";
  const flushText = () => {
    if (text) parts.push(`\\text{${textEscape(text)}}`);
    text = "";
  };
  for (const raw of s) {
    if (INVISIBLE.test(raw)) continue;
    const code = raw.codePointAt(0)!;
    // mathematical alphanumerics (𝑥, 𝐀): their letter
    const ch = code >= 0x1d400 && code <= 0x1d7ff ? raw.normalize("NFKC") : raw;
    if (ch === " " || ch === "\u00a0" || ch === "\t") {
      if (text) text += " ";
      else parts.push(" ");
      continue;
    }
    if (ch === "&" && ctx.align) {
      flushText();
      parts.push("&");
      continue;
    }
    const symbol = SYMBOLS[ch];
    if (symbol !== undefined) {
      flushText();
      parts.push(symbol);
      continue;
    }
    if (/^[A-Za-z0-9]$/.test(ch) || /^[+\-=<>()[\]/.,;:!?'@]$/.test(ch)) {
      flushText();
      parts.push(ch);
      continue;
    }
    text += ch; // other scripts (CJK, accented letters) and unmapped symbols are set as text
  }
  flushText();
  return join(parts).replace(/ +/g, " ");
}

const STYLE_COMMANDS: Record<string, string> = {
  "double-struck": "\\mathbb",
  script: "\\mathcal",
  fraktur: "\\mathfrak",
  "sans-serif": "\\mathsf",
  monospace: "\\mathtt",
};

function run(n: XNode, ctx: Ctx): string {
  const rPr = childL(n, "rPr");
  let text = "";
  for (const c of kids(n)) {
    const name = local(c);
    if (name === "t")
      text += kids(c)
        .map((k) => textOf(k) ?? "")
        .join("");
    else if (name === "tab") text += " ";
  }
  if (!text) return "";
  if (rPr && propOn(rPr, "nor")) return `\\text{${textEscape(text)}}`;
  const tag = tagOf(n);
  if (tag.startsWith("w:") || tag.startsWith("a:")) return `\\text{${textEscape(text)}}`; // prose inside math
  let latex = charsToLatex(text, ctx).trim();
  if (!latex || !/[A-Za-z]/.test(text)) return latex;
  const scr = propVal(rPr, "scr");
  const sty = propVal(rPr, "sty");
  const scrCmd = scr ? STYLE_COMMANDS[scr] : undefined;
  if (scrCmd && /^[A-Za-z]+$/.test(text)) latex = `${scrCmd}{${latex}}`;
  else if (sty === "p" && /[A-Za-z]/.test(text)) latex = `\\mathrm{${latex}}`;
  else if (sty === "b") latex = `\\mathbf{${latex}}`;
  else if (sty === "bi") latex = `\\boldsymbol{${latex}}`;
  return latex;
}

function seq(n: XNode | undefined, ctx: Ctx): string {
  if (!n) return "";
  return join(kids(n).map((c) => node(c, ctx))).trim();
}

function delimiter(ch: string | undefined, fallback: string): string {
  if (ch === undefined) return DELIMITERS[fallback]!;
  if (ch === "") return ".";
  return DELIMITERS[ch] ?? ".";
}

function nary(n: XNode, ctx: Ctx): string {
  const pr = childL(n, "naryPr");
  const chr = propVal(pr, "chr") || "∫";
  const op = SYMBOLS[chr] ?? charsToLatex(chr, ctx);
  const limLoc = propVal(pr, "limLoc");
  let head = op;
  if (INTEGRALS.has(op) && limLoc === "undOvr") head += "\\limits";
  else if (!INTEGRALS.has(op) && limLoc === "subSup") head += "\\nolimits";
  const sub = propOn(pr, "subHide") ? "" : seq(childL(n, "sub"), ctx);
  const sup = propOn(pr, "supHide") ? "" : seq(childL(n, "sup"), ctx);
  if (sub) head += `_{${sub}}`;
  if (sup) head += `^{${sup}}`;
  const body = seq(childL(n, "e"), ctx);
  return body ? `${head} ${body}` : head;
}

function func(n: XNode, ctx: Ctx): string {
  const fName = childL(n, "fName");
  const name = fName ? plain(fName).trim() : "";
  let head: string;
  if (OPERATOR_NAMES.has(name)) head = `\\${name}`;
  else if (/^[A-Za-z]{2,}$/.test(name)) head = `\\operatorname{${name}}`;
  else head = seq(fName, ctx); // a limit (`lim` under `n→∞`) or a scripted name (`sin²`)
  const arg = seq(childL(n, "e"), ctx);
  return arg ? join([head, " ", arg]).replace(/ +/g, " ") : head;
}

function limit(n: XNode, ctx: Ctx, lower: boolean): string {
  const e = childL(n, "e");
  const name = e ? plain(e).trim() : "";
  const lim = seq(childL(n, "lim"), ctx);
  if (lower && LIMIT_OPERATORS.has(name)) return `\\${name}_{${lim}}`;
  const body = seq(e, ctx);
  return lower ? `\\underset{${lim}}{${body}}` : `\\overset{${lim}}{${body}}`;
}

function matrix(n: XNode, ctx: Ctx): string {
  const rows = childrenL(n, "mr").map((mr) =>
    childrenL(mr, "e")
      .map((e) => seq(e, ctx))
      .join(" & "),
  );
  return `\\begin{matrix}${rows.join(" \\\\ ")}\\end{matrix}`;
}

function node(n: XNode, ctx: Ctx): string {
  if (textOf(n) !== undefined) return "";
  const name = local(n);
  switch (name) {
    case "r":
      return run(n, ctx);
    case "f": {
      const type = propVal(childL(n, "fPr"), "type");
      const num = seq(childL(n, "num"), ctx);
      const den = seq(childL(n, "den"), ctx);
      if (type === "lin") return `{${num}}/{${den}}`;
      if (type === "noBar") return `\\genfrac{}{}{0pt}{}{${num}}{${den}}`;
      return `\\frac{${num}}{${den}}`;
    }
    case "sSub":
      return `${base(seq(childL(n, "e"), ctx))}_{${seq(childL(n, "sub"), ctx)}}`;
    case "sSup":
      return `${base(seq(childL(n, "e"), ctx))}^{${seq(childL(n, "sup"), ctx)}}`;
    case "sSubSup":
      return `${base(seq(childL(n, "e"), ctx))}_{${seq(childL(n, "sub"), ctx)}}^{${seq(childL(n, "sup"), ctx)}}`;
    case "sPre":
      return `{}_{${seq(childL(n, "sub"), ctx)}}^{${seq(childL(n, "sup"), ctx)}}${base(seq(childL(n, "e"), ctx))}`;
    case "rad": {
      const deg = propOn(childL(n, "radPr"), "degHide") ? "" : seq(childL(n, "deg"), ctx);
      const e = seq(childL(n, "e"), ctx);
      return deg ? `\\sqrt[${deg}]{${e}}` : `\\sqrt{${e}}`;
    }
    case "nary":
      return nary(n, ctx);
    case "d": {
      const pr = childL(n, "dPr");
      const open = delimiter(propVal(pr, "begChr"), "(");
      const close = delimiter(propVal(pr, "endChr"), ")");
      const sepChr = propVal(pr, "sepChr");
      const sep = sepChr === undefined || sepChr === "|" ? "\\mid" : charsToLatex(sepChr, ctx);
      const inner = childrenL(n, "e")
        .map((e) => seq(e, ctx))
        .join(` ${sep} `);
      return join([`\\left${open}`, inner, `\\right${close}`]);
    }
    case "func":
      return func(n, ctx);
    case "limLow":
      return limit(n, ctx, true);
    case "limUpp":
      return limit(n, ctx, false);
    case "acc": {
      const chr = propVal(childL(n, "accPr"), "chr") ?? "\u0302";
      const e = seq(childL(n, "e"), ctx);
      const cmd = ACCENTS[chr] ?? "\\hat";
      const wide = [...plain(childL(n, "e") ?? n)].length > 1;
      if (wide && cmd === "\\hat") return `\\widehat{${e}}`;
      if (wide && cmd === "\\tilde") return `\\widetilde{${e}}`;
      if (wide && cmd === "\\bar") return `\\overline{${e}}`;
      if (wide && cmd === "\\vec") return `\\overrightarrow{${e}}`;
      return `${cmd}{${e}}`;
    }
    case "bar": {
      const pos = propVal(childL(n, "barPr"), "pos");
      const e = seq(childL(n, "e"), ctx);
      return pos === "top" ? `\\overline{${e}}` : `\\underline{${e}}`;
    }
    case "borderBox":
      return `\\boxed{${seq(childL(n, "e"), ctx)}}`;
    case "box":
    case "phant":
      return seq(childL(n, "e"), ctx);
    case "groupChr": {
      const pr = childL(n, "groupChrPr");
      const chr = propVal(pr, "chr") ?? "\u23df";
      const top = propVal(pr, "pos") === "top";
      const e = seq(childL(n, "e"), ctx);
      if (chr === "\u23df") return `\\underbrace{${e}}`;
      if (chr === "\u23de") return `\\overbrace{${e}}`;
      const mark = SYMBOLS[chr] ?? charsToLatex(chr, ctx);
      return top ? `\\overset{${mark}}{${e}}` : `\\underset{${mark}}{${e}}`;
    }
    case "m":
      return matrix(n, ctx);
    case "eqArr": {
      const inner = { align: true };
      const rows = childrenL(n, "e").map((e) => seq(e, inner));
      const env = rows.some((r) => r.includes("&")) ? "aligned" : "gathered";
      return `\\begin{${env}}${rows.join(" \\\\ ")}\\end{${env}}`;
    }
    case "oMath":
    case "e":
    case "num":
    case "den":
    case "sub":
    case "sup":
    case "deg":
    case "lim":
    case "fName":
    case "smartTag":
    case "ins":
    case "hyperlink":
      return seq(n, ctx);
    default:
      // properties, control properties, bookmarks, proofing marks: nothing to show
      return "";
  }
}

/** LaTeX of one `m:oMath` or `m:oMathPara` (several equations of a paragraph are stacked), or "" when empty. */
export function ommlToLatex(n: XNode): string {
  const ctx: Ctx = { align: false };
  if (local(n) === "oMathPara") {
    const lines = childrenL(n, "oMath")
      .map((m) => seq(m, ctx))
      .filter(Boolean);
    if (lines.length <= 1) return lines[0] ?? "";
    return `\\begin{gathered}${lines.join(" \\\\ ")}\\end{gathered}`;
  }
  return seq(n, ctx);
}

/** The equation's characters as a reader would see them, for when its LaTeX cannot be used. */
export function ommlPlainText(n: XNode): string {
  return plain(n).replace(/\s+/g, " ").trim();
}

/** True for an element that holds Office Math: `m:oMath` or `m:oMathPara`. */
export function isOfficeMath(n: XNode): boolean {
  const name = local(n);
  return name === "oMath" || name === "oMathPara";
}

/** An equation kept as an OLE object (Equation Editor 3, MathType) or a picture: its place in the text. */
export const EQUATION_PLACEHOLDER = "[equation]";

/** ProgIDs of equation objects: Microsoft Equation 2/3, MathType (DSMT), and other equation editors. */
export const EQUATION_PROG_ID = /^(?:Equation\b|MathType|Equation\.DSMT|AxMath)/i;

/** Alternative text that names a picture as an equation or formula. */
export const EQUATION_ALT_TEXT = /\b(?:equation|formula|mathtype)\b|公式|方程/i;

/** Checks that KaTeX (the renderer of the web app and of exports) accepts a formula; loaded only when needed. */
export type LatexCheck = (latex: string, display: boolean) => boolean;

let checker: Promise<LatexCheck> | undefined;

/** The KaTeX check, loaded once per thread on the first document that has math. */
export function latexChecker(): Promise<LatexCheck> {
  checker ??= import("katex").then(({ default: katex }) => {
    // KaTeX refuses a formula while parsing it, ~8× cheaper than setting it (renderToString parses, then
    // sets); setting a parsed formula fails only on a character beyond the Basic Multilingual Plane (a
    // maths alphanumeric it has no font for), so only such a formula is set in full.
    const parse = (katex as unknown as { __parse?: (latex: string, options: object) => unknown }).__parse;
    return (latex: string, display: boolean) => {
      // bounded like every formula the server sets (sizes in em, macro expansion steps)
      const options = {
        displayMode: display,
        throwOnError: true,
        strict: "ignore" as const,
        maxSize: 20,
        maxExpand: 1000,
      };
      try {
        if (parse && !/[\u{10000}-\u{10FFFF}]/u.test(latex)) parse(latex, options);
        else katex.renderToString(latex, options);
        return true;
      } catch {
        return false;
      }
    };
  });
  return checker;
}

/**
 * An equation as it goes into the parsed text: `$…$` inline, `$$…$$` on its own (display); its plain
 * characters when KaTeX would refuse the LaTeX; "" when it is empty.
 */
export function officeMathText(n: XNode, display: boolean, check: LatexCheck): string {
  const latex = ommlToLatex(n);
  if (!latex) return "";
  if (check(latex, display)) return display ? `$$${latex}$$` : `$${latex}$`;
  return ommlPlainText(n) || EQUATION_PLACEHOLDER;
}
