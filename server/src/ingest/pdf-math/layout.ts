import { LIMIT_OPERATORS, OPERATOR_NAMES } from "../latex-operators";
import type { GlyphKind } from "./glyphs";

/** One glyph (or an upright word) of a formula, in PDF user space (y grows upwards). */
export interface MathGlyph {
  latex: string;
  kind: GlyphKind | "word" | "atom";
  x0: number;
  x1: number;
  /** Baseline. */
  y: number;
  size: number;
  /** Vertical extent: big operators and delimiters of the extension font hang below their baseline. */
  bottom: number;
  top: number;
}

/** A horizontal rule drawn on the page: a fraction bar or a radical's overbar. */
export interface Rule {
  x0: number;
  x1: number;
  y: number;
}

/** Bounds a formula's rebuilding: a 10,000-glyph or deeply nested formula gives up (and stays as text). */
export interface LayoutBudget {
  steps: number;
}

const MAX_STEPS = 200_000;
const MAX_DEPTH = 24;

class GiveUp extends Error {}

/** The LaTeX of a formula laid out by its glyphs and rules; null when it cannot be rebuilt. */
export function layoutLatex(
  glyphs: MathGlyph[],
  rules: Rule[],
  budget: LayoutBudget = { steps: 0 },
): string | null {
  try {
    const latex = build(glyphs, rules, 0, budget).trim();
    return latex || null;
  } catch (err) {
    if (err instanceof GiveUp) return null;
    throw err;
  }
}

const centerX = (g: { x0: number; x1: number }) => (g.x0 + g.x1) / 2;

function spend(budget: LayoutBudget, n: number, depth: number): void {
  budget.steps += n;
  if (budget.steps > MAX_STEPS || depth > MAX_DEPTH) throw new GiveUp();
}

function mainSizeOf(glyphs: MathGlyph[]): number {
  let size = 0;
  for (const g of glyphs) if (g.kind !== "delim" && g.kind !== "radical" && g.size > size) size = g.size;
  return size || glyphs[0]?.size || 10;
}

function build(glyphs: MathGlyph[], rules: Rule[], depth: number, budget: LayoutBudget): string {
  if (glyphs.length === 0) return "";
  spend(budget, glyphs.length + rules.length, depth);
  let items = [...glyphs];
  const size = mainSizeOf(items);
  const pending = rules.filter((r) => items.some((g) => centerX(g) >= r.x0 - 1 && centerX(g) <= r.x1 + 1));
  pending.sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0));
  // Fractions, radicals, over- and underlines, widest bar first; bars inside a part are that part's.
  const chosen: Rule[] = [];
  for (const rule of pending) {
    if (chosen.some((c) => rule.x0 >= c.x0 - 0.5 && rule.x1 <= c.x1 + 0.5)) continue;
    const radical = items.find(
      (g) => g.kind === "radical" && Math.abs(g.x1 - rule.x0) < g.size * 0.4 && g.bottom < rule.y,
    );
    const above = items.filter((g) => g !== radical && inRange(g, rule) && g.y > rule.y);
    const below = items.filter(
      (g) => g !== radical && inRange(g, rule) && g.y < rule.y && !above.includes(g),
    );
    let atom: MathGlyph | null = null;
    let used: MathGlyph[] = [];
    if (radical) {
      const index = items.filter(
        (g) =>
          g !== radical &&
          g.size < radical.size * 0.9 &&
          g.x1 <= radical.x1 &&
          g.x0 >= radical.x0 - g.size &&
          g.y > radical.bottom + (radical.top - radical.bottom) * 0.3 &&
          !below.includes(g),
      );
      const body = build(
        below,
        pending.filter((r) => within(r, rule, below, false)),
        depth + 1,
        budget,
      );
      const degree = index.length ? build(index, [], depth + 1, budget) : "";
      atom = makeAtom(`\\sqrt${degree ? `[${degree}]` : ""}{${body}}`, [radical, ...below], size);
      used = [radical, ...below, ...index];
    } else if (above.length && below.length) {
      const num = build(
        above,
        pending.filter((r) => within(r, rule, above, true)),
        depth + 1,
        budget,
      );
      const den = build(
        below,
        pending.filter((r) => within(r, rule, below, false)),
        depth + 1,
        budget,
      );
      atom = makeAtom(`\\frac{${num}}{${den}}`, [...above, ...below], size);
      // a fraction of script-sized parts may be a script itself ("|u_n|^{1/n}", "\int_0^{\pi/2}"): its size
      // and axis tell the row
      const partSize = Math.max(...above.map((g) => g.size), ...below.map((g) => g.size));
      if (partSize < size * 0.75) atom.size = partSize;
      atom.y = rule.y - atom.size * 0.25;
      used = [...above, ...below];
    } else if (below.length) {
      const body = build(
        below,
        pending.filter((r) => within(r, rule, below, false)),
        depth + 1,
        budget,
      );
      atom = makeAtom(`\\overline{${body}}`, below, size);
      used = below;
    } else continue;
    chosen.push(rule);
    atom.x0 = Math.min(atom.x0, rule.x0);
    atom.x1 = Math.max(atom.x1, rule.x1);
    items = items.filter((g) => !used.includes(g));
    items.push(atom);
  }
  items = applyAccents(items, depth, budget);
  items = applyLimits(items, size, depth, budget);
  items = applyBinoms(items, size, depth, budget);
  items = applyMatrices(items, size, depth, budget);
  return row(items, size, depth, budget);
}

