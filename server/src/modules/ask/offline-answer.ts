import type { AskCitation, OutputLanguage } from "@beannote/contract";
import { labelsFor } from "../../engine/labels";
import { escapeMarkdown } from "../../engine/text";
import { askLabelsFor } from "./ask-labels";
import { searchTerms } from "./ask-tokens";
import { idfOf, searchPassages, type FileIndex, type ScoredPassage } from "./passage-index";
import type { SourceSentence } from "./passages";
import {
  askedCount,
  QUESTION_WORDS,
  questionKind,
  questionLanguage,
  readsAsDefinition,
  statesNumber,
  type QuestionKind,
} from "./question-kind";

/** What an answer says, the sentences it rests on, and the nearest sections when it found nothing. */
export interface DocumentAnswer {
  found: boolean;
  answer: string;
  citations: AskCitation[];
  nearestSections: string[];
  /** The share of the question's weight found around the best sentence (offline answers). */
  confidence?: number;
}

/** The passages a question leads to, with the weight of each of its terms. */
export interface Retrieval {
  kind: QuestionKind;
  terms: string[];
  idf: Map<string, number>;
  passages: ScoredPassage[];
  language: string;
}

const TOP_PASSAGES = 8;
/** Below this share of the question's weight found in one place, the document does not answer it. */
export const FOUND_THRESHOLD = 0.45;
const NEAREST_SECTIONS = 3;

/** Finds the passages that may answer `question` in the note's file indexes. */
export function retrieve(indexes: FileIndex[], question: string, limit = TOP_PASSAGES): Retrieval {
  const language = questionLanguage(question, indexes[0]?.language ?? "en");
  const terms = [...new Set(searchTerms(question, language, QUESTION_WORDS))];
  const idf = new Map(terms.map((term) => [term, idfOf(indexes, term)]));
  return {
    kind: questionKind(question),
    terms,
    idf,
    passages: searchPassages(indexes, terms, limit),
    language,
  };
}

interface Candidate {
  sentence: SourceSentence;
  source: number;
  hit: ScoredPassage;
  index: number;
  score: number;
  coverage: number;
}

const citationLink = (source: number, page: number, language: OutputLanguage) =>
  `[${labelsFor(language).page(page)}](#source=${source}&page=${page})`;

/** The sentences of the top passages scored against the question; the best first. */
function candidates(retrieval: Retrieval, indexes: FileIndex[]): Candidate[] {
  const { terms, idf, kind, passages } = retrieval;
  const total = terms.reduce((sum, term) => sum + idf.get(term)!, 0);
  if (total === 0 || passages.length === 0) return [];
  const top = passages[0]!.score;
  const out: Candidate[] = [];
  for (const hit of passages) {
    const language = indexes[hit.source - 1]?.language ?? "en";
    const headingTerms = new Set(searchTerms(hit.passage.headings.join(" "), language));
    const sentenceTerms = hit.passage.sentences.map((s) => new Set(searchTerms(s.text, language)));
    const passageTerms = new Set(sentenceTerms.flatMap((set) => [...set]));
    hit.passage.sentences.forEach((sentence, index) => {
      let own = 0;
      let around = 0;
      for (const term of terms) {
        const weight = idf.get(term)!;
        if (sentenceTerms[index]!.has(term)) own += weight;
        else if (headingTerms.has(term) || passageTerms.has(term)) around += weight;
      }
      const coverage = (own + 0.75 * around) / total;
      let score = own / total + 0.3 * (around / total) + 0.25 * (hit.score / top);
      if (kind === "count") score += statesNumber(sentence.text) ? 0.3 : -0.5;
      if (kind === "definition" && readsAsDefinition(sentence.text)) score += 0.2;
      if (kind === "list" && sentence.listItem) score += 0.15;
      // A heading-like fragment or a huge table row says little on its own.
      if (sentence.text.length < 12) score -= 0.2;
      out.push({ sentence, source: hit.source, hit, index, score, coverage });
    });
  }
  return out.sort((a, b) => b.score - a.score);
}

