import { protectFormulas } from "./formula";
import { hasCjk } from "./text";

/** How short a label or bullet must be: words for spaced scripts, characters for CJK. */
export interface ShortLimit {
  words: number;
  cjkChars: number;
  /** The shortest first clause worth keeping instead of the cut sentence (default 4 words, 5 CJK characters). */
  minClause?: number;
}

const CLAUSE_BREAK = /[,;:，；：、]|\s[-–—]\s|[（(]/u;
/** The breaks after which a short opening ("However,", "Например:", "首先，") may be left out of a cut sentence. */
const INTRODUCTORY_BREAK = /^[,;:，；：、]$/u;
const INTRODUCTORY_WORDS = 3;
/** A clause opened by a subordinator or preposition: a condition or circumstance, not a statement. */
const ADVERBIAL_OPENING =
  /^(?:for|if|when|whenever|since|because|although|though|while|after|before|during|unless|until|once|whereas|in case|given|as|in|on|under|with|without|si|quand|lorsque|lorsqu['’]|pour|comme|parce que|bien que|dans|en|sans|wenn|falls|sobald|für|weil|obwohl|da|als|nachdem|bei|im|ohne|cuando|para|al|como|porque|aunque|siendo|dado que|con|sin|если|когда|для|поскольку|так как|хотя|при|в|без)\s/iu;
/** A Chinese or Japanese opening that states a condition or a scope ("在单核系统中，", "当…时，", "如果…，"). */
const CJK_CONDITION =
  /^(?:在.+(?:中|时|下|上|里|内|外|后|前|间|方面)|当.+时|(?:如果|若|假如|假设|由于|因为|对于|除了?|只有|一旦|即使|虽然|もし).+)$/u;
const INTRODUCTORY_CJK_CHARS = 6;
const DANGLING_WORD =
  /\s+(?:and|or|the|a|an|of|to|in|on|with|for|by|as|at|from|that|which|is|are|und|oder|der|die|das|et|ou|le|la|les|de|des|y|o|el|los|e|и|или|в|на|с)$/iu;
const TRAILING_PUNCT = /[\s,;:，；：、.。!?！？…\-–—(（"“'‘]+$/u;

/** Counts a text's length in the unit of its limit: CJK characters, else words (a formula is one). */
export function shortLength(source: string): number {
  const text = protectFormulas(source).text;
  return hasCjk(text) ? [...text.replace(/\s+/g, "")].length : text.split(/\s+/).filter(Boolean).length;
}

/** True when `text` is within the limit. */
export function fitsLimit(text: string, limit: ShortLimit): boolean {
  return shortLength(text) <= (hasCjk(text) ? limit.cjkChars : limit.words);
}

/** Trailing punctuation and a dangling function word removed ("… of the," → "…"). */
export function tidyEnd(text: string): string {
  let t = text.replace(TRAILING_PUNCT, "");
  for (let i = 0; i < 3 && DANGLING_WORD.test(t); i++)
    t = t.replace(DANGLING_WORD, "").replace(TRAILING_PUNCT, "");
  return t.trim();
}

/**
 * A sentence cut to fit the limit: its first clause when that says enough, else its first words (or
 * characters), with an ellipsis when something was cut. A formula counts as one word and is kept whole or
 * left out, never cut.
 */
export function shorten(text: string, limit: ShortLimit): string {
  const formulas = protectFormulas(text);
  return formulas.restore(shortenProse(formulas.text, limit));
}

function shortenProse(text: string, limit: ShortLimit): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (!t) return "";
  const cjk = hasCjk(t);
  const max = cjk ? limit.cjkChars : limit.words;
  const whole = tidyEnd(t);
  if (shortLength(whole) <= max) return whole;
  // the first clause that says something on its own ("However," or "In this section," do not)
  const least = Math.min(max, limit.minClause ?? (cjk ? 5 : 4));
  let start = 0;
  for (let guard = 0; guard < 4; guard++) {
    const rest = t.slice(start);
    const found = CLAUSE_BREAK.exec(rest);
    const end = found?.index ?? -1;
    if (end <= 0) break;
    const clause = tidyEnd(rest.slice(0, end));
    const n = shortLength(clause);
    // a clause is measured in its own unit: a formula clause of a Chinese sentence counts words
    if (!fitsLimit(clause, limit)) break;
    // a condition or circumstance ("For 0 < r < 1", "Al ser una sola empresa", "在单核系统中") says nothing alone,
    // and what follows it holds only under it: never the one without the other, cut by words
    const circumstance = ADVERBIAL_OPENING.test(clause) || CJK_CONDITION.test(clause);
    if (circumstance) break;
    if (n >= least) return clause;
    // Only an opening word or phrase is skipped; past the subject, or into a parenthesis or a dash's aside,
    // what follows is a fragment ("далее ГАК) вызывает…", "а также научного руководителя…"): cut by words.
    if (!INTRODUCTORY_BREAK.test(found![0]) || n > (cjk ? INTRODUCTORY_CJK_CHARS : INTRODUCTORY_WORDS)) break;
    start += end + found![0].length;
  }
  if (cjk) {
    const chars = [...t];
    let cut = chars.slice(0, max - 1).join("");
    // end on a punctuation mark when one is near the limit
    const lastBreak = Math.max(...["，", "、", "；", "：", " "].map((p) => cut.lastIndexOf(p)));
    if (lastBreak >= Math.floor(max * 0.6)) cut = cut.slice(0, lastBreak);
    return `${tidyEnd(cut)}…`;
  }
  const words = t.split(" ");
  return `${tidyEnd(words.slice(0, max).join(" "))}…`;
}
