/**
 * The formulas of a LaTeX source (after expanding its own macros) and a comparison of formulas by their
 * visible tokens: what a reader sees, whatever LaTeX spelled it (`\leq` and `\le`, `\frac{a}{b}` and
 * `a/b`'s a and b, `\mathbb{R}` and `ℝ`), for bench:math.
 */

export interface SourceFormula {
  latex: string;
  display: boolean;
}

interface Macro {
  args: number;
  body: string;
}

/** \newcommand, \renewcommand, \def and \DeclareMathOperator of the preamble. */
function readMacros(tex: string): Map<string, Macro> {
  const macros = new Map<string, Macro>();
  const group = (from: number): [string, number] | null => {
    if (tex[from] !== "{") return null;
    let depth = 0;
    for (let i = from; i < tex.length; i++) {
      if (tex[i] === "\\") {
        i++;
        continue;
      }
      if (tex[i] === "{") depth++;
      else if (tex[i] === "}" && --depth === 0) return [tex.slice(from + 1, i), i + 1];
    }
    return null;
  };
  const re =
    /\\(?:re)?newcommand\*?\{?\\([A-Za-z]+)\}?(?:\[(\d)\])?|\\def\\([A-Za-z]+)|\\DeclareMathOperator(\*?)\{\\([A-Za-z]+)\}/g;
  for (const m of tex.matchAll(re)) {
    const at = m.index + m[0].length;
    const body = group(at);
    if (!body) continue;
    if (m[5]) macros.set(m[5], { args: 0, body: `\\operatorname${m[4]}{${body[0]}}` });
    else macros.set(m[1] ?? m[3]!, { args: Number(m[2] ?? 0), body: body[0] });
  }
  return macros;
}

function expand(latex: string, macros: Map<string, Macro>): string {
  let out = latex;
  for (let round = 0; round < 5; round++) {
    const before = out;
    out = out.replace(/\\([A-Za-z]+)/g, (whole, name: string, offset: number) => {
      const macro = macros.get(name);
      if (!macro || macro.args > 0) return whole;
      void offset;
      return macro.body;
    });
    for (const [name, macro] of macros) {
      if (macro.args === 0) continue;
      const re = new RegExp(`\\\\${name}(?![A-Za-z])`, "g");
      let m: RegExpExecArray | null;
      while ((m = re.exec(out))) {
        let pos = m.index + m[0].length;
        const args: string[] = [];
        for (let a = 0; a < macro.args; a++) {
          while (out[pos] === " ") pos++;
          if (out[pos] !== "{") break;
          let depth = 0;
          let end = pos;
          for (; end < out.length; end++) {
            if (out[end] === "{") depth++;
            else if (out[end] === "}" && --depth === 0) break;
          }
          args.push(out.slice(pos + 1, end));
          pos = end + 1;
        }
        const body = macro.body.replace(/#(\d)/g, (_, n: string) => args[Number(n) - 1] ?? "");
        out = out.slice(0, m.index) + body + out.slice(pos);
        re.lastIndex = m.index + body.length;
      }
    }
    if (out === before) break;
  }
  return out;
}

const DISPLAY_ENVS =
  "equation|equation\\*|align|align\\*|gather|gather\\*|multline|multline\\*|eqnarray|eqnarray\\*|displaymath";
const ROWED = /^(?:align|gather|multline|eqnarray)/;

/**
 * The formulas of a document's body, in order (a line break's spacing, `\\[4pt]`, opens no display): `$…$`, `\(…\)` inline; `\[…\]`, `$$…$$`, equation environments display (one per row). */
export function texFormulas(tex: string): SourceFormula[] {
  const clean = tex.replace(/(?<!\\)%.*$/gm, "");
  const macros = readMacros(clean.slice(0, clean.indexOf("\\begin{document}")));
  const body = clean.slice(clean.indexOf("\\begin{document}"), clean.lastIndexOf("\\end{document}"));
  const out: SourceFormula[] = [];
  const re = new RegExp(
    `\\\\begin\\{(${DISPLAY_ENVS})\\}([\\s\\S]*?)\\\\end\\{\\1\\}|(?<!\\\\)\\\\\\[([\\s\\S]*?)\\\\\\]|\\$\\$([\\s\\S]*?)\\$\\$|(?<!\\\\)\\\\\\(([\\s\\S]*?)\\\\\\)|(?<!\\\\)\\$((?:\\\\\\$|[^$])+?)\\$`,
    "g",
  );
  for (const m of body.matchAll(re)) {
    if (m[1]) {
      const inner = m[2]!;
      const rows = ROWED.test(m[1]) ? inner.split(/\\\\(?:\[[^\]]*\])?/) : [inner];
      for (const r of rows) if (r.trim()) out.push({ latex: expand(r, macros), display: true });
    } else if (m[3] !== undefined || m[4] !== undefined) {
      const inner = (m[3] ?? m[4])!;
      // an aligned or gathered block is read row by row, like align
      for (const r of alignedRows(inner)) if (r.trim()) out.push({ latex: expand(r, macros), display: true });
    } else {
      out.push({ latex: expand((m[5] ?? m[6])!, macros), display: false });
    }
  }
  return out;
}

