import type { SourceDocument } from "@beannote/contract";
import { searchTerms } from "./ask-tokens";
import { documentLanguage, passagesOf, type Passage } from "./passages";

/** A heading's words count as much as twice the body's, a teacher's bold terms half again. */
const HEADING_WEIGHT = 2;
const EMPHASIS_WEIGHT = 1.5;
const K1 = 1.2;
const B = 0.75;

/** The BM25 index of one parsed file: its passages and, per term, the passages holding it (weighted tf). */
export interface FileIndex {
  language: string;
  passages: Passage[];
  postings: Map<string, { ids: number[]; tfs: number[] }>;
  lengths: Float64Array;
  averageLength: number;
}

export function buildFileIndex(doc: SourceDocument): FileIndex {
  const language = documentLanguage(doc);
  const passages = passagesOf(doc);
  const postings = new Map<string, { ids: number[]; tfs: number[] }>();
  const lengths = new Float64Array(passages.length);
  const headingTerms = new Map<string, string[]>();
  let total = 0;
  passages.forEach((passage, id) => {
    const tf = new Map<string, number>();
    const add = (terms: string[], weight: number) => {
      for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + weight);
    };
    const body = searchTerms(passage.sentences.map((s) => s.text).join(" "), language);
    add(body, 1);
    const heading = passage.headings.at(-1) ?? "";
    let headingWords = headingTerms.get(heading);
    if (!headingWords) {
      headingWords = searchTerms(heading, language);
      headingTerms.set(heading, headingWords);
    }
    add(headingWords, HEADING_WEIGHT);
    if (passage.emphasis.length > 0)
      add(searchTerms(passage.emphasis.join(" "), language), EMPHASIS_WEIGHT - 1);
    lengths[id] = body.length + headingWords.length;
    total += lengths[id]!;
    for (const [term, count] of tf) {
      let list = postings.get(term);
      if (!list) {
        list = { ids: [], tfs: [] };
        postings.set(term, list);
      }
      list.ids.push(id);
      list.tfs.push(count);
    }
  });
  return { language, passages, postings, lengths, averageLength: total / Math.max(1, passages.length) };
}

/** A passage found for a question, with its BM25 score over all the note's files. */
export interface ScoredPassage {
  passage: Passage;
  /** 1-based, in the note's citation order (the position of its file's index). */
  source: number;
  score: number;
}

/** Inverse document frequency over all the note's files (a term no file holds gets the highest). */
export function idfOf(indexes: FileIndex[], term: string): number {
  let n = 0;
  let df = 0;
  for (const index of indexes) {
    n += index.passages.length;
    df += index.postings.get(term)?.ids.length ?? 0;
  }
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** The best `limit` passages for the query terms, best first. */
export function searchPassages(indexes: FileIndex[], terms: string[], limit: number): ScoredPassage[] {
  const found: ScoredPassage[] = [];
  const unique = [...new Set(terms)];
  const idf = new Map(unique.map((term) => [term, idfOf(indexes, term)]));
  indexes.forEach((index, position) => {
    const scores = new Map<number, number>();
    for (const term of unique) {
      const list = index.postings.get(term);
      if (!list) continue;
      const weight = idf.get(term)!;
      for (let i = 0; i < list.ids.length; i++) {
        const id = list.ids[i]!;
        const tf = list.tfs[i]!;
        const norm = K1 * (1 - B + (B * index.lengths[id]!) / Math.max(1, index.averageLength));
        scores.set(id, (scores.get(id) ?? 0) + (weight * tf * (K1 + 1)) / (tf + norm));
      }
    }
    for (const [id, score] of scores)
      found.push({ passage: index.passages[id]!, source: position + 1, score });
  });
  return found.sort((a, b) => b.score - a.score).slice(0, limit);
}
