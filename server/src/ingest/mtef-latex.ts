/**
 * LaTeX of an MTEF equation tree (see mtef.ts): characters by typeface, templates (fractions, roots,
 * scripts, big operators, fences, bars, arrows, limits…), piles and matrices.
 *
 * MTEF puts a script after the item it scripts, as LaTeX does, so a script template is written where it
 * stands; a template's slots and its own characters (a fence's brackets, a sum's sigma) are its items,
 * in the order of the template's class.
 */
import { OPERATOR_NAMES } from "./latex-operators";
import {
  BIG_OPERATORS,
  CONTOURS,
  EMBELLISHMENTS,
  FENCES,
  MULTIPLE_INTEGRALS,
  RELATIONS,
  TF_FUNCTION,
  TF_MARKER,
  TF_SPACE,
  TF_TEXT,
  TF_TEXT_FE,
  delimiter,
  isSpace,
  mathChar,
  spacing,
  unicodeOf,
} from "./mtef-chars";
import { MtefError, type MtefChar, type MtefEquation, type MtefNode, type MtefTemplate } from "./mtef-reader";
import { join, textEscape } from "./omml";

/** A formula longer than this is not one a teacher wrote: the object is left as a stand-in. */
const MAX_LATEX = 20_000;

/** The LaTeX of an equation; "" when it holds nothing. Throws MtefError for what it cannot write. */
export function mtefTreeToLatex(eq: MtefEquation): string {
  const latex = items(eq.items).trim();
  if (latex.length > MAX_LATEX) throw new MtefError("formula too long");
  return latex;
}

/** The LaTeX of a line's items; a run of function or text characters is one name or one \text. */
function items(nodes: MtefNode[], alignAtRelation = false): string {
  const parts: string[] = [];
  let lastScript = false;
  let aligned = !alignAtRelation;
  let run: { text: string; typeface: number } | null = null;
  const flush = () => {
    if (!run) return;
    parts.push(run.typeface === TF_FUNCTION ? functionName(run.text) : textRun(run.text));
    run = null;
    lastScript = false;
  };
  for (const node of nodes) {
    if (node.kind === "char") {
      if (node.typeface === TF_SPACE || node.typeface === TF_MARKER || isSpace(node.code)) {
        flush();
        parts.push(spacing(node));
        continue;
      }
      const ch = unicodeOf(node);
      const wordy =
        node.typeface === TF_FUNCTION || node.typeface === TF_TEXT || node.typeface === TF_TEXT_FE;
      if (wordy && node.embellishments.length === 0 && ch) {
        const typeface = node.typeface === TF_FUNCTION ? TF_FUNCTION : TF_TEXT;
        if (run && (run.typeface !== typeface || (node.functionStart && typeface === TF_FUNCTION))) flush();
        run ??= { text: "", typeface };
        run.text += ch;
        continue;
      }
      flush();
      if (!aligned && RELATIONS.has(ch)) {
        parts.push("&");
        aligned = true;
      }
      parts.push(charLatex(node, ch));
      lastScript = false;
      continue;
    }
    flush();
    if (node.kind === "tmpl" && isScript(node)) {
      const script = scripts(node);
      if (!script.pre && (parts.length === 0 || lastScript)) parts.push("{}");
      parts.push(script.latex);
      lastScript = !script.pre;
      continue;
    }
    parts.push(nodeLatex(node));
    lastScript = false;
  }
  flush();
  const latex = join(parts);
  if (latex.length > MAX_LATEX) throw new MtefError("formula too long");
  return latex;
}

function charLatex(c: MtefChar, ch: string): string {
  let latex = mathChar(ch, c.typeface);
  for (const e of c.embellishments) latex = EMBELLISHMENTS[e]?.(latex || "{}") ?? latex;
  return latex;
}

function functionName(name: string): string {
  name = name.trim();
  if (OPERATOR_NAMES.has(name)) return `\\${name}`;
  if (/^[A-Za-z]+$/.test(name)) return `\\operatorname{${name}}`;
  return textRun(name);
}

/** Text-typeface characters: digits and punctuation stay math (LibreOffice writes numbers as text), words are \text. */
function textRun(text: string): string {
  if (OPERATOR_NAMES.has(text.trim())) return `\\${text.trim()}`;
  if (/^[0-9.,+\-=()[\]:;!?/ ]+$/.test(text)) return text.replace(/ +/g, "");
  return `\\text{${textEscape(text)}}`;
}

function nodeLatex(node: MtefNode): string {
  switch (node.kind) {
    case "line":
      return items(node.items);
    case "char":
      return node.typeface === TF_SPACE || node.typeface === TF_MARKER || isSpace(node.code)
        ? spacing(node)
        : charLatex(node, unicodeOf(node));
    case "pile":
      return pile(node.lines, node.halign);
    case "matrix":
      return matrix(node.cells, node.cols);
    case "tmpl":
      return template(node);
  }
}

