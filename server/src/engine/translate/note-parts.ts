import { dollarMath, formulaKey, markdownFormulas } from "../formula";
import { estimateTokens } from "../text";

/**
 * A note cut for translation: one part per heading (the text before the first heading is part 0), each
 * part cut further into pieces at blank lines when it is larger than a request can carry.
 */
export interface NotePart {
  index: number;
  /** The heading line's text ("" for text before the first heading). */
  heading: string;
  pieces: NotePiece[];
}

/** What one model request translates: a whole part, or a slice of a large one. */
export interface NotePiece {
  /** `P3` for a whole part, `P3.2` for its second slice: the model names pieces by it. */
  id: string;
  part: number;
  markdown: string;
  tokens: number;
}

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const CITATION = /\]\((#source=\d+&page=\d+)\)/g;

/** Lines of Markdown that are headings (outside fenced code), as `{level, text}`. */
export function headingsOf(markdown: string): { level: number; text: string }[] {
  const out: { level: number; text: string }[] = [];
  let fence: string | null = null;
  for (const line of markdown.split("\n")) {
    const f = FENCE.exec(line);
    if (f) {
      if (!fence) fence = f[1]!.charAt(0);
      else if (f[1]!.charAt(0) === fence) fence = null;
      continue;
    }
    if (fence) continue;
    const h = HEADING.exec(line);
    if (h) out.push({ level: h[1]!.length, text: (h[2] ?? "").trim() });
  }
  return out;
}

/** Every citation link target (`#source=1&page=12`) of a text, sorted: equal lists mean the same citations. */
export function citationTargets(markdown: string): string[] {
  return [...markdown.matchAll(CITATION)].map((m) => m[1]!).sort();
}

/** Rows of GFM tables (lines starting with `|`), counted outside fenced code. */
export function tableRowCount(markdown: string): number {
  let fence = false;
  let rows = 0;
  for (const line of markdown.split("\n")) {
    if (FENCE.test(line)) fence = !fence;
    else if (!fence && line.trim().startsWith("|")) rows++;
  }
  return rows;
}

/** Cuts `lines` at blank lines (never inside code fences or tables) into runs of at most `budget` tokens. */
function slices(lines: string[], budget: number): string[] {
  const blocks: string[][] = [];
  let current: string[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    const f = FENCE.exec(line);
    if (f) {
      if (!fence) fence = f[1]!.charAt(0);
      else if (f[1]!.charAt(0) === fence) fence = null;
    }
    current.push(line);
    if (!fence && line.trim() === "") {
      blocks.push(current);
      current = [];
    }
  }
  if (current.length) blocks.push(current);

  const out: string[] = [];
  let run: string[] = [];
  let tokens = 0;
  for (const block of blocks) {
    const text = block.join("\n");
    const t = estimateTokens(text);
    if (run.length && tokens + t > budget) {
      out.push(run.join("\n"));
      run = [];
      tokens = 0;
    }
    run.push(text);
    tokens += t;
  }
  if (run.length) out.push(run.join("\n"));
  return out.map((s) => s.replace(/\s+$/, "")).filter((s) => s.trim() !== "");
}

/** Cuts a note into parts at its headings, and large parts into pieces of at most `budget` tokens. */
export function noteParts(markdown: string, budget: number): NotePart[] {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const groups: { heading: string; lines: string[] }[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    const f = FENCE.exec(line);
    if (f) {
      if (!fence) fence = f[1]!.charAt(0);
      else if (f[1]!.charAt(0) === fence) fence = null;
    }
    const h = fence || f ? null : HEADING.exec(line);
    if (h || groups.length === 0) groups.push({ heading: h ? (h[2] ?? "").trim() : "", lines: [] });
    groups[groups.length - 1]!.lines.push(line);
  }
  const parts: NotePart[] = [];
  for (const group of groups) {
    const text = group.lines.join("\n").replace(/\s+$/, "");
    if (text.trim() === "") continue;
    const index = parts.length;
    const cut = estimateTokens(text) > budget ? slices(group.lines, budget) : [text];
    parts.push({
      index,
      heading: group.heading,
      pieces: cut.map((piece, i) => ({
        id: cut.length === 1 ? `P${index + 1}` : `P${index + 1}.${i + 1}`,
        part: index,
        markdown: piece,
        tokens: estimateTokens(piece),
      })),
    });
  }
  return parts;
}

/** Groups pieces, in order, into requests of at most `budget` tokens (a piece larger than that goes alone). */
export function pieceChunks(parts: NotePart[], budget: number): NotePiece[][] {
  const chunks: NotePiece[][] = [];
  let current: NotePiece[] = [];
  let tokens = 0;
  for (const piece of parts.flatMap((p) => p.pieces)) {
    if (current.length && tokens + piece.tokens > budget) {
      chunks.push(current);
      current = [];
      tokens = 0;
    }
    current.push(piece);
    tokens += piece.tokens;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/**
 * Why a translated piece cannot be used, or null when it keeps the original's structure: the same
 * headings (number and levels), the same citation links, the same table rows, every formula as written,
 * and some text.
 */
export function pieceProblem(original: string, translated: string | undefined): string | null {
  if (translated === undefined) return "missing";
  if (original.trim() !== "" && translated.trim() === "") return "empty";
  const a = headingsOf(original).map((h) => h.level);
  const b = headingsOf(translated).map((h) => h.level);
  if (a.join() !== b.join()) return `headings ${a.length} → ${b.length}`;
  const ca = citationTargets(original);
  const cb = citationTargets(translated);
  if (ca.join() !== cb.join()) return `citations ${ca.length} → ${cb.length}`;
  if (tableRowCount(original) !== tableRowCount(translated)) return "table rows";
  const kept = markdownFormulas(dollarMath(translated)).formulas.map(formulaKey);
  for (const f of markdownFormulas(original).formulas) {
    const at = kept.indexOf(formulaKey(f));
    if (at < 0) return `formula ${f} changed`;
    kept.splice(at, 1);
  }
  return null;
}