const inRange = (g: MathGlyph, rule: Rule): boolean =>
  centerX(g) >= rule.x0 - 0.5 && centerX(g) <= rule.x1 + 0.5;

/** A bar other than `rule` over glyphs of a part of its fraction (the numerator, over it, or what is under it). */
function within(r: Rule, rule: Rule, part: MathGlyph[], isAbove: boolean): boolean {
  return (
    r !== rule &&
    part.some(
      (g) => centerX(g) >= r.x0 - 1 && centerX(g) <= r.x1 + 1 && (isAbove ? r.y > rule.y : r.y < rule.y),
    )
  );
}

function makeAtom(latex: string, parts: MathGlyph[], size: number): MathGlyph {
  let x0 = Infinity;
  let x1 = -Infinity;
  let bottom = Infinity;
  let top = -Infinity;
  let y = -Infinity;
  for (const g of parts) {
    x0 = Math.min(x0, g.x0);
    x1 = Math.max(x1, g.x1);
    bottom = Math.min(bottom, g.bottom);
    top = Math.max(top, g.top);
    if (
      g.kind !== "delim" &&
      g.kind !== "radical" &&
      g.kind !== "bigop" &&
      g.kind !== "intop" &&
      g.size >= size * 0.8 &&
      y === -Infinity
    )
      y = g.y;
  }
  if (y === -Infinity) y = parts.find((g) => g.kind !== "radical" && g.kind !== "delim")?.y ?? bottom;
  return { latex, kind: "atom", x0, x1, y, size, bottom, top };
}

const STACKABLE = new Set<MathGlyph["kind"]>(["ord", "word", "accent"]);

/**
 * Fraction bars where the page's rules are not known: a group of glyphs over another, centred on each
 * other, set apart from what precedes them (TeX puts \nulldelimiterspace beside a fraction, while a
 * script touches its base). Nested fractions give the outer bar only.
 */
