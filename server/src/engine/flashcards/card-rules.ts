import type { FlashcardKind } from "@beannote/contract";
import { hasCjk } from "../text";
import { normaliseForMatch } from "../note-material";
import { isConceptTerm, isFunctionWord, tokenize } from "../nlp";

/** What a card asks, the way a tutor would (finer than the stored `kind`). */
export type CardForm =
  | "definition"
  | "named-result"
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

const ENDS_SENTENCE = /[.!?。！？…)"”»」』]$/u;

const DANGLING_END =
  /(?:[,，、;；:：(（\-–—]|\b(?:and|or|the|a|an|of|to|in|with|for|by|und|der|die|das|et|le|la|de|y|el|и|в)|[的和与及或有是为如若])$/iu;

/**
 * A sentence that stands on its own: starts like a sentence, does not trail off, long enough to teach
 * something. A whole block (a list item, a one-line paragraph) needs no final full stop: slides and
 * Chinese study notes often have none.
 */
export function isWholeSentence(text: string, wholeBlock = false): boolean {
  const t = text.trim();
  if (!wholeBlock && !ENDS_SENTENCE.test(t)) return false;
  if (DANGLING_END.test(t)) return false;
  if (/^[\p{N}\p{P}\s]{1,4}[,，、.。]/u.test(t) || /[,，、][,，、]|[.。][,，]/u.test(t)) return false; // debris
  if (/^\p{Ll}/u.test(t) && !hasCjk(t.slice(0, 3))) return false; // starts mid-sentence
  const length = [...t].length;
  return hasCjk(t)
    ? length >= 8 && length <= 160
    : length >= 24 && length <= 320 && t.split(/\s+/).length >= 4;
}

/** A short answer (a table cell) that is not a fragment: no dangling word, no debris punctuation. */
export function isCleanAnswer(text: string): boolean {
  const t = text.trim();
  if ([...t].length < 2 || DANGLING_END.test(t) || /^[的之了，,、]/u.test(t)) return false;
  return !/[,，、][,，、]|[.。][,，]/u.test(t);
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
 * word, a cloze whose answer is no concept (a verb, an adjective, "represents", "aussi").
 */
export function modelCardProblem(card: { front: string; back: string }, lang: string): string | null {
  const back = card.back.trim();
  if (/[:：]$/u.test(back)) return "dangling";
  const bare = back
    .replace(/[.。!！?？]+$/u, "")
    .replace(/^(?:the|a|an|le|la|les|l['’]|un|une|der|die|das|ein|eine|el|los|las|o|os|as)\s+/iu, "")
    .trim();
  if (!bare || isFunctionWord(bare, lang)) return "filler";
  if (isBlankCard(card) && !/\d/u.test(bare) && !isConceptTerm(bare, lang)) return "filler";
  return null;
}
