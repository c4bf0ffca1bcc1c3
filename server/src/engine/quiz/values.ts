import { FORMULA_MASK, formulaSpans, maskFormulas } from "../formula";
import { isStopword } from "../stopwords";
import { hasCjk } from "../text";

/**
 * A number with what it counts ("46 chromosomes", "4KB", "2013年", "98 %"), or a formula, found in a sentence:
 * what a value question blanks and what its distractors must resemble.
 */
export interface Value {
  /** The text blanked: the number alone (the unit stays in the sentence), or the whole formula. */
  text: string;
  at: number;
  /** Values compare within one kind: "year", "formula" or a quantity's unit ("n:chromosome", "n:%"). */
  kind: string;
  number?: number;
}

const NUMBER =
  /(?<![\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}.,:/#§\-–—^_])(\d{1,3}(?:([,  ])\d{3})+|\d+)(?:([.,])(\d+))?(?![\p{N}]|[.,]\d|[.)]\s*$)/gu;
/** What counts a number: a symbol, or the word (Latin, Cyrillic) or first character (CJK) after it. */
const UNIT = /^\s?(%|％|‰|°\s?[CF]|[\p{Script=Han}\p{Script=Katakana}]|[\p{L}µΩ][\p{L}]{0,14})/u;
/** Characters after a number that join words rather than count anything. */
const CJK_JOINER = /[的了是在和与及或至到、，。；：个多余约近共第次]/u;

function unitOf(after: string): string | null {
  const m = UNIT.exec(after);
  if (!m) return null;
  const unit = m[1]!.toLowerCase().replace(/\s/g, "");
  if (hasCjk(unit)) return CJK_JOINER.test(unit) ? null : unit;
  if (/^[%％‰°]/u.test(unit)) return unit === "％" ? "%" : unit;
  if (isStopword(unit) || unit.length < 1) return null;
  // plural and singular count alike: "chromosome(s)", "ion(s)"
  return unit.length > 3 ? unit.replace(/(?:es|s)$/u, "") : unit;
}

/** A month's name after a day's number ("20 juin", "4 July", "12 марта"): the number is a day of that month. */
const MONTH =
  /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|janv|févr|fevr|mars|avr|mai|juin|juil|août|aout|sept|déc|janvier|février|avril|juillet|septembre|octobre|novembre|décembre|januar|februar|märz|juni|juli|oktober|dezember|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|dezembro|январ|феврал|март|апрел|ма[йя]|июн|июл|август|сентябр|октябр|ноябр|декабр)/iu;
/**
 * A year in a citation ("(Voorhees, 1999)", "Lee et al. (2019)", "[Smith, 2003]"): whom the text cites, not a
 * fact of its subject.
 */