export function inferBars(glyphs: MathGlyph[]): Rule[] {
  if (glyphs.length < 2 || glyphs.length > 2000) return [];
  const size = mainSizeOf(glyphs);
  const sorted = [...glyphs].sort((a, b) => a.x0 - b.x0);
  const baseline = baselineOf(sorted, size);
  const upper = sorted.filter((g) => STACKABLE.has(g.kind) && g.y > baseline + size * 0.25);
  const lower = sorted.filter((g) => STACKABLE.has(g.kind) && g.y < baseline - size * 0.15);
  const bars: Rule[] = [];
  const runOf = (list: MathGlyph[], seed: MathGlyph): MathGlyph[] => {
    const run = [seed];
    let x0 = seed.x0;
    let x1 = seed.x1;
    let grew = true;
    while (grew) {
      grew = false;
      for (const g of list) {
        if (run.includes(g) || Math.abs(g.y - seed.y) > size * 0.6) continue;
        if (g.x0 <= x1 + size * 0.35 && g.x1 >= x0 - size * 0.35) {
          run.push(g);
          x0 = Math.min(x0, g.x0);
          x1 = Math.max(x1, g.x1);
          grew = true;
        }
      }
    }
    return run;
  };
  for (const u of upper) {
    if (bars.some((b) => centerX(u) >= b.x0 && centerX(u) <= b.x1)) continue;
    const l = lower.find(
      (g) => Math.min(u.x1, g.x1) - Math.max(u.x0, g.x0) > Math.min(u.x1 - u.x0, g.x1 - g.x0) * 0.3,
    );
    if (!l) continue;
    const num = runOf(upper, u);
    const den = runOf(lower, l);
    const x0 = Math.min(...num.map((g) => g.x0), ...den.map((g) => g.x0));
    const x1 = Math.max(...num.map((g) => g.x1), ...den.map((g) => g.x1));
    // a script pair (x_1^2) touches the glyph before it; a fraction stands apart
    const before = sorted.filter((g) => g.x1 <= x0 + 0.3 && !num.includes(g) && !den.includes(g)).pop();
    if (before && x0 - before.x1 < size * 0.08 && before.kind !== "delim") continue;
    const numBottom = Math.min(...num.map((g) => g.y));
    const denTop = Math.max(...den.map((g) => g.y + g.size * 0.7));
    if (numBottom < denTop - size * 0.2) continue;
    // parentheses touching the stack make it \binom: \left( \frac…\right) keeps \nulldelimiterspace inside them
    if (enclosingParens(sorted, x0, x1, size)) continue;
    bars.push({ x0: x0 - 0.2, x1: x1 + 0.2, y: (numBottom + denTop) / 2 });
  }
  return bars;
}

/** Parentheses (extension-font delimiters) that touch a stack from x0 to x1 on both sides, as \binom sets them. */
function enclosingParens(
  items: MathGlyph[],
  x0: number,
  x1: number,
  size: number,
): [open: MathGlyph, close: MathGlyph] | null {
  const tight = size * 0.06;
  const open = items.find((g) => g.kind === "delim" && g.latex === "(" && Math.abs(x0 - g.x1) < tight);
  const close = items.find((g) => g.kind === "delim" && g.latex === ")" && Math.abs(g.x0 - x1) < tight);
  return open && close && Math.abs(open.bottom - close.bottom) < size * 0.3 ? [open, close] : null;
}

/**
 * \binom: two rows stacked without a bar between parentheses that touch them (a matrix's column keeps
 * \arraycolsep from its parentheses). Inline its rows are script-sized; displayed they are set further
 * apart (TeX's num1 and denom1 shifts, about 1.36 em) than a matrix's rows (a baselineskip, 1.2 em).
 */
