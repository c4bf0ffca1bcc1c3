/**
 * Formulas in source and note text: `$…$` inline, `$$…$$` on a line of their own, as the parsers write
 * Office Math (and as KaTeX renders them in the web app and the exports). A formula is one token for the
 * engines: never split between sentences, cut short, re-spaced, escaped, bolded inside or blanked.
 *
 * A `$` is a formula's only when it looks like one (as Pandoc decides): the opening `$` is followed by a
 * non-space, the closing one follows a non-space and is not followed by a digit, so "costs $5 and $10"
 * holds no formula. A display formula may have spaces inside its `$$` ("$$ P V = N k T.$$", as Jupyter and MyST
 * notes write them).
 */
export const FORMULA = /\$\$\s*(?=\S)([^$]+?)(?<=\S)\s*\$\$|\$(?=[^\s$])([^$\n]+?)(?<=[^\s\\])\$(?!\d)/g;

/** A formula's place in a text. */
export interface FormulaSpan {
  start: number;
  end: number;
  latex: string;
  display: boolean;
}

export function formulaSpans(text: string): FormulaSpan[] {
  if (!text.includes("$")) return [];
  return [...text.matchAll(FORMULA)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    latex: m[1] ?? m[2]!,
    display: m[1] !== undefined,
  }));
}

/** The formulas of a text, as written (`$…$`, `$$…$$`). */
export function formulasOf(text: string): string[] {
  return formulaSpans(text).map((s) => text.slice(s.start, s.end));
}

export function hasFormula(text: string): boolean {
  return formulaSpans(text).length > 0;
}