/** The nearest sections' headings (with their pages), for an answer that found nothing. */
function nearestSections(retrieval: Retrieval, language: OutputLanguage): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const { passage } of retrieval.passages) {
    const heading = passage.headings.at(-1);
    if (!heading || seen.has(heading)) continue;
    seen.add(heading);
    out.push(`${heading} (${labelsFor(language).page(passage.page)})`);
    if (out.length >= NEAREST_SECTIONS) break;
  }
  return out;
}

/** "The document does not say", with the nearest sections, in the note's language. */
export function notFoundAnswer(retrieval: Retrieval, language: OutputLanguage): DocumentAnswer {
  const labels = askLabelsFor(language);
  const nearest = nearestSections(retrieval, language);
  const answer = nearest.length
    ? `${labels.notFound}\n\n${labels.nearest}\n\n${nearest.map((n) => `- ${escapeMarkdown(n)}`).join("\n")}`
    : labels.notFound;
  return { found: false, answer, citations: [], nearestSections: nearest };
}

const quoteOf = (c: Candidate): AskCitation => ({
  source: c.source,
  page: c.sentence.page,
  quote: c.sentence.text,
});

/**
 * The offline answer: the best sentences of the top passages cut to what the question asks (a definition,
 * the sentence with the number, the list), each with its page; "not found" below the confidence threshold.
 */
export function answerOffline(
  indexes: FileIndex[],
  question: string,
  language: OutputLanguage,
  retrieval: Retrieval = retrieve(indexes, question),
): DocumentAnswer {
  const ranked = candidates(retrieval, indexes);
  const best = ranked[0];
  if (
    !best ||
    best.coverage < FOUND_THRESHOLD ||
    (retrieval.kind === "count" && !statesNumber(best.sentence.text))
  )
    return { ...notFoundAnswer(retrieval, language), confidence: best?.coverage ?? 0 };

  let chosen: Candidate[] = [best];
  if (retrieval.kind === "list") {
    const listHit = ranked.find((c) => c.sentence.listItem && c.coverage >= FOUND_THRESHOLD * 0.75);
    if (listHit) {
      const items = listHit.hit.passage.sentences
        .map((sentence, index) => ({ ...listHit, sentence, index }))
        .filter((c) => c.sentence.listItem);
      const wanted = askedCount(question);
      chosen = items.slice(0, wanted ?? items.length);
      const lead = listHit.index > 0 ? listHit.hit.passage.sentences[listHit.index - 1] : undefined;
      const intro = items[0] && items[0].index > 0 ? listHit.hit.passage.sentences[items[0].index - 1] : lead;
      const lines = chosen.map(
        (c) => `- ${escapeMarkdown(c.sentence.text)} ${citationLink(c.source, c.sentence.page, language)}`,
      );
      const introLine =
        intro && !intro.listItem
          ? `${escapeMarkdown(intro.text)} ${citationLink(listHit.source, intro.page, language)}\n\n`
          : "";
      const introCitation =
        introLine && intro ? [{ source: listHit.source, page: intro.page, quote: intro.text }] : [];
      return {
        found: true,
        answer: `${introLine}${lines.join("\n")}`,
        citations: [...introCitation, ...chosen.map(quoteOf)],
        nearestSections: [],
      };
    }
  }
  // A second sentence of the same passage when it carries the question's terms as strongly (an answer that
  // runs over two sentences); never for a number or a definition, which one sentence states.
  if (retrieval.kind === "other") {
    const next = ranked.find(
      (c) =>
        c !== best &&
        c.hit === best.hit &&
        Math.abs(c.index - best.index) === 1 &&
        c.score >= best.score * 0.85,
    );
    if (next) chosen = [best, next].sort((a, b) => a.index - b.index);
  }
  const answer = chosen
    .map((c) => `${escapeMarkdown(c.sentence.text)} ${citationLink(c.source, c.sentence.page, language)}`)
    .join(" ");
  return {
    found: true,
    answer,
    citations: chosen.map(quoteOf),
    nearestSections: [],
    confidence: best.coverage,
  };
}