function applyBinoms(items: MathGlyph[], size: number, depth: number, budget: LayoutBudget): MathGlyph[] {
  const opens = items.filter((g) => g.kind === "delim" && g.latex === "(");
  if (opens.length === 0) return items;
  let out = items;
  for (const open of opens) {
    const close = out
      .filter(
        (g) =>
          g.kind === "delim" &&
          g.latex === ")" &&
          g.x0 > open.x1 &&
          Math.abs(g.bottom - open.bottom) < size * 0.3,
      )
      .sort((a, b) => a.x0 - b.x0)[0];
    if (!close) continue;
    const inside = out.filter(
      (g) =>
        g !== open &&
        g !== close &&
        centerX(g) > open.x1 &&
        centerX(g) < close.x0 &&
        g.y > open.bottom - size * 0.2 &&
        g.y < open.top + size * 0.2,
    );
    if (inside.length < 2 || inside.some((g) => g.kind !== "ord" && g.kind !== "word" && g.kind !== "atom"))
      continue;
    const x0 = Math.min(...inside.map((g) => g.x0));
    const x1 = Math.max(...inside.map((g) => g.x1));
    if (!enclosingParens([open, close], x0, x1, size)) continue;
    const entrySize = mainSizeOf(inside);
    const rows = rowsOf(inside, entrySize);
    if (rows.length !== 2) continue;
    const [upper, lower] = rows as [MathGlyph[], MathGlyph[]];
    const baseOf = (r: MathGlyph[]) =>
      Math.min(...r.filter((g) => g.size >= entrySize * 0.8).map((g) => g.y));
    const distance = baseOf(upper) - baseOf(lower);
    const centre = (r: MathGlyph[]) =>
      (Math.min(...r.map((g) => g.x0)) + Math.max(...r.map((g) => g.x1))) / 2;
    if (Math.abs(centre(upper) - centre(lower)) > entrySize * 0.3) continue;
    // sizes against the parentheses' font: an inline binomial may be all the formula there is
    const scriptSized = entrySize < open.size * 0.9;
    if (!scriptSized && distance < open.size * 1.3) continue;
    const latex = `\\binom{${build(upper, [], depth + 1, budget)}}{${build(lower, [], depth + 1, budget)}}`;
    const used = [open, close, ...inside];
    const atom = makeAtom(latex, used, size);
    atom.y = (open.top + open.bottom) / 2 - size * 0.25;
    out = out.filter((g) => !used.includes(g));
    out.push(atom);
  }
  return out;
}

/** An accent over the glyph it stands on: \hat{x}; a wide one over all it spans: \widehat{xy}. */
function applyAccents(items: MathGlyph[], depth: number, budget: LayoutBudget): MathGlyph[] {
  const accents = items.filter((g) => g.kind === "accent" || g.kind === "wideaccent");
  if (accents.length === 0) return items;
  let out = items.filter((g) => !accents.includes(g));
  for (const accent of accents) {
    const c = centerX(accent);
    if (accent.kind === "wideaccent") {
      const under = out.filter(
        (g) => centerX(g) >= accent.x0 - 0.5 && centerX(g) <= accent.x1 + 0.5 && g.y < accent.y,
      );
      if (under.length === 0) continue;
      const atom = makeAtom(
        `${accent.latex}{${build(under, [], depth + 1, budget)}}`,
        under,
        mainSizeOf(under),
      );
      out = out.filter((g) => !under.includes(g));
      out.push(atom);
      continue;
    }
    let base: MathGlyph | undefined;
    let best = Infinity;
    for (const g of out) {
      if (g.kind === "bigop" || g.kind === "intop" || g.kind === "delim") continue;
      const dist = c < g.x0 ? g.x0 - c : c > g.x1 ? c - g.x1 : 0;
      if (dist < best && g.y <= accent.y + accent.size * 0.2) {
        best = dist;
        base = g;
      }
    }
    if (!base || best > base.size * 0.5) continue; // an accent over nothing: dropped, never left stray
    base.latex = `${accent.latex}{${base.latex}}`;
  }
  return out;
}

const isOperator = (g: MathGlyph) =>
  g.kind === "bigop" ||
  (g.kind === "word" &&
    (LIMIT_OPERATORS.has(g.latex.startsWith("\\") ? g.latex.slice(1) : g.latex) ||
      g.latex.startsWith("\\operatorname*")));

