import type { FlashcardKind } from "@beannote/contract";
import { hasCjk } from "../text";
import { normaliseForMatch } from "../note-material";
import { hasPlaceholder, isConceptTerm, isFunctionWord, tokenize } from "../nlp";

/** What a card asks, the way a tutor would (finer than the stored `kind`). */
export type CardForm =
  | "definition"
  | "named-result"
  | "formula"
  | "acronym"
  | "enumeration"
  | "cause"
  | "comparison"
  | "number"
  | "table"
  | "cloze"
  | "keypoint"
  | "model";

/** The stored kind of each form. */
export const KIND_OF_FORM: Record<CardForm, FlashcardKind> = {
  definition: "definition",
  "named-result": "definition",
  formula: "cloze",
  acronym: "definition",
  enumeration: "keypoint",
  cause: "keypoint",
  comparison: "keypoint",
  number: "cloze",
  table: "table",
  cloze: "cloze",
  keypoint: "keypoint",
  model: "model",
};

/** A card as an engine writes it; the job resolves `quote` to the page it cites. */
export interface CardDraft {
  front: string;
  back: string;
  kind: FlashcardKind;
  /** What the card asks (offline cards; model cards are "model"). */
  form?: CardForm;
  sectionIndex: number;
  /** The note text the card was drawn from (for its citation). */
  quote: string;
}

/** A card that can be studied: both sides present, the back not a copy of the front, no side a fragment. */
export function isStudyableCard(card: { front: string; back: string }): boolean {
  const front = normaliseForMatch(card.front);
  const back = normaliseForMatch(card.back);
  if (!front || !back) return false;
  if (front === back) return false;
  if (back.length > 3 && front.includes(back) && !/_{3,}|＿{2,}/u.test(card.front)) return false;
  return true;
}

/** The key deduplicating fronts: case, spaces and punctuation ignored. */
export const frontKey = (front: string) => normaliseForMatch(front);

const SHORT_ANSWER_WORDS = 4;
const SHORT_ANSWER_CJK = 10;

/** Whether a short answer is a label of the text ("Source:", "Note：") rather than something it says. */
function isLabel(back: string, quote: string): boolean {
  const at = quote.indexOf(back);
  return at >= 0 && /^\s*[:：]/u.test(quote.slice(at + back.length)) && !quote.slice(0, at).trim();
}

/** Whether `back` starts and ends on word edges of `quote` (never half a word: "感知" of "感知器"). */
function onWordEdges(back: string, quote: string, lang: string): boolean {
  const at = quote.indexOf(back);
  if (at < 0) return true;
  const tokens = tokenize(quote, lang);
  const end = at + back.length;
  const startsWell = tokens.some((t) => t.start === at) || !tokens.some((t) => t.start < at && t.end > at);
  const endsWell = tokens.some((t) => t.end === end) || !tokens.some((t) => t.start < end && t.end > end);
  return startsWell && endsWell;
}

/**
 * A back that teaches nothing: a function word, a bare verb or adjective, part of a word, a label of the
 * text, or a trailing colon. Long answers (sentences) are judged by isWholeSentence instead.
 */
export function isFillerAnswer(back: string, quote: string, lang: string): boolean {
  const t = back.trim();
  if (!normaliseForMatch(t) || /[:：]$/u.test(t)) return true;
  const short = hasCjk(t) ? [...t].length <= SHORT_ANSWER_CJK : t.split(/\s+/).length <= SHORT_ANSWER_WORDS;
  if (!short) return false;
  if (!onWordEdges(t, quote, lang) || isLabel(t, quote)) return true;
  if (/\d/u.test(t) || /^[\p{Lu}][\p{Lu}\p{N}&-]+s?$/u.test(t)) return false; // a value, an acronym
  return !isConceptTerm(t, lang);
}

const BLANK = /_{3,}|＿{2,}/u;

/** Whether a card's front blanks a word out of a sentence (a cloze). */
export const isBlankCard = (card: { front: string }) => BLANK.test(card.front);

/**
 * Why a card a model wrote cannot be studied, or null: a back ending on a colon, a back that is a function
 * word, a cloze whose answer is no concept (a verb, an adjective, "represents", "aussi"), a side showing a
 * reader's stand-in ("[equation]", "[image]") instead of what it stands for.
 */
export function modelCardProblem(card: { front: string; back: string }, lang: string): string | null {
  const back = card.back.trim();
  if (hasPlaceholder(card.front) || hasPlaceholder(back)) return "placeholder";
  if (/[:：]$/u.test(back)) return "dangling";
  const bare = back
    .replace(/[.。!！?？]+$/u, "")
    .replace(/^(?:the|a|an|le|la|les|l['’]|un|une|der|die|das|ein|eine|el|los|las|o|os|as)\s+/iu, "")
    .trim();
  if (!bare || isFunctionWord(bare, lang)) return "filler";
  if (isBlankCard(card) && !/\d/u.test(bare) && !isConceptTerm(bare, lang)) return "filler";
  return null;
}
