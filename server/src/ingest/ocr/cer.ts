/** Character error rate, for the OCR tests and `npm run bench:ocr`. */

/** Only what OCR is judged on: letters, digits and CJK characters, lower-cased, without spaces or punctuation. */
export function normaliseForCer(text: string): string[] {
  return [...text.normalize("NFKC").toLowerCase()].filter((ch) => /[\p{L}\p{N}]/u.test(ch));
}

/** Levenshtein distance between two character arrays (two rows of the table: O(n) memory). */
export function editDistance(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = new Uint32Array(b.length + 1);
  let cur = new Uint32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ai = a[i - 1];
    for (let j = 1; j <= b.length; j++) {
      const cost = ai === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

/** Edits needed to turn `hypothesis` into `reference`, per reference character (both normalised first). */
export function characterErrorRate(reference: string, hypothesis: string): number {
  const ref = normaliseForCer(reference);
  const hyp = normaliseForCer(hypothesis);
  if (ref.length === 0) return hyp.length === 0 ? 0 : 1;
  return editDistance(ref, hyp) / ref.length;
}