/** Limits above and below a big operator (∑, ∏, ⋃) or under lim, max, min, sup, arg max. */
function applyLimits(items: MathGlyph[], size: number, depth: number, budget: LayoutBudget): MathGlyph[] {
  const ops = items.filter(isOperator);
  if (ops.length === 0) return items;
  let out = items;
  for (const op of ops) {
    const slack = op.size * 0.3;
    const near = (g: MathGlyph) =>
      g !== op &&
      centerX(g) >= op.x0 - slack &&
      centerX(g) <= op.x1 + slack &&
      (g.size <= op.size * 0.95 || (op.kind === "word" && g.y < op.y - op.size * 0.45));
    const above = out.filter((g) => near(g) && op.kind === "bigop" && g.y >= op.top - g.size * 0.3);
    const below = out.filter(
      (g) => near(g) && !above.includes(g) && g.top <= op.bottom + g.size * 0.5 && g.y < op.y - op.size * 0.3,
    );
    if (above.length === 0 && below.length === 0) continue;
    // a limit wider than its operator ("z → z₀" under lim): the rest of its line joins it
    for (const part of [above, below]) {
      if (part.length === 0) continue;
      const y = part[0]!.y;
      let x0 = Math.min(...part.map((g) => g.x0));
      let x1 = Math.max(...part.map((g) => g.x1));
      for (const g of [...out].sort((a, b) => a.x0 - b.x0)) {
        if (g === op || part.includes(g) || above.includes(g) || below.includes(g)) continue;
        if (Math.abs(g.y - y) > op.size * 0.15) continue;
        if (g.x0 > x1 + op.size * 0.3 || g.x1 < x0 - op.size * 0.3) continue;
        part.push(g);
        x0 = Math.min(x0, g.x0);
        x1 = Math.max(x1, g.x1);
      }
    }
    let latex = op.latex;
    if (below.length) latex += `_{${build(below, [], depth + 1, budget)}}`;
    if (above.length) latex += `^{${build(above, [], depth + 1, budget)}}`;
    const atom = makeAtom(latex, [op, ...above, ...below], size);
    // a big operator sits on the maths axis, a quarter of an em over the baseline
    atom.y = op.kind === "word" ? op.y : (op.top + op.bottom) / 2 - op.size * 0.25;
    atom.kind = "atom";
    out = out.filter((g) => g !== op && !above.includes(g) && !below.includes(g));
    out.push(atom);
  }
  return out;
}

const OPENING = new Set(["(", "[", "\\{", "|", "\\|", "\\langle", "\\lfloor", "\\lceil"]);
const CLOSING: Record<string, string> = {
  "(": ")",
  "[": "]",
  "\\{": "\\}",
  "|": "|",
  "\\|": "\\|",
  "\\langle": "\\rangle",
  "\\lfloor": "\\rfloor",
  "\\lceil": "\\rceil",
};
const ENVIRONMENT: Record<string, string> = {
  "(": "pmatrix",
  "[": "bmatrix",
  "|": "vmatrix",
  "\\|": "Vmatrix",
  "\\{": "Bmatrix",
};

// glyphs of the extension font hang from their baseline: they sit on the row their middle is in
const hanging = (g: MathGlyph): boolean =>
  g.kind === "delim" || g.kind === "bigop" || g.kind === "intop" || g.kind === "radical";
const yOf = (g: MathGlyph): number => (hanging(g) ? (g.top + g.bottom) / 2 - g.size * 0.25 : g.y);

/** Rows of glyphs by baseline (scripts go with the nearest row): several rows make a matrix or cases. */
function rowsOf(items: MathGlyph[], size: number): MathGlyph[][] {
  const bases = items
    .filter((g) => !hanging(g) && g.size >= size * 0.8)
    .map((g) => g.y)
    .sort((a, b) => b - a);
  const lines: number[] = [];
  for (const y of bases) if (!lines.length || lines[lines.length - 1]! - y > size * 0.9) lines.push(y);
  if (lines.length === 0) return items.length ? [items] : [];
  const rows: MathGlyph[][] = lines.map(() => []);
  for (const g of items) {
    let best = 0;
    for (let i = 1; i < lines.length; i++)
      if (Math.abs(lines[i]! - yOf(g)) < Math.abs(lines[best]! - yOf(g))) best = i;
    rows[best]?.push(g);
  }
  return rows.filter((r) => r.length > 0);
}

