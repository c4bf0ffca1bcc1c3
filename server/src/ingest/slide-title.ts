import type { SourceBlock, SourceSection } from "@beannote/contract";
import { isStopword } from "../engine/stopwords";

/** A chart's value label: a number, a share or a unit ("3500", "75%", "'000", "%of"), no word of three letters. */
const CHART_LABEL = /^(?=.*[\d%])[^\p{L}]*\p{L}{0,2}[^\p{L}]*$/u;

/**
 * A slide's title without the chart labels drawn over it: "Trends in vehicle population 3500 7 '000 75% 7 %of
 * vehicles" is "Trends in vehicle population". The title (two words at least) ends where a run of value labels starts (four or
 * more, most of what follows); what follows is returned as the slide's text.
 */
export function slideTitle(paragraphs: string[]): { title: string; rest: string } {
  const tokens = paragraphs.join(" ").split(/\s+/).filter(Boolean);
  for (let i = 2; i < tokens.length - 3; i++) {
    if (!CHART_LABEL.test(tokens[i]!) || !CHART_LABEL.test(tokens[i + 1]!)) continue;
    const tail = tokens.slice(i);
    const labels = tail.filter((t) => CHART_LABEL.test(t)).length;
    if (labels >= 4 && labels >= tail.length / 2)
      return { title: tokens.slice(0, i).join(" "), rest: tail.join(" ") };
  }
  return { title: tokens.join(" "), rest: "" };
}

/** The heading a parser gives a slide without a title: "Slide 7". */
const UNTITLED = /^Slide \d+$/;
/** A line too long to be a title, or ending as a sentence or a lead-in does (a question is a title). */
const SENTENCE_END = /[.!:;,。！：；，]$/u;
const WEB_ADDRESS = /^(?:https?:\/\/|www\.)\S+$|@/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

const blockText = (b: SourceBlock) => b.text ?? [...(b.items ?? []), ...(b.rows ?? []).flat()].join(" ");

/**
 * A slide's own line that can be its title: a short paragraph of words, not a sentence or a lead-in, not a web
 * address or a figure ("Simple Stack Example", "Do Programmers Refactor Often?", not "3500" or "A()"). The first
 * paragraph needs a word of three letters; a later one two words (or a CJK phrase).
 */
function titleLineIndex(blocks: SourceBlock[]): number {
  return blocks.findIndex((b, i) => {
    if (b.type !== "paragraph" || !b.text) return false;
    const t = b.text.trim();
    if ([...t].length < 2 || [...t].length > 80 || SENTENCE_END.test(t) || WEB_ADDRESS.test(t)) return false;
    if (CHART_LABEL.test(t)) return false;
    const words = t.match(/\p{L}{2,}/gu) ?? [];
    return i === 0 ? /\p{L}{3}|\p{Script=Han}{2}/u.test(t) : words.length >= (CJK.test(t) ? 1 : 2);
  });
}

/** Content words of a text, lower-cased, cut to a crude stem (their first six letters): what two slides share. */
function contentWords(text: string): Set<string> {
  const words = text.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
  return new Set(words.filter((w) => !isStopword(w) && !CJK.test(w)).map((w) => w.slice(0, 6)));
}

/**
 * The word a slide's text says most (four letters or more, not a function word; words of one stem counted
 * together, "slashdotted" with "slashdotting"), as it first appears, a capitalised one first among equals: a name
 * for a slide that has no short line of its own. CJK text, which has no spaces, gives its first clause, or the
 * topic that opens it.
 */