/** A display equation's number after it, as the parser keeps it: "$$…$$ (1)", "(3.27)", "（2-1）", "(A.4)". */
const EQUATION_NUMBER = /(?<=\$\$)\s*[(（]\s*[A-Z]?\d+(?:[.\-–]\d+)*[a-z′']?\s*[)）]$/u;

/** A text that is one formula on its own, such as a display equation's paragraph. */
export function isFormulaOnly(text: string): boolean {
  const t = text.trim().replace(EQUATION_NUMBER, "");
  const spans = formulaSpans(t);
  return spans.length === 1 && spans[0]!.start === 0 && spans[0]!.end === t.length;
}

/** The character a formula is masked with: private use, not a letter, a space or punctuation. */
export const FORMULA_MASK = "\ue0f1";

/**
 * The text with every character of every formula replaced by `FORMULA_MASK`: same length and positions,
 * so that sentence, word and term rules run on the prose and their positions apply to the original.
 */
export function maskFormulas(text: string): string {
  const spans = formulaSpans(text);
  if (spans.length === 0) return text;
  let out = "";
  let pos = 0;
  for (const s of spans) {
    out += text.slice(pos, s.start) + FORMULA_MASK.repeat(s.end - s.start);
    pos = s.end;
  }
  return out + text.slice(pos);
}

/** True when [start, end) cuts into a formula (touching one from outside is fine). */
export function cutsFormula(text: string, start: number, end: number): boolean {
  return formulaSpans(text).some((s) => start < s.end && end > s.start && (start > s.start || end < s.end));
}

/** Applies `fn` to the prose between formulas; the formulas stay exactly as written. */
export function mapProse(text: string, fn: (prose: string) => string): string {
  const spans = formulaSpans(text);
  if (spans.length === 0) return fn(text);
  let out = "";
  let pos = 0;
  for (const s of spans) {
    out += fn(text.slice(pos, s.start)) + text.slice(s.start, s.end);
    pos = s.end;
  }
  return out + fn(text.slice(pos));
}

const FIRST_TOKEN = 0xe100;
const LAST_TOKEN = 0xf8ff;

/**
 * Each formula replaced by one private-use character, so that word counts, clause breaks and cuts treat
 * it as one word; `restore` puts the formulas back (a token cut away takes its formula with it).
 */
export function protectFormulas(text: string): { text: string; restore(s: string): string } {
  const spans = formulaSpans(text);
  if (spans.length === 0 || spans.length > LAST_TOKEN - FIRST_TOKEN) return { text, restore: (s) => s };
  const formulas: string[] = [];
  const protectedText = text.replace(FORMULA, (m) => {
    formulas.push(m);
    return String.fromCharCode(FIRST_TOKEN + formulas.length - 1);
  });
  const token = /[\ue100-\uf8ff]/g;
  return {
    text: protectedText,
    restore: (s) => s.replace(token, (c) => formulas[c.charCodeAt(0) - FIRST_TOKEN] ?? ""),
  };
}

/** The first `max - 1` characters and an ellipsis when longer than `max`; a formula counts as one character. */
export function cutChars(text: string, max: number): string {
  const formulas = protectFormulas(text);
  const chars = [...formulas.text];
  return chars.length <= max ? text : `${formulas.restore(chars.slice(0, max - 1).join(""))}…`;
}

/** Whitespace-insensitive key of a formula, for comparing a model's copy with the source's. */
export function formulaKey(formula: string): string {
  return formula
    .replace(/^\$+|\$+$/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** What makes `\\[…\\]` math rather than an escaped bracket ("\\[p. 3\\]"): a command, a script, braces, `=`. */
const LOOKS_LIKE_MATH = /\\[A-Za-z]|[\^_{}=]/;

/** A model's other ways of writing math (`\\(…\\)`, `\\[…\\]`) as the `$…$` / `$$…$$` the app renders. */
export function dollarMath(md: string): string {
  return md
    .replace(/\\\[\s*([\s\S]+?)\s*\\\]/g, (m, latex: string) =>
      LOOKS_LIKE_MATH.test(latex) ? `$$${latex}$$` : m,
    )
    .replace(/\\\(\s*(.+?)\s*\\\)/g, (m, latex: string) => (LOOKS_LIKE_MATH.test(latex) ? `$${latex}$` : m));
}

/** Formulas of Markdown (a note's, a model's): `$$…$$` blocks on one line or several, then `$…$`; and the prose left. */
export function markdownFormulas(md: string): { formulas: string[]; prose: string } {
  const formulas: string[] = [];
  const rest = md.replace(/\$\$([\s\S]+?)\$\$/g, (m) => {
    formulas.push(m);
    return " ";
  });
  const inline = formulasOf(rest);
  formulas.push(...inline);
  let prose = rest;
  for (const f of inline) prose = prose.replace(f, " ");
  return { formulas, prose };
}

/**
 * An equation written as text, as a Word or PowerPoint author types one ("E_p = (%ΔQ) / (%ΔP)", "F = m · a",
 * "v(t) = s / t"): one symbol on the left, an expression on the right with its brackets closed and no operator
 * left hanging. Formula soup from a PDF's lost maths ("Δw lim = lim Δz−") is none.
 */
export function isPlainEquation(text: string): boolean {
  const t = text.trim();
  const m =
    /^([\p{L}][\p{L}\p{N}]{0,3}(?:_\{?[\p{L}\p{N}]{1,6}\}?)?(?:\([^()]{1,12}\))?)\s*[=≈≤≥]\s*(.+)$/u.exec(t);
  if (!m || t.length > 120 || t.includes("$")) return false;
  const right = m[2]!;
  let depth = 0;
  for (const c of right) {
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    if (depth < 0) return false;
  }
  if (depth !== 0 || /[-−+*/=·×÷^_]$/u.test(right.trim())) return false;
  // an expression, not a sentence: operators between operands, few words
  return /[-−+*/·×÷^()]/u.test(right) && right.split(/\s+/u).filter((w) => /\p{L}{4,}/u.test(w)).length <= 2;
}

/**
 * A formula that states a relation ("$x_{k+1}=x_k-\\eta g$", "$$a\\le b$$", "$A\\Rightarrow B$"): a statement, as
 * a verb makes one.
 */
export const RELATION_FORMULA =
  /\$[^$]*(?:[=<>≤≥≈∈⊂→⇒⇔]|\\(?:le|ge|leq|geq|neq|approx|sim|in|subset|subseteq|to|Rightarrow|Leftrightarrow|iff|equiv)(?![a-zA-Z]))[^$]*\$/u;