/** Delimiters spanning several rows: a matrix (pmatrix, bmatrix…) or, after a lone brace, cases. */
function applyMatrices(items: MathGlyph[], size: number, depth: number, budget: LayoutBudget): MathGlyph[] {
  const delims = items
    .filter((g) => g.kind === "delim" && g.top - g.bottom > size * 1.6)
    .sort((a, b) => a.x0 - b.x0);
  if (delims.length === 0) return items;
  let out = items;
  for (const open of delims) {
    if (!OPENING.has(open.latex) || !out.includes(open)) continue;
    const close = delims.find(
      (d) =>
        d.x0 > open.x1 &&
        d.latex === CLOSING[open.latex] &&
        out.includes(d) &&
        Math.abs(d.bottom - open.bottom) < size * 0.5,
    );
    const right = close ? close.x0 : Infinity;
    const inside = out.filter(
      (g) =>
        g !== open &&
        g !== close &&
        g.x0 >= open.x1 - 0.5 &&
        g.x1 <= right + 0.5 &&
        g.y >= open.bottom - size * 0.2 &&
        g.y <= open.top,
    );
    const rows = rowsOf(inside, size);
    if (rows.length < 2) continue;
    if (!close && open.latex !== "\\{") continue;
    const body = rows
      .map((r) =>
        cellsOf(r, size)
          .map((cell) => build(cell, [], depth + 1, budget))
          .join(" & "),
      )
      .join(" \\\\ ");
    const env = close
      ? open.latex === "|" && close.latex === "|"
        ? "vmatrix"
        : (ENVIRONMENT[open.latex] ?? "matrix")
      : "cases";
    const used = [open, ...(close ? [close] : []), ...inside];
    const atom = makeAtom(`\\begin{${env}} ${body} \\end{${env}}`, used, size);
    atom.y = (open.top + open.bottom) / 2 - size * 0.25;
    out = out.filter((g) => !used.includes(g));
    out.push(atom);
  }
  return out;
}

/** The cells of a matrix row: split where the row leaves a gap of nearly an em or more. */
function cellsOf(rowItems: MathGlyph[], size: number): MathGlyph[][] {
  const sorted = [...rowItems].sort((a, b) => a.x0 - b.x0);
  const cells: MathGlyph[][] = [];
  let end = -Infinity;
  for (const g of sorted) {
    if (!cells.length || g.x0 - end > size * 0.8) cells.push([]);
    cells[cells.length - 1]!.push(g);
    end = Math.max(end, g.x1);
  }
  return cells;
}

