import type { MaterialSection, MaterialSentence, NoteMaterial } from "../note-material";
import { sectionSentences } from "../note-material";
import { studyLabelsFor } from "../study-labels";
import { maskFormulas } from "../formula";
import { findWord, hasCjk } from "../text";
import { isStopword } from "../stopwords";
import { frontKey, isCleanAnswer, isStudyableCard, isWholeSentence, type CardDraft } from "./card-rules";

/** Headings too generic to ask about alone; the card names the heading above them too. */
const GENERIC_HEADING =
  /^(?:\d+(?:\.\d+)*\s*)?(?:overview|introduction|summary|conclusions?|background|abstract|概述|概览|引言|简介|总结|小结|摘要|はじめに|概要|まとめ|개요|요약|aperçu|résumé|einleitung|überblick|zusammenfassung|introducción|resumen|introdução|resumo)$/iu;

function termIsUsable(term: string, sentence: string): boolean {
  const length = [...term].length;
  if (length < 2 || length > 60) return false;
  if (!hasCjk(term) && length < 3) return false;
  if (isStopword(term.toLowerCase())) return false;
  if (/^[\p{N}\p{P}\s]+$/u.test(term)) return false;
  // once in the sentence, outside its formulas: a formula is never blanked, nor a piece of one
  const prose = maskFormulas(sentence);
  // as a word of its own, and nowhere else even inside a word ("lines" would give the blank "line" away)
  const first = findWord(prose, term);
  if (first < 0 || prose.indexOf(term) !== first || prose.indexOf(term, first + term.length) >= 0)
    return false;
  // the rest of the sentence must still say something once the term is blanked out
  return [...sentence].length - length >= Math.max(hasCjk(sentence) ? 5 : 12, length * 2);
}

/** A section's heading as a question names it: a generic one ("Summary") with the heading above it. */
export function headingFor(section: MaterialSection, material: NoteMaterial): string {
  const parent = section.path[section.path.length - 1];
  if (parent && GENERIC_HEADING.test(section.heading.trim())) return `${parent} › ${section.heading}`;
  return section.heading || material.title;
}

/** The candidate cards of one section, best first: definitions, then cloze sentences, then a key point. */
function sectionCandidates(section: MaterialSection, material: NoteMaterial): CardDraft[] {
  const labels = studyLabelsFor(material.outputLanguage);
  const out: CardDraft[] = [];
  const used = new Set<string>();
  const add = (card: CardDraft) => {
    if (!isStudyableCard(card)) return;
    used.add(card.quote);
    out.push(card);
  };
  const base = { sectionIndex: section.index };

  for (const block of section.blocks) {
    if (block.type !== "definition") continue;
    for (const s of block.sentences) {
      const term = s.terms[0];
      if (!term || !isWholeSentence(s.text, block.sentences.length === 1) || !termIsUsable(term, s.text))
        continue;
      add({ ...base, kind: "definition", front: term, back: s.text, quote: s.text });
    }
  }

  const clozeFrom = (s: MaterialSentence, wholeBlock: boolean) => {
    if (used.has(s.text) || !isWholeSentence(s.text, wholeBlock)) return;
    const term = [...s.terms, ...material.keyTerms.filter((t) => s.text.includes(t))].find((t) =>
      termIsUsable(t, s.text),
    );
    if (!term) return;
    const at = findWord(maskFormulas(s.text), term);
    const front = s.text.slice(0, at) + labels.blank + s.text.slice(at + term.length);
    add({ ...base, kind: "cloze", front, back: term, quote: s.text });
  };
  for (const block of section.blocks) {
    if (block.type === "paragraph")
      block.sentences.forEach((s) => clozeFrom(s, block.sentences.length === 1));
    else if (block.type === "list") block.items.forEach((s) => clozeFrom(s, true));
  }

  const point = section.blocks
    .flatMap((b) =>
      b.type === "list"
        ? b.items.map((s) => ({ s, whole: true }))
        : b.type === "table"
          ? []
          : b.sentences.map((s) => ({ s, whole: b.sentences.length === 1 })),
    )
    .find(({ s, whole }) => !used.has(s.text) && isWholeSentence(s.text, whole))?.s;
  if (point && section.heading) {
    add({
      ...base,
      kind: "keypoint",
      front: labels.keyPointQuestion(headingFor(section, material)),
      back: point.text,
      quote: point.text,
    });
  }
  for (const block of section.blocks) if (block.type === "table") tableCards(block.rows).forEach(add);
  return out;

  /** One card per filled cell of a table with a header row and a label column: "row · column" → cell. */
  function tableCards(rows: string[][]): CardDraft[] {
    const [head, ...body] = rows;
    if (!head || head.length < 2 || body.length === 0) return [];
    const cards: CardDraft[] = [];
    for (const row of body) {
      const label = row[0]?.trim();
      if (!label || [...label].length > 40) continue;
      row.slice(1).forEach((cell, i) => {
        const column = head[i + 1]?.trim();
        const value = cell.trim();
        if (!column || !isCleanAnswer(value) || [...value].length > 300) return;
        const quote = `${label} ${value}`;
        cards.push({ ...base, kind: "table", front: `${label} · ${column}`, back: value, quote });
      });
    }
    return cards.slice(0, 12);
  }
}

/** How many cards a note gets when the student does not say: more for longer, more detailed notes. */
export function defaultCardCount(material: NoteMaterial, detailLevel: "simple" | "detail"): number {
  const sentences = material.sections.reduce((n, s) => n + sectionSentences(s).length, 0);
  const perCard = detailLevel === "detail" ? 4 : 6;
  return Math.max(5, Math.min(60, Math.round(sentences / perCard) + material.sections.length));
}

/**
 * Cards drawn from the note itself, one fact each, spread over the sections (each takes its best card in
 * turn), in note order. Fronts in `exclude` (already in the deck) are skipped.
 */
export function offlineFlashcards(
  material: NoteMaterial,
  options: { count: number; exclude?: Set<string> },
): CardDraft[] {
  const queues = material.sections.map((s) => sectionCandidates(s, material));
  const seen = new Set(options.exclude ?? []);
  const picked: CardDraft[] = [];
  for (let round = 0; picked.length < options.count; round++) {
    let any = false;
    for (const queue of queues) {
      if (picked.length >= options.count) break;
      while (queue.length > round) {
        const card = queue[round]!;
        any = true;
        const key = frontKey(card.front);
        if (seen.has(key)) {
          queue.splice(round, 1);
          continue;
        }
        seen.add(key);
        picked.push(card);
        break;
      }
    }
    if (!any) break;
  }
  const order = new Map(queues.flat().map((c, i) => [c, i]));
  return picked.sort((a, b) => a.sectionIndex - b.sectionIndex || (order.get(a) ?? 0) - (order.get(b) ?? 0));
}