/** The rows of a formula that is (or holds) an aligned, gathered or split block; else the formula itself. */
export function alignedRows(latex: string): string[] {
  if (!/\\begin\{(?:aligned|gathered|split)\}/.test(latex)) return [latex];
  return latex
    .replace(/\\(?:begin|end)\{(?:aligned|gathered|split)\}/g, "")
    .split(/\\\\/)
    .filter((r) => r.trim());
}

const SYNONYMS: Record<string, string> = {
  leq: "le",
  geq: "ge",
  ne: "neq",
  rightarrow: "to",
  gets: "leftarrow",
  lvert: "|",
  rvert: "|",
  vert: "|",
  Vert: "‖",
  "|": "‖",
  lVert: "‖",
  rVert: "‖",
  lbrace: "{",
  rbrace: "}",
  "{": "{",
  "}": "}",
  dots: "ldots",
  dotsc: "ldots",
  dotsb: "cdots",
  cdotp: "cdot",
  colon: ":",
  mid: "|",
  vcentcolon: ":",
  land: "wedge",
  lor: "vee",
  lnot: "neg",
  owns: "ni",
  to: "to",
  longrightarrow: "to",
  implies: "Rightarrow",
  iff: "Leftrightarrow",
  prime: "'",
  ast: "*",
  star: "⋆",
  varnothing: "emptyset",
  imath: "i",
  jmath: "j",
  partial: "∂",
  infty: "∞",
  backslash: "\\",
  bigcup: "cup",
  bigcap: "cap",
  "%": "%",
  "#": "#",
  "&": "&",
  $: "$",
  _: "_",
  xrightarrow: "to",
  lbrack: "[",
  rbrack: "]",
  surd: "sqrt",
  bigl: "",
  bigr: "",
};

/** Commands that draw nothing themselves (structure, spacing, fonts, sizes). */
const INVISIBLE = new Set([
  "frac",
  "dfrac",
  "tfrac",
  "cfrac",
  "sqrt",
  "left",
  "right",
  "big",
  "Big",
  "bigg",
  "Bigg",
  "bigl",
  "bigr",
  "Bigl",
  "Bigr",
  "biggl",
  "biggr",
  "Biggl",
  "Biggr",
  "middle",
  "quad",
  "qquad",
  "displaystyle",
  "textstyle",
  "scriptstyle",
  "limits",
  "nolimits",
  "mathrm",
  "mathit",
  "mathbf",
  "mathsf",
  "mathtt",
  "boldsymbol",
  "bm",
  "text",
  "textrm",
  "textit",
  "textbf",
  "mbox",
  "operatorname",
  "mathop",
  "begin",
  "end",
  "label",
  "tag",
  "nonumber",
  "notag",
  "hat",
  "widehat",
  "tilde",
  "widetilde",
  "bar",
  "overline",
  "underline",
  "vec",
  "dot",
  "ddot",
  "check",
  "breve",
  "acute",
  "grave",
  "mathring",
  "binom",
  "dbinom",
  "tbinom",
  "phantom",
  "hphantom",
  "vphantom",
  "kern",
  "hspace",
  "mathchoice",
  "mathstrut",
  "strut",
  "underbrace",
  "overbrace",
  "stackrel",
  "overset",
  "underset",
  "xrightarrow",
  "substack",
  "nobreak",
  "allowbreak",
  "ensuremath",
  "hfill",
]);