/** One row: glyphs on the baseline, with their raised (superscript) and lowered (subscript) neighbours. */
function row(items: MathGlyph[], size: number, depth: number, budget: LayoutBudget): string {
  spend(budget, items.length, depth);
  const sorted = joinArrows(byX(items));
  const baseline = baselineOf(sorted, size);
  interface Nucleus {
    latex: string;
    sub: MathGlyph[];
    sup: MathGlyph[];
    /** A quad or more of space before it (\\quad between two formulas of a display). */
    space: string;
    x0: number;
    /** Where what stands before it ends. */
    before: number;
  }
  const nuclei: Nucleus[] = [];
  let right = -Infinity;
  let script: MathGlyph | undefined;
  for (const g of sorted) {
    // a glyph on the shifted baseline of the script just before it is of that script, whatever its size
    // (a subscript's arrow reported at the text size: "\lim_{n\to\infty}")
    const inScript =
      script !== undefined &&
      g.kind === "ord" &&
      Math.abs(g.y - baseline) > size * 0.08 &&
      Math.abs(g.y - script.y) < size * 0.02 &&
      g.x0 - script.x1 < size * 0.3;
    if (isBase(g, size, baseline, depth) && !inScript) {
      script = undefined;
      const gap = g.x0 - right;
      const space = depth > 0 ? "" : gap >= size * 1.7 ? "\\qquad " : gap >= size * 0.9 ? "\\quad " : "";
      nuclei.push({ latex: g.latex, sub: [], sup: [], space, x0: g.x0, before: right });
      right = Math.max(right, g.x1);
      continue;
    }
    right = Math.max(right, g.x1);
    const s = inScript ? script!.size : g.size;
    const own = inScript ? { ...g, size: s, bottom: g.y - s * 0.25, top: g.y + s * 0.75 } : g;
    script = own;
    let last = nuclei[nuclei.length - 1];
    if (!last) {
      last = { latex: "{}", sub: [], sup: [], space: "", x0: g.x0, before: right };
      nuclei.push(last);
    }
    if (g.y > baseline + size * 0.05) last.sup.push(own);
    else last.sub.push(own);
  }
  const parts: string[] = [];
  let lastRaw: string | undefined;
  for (let i = 0; i < nuclei.length; i++) {
    const n = nuclei[i]!;
    let latex = n.latex;
    // a nucleus that already carries scripts (an operator with limits, a primed letter) is grouped first
    if ((n.sub.length || n.sup.length) && /(?:[_^]\{.*\}|')$/.test(latex)) latex = `{${latex}}`;
    // an upright word set letter by letter: "arg max", "prox"
    if (n.sub.length) latex += `_{${build(n.sub, [], depth + 1, budget)}}`;
    if (n.sup.length) {
      const sup = build(n.sup, [], depth + 1, budget);
      latex += /^'+$/.test(sup) ? sup : `^{${sup}}`;
    }
    const prev = parts[parts.length - 1];
    // words of one \text run are one \text, a space between them; a word stands a space off its maths
    if (isText(lastRaw) && isText(latex) && !n.space && prev) {
      const gap = n.x0 - n.before;
      const join = gap > size * 0.12 ? " " : "";
      parts[parts.length - 1] = `${prev.slice(0, -1)}${join}${latex.slice(6)}`;
      lastRaw = `${lastRaw!.slice(0, -1)}${join}${latex.slice(6)}`;
      continue;
    }
    const texty = isText(latex) || isText(lastRaw);
    const space = n.space || (texty && i > 0 && n.x0 - n.before > size * 0.12 ? "\\ " : "");
    parts.push(space && i > 0 ? `${space}${latex}` : latex);
    lastRaw = latex;
  }
  return joinLatex(parts);
}

/**
 * The items by x0, as `[...items].sort((a, b) => a.x0 - b.x0)` orders them (stable): most rows come so
 * ordered already, and are not copied and sorted again.
 */
function byX(items: MathGlyph[]): MathGlyph[] {
  for (let k = 1; k < items.length; k++)
    if (!(items[k - 1]!.x0 - items[k]!.x0 <= 0)) return [...items].sort((a, b) => a.x0 - b.x0);
  return items;
}

/** A glyph of a row's baseline (not a script of the glyph before it). */
function isBase(g: MathGlyph, size: number, baseline: number, depth: number): boolean {
  return (
    (g.kind === "atom" && (g.size >= size * 0.75 || Math.abs(g.y - baseline) <= size * 0.18)) ||
    g.kind === "bigop" ||
    g.kind === "intop" ||
    g.kind === "delim" ||
    g.kind === "radical" ||
    (Math.abs(g.y - baseline) <= size * 0.18 && g.size >= size * 0.75) ||
    // inside a limit or a script, a script-sized glyph on the baseline of a larger one is its neighbour ("l\to 0"
    // under \lim, its arrow set at the text size)
    (depth > 0 && Math.abs(g.y - baseline) < size * 0.03 && g.kind === "ord")
  );
}

const isText = (l: string | undefined): boolean => l !== undefined && /^\\text\{[^{}]*\}$/.test(l);

/**
 * A minus run into an arrow is one long arrow (\\longrightarrow is drawn as − and →); three centred or
 * low dots in a row are \\cdots or \\ldots (TeX draws them as three dots).
 */
function joinArrows(sorted: MathGlyph[]): MathGlyph[] {
  const out: MathGlyph[] = [];
  for (const g of sorted) {
    const prev = out[out.length - 1];
    // the negation slash is set over the relation it negates
    if (prev?.latex === "\\not" && g.x0 < prev.x1 + g.size * 0.3 && g.latex !== "\\not") {
      const negated = NEGATED[g.latex] ?? `\\not${/^[A-Za-z]/.test(g.latex) ? " " : ""}${g.latex}`;
      out[out.length - 1] = { ...g, latex: negated, x0: Math.min(prev.x0, g.x0) };
      continue;
    }
    // integral signs set together (amsmath draws \iint as two with a negative kern): one multiple integral
    const multiple = prev && g.latex === "\\int" ? MULTIPLE_INTEGRALS[prev.latex] : undefined;
    if (
      prev &&
      multiple &&
      g.kind === prev.kind &&
      Math.abs(g.size - prev.size) < g.size * 0.05 &&
      Math.abs(g.bottom - prev.bottom) < g.size * 0.2 &&
      g.x0 < prev.x1 + g.size * 0.08
    ) {
      out[out.length - 1] = { ...g, latex: multiple, x0: prev.x0 };
      continue;
    }
    const dots = g.latex === "\\cdot" || g.latex === "." ? out.slice(-2) : [];
    if (
      dots.length === 2 &&
      dots.every((d) => d.latex === g.latex && Math.abs(d.y - g.y) < g.size * 0.1) &&
      g.x0 - dots[1]!.x1 < g.size * 0.3 &&
      dots[1]!.x0 - dots[0]!.x1 < g.size * 0.3
    ) {
      out.splice(-2, 2, { ...g, latex: g.latex === "." ? "\\ldots" : "\\cdots", x0: dots[0]!.x0 });
      continue;
    }
    if (
      prev &&
      prev.latex === "-" &&
      g.latex === "\\to" &&
      g.x0 < prev.x1 + 0.2 &&
      Math.abs(g.y - prev.y) < g.size * 0.2
    ) {
      // a minus under the arrow's whole length adds nothing to it: the arrow alone
      const covered = g.x0 <= prev.x0 + (prev.x1 - prev.x0) * 0.3 && g.x1 >= prev.x1 - 0.5;
      out[out.length - 1] = { ...g, latex: covered ? "\\to" : "\\longrightarrow", x0: prev.x0 };
      continue;
    }
    out.push(g);
  }
  return out;
}

const MULTIPLE_INTEGRALS: Record<string, string> = { "\\int": "\\iint", "\\iint": "\\iiint" };

const NEGATED: Record<string, string> = {
  "=": "\\neq",
  "\\in": "\\notin",
  "\\subset": "\\not\\subset",
  "\\equiv": "\\not\\equiv",
};

/** The baseline most of the formula's full-size glyphs sit on. */
function baselineOf(items: MathGlyph[], size: number): number {
  const votes = new Map<number, number>();
  let best = items[0]?.y ?? 0;
  let bestVote = -1;
  for (const g of items) {
    if (g.kind === "delim" || g.kind === "radical" || g.kind === "bigop" || g.kind === "intop") continue;
    const key = Math.round(g.y * 2) / 2;
    const vote = (votes.get(key) ?? 0) + (g.size >= size * 0.9 ? 10 : 1) * (g.kind === "atom" ? 2 : 1);
    votes.set(key, vote);
    if (vote > bestVote) {
      bestVote = vote;
      best = g.y;
    }
  }
  return best;
}

/** Concatenates LaTeX pieces, with a space only where a command would run into a letter. */
export function joinLatex(parts: string[]): string {
  let out = "";
  for (const p of parts) {
    if (!p) continue;
    if (/^[A-Za-z0-9]/.test(p) && endsWithCommand(out)) out += " ";
    out += p;
  }
  return out;
}

/** What `/\\[A-Za-z]+$/` tells, from the end of the string only (the regex scans it all, on every part). */
function endsWithCommand(s: string): boolean {
  let k = s.length;
  while (k > 0 && isAsciiLetter(s.charCodeAt(k - 1))) k--;
  return k < s.length && k > 0 && s.charCodeAt(k - 1) === 0x5c;
}

const isAsciiLetter = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/** An upright word inside a formula: \sin, \operatorname{prox}, \text{if}. */
export function wordLatex(word: string): string {
  if (OPERATOR_NAMES.has(word)) return `\\${word}`;
  if (/^[a-z]{2,6}$/i.test(word)) return `\\operatorname{${word}}`;
  return `\\text{${word}}`;
}
