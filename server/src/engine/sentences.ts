import { hasCjk } from "./text";

// a sentence may end in the display equation it runs on into ("… the sample variance are $$S^2=…$$")
const ENDS_SENTENCE = /(?:[.!?。！？…)"”»」』]|\$\$)$/u;

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