const ENV_NAME = /\\(?:begin|end)\{[^}]*\}/g;
const ARG_DROPPING = /\\(?:label|tag|hspace|vspace|kern)\*?\{[^}]*\}/g;

/** The visible tokens of a formula: letters, digits, symbols and named symbols, in reading order. */
export function visibleTokens(latex: string): string[] {
  const s = latex
    .replace(ARG_DROPPING, " ")
    .replace(ENV_NAME, " ")
    .replace(/\\operatorname\*?\{([^}]*)\}/g, (_, n: string) => n.replace(/\\,/g, ""))
    .replace(/\\mathbb\{([A-Za-z])\}/g, "𝔹$1")
    .replace(/\\mathcal\{([A-Za-z])\}/g, "𝒞$1")
    .replace(/\\mathfrak\{([A-Za-z])\}/g, "𝔉$1")
    .replace(/\\mathscr\{([A-Za-z])\}/g, "𝒞$1");
  const tokens: string[] = [];
  const re = /\\([A-Za-z]+)\*?|\\(.)|(𝔹|𝒞|𝔉)([A-Za-z])|([^\s{}^_&~\\])/gu;
  for (const m of s.matchAll(re)) {
    if (m[1] !== undefined) {
      const name = m[1];
      if (INVISIBLE.has(name)) continue;
      const t = SYNONYMS[name] ?? name;
      if (t) tokens.push(t);
    } else if (m[2] !== undefined) {
      const t = SYNONYMS[m[2]];
      if (t) tokens.push(t); // \, \; \! \  and other spacing give nothing
    } else if (m[3] !== undefined) tokens.push(`${m[3]}${m[4]}`);
    else {
      const ch = m[5]!;
      tokens.push(UNICODE_NAMES[ch] ?? (ch === "−" ? "-" : ch));
    }
  }
  // sentence punctuation at a formula's end is the prose's
  while (tokens.length && /^[.,;:]$/.test(tokens[tokens.length - 1]!)) tokens.pop();
  return tokens;
}

const UNICODE_NAMES: Record<string, string> = {
  α: "alpha",
  β: "beta",
  γ: "gamma",
  δ: "delta",
  ε: "varepsilon",
  ϵ: "epsilon",
  θ: "theta",
  λ: "lambda",
  μ: "mu",
  π: "pi",
  σ: "sigma",
  φ: "varphi",
  ω: "omega",
  "≤": "le",
  "≥": "ge",
  "≠": "neq",
  "→": "to",
  "∞": "∞",
  "∂": "∂",
  "∑": "sum",
  "∫": "int",
  "·": "cdot",
  "×": "times",
  "∈": "in",
  ℝ: "𝔹R",
  "′": "'",
};

/** Dice-like similarity of two token sequences: twice their longest common subsequence over their lengths. */
export function tokenSimilarity(a: string[], b: string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  let prev = new Uint16Array(b.length + 1);
  let cur = new Uint16Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++)
      cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, cur[j - 1]!);
    [prev, cur] = [cur, prev];
  }
  return (2 * prev[b.length]!) / (a.length + b.length);
}
