import type { SlideKind, SlideTable } from "@beannote/contract";
import {
  SLIDE_BULLET_MAX,
  SLIDE_BULLETS_MAX,
  SLIDE_NOTES_MAX,
  SLIDE_TABLE_COLUMNS_MAX,
  SLIDE_TABLE_ROWS_MAX,
  SLIDE_TITLE_MAX,
} from "@beannote/contract";
import { cutChars, FORMULA, isPlainEquation } from "../formula";
import type { MaterialSection } from "../note-material";
import { labelledItem, normaliseForMatch } from "../note-material";
import { fitsLimit, shorten, tidyEnd, type ShortLimit } from "../short-text";
import { hasCjk } from "../text";

/** A slide as an engine writes it; the job turns `sectionIndex` + `quote` into the slide's citation. */
export interface SlideDraft {
  kind: SlideKind;
  title: string;
  bullets: string[];
  notes: string;
  table: SlideTable | null;
  /** The note section the slide is drawn from (null for the deck's frame: title, agenda, summary). */
  sectionIndex: number | null;
  /** The note text the slide leads with (for its citation). */
  quote: string;
}

/** A bullet is short: about 12 words, or 25 CJK characters. */
export const BULLET_LIMIT: ShortLimit = { words: 12, cjkChars: 25 };
/** A whole statement of up to about 16 words (32 CJK characters) is a bullet as it stands: no "…" cut. */
export const WHOLE_BULLET_LIMIT: ShortLimit = { words: 16, cjkChars: 32 };
/** A sentence too long for a bullet keeps its first clause only when that clause is half a bullet or more. */
const BULLET_CUT: ShortLimit = { ...BULLET_LIMIT, minClause: 6 };
/** A title fits one line of the slide. */
const TITLE_LIMIT: ShortLimit = { words: 14, cjkChars: 30 };
/** Speaker notes are the detail, not the whole section. */
const NOTES_CHARS = 1500;
const CELL_CHARS = 60;

/** A title cut to one line. */
export function slideTitle(text: string): string {
  const title = shorten(text, TITLE_LIMIT);
  // a title made long by its formulas is said without them
  if (title.length > SLIDE_TITLE_MAX)
    return shorten(text.replace(FORMULA, "…"), TITLE_LIMIT).slice(0, SLIDE_TITLE_MAX);
  return title;
}

/** A bullet cut to its first clause says that the sentence goes on: "La Terreur est instaurée…". */
function markedCut(text: string, cut: string): string {
  if (!cut || cut.endsWith("…") || normaliseForMatch(cut) === normaliseForMatch(text)) return cut;
  return `${cut}…`;
}

/**
 * A labelled item ("Thermal noise: related to the resistive elements …") keeps its label on the slide, with as
 * much of the rest as the bullet has room for; null when the item has no label or the rest cannot be cut.
 */
function labelledBullet(text: string): string | null {
  const labelled = labelledItem(text);
  if (!labelled) return null;
  const cjk = hasCjk(text);
  const room = cjk
    ? { ...BULLET_CUT, cjkChars: BULLET_LIMIT.cjkChars - [...labelled.label].length - 2, minClause: 4 }
    : { ...BULLET_CUT, words: BULLET_LIMIT.words - labelled.label.split(/\s+/).length, minClause: 3 };
  if ((cjk ? room.cjkChars : room.words) < 4) return null;
  const rest = markedCut(labelled.rest, shorten(labelled.rest, room));
  return rest ? `${labelled.label}: ${rest}` : null;
}

/**
 * Bullets cut to slide length (a whole statement kept whole where `whole` allows), empty and repeated ones
 * dropped, at most `max`.
 */
export function slideBullets(texts: string[], max = SLIDE_BULLETS_MAX, whole = true): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const text of texts) {
    if (out.length >= max) break;
    // a statement that runs on into its display equation is said whole or not cut at all: cut, it lost the
    // equation ("The probability of … among m independent tests…")
    const lead = /\$\$[^$]+\$\$$/u.test(text.trim()) ? text.trim().replace(/\s*\$\$[^$]+\$\$$/u, "") : "";
    // an equation typed as text ("E_p = (ΔQ / Q) / (ΔP / P)") is said whole, never cut inside
    const bullet =
      whole &&
      (fitsLimit(text, WHOLE_BULLET_LIMIT) ||
        (lead && fitsLimit(lead, WHOLE_BULLET_LIMIT)) ||
        isPlainEquation(text))
        ? tidyEnd(text.replace(/\s+/gu, " ").trim())
        : (labelledBullet(text) ??
          markedCut(text, shorten(text, hasCjk(text) ? { ...BULLET_CUT, minClause: 10 } : BULLET_CUT)));
    const key = normaliseForMatch(bullet);
    if (key.length < 2 || seen.has(key) || bullet.length > SLIDE_BULLET_MAX) continue;
    seen.add(key);
    out.push(bullet);
  }
  return out;
}

/** Speaker notes: whole sentences up to a length, never cut inside one unless the first is too long. */
export function speakerNotes(lines: string[]): string {
  let out = "";
  for (const line of lines) {
    const t = line.trim();
    if (!t) continue;
    const joined = out ? `${out}\n${t}` : t;
    if ([...joined].length > NOTES_CHARS) {
      if (!out) out = cutChars(t, NOTES_CHARS);
      break;
    }
    out = joined;
  }
  return out.slice(0, SLIDE_NOTES_MAX);
}

/** A table of the note made to fit a slide: at most 7 rows and 5 columns of short cells; null if empty. */
export function slideTable(rows: string[][]): SlideTable | null {
  const kept = rows
    .map((row) => row.slice(0, SLIDE_TABLE_COLUMNS_MAX).map((c) => cell(c)))
    .filter((row) => row.some((c) => c.length > 0))
    .slice(0, SLIDE_TABLE_ROWS_MAX);
  if (kept.length < 2) return null;
  const width = Math.max(...kept.map((r) => r.length));
  if (width < 2) return null;
  return { rows: kept.map((r) => [...r, ...Array<string>(width - r.length).fill("")]) };
}

function cell(text: string): string {
  return cutChars(text.replace(/\s+/g, " ").trim(), CELL_CHARS);
}

/** The section's first table, if any. */
export function firstTable(section: MaterialSection): string[][] | null {
  for (const block of section.blocks) if (block.type === "table") return block.rows;
  return null;
}