function pile(lines: MtefNode[], halign: number): string {
  if (lines.length <= 1) return lines[0] ? nodeLatex(lines[0]) : "";
  const relation = halign === 4;
  const rows = lines.map((l) => (l.kind === "line" ? items(l.items, relation) : nodeLatex(l)));
  if (relation && rows.some((r) => r.includes("&")))
    return `\\begin{aligned}${rows.join(" \\\\ ")}\\end{aligned}`;
  if (halign === 1) return `\\begin{aligned}${rows.map((r) => `&${r}`).join(" \\\\ ")}\\end{aligned}`;
  if (halign === 3) return `\\begin{aligned}${rows.join(" \\\\ ")}\\end{aligned}`;
  return `\\begin{matrix}${rows.join(" \\\\ ")}\\end{matrix}`;
}

function matrix(cells: MtefNode[], cols: number): string {
  const width = Math.max(1, cols);
  const rows: string[] = [];
  for (let i = 0; i < cells.length; i += width)
    rows.push(
      cells
        .slice(i, i + width)
        .map(nodeLatex)
        .join(" & "),
    );
  return `\\begin{matrix}${rows.join(" \\\\ ")}\\end{matrix}`;
}

/** A template's slots (lines and other structures) and its own characters, each in order. */
function slotsAndChars(t: MtefTemplate): { slots: string[]; chars: MtefChar[] } {
  const slots: string[] = [];
  const chars: MtefChar[] = [];
  for (const item of t.items) {
    if (item.kind === "char") chars.push(item);
    else slots.push(nodeLatex(item));
  }
  return { slots, chars };
}

const SUB = 27;
const SUP = 28;
const SUBSUP = 29;

function scriptSelector(t: MtefTemplate): number {
  // Equation Editor 3 has one script template (and one for scripts before their base): its variation says which
  if (t.v3Selector === 15 || t.v3Selector === 44) return [SUP, SUB, SUBSUP][t.variation] ?? SUBSUP;
  return t.selector;
}

function isScript(t: MtefTemplate): boolean {
  return t.selector >= SUB && t.selector <= SUBSUP;
}

function scripts(t: MtefTemplate): { latex: string; pre: boolean } {
  const { slots } = slotsAndChars(t);
  const selector = scriptSelector(t);
  let sub = "";
  let sup = "";
  if (slots.length >= 2) [sub, sup] = [slots[0]!, slots[1]!];
  else if (selector === SUP) sup = slots[0] ?? "";
  else sub = slots[0] ?? "";
  const latex = (sub ? `_{${sub}}` : "") + (sup ? `^{${sup}}` : "");
  const pre = t.v3Selector === 44 || (t.v3Selector === undefined && (t.variation & 1) === 1);
  return { latex: pre ? `{}${latex || "{}"}` : latex || "{}", pre };
}

function template(t: MtefTemplate): string {
  const { slots, chars } = slotsAndChars(t);
  const [a = "", b = "", c = ""] = slots;
  const v = t.variation;
  const v3 = t.v3Selector;
  switch (t.selector) {
    case 0:
    case 1:
    case 2:
    case 3:
    case 4:
    case 5:
    case 6:
    case 7:
    case 8: {
      const [left, right] = FENCES[t.selector]!;
      // version 5 says which fences are there; a fence that is there is also one of the template's characters
      const hasLeft = v3 !== undefined || v & 1 || (v & 3) === 0;
      const hasRight = v3 !== undefined || v & 2 || (v & 3) === 0;
      const l = hasLeft ? delimiter(chars[0], left) : ".";
      const r = hasRight ? delimiter(hasLeft ? chars[1] : chars[0], right) : ".";
      return `\\left${spaced(l)}${a}\\right${spaced(r)}`;
    }
    case 9:
      return `\\left${spaced(delimiter(chars[0], "("))}${a}\\right${spaced(delimiter(chars[1], ")"))}`;
    case 10:
      return (v3 === undefined ? v & 1 : v === 1) && b ? `\\sqrt[${b}]{${a}}` : `\\sqrt{${a}}`;
    case 11:
      return v3 === 41 || (v3 === undefined && v & 2) ? `{${a}}/{${b}}` : `\\frac{${a}}{${b}}`;
    case 12:
      return v & 1 ? `\\underline{\\underline{${a}}}` : `\\underline{${a}}`;
    case 13:
      return v & 1 ? `\\overline{\\overline{${a}}}` : `\\overline{${a}}`;
    case 14:
      return arrow(t, a, b);
    case 15:
    case 16:
    case 17:
    case 18:
    case 19:
    case 20:
    case 21:
    case 22:
      return bigOperator(t, chars, slots[3], a, b, c);
    case 23: {
      const head = /^\\[A-Za-z]+$/.test(a) ? a : `\\mathop{${a}}`;
      return `${head}\\limits${b ? `_{${b}}` : ""}${c ? `^{${c}}` : ""}`;
    }
    case 24:
    case 25: {
      const top = v3 === undefined ? (v & 1) === 1 : v3 === 27;
      return top ? `\\overbrace{${a}}${b ? `^{${b}}` : ""}` : `\\underbrace{${a}}${b ? `_{${b}}` : ""}`;
    }
    case 26:
      return `${b ? `\\overset{${b}}` : ""}{\\overline{)\\,${a}}}`;
    case 30: {
      const left = v3 === undefined ? (v & 1) === 1 : a !== "";
      const right = v3 === undefined ? (v & 2) === 2 : b !== "";
      if (left && right) return `\\left\\langle ${a}\\middle\\vert ${b}\\right\\rangle`;
      return left ? `\\left\\langle ${a}\\right\\vert` : `\\left\\vert ${a || b}\\right\\rangle`;
    }
    case 31: {
      const harpoon = v & 8;
      if (v & 4) return `\\underrightarrow{${a}}`;
      if ((v & 3) === 3) return `\\overleftrightarrow{${a}}`;
      if (v & 1) return harpoon ? `\\overleftharpoon{${a}}` : `\\overleftarrow{${a}}`;
      return harpoon ? `\\overrightharpoon{${a}}` : `\\overrightarrow{${a}}`;
    }
    case 32:
      return `\\widetilde{${a}}`;
    case 33:
      return `\\widehat{${a}}`;
    case 34:
      return `\\overgroup{${a}}`;
    case 35:
      return a;
    case 36:
      return (v & 6) === 6 ? `\\xcancel{${a}}` : `\\cancel{${a}}`;
    case 37:
      return `\\boxed{${a}}`;
    default:
      throw new MtefError(`template ${t.selector}`);
  }
}

