import { SLIDE_BULLETS_MAX, SLIDES_MAX, SLIDES_MIN } from "@beannote/contract";
import type { MaterialSection, MaterialSentence, NoteMaterial } from "../note-material";
import { mostlySaidBefore, normaliseForMatch, sectionSentences } from "../note-material";
import { slideLabelsFor } from "../study-labels";
import { isWholeSentence } from "../sentences";
import { isCaption, isIncompleteStatement, isMetaSentence } from "../flashcards/card-kinds";
import {
  firstTable,
  slideBullets,
  slideTable,
  slideTitle,
  speakerNotes,
  type SlideDraft,
} from "./slide-rules";

/** Slides of the deck's frame: the title, the agenda and the summary. */
export const FRAME_SLIDES = 3;

/** How many slides a deck gets when the student does not say: one per section with content, within 5–30. */
export function defaultSlideCount(material: NoteMaterial): number {
  const sections = material.sections.filter((s) => s.blocks.length > 0).length;
  return Math.max(SLIDES_MIN, Math.min(30, sections + FRAME_SLIDES));
}

/** A lecturer's plan or aside rather than a point: "We go over a few of these now.", "As you can see". */
const NARRATION =
  /^(?:(?:we|I)\s+(?:will\s+|shall\s+)?(?:now\s+)?(?:go over|go through|look at|turn to|return to|begin|start|move on)\b|let(?:['’]s| us)\s+(?:now\s+)?(?:look|turn|return|go|begin|start|move)\b|as (?:you|we) (?:can|will|may) see\b)/iu;

/** The lines a slide is drawn from, most important first: definitions, list items, then the prose. */
function keyPoints(section: MaterialSection): MaterialSentence[] {
  const definitions = section.blocks.flatMap((b) => (b.type === "definition" ? b.sentences : []));
  const items = section.blocks.flatMap((b) => (b.type === "list" ? b.items : []));
  const prose = section.blocks.flatMap((b) => (b.type === "paragraph" ? b.sentences : []));
  // each paragraph's lead first, then the rest in order; whole sentences before fragments
  const leads = section.blocks.flatMap((b) => (b.type === "paragraph" ? b.sentences.slice(0, 1) : []));
  // a figure's or table's caption is no point of the slide ("Figure 3: Performance of …")
  // nor is the lecture's housekeeping or narration ("Reading material: …", "We go over a few of these now."), or a
  // lead-in whose list the slide shows as its bullets ("As you can see:")
  const ordered = [...definitions, ...items, ...leads, ...prose.filter((s) => !leads.includes(s))].filter(
    (s) =>
      !isCaption(s.text) &&
      !isMetaSentence(s.text) &&
      !NARRATION.test(s.text) &&
      !isIncompleteStatement(s.text),
  );
  const whole = (s: MaterialSentence) => items.includes(s) || isWholeSentence(s.text);
  return [...ordered.filter(whole), ...ordered.filter((s) => !whole(s))];
}

/**
 * The sections that get a slide when there are more than `slots`: those with the most to say (top-level
 * ones and those with tables a little more), kept in note order.
 */
export function chooseSections(material: NoteMaterial, slots: number): MaterialSection[] {
  const candidates = material.sections.filter((s) => s.blocks.length > 0);
  if (candidates.length <= slots) return candidates;
  const score = (s: MaterialSection) =>
    Math.min(8, sectionSentences(s).length) + (s.depth === 1 ? 2 : 0) + (firstTable(s) ? 1 : 0);
  const chosen = new Set(
    candidates
      .map((s, order) => ({ s, order, score: score(s) }))
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, slots)
      .map((x) => x.s),
  );
  return candidates.filter((s) => chosen.has(s));
}

/** One slide for one section: its heading, its key points cut to slide length, the rest as notes. */
export function sectionSlide(section: MaterialSection, material: NoteMaterial): SlideDraft | null {
  const rows = firstTable(section);
  const table = rows ? slideTable(rows) : null;
  const points = keyPoints(section);
  // beside a table, a bullet has one line: cut, never whole
  let bullets = slideBullets(
    points.map((p) => p.text),
    table ? 3 : SLIDE_BULLETS_MAX,
    table === null,
  );
  if (bullets.length === 0 && table) bullets = slideBullets([table.rows[0]!.filter(Boolean).join(" · ")]);
  if (bullets.length === 0) return null;
  const lead = points.find((p) => p.text.length > 0);
  const prose = section.blocks.flatMap((b) =>
    b.type === "table"
      ? []
      : b.type === "list"
        ? b.items.map((i) => `• ${i.text}`)
        : b.sentences.map((s) => s.text),
  );
  // a section that is only a table reads its rows out in the notes
  const notes = speakerNotes(prose.length ? prose : (rows ?? []).map((r) => r.filter(Boolean).join(" | ")));
  return {
    kind: "content",
    title: slideTitle(section.heading || material.title),
    bullets,
    notes,
    table,
    sectionIndex: section.index,
    quote: lead?.text ?? section.heading,
  };
}

/** The deck around its content slides: a title slide, the agenda, and a summary of the slides' leads. */
export function frameDeck(material: NoteMaterial, content: SlideDraft[]): SlideDraft[] {
  if (content.length === 0) return [];
  const labels = slideLabelsFor(material.outputLanguage);
  const frame = (kind: SlideDraft["kind"], title: string, bullets: string[], notes: string): SlideDraft => ({
    kind,
    title,
    bullets,
    notes,
    table: null,
    sectionIndex: null,
    quote: "",
  });
  const titles = content.map((s) => s.title);
  const terms = material.keyTerms.slice(0, 4);
  const titleSlide = frame(
    "title",
    slideTitle(material.title) || titles[0]!,
    terms.length ? [labels.keyTerms(terms)] : [],
    [labels.covers(content.length), ...titles.map((t, i) => `${i + 1}. ${t}`)].join("\n"),
  );
  const agendaBullets =
    titles.length <= SLIDE_BULLETS_MAX
      ? titles
      : [...titles.slice(0, SLIDE_BULLETS_MAX - 1), labels.andMore(titles.length - SLIDE_BULLETS_MAX + 1)];
  const agenda = frame(
    "agenda",
    labels.agenda,
    agendaBullets,
    titles.map((t, i) => `${i + 1}. ${t}`).join("\n"),
  );
  // the summary recalls the lead of up to six slides spread over the deck
  const step = content.length / Math.min(SLIDE_BULLETS_MAX, content.length);
  const picked = Array.from(
    { length: Math.min(SLIDE_BULLETS_MAX, content.length) },
    (_, i) => content[Math.floor(i * step)]!,
  );
  const summary = frame(
    "summary",
    labels.summary,
    // already cut to a bullet: cut again, a cut one would lose its ellipsis and read as a whole sentence
    [...new Set(picked.map((s) => s.bullets[0] ?? s.title))],
    content.map((s) => `${s.title}: ${s.bullets[0] ?? ""}`).join("\n"),
  );
  return [titleSlide, agenda, ...content, summary];
}

/** A deck drawn from the note itself: one slide per chosen section, framed, at most `maxSlides`. */
export function offlineSlides(material: NoteMaterial, options: { maxSlides: number }): SlideDraft[] {
  const max = Math.max(SLIDES_MIN, Math.min(SLIDES_MAX, options.maxSlides));
  const slots = max - FRAME_SLIDES;
  const content: SlideDraft[] = [];
  for (const section of chooseSections(material, slots)) {
    const slide = sectionSlide(section, material);
    if (slide && !content.some((earlier) => restates(earlier, slide))) content.push(slide);
  }
  return frameDeck(material, content);
}

/** A slide that says again what an earlier one of the same title said (a talk's agenda between its parts). */
function restates(earlier: SlideDraft, slide: SlideDraft): boolean {
  if (normaliseForMatch(earlier.title) !== normaliseForMatch(slide.title)) return false;
  return mostlySaidBefore(earlier.bullets, slide.bullets);
}