const CITED_BEFORE = /(?:[([]\s*\p{Lu}[^()[\]]*,\s*|(?:et al\.?|\p{Lu}\p{L}+)\s*[([]\s*)$/u;
const CITED_AFTER = /^\s*[a-z]?\s*[)\];,]/u;

/** An equation number run into a formula: "(2)" opening or closing it, or a \\tag. */
const EQUATION_LABEL =
  /^\(\s*\d+(?:\.\d+)*\s*\)(?!\s*[\^_])|(?:\s|\\q?quad)\(\s*\d+(?:\.\d+)*\s*\)$|\\tag\b/u;
/** What a formula states: an equation, an inequality or an expression; a distractor states the same. */
const RELATION = /\\(?:le|ge|leq|geq|ne|neq|approx|sim|equiv|lt|gt)\b|[=<>≤≥≈≠]/u;
export const relationOf = (formula: string) =>
  (RELATION.exec(formula)?.[0] ?? "").replace(/^\\(?:leq|geq)$/, (m) => m.slice(0, 3));

/** The numbers of a sentence that state a quantity or a year, and its formulas. */
export function valuesIn(sentence: string): Value[] {
  const out: Value[] = [];
  for (const span of formulaSpans(sentence)) {
    const latex = span.latex.trim();
    // a lone symbol ("$x$") is no formula worth asking about; a formula carrying its equation number
    // ("$$(2)1-e^{-wt}=…$$", "\\tag{3}") is the parser's reading of a display line, not the formula as a student writes it
    if (latex.length >= 3 && /[=<>+\-^\\]/.test(latex) && !EQUATION_LABEL.test(latex))
      out.push({ text: sentence.slice(span.start, span.end), at: span.start, kind: "formula" });
  }
  const prose = maskFormulas(sentence);
  if (prose.length !== sentence.length) return out;
  for (const m of prose.matchAll(NUMBER)) {
    const at = m.index;
    if (prose.slice(Math.max(0, at - 1), at) === FORMULA_MASK) continue;
    const digits = m[1]!.replace(/[,  ]/g, "");
    const number = Number(`${digits}.${m[4] ?? "0"}`);
    if (!Number.isFinite(number)) continue;
    const after = prose.slice(at + m[0].length);
    const unit = unitOf(after);
    const year = !m[4] && !m[2] && /^\d{4}$/.test(digits) && number >= 1000 && number <= 2100;
    if (year && CITED_BEFORE.test(prose.slice(0, at)) && CITED_AFTER.test(after)) continue;
    if (year && (!unit || /^(?:年|г|year|an)/u.test(unit)))
      out.push({ text: m[0], at, kind: "year", number });
    else if (unit && !m[4] && number >= 1 && number <= 31 && (MONTH.test(unit) || /^[日号]/u.test(unit)))
      out.push({ text: m[0], at, kind: "day", number });
    else if (unit) out.push({ text: m[0], at, kind: `n:${unit}`, number });
  }
  return out;
}

/** `number` written the way `like` is (decimal mark, digits after it, thousands separator). */
function formatLike(number: number, like: string): string {
  const decimal = /[.,](\d+)$/.exec(like.replace(/[,  ](?=\d{3}(?:\D|$))/g, ""));
  const places = decimal ? decimal[1]!.length : 0;
  const mark = decimal ? like[like.length - places - 1]! : ".";
  const [digits, fraction] = number.toFixed(places).split(".");
  const separator = /\d[,  ]\d{3}/.exec(like)?.[0][1];
  const whole = separator ? digits!.replace(/\B(?=(\d{3})+(?!\d))/g, separator) : digits!;
  return fraction ? `${whole}${mark}${fraction}` : whole;
}

/** Numbers of the same scale as `value` that differ from it: what a student could mistake it for. */
function nearbyNumbers(value: Value, random: () => number): number[] {
  const n = value.number!;
  if (value.kind === "year") return [-10, -5, -3, -1, 1, 2, 4, 7, 12].map((d) => n + d);
  // a day of a month stays a day every month has
  if (value.kind === "day")
    return [-7, -3, -1, 1, 2, 5, 9]
      .map((d) => n + d)
      .filter((x) => x >= 1 && x <= 28)
      .sort(() => random() - 0.5);
  const decimals = /[.,](\d+)$/.exec(value.text)?.[1]?.length ?? 0;
  const step = decimals ? 10 ** -decimals : 1;
  const round = (x: number) => Math.round(x / step) * step;
  const candidates =
    n >= 10 || decimals
      ? [n * 2, n / 2, n * 1.5, n * 0.75, n * 3, n * 1.25]
      : [n + 1, n - 1, n + 2, n * 2, n + 3];
  const out = candidates.map(round).filter((x) => x > 0 && x !== n);
  if (value.kind === "n:%" || value.kind === "n:‰") return out.filter((x) => x <= 100);
  return out.sort(() => random() - 0.5);
}

/** The LaTeX tokens of a formula: commands, and single characters other than spaces and $ signs. */
const formulaTokens = (formula: string) => formula.match(/\\[a-zA-Z]+|[^\s$]/g) ?? [];

/** Share of tokens two formulas have in common: formulas that differ in a term or two come first. */
function formulaLikeness(a: string, b: string): number {
  const ta = formulaTokens(a);
  const left = [...formulaTokens(b)];
  let shared = 0;
  for (const t of ta) {
    const i = left.indexOf(t);
    if (i >= 0) {
      shared++;
      left.splice(i, 1);
    }
  }
  return shared / Math.max(ta.length, shared + left.length, 1);
}

/**
 * Wrong values of the same kind as `value`: other values of its kind found in the note (`known`, nearest scale
 * first), then numbers of the same unit and scale; for a formula, the note's other formulas, those that differ
 * from it least first (a formula is never altered: every formula shown is one the source has).
 */
export function valueDistractors(value: Value, known: Value[], n: number, random: () => number): string[] {
  const out: string[] = [];
  const add = (text: string) => {
    if (out.length < n && text !== value.text && !out.includes(text)) out.push(text);
  };
  if (value.kind === "formula") {
    known
      .filter(
        (k) =>
          k.kind === "formula" &&
          relationOf(k.text) === relationOf(value.text) &&
          formulaTokens(k.text).join("") !== formulaTokens(value.text).join(""),
      )
      .map((k) => ({ text: k.text, likeness: formulaLikeness(k.text, value.text) }))
      .filter((k) => k.likeness >= 0.3)
      .sort((a, b) => b.likeness - a.likeness)
      .forEach((k) => add(k.text));
    return out;
  }
  const v = value.number!;
  const scale = (x: number) => Math.abs(Math.log10((x || 0.5) / (v || 0.5)));
  known
    .filter((k) => k.kind === value.kind && k.number !== v && scale(k.number!) <= 1)
    .sort((a, b) => scale(a.number!) - scale(b.number!))
    .forEach((k) => add(formatLike(k.number!, value.text)));
  for (const x of nearbyNumbers(value, random)) add(formatLike(x, value.text));
  return out;
}