/** `\left(`, `\left\langle x` — a control word needs a space before a letter; `spaced` adds one always. */
const spaced = (d: string) => (/^\\[A-Za-z]+$/.test(d) ? `${d} ` : d);

function arrow(t: MtefTemplate, top: string, bottom: string): string {
  let command: string;
  if (t.v3Selector !== undefined) {
    command = ["\\xleftarrow", "\\xrightarrow", "\\xleftrightarrow"][t.v3Selector - 18]!;
    // Equation Editor 3: variation 1 puts the one slot under the arrow
    if (t.variation === 1) [top, bottom] = ["", top || bottom];
  } else if (t.variation & 1) command = "\\xtofrom";
  else if (t.variation & 2) command = "\\xrightleftharpoons";
  else if ((t.variation & 0x30) === 0x30) command = "\\xleftrightarrow";
  else command = t.variation & 0x10 ? "\\xleftarrow" : "\\xrightarrow";
  return `${command}${bottom ? `[${bottom}]` : ""}{${top}}`;
}

const DEFAULT_OPERATORS: Record<number, string> = {
  16: "\\sum",
  17: "\\prod",
  18: "\\coprod",
  19: "\\bigcup",
  20: "\\bigcap",
  21: "\\int",
  22: "\\sum",
};

/**
 * Equation Editor 3's contour variations: 3 and 4 of the integrals with limits at the side (21–23), 2 of
 * those with limits under and over (24–26) — as LibreOffice writes `lint`, and as the variations left
 * over by the documented ones.
 */
function isV3Contour(t: MtefTemplate): boolean {
  const s = t.v3Selector;
  if (s === undefined) return false;
  return (
    (s >= 21 && s <= 23 && (t.variation === 3 || t.variation === 4)) ||
    (s >= 24 && s <= 26 && t.variation === 2)
  );
}

function bigOperator(
  t: MtefTemplate,
  symbols: MtefChar[],
  operatorSlot: string | undefined,
  main: string,
  lower: string,
  upper: string,
): string {
  let ch = symbols.map(unicodeOf).join("");
  ch = MULTIPLE_INTEGRALS[ch] ?? ch;
  if (isV3Contour(t)) ch = CONTOURS[ch] ?? ch;
  // an operator written as a line (LibreOffice writes "lim" so, in a summation-style operator)
  let op = (BIG_OPERATORS[ch] ?? (ch ? items(symbols) : (operatorSlot ?? ""))).replace(/(?:\\[,:; ])+$/, "");
  if (!op && t.selector === 15) {
    const count = t.v3Selector !== undefined ? ((t.v3Selector - 21) % 3) + 1 : t.variation & 3 || 1;
    op =
      t.variation & 0x0c && t.v3Selector === undefined
        ? "\\oint"
        : ["\\int", "\\iint", "\\iiint"][count - 1]!;
  }
  op ||= DEFAULT_OPERATORS[t.selector] ?? "\\sum";
  // limits under and over ("summation style") or at the side ("integral style")
  const v3 = t.v3Selector;
  const under =
    v3 !== undefined
      ? (v3 >= 24 && v3 <= 26) || (v3 >= 29 && v3 <= 38 && (v3 - 29) % 2 === 0) || v3 === 43
      : (t.variation & 0x40) !== 0;
  const limits = (lower ? `_{${lower}}` : "") + (upper ? `^{${upper}}` : "");
  return join([op, limits && under ? `\\limits${limits}` : limits, main]);
}
