/**
 * Korean noun phrases without a tagger (none ships its model on npm): a Korean noun shows itself by the particle
 * it takes ("시간이", "운영체제에서", "프로세스를"), so a phrase is a run of words that ends at the word carrying
 * the particle, the particle left out ("CPU burst 시간이" → "CPU burst 시간", "감수 분열은" → "감수 분열").
 * English words in Korean notes ("context switch를", "time quantum을") are the field's own terms and make a
 * phrase of their own. A word with an adnominal ending ("프로그램인", "선택하는") or a predicate ("많으면", "필수")
 * ends nothing: the words before it are no phrase.
 */
import { koreanStem } from "../text";
import { isFunctionWord } from "./language";
import type { Token } from "./tokens";

const HANGUL = /^\p{Script=Hangul}+$/u;
const LATIN = /^[\p{Script=Latin}\p{N}][\p{Script=Latin}\p{N}'’.+#-]*$/u;
/** A word cut at a script change: "switch를" is the term "switch" and its particle, "running상태에서" two words. */
const PIECE = /\p{Script=Hangul}+|[\p{Script=Latin}\p{N}][\p{Script=Latin}\p{N}'’.+#-]*/gu;
/** Endings of a verb or adjective modifying the next word ("…인", "…한", "…하는", "…된"). */
const ADNOMINAL = /(?:인|한|된|될|할|던|는|운|은|을|적인)$/u;
const MAX_WORDS = 5;

interface Unit {
  text: string;
  start: number;
  end: number;
  /** "latin": an English word; "noun": a Hangul word that took a particle (its end is the stem's); "bare": neither. */
  kind: "latin" | "noun" | "bare";
  /** What follows the unit inside its word (a particle glued to an English word): the phrase ends there. */
  closed: boolean;
}

function units(text: string): (Unit | null)[] {
  const out: (Unit | null)[] = [];
  for (const word of text.matchAll(/[\p{L}\p{M}\p{N}'’.+#-]+/gu)) {
    const pieces = [...word[0].matchAll(PIECE)];
    pieces.forEach((p, i) => {
      const start = word.index + p.index;
      const piece = p[0];
      const glued = i < pieces.length - 1;
      if (LATIN.test(piece)) {
        const stop = /^\p{N}+$/u.test(piece) || isFunctionWord(piece.toLowerCase(), "en");
        out.push(
          stop ? null : { text: piece, start, end: start + piece.length, kind: "latin", closed: glued },
        );
        return;
      }
      if (!HANGUL.test(piece)) return void out.push(null);
      // a particle glued to an English word ("switch를") or standing alone
      if (isFunctionWord(piece, "ko") || (i > 0 && LATIN.test(pieces[i - 1]![0]) && piece.length <= 3)) {
        out.push(null);
        return;
      }
      // a one-syllable noun keeps its topic or object particle in koreanStem ("수가", "값을" are not cut there,
      // to keep "결과", "국가"): before 은/는/을/를, which no two-syllable noun ends in, it is a noun here
      const stem = /^\p{Script=Hangul}[은는을를]$/u.test(piece) ? piece.slice(0, 1) : koreanStem(piece);
      if (stem !== piece)
        out.push({ text: stem, start, end: start + stem.length, kind: "noun", closed: true });
      else out.push({ text: piece, start, end: start + piece.length, kind: "bare", closed: glued });
    });
    out.push(null); // the next word starts anew unless only a space separates them (checked below)
  }
  return out;
}

/** Korean noun phrases of `text`, as tokens per phrase (the whole phrase, then its head noun alone). */
export function koreanPhrases(text: string): Token[][] {
  const all = units(text);
  const phrases: Token[][] = [];
  let run: Unit[] = [];
  const token = (u: Unit): Token => ({
    text: u.text,
    norm: u.text.toLowerCase(),
    start: u.start,
    end: u.end,
    stop: false,
    pos: "NOUN",
  });
  const flush = (ending: boolean) => {
    // the phrase ends at a noun that took a particle; without one only its English words are a term
    let words = run;
    if (!ending || words.at(-1)?.kind === "bare") {
      while (words.length && words.at(-1)!.kind !== "latin") words = words.slice(0, -1);
      let first = words.length;
      while (first > 0 && words[first - 1]!.kind === "latin") first--;
      words = words.slice(first);
    }
    words = words.slice(-MAX_WORDS);
    if (words.length) {
      phrases.push(words.map(token));
      if (words.length > 1) phrases.push([token(words.at(-1)!)]);
    }
    run = [];
  };
  for (let i = 0; i < all.length; i++) {
    const u = all[i];
    if (!u) {
      // a word boundary: one space keeps the run going, anything else ends it
      const next = all.slice(i + 1).find((x) => x);
      const last = run.at(-1);
      if (last && (last.closed || !next || !/^ $/u.test(text.slice(last.end, next.start)))) flush(false);
      continue;
    }
    if (u.kind === "bare" && ADNOMINAL.test(u.text) && u.text.length > 1) {
      flush(false);
      continue;
    }
    run.push(u);
    if (u.kind === "noun" || u.closed) flush(u.kind === "noun");
  }
  flush(false);
  return phrases;
}