function keyTerm(text: string): string | null {
  const t = text.trim();
  if (CJK.test(t)) {
    // its first clause, or the topic before the first function character ("傅里叶级数把周期函数…" → "傅里叶级数")
    const clause = /^[^\s，。、；：！？,.;:!?（）()「」“”"]{2,}/u.exec(t)?.[0];
    if (!clause) return null;
    if ([...clause].length <= 16) return clause;
    const cut = /[的了是在和与及或也就都而被把对从以为将由]/u.exec(clause.slice(2));
    return cut && cut.index <= 10 ? clause.slice(0, cut.index + 2) : [...clause].slice(0, 12).join("");
  }
  const counts = new Map<string, { n: number; first: string; capital: boolean }>();
  for (const m of t.matchAll(/(?<![\p{L}\p{N}_./])\p{L}[\p{L}'’-]{3,}(?![\p{N}_/])/gu)) {
    const word = m[0].replace(/['’-]+$/u, "");
    const lower = word.toLowerCase();
    if (isStopword(lower) || /^(?:https?|www)$/u.test(lower)) continue;
    const stem = lower.slice(0, 6);
    // capitalised inside a sentence: a name or a term ("Apache", "Euclid"), not a sentence's first word
    const capital = /^\p{Lu}/u.test(word) && !/(?:^|[.!?:]\s*)$/u.test(t.slice(0, m.index).trimEnd() + " ");
    const seen = counts.get(stem);
    if (seen) {
      seen.n++;
      seen.capital ||= capital;
    } else counts.set(stem, { n: 1, first: word, capital });
  }
  let best: { n: number; first: string; capital: boolean } | undefined;
  for (const c of counts.values())
    if (
      !best ||
      c.n > best.n ||
      (c.n === best.n && (Number(c.capital) - Number(best.capital) || c.first.length - best.first.length) > 0)
    )
      best = c;
  if (!best) return null;
  return best.first.charAt(0).toUpperCase() + best.first.slice(1);
}

/**
 * Names the slides a parser left untitled ("Slide 7") that the note could not name itself, so that no note
 * heading is a slide's number. A slide with a short unpunctuated line of its own stays "Slide N": the note takes
 * that line as its title. Of the others:
 * - a question of its own ("Do Programmers Refactor Often?") is its title;
 * - else it continues the slide before when that slide is a title only (a divider, a picture's caption), when its
 *   text runs on in lower case, or when it speaks of what that slide's title names: it takes that title, and the
 *   note joins the two;
 * - else its key term names it (the word its text says most), or failing that its first words.
 * Every line stays in the slide's text (the note drops a line that repeats its heading). Speaker notes (quotes)
 * count as the slide's text for continuing and naming, never as its title line.
 */
export function nameUntitledSlides(sections: SourceSection[]): SourceSection[] {
  const out: SourceSection[] = [];
  // what the note will call each slide: its heading, or the line it will take as its title
  const titles: string[] = [];
  for (const s of sections) {
    if (!UNTITLED.test(s.heading.trim())) {
      out.push(s);
      titles.push(s.heading);
      continue;
    }
    const at = titleLineIndex(s.blocks);
    const line = at >= 0 ? s.blocks[at]!.text!.trim() : "";
    if (line) {
      // a question is named here; a plain title line by the note
      out.push(/[?？]$/u.test(line) ? { ...s, heading: line } : s);
      titles.push(line);
      continue;
    }
    const prev = out[out.length - 1];
    const prevTitle = titles[titles.length - 1];
    const text = s.blocks.map(blockText).join(" ");
    if (prev && prevTitle) {
      // it carries on the slide before: that slide is a title alone, its text runs on (a lower-case opening),
      // or it speaks of what that slide's title names
      const titleOnly = prev.blocks.every((b) => b.type === "paragraph" && b.text?.trim() === prevTitle);
      const titleWords = contentWords(prevTitle);
      const continues =
        titleOnly || /^[\s"“(]*\p{Ll}/u.test(text) || [...contentWords(text)].some((w) => titleWords.has(w));
      if (continues) {
        out.push({ ...s, heading: prevTitle, level: prev.level });
        titles.push(prevTitle);
        continue;
      }
    }
    const term = keyTerm(text) ?? text.split(/\s+/).slice(0, 6).join(" ");
    out.push({ ...s, heading: term || s.heading });
    titles.push(term || s.heading);
  }
  return out;
}
