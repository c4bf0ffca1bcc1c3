import type { PodcastLength, PodcastSpeaker } from "@beannote/contract";
import { podcastLabelsFor } from "../study-labels";
import type { MaterialSection, NoteMaterial } from "../note-material";
import { sectionSentences } from "../note-material";
import { hasCjk } from "../text";
import { materialWithoutPlaceholders } from "../nlp";

/** One line as an engine writes it; the job turns `sectionIndex` + `quote` into the line's citation. */
export interface ScriptLine {
  speaker: PodcastSpeaker;
  text: string;
  sectionIndex: number;
  /** The note text the line says or is about (for its citation). */
  quote: string;
}

export interface ScriptChapter {
  kind: "opening" | "section" | "closing";
  title: string;
  /** The note sections the chapter covers (empty for the opening and closing). */
  sectionIndexes: number[];
  lines: ScriptLine[];
}

/** A podcast script: the hosts' names and its chapters, the opening first and the closing last. */
export interface PodcastScript {
  title: string;
  hosts: { host: string; guest: string };
  chapters: ScriptChapter[];
}

/** A chapter to write: a note section with its subsections, or a run of small neighbouring sections. */
export interface ChapterPlan {
  /** The chapter's marker: its headings joined by " · ". */
  title: string;
  /** The headings it covers, as the hosts name them. */
  heads: string[];
  sections: MaterialSection[];
  /** How much to say, in spoken characters (a CJK character counts three). */
  budget: number;
}

/** Spoken characters of the whole episode and the most chapters it has, per length. */
export const LENGTH_PLAN: Record<PodcastLength, { budget: number; maxChapters: number }> = {
  short: { budget: 1800, maxChapters: 4 },
  standard: { budget: 5000, maxChapters: 8 },
  long: { budget: 10_000, maxChapters: 14 },
};

/** Roughly how long text takes to say: a CJK character is about three Latin ones. */
export function spokenLength(text: string): number {
  let n = 0;
  for (const ch of text) n += hasCjk(ch) ? 3 : 1;
  return n;
}

const sectionWeight = (s: MaterialSection) =>
  sectionSentences(s).reduce((n, x) => n + spokenLength(x.text), 0) +
  s.blocks.reduce((n, b) => n + (b.type === "table" ? spokenLength(b.rows.flat().join(" ")) : 0), 0);

/**
 * The note's sections grouped into chapters: each top-level section with its subsections (or the
 * subsections of a note that has a single top-level section), small neighbours merged until every
 * chapter has something to say and there are at most `maxChapters`.
 */
export function planChapters(material: NoteMaterial, length: PodcastLength): ChapterPlan[] {
  material = materialWithoutPlaceholders(material);
  const { budget, maxChapters } = LENGTH_PLAN[length];
  const withText = material.sections.filter((s) => sectionWeight(s) > 0 || s.blocks.length > 0);
  if (withText.length === 0) return [];
  // a part is named by its heading at the top level, whether it has text of its own or only its sections'
  // (a part without text is no section of the material: its sections' path names it)
  const partAt = (s: MaterialSection, level: number) =>
    s.depth <= level ? s.heading : (s.path[level - 1] ?? s.heading);
  const top = Math.min(...withText.map((s) => Math.min(s.depth, s.path.length + 1)));
  let level = top;
  // one part at the top (a chapter's title over its sections) is read by its sections
  const parts = new Set(withText.map((s) => partAt(s, top))).size;
  if (parts === 1 && withText.some((s) => s.depth > top)) level = top + 1;

  // a chapter per part of the note at that level, named by the part's heading even when the part has no
  // text of its own ("I. Les causes" over "A. …", "B. …": all of a history lesson was read under "Introduction")
  const partOf = (s: MaterialSection) => partAt(s, level);
  const groups: { heads: string[]; sections: MaterialSection[]; part?: string }[] = [];
  for (const section of withText) {
    const last = groups[groups.length - 1];
    const part = partOf(section);
    if (section.depth <= level || !last || last.part !== part)
      groups.push({ heads: [part], sections: [section], part });
    else last.sections.push(section);
  }
  const weight = (g: { sections: MaterialSection[] }) => g.sections.reduce((n, s) => n + sectionWeight(s), 0);
  const minWeight = Math.min(300, budget / maxChapters / 2);
  for (;;) {
    if (groups.length <= 1) break;
    const weights = groups.map(weight);
    const smallest = weights.indexOf(Math.min(...weights));
    if (groups.length <= maxChapters && weights[smallest]! >= minWeight) break;
    // merge the smallest group into its lighter neighbour
    const left = smallest - 1;
    const right = smallest + 1;
    const into =
      left < 0 ? right : right >= groups.length ? left : weights[left]! <= weights[right]! ? left : right;
    const [a, b] = into < smallest ? [into, smallest] : [smallest, into];
    groups[a] = {
      heads: [...groups[a]!.heads, ...groups[b]!.heads],
      sections: [...groups[a]!.sections, ...groups[b]!.sections],
    };
    groups.splice(b, 1);
  }
  const total = groups.reduce((n, g) => n + weight(g), 0) || 1;
  return groups.map((g) => ({
    title: g.heads.length > 3 ? `${g.heads.slice(0, 3).join(" · ")} …` : g.heads.join(" · "),
    heads: g.heads,
    sections: g.sections,
    budget: Math.max(250, Math.round((budget * weight(g)) / total)),
  }));
}

/** Number tokens (digits, with their decimal and thousands marks) in a text, full-width digits folded. */
export function numbersIn(text: string): string[] {
  return [...text.normalize("NFKC").matchAll(/\p{Nd}+(?:[.,]\p{Nd}+)*/gu)].map((m) => m[0]);
}

const numberForms = (token: string) => [token, token.replace(/,/g, "."), token.replace(/,/g, "")];

/** Every number written anywhere in the note (title, headings, sentences, tables), in every form. */
export function noteNumbers(material: NoteMaterial): Set<string> {
  const texts = [
    material.title,
    ...material.sections.flatMap((s) => [
      s.heading,
      ...sectionSentences(s).map((x) => x.text),
      ...s.blocks.flatMap((b) => (b.type === "table" ? b.rows.flat() : [])),
    ]),
  ];
  return new Set(texts.flatMap(numbersIn).flatMap(numberForms));
}

/** The numbers of `text` that the note never writes (an invented figure), empty when there are none. */
export function inventedNumbers(text: string, known: Set<string>): string[] {
  return numbersIn(text).filter((n) => !numberForms(n).some((form) => known.has(form)));
}

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

/**
 * Makes the speakers alternate: two lines in a row by one speaker become one line (the first one's
 * citation kept), and empty lines go.
 */
export function alternate(lines: ScriptLine[]): ScriptLine[] {
  const out: ScriptLine[] = [];
  for (const line of lines) {
    const text = line.text.trim();
    if (!text) continue;
    const last = out[out.length - 1];
    if (last && last.speaker === line.speaker) {
      const cjkSeam = CJK_CHAR.test(last.text.slice(-1)) || CJK_CHAR.test(text.slice(0, 1));
      last.text = `${last.text}${cjkSeam ? "" : " "}${text}`;
      last.quote = `${last.quote} ${line.quote}`.trim();
    } else out.push({ ...line, text });
  }
  return out;
}

/** The opening: the host welcomes, the guest names the note, the host gives the agenda, the guest is ready. */
export function openingChapter(material: NoteMaterial, chapters: ChapterPlan[]): ScriptChapter {
  const labels = podcastLabelsFor(material.outputLanguage);
  const first = chapters[0]?.sections[0]?.index ?? 0;
  // the sections by name, in a spoken list ("A, B and C"), not the chapters' "A · B · C" markers
  const titles = chapters.flatMap((c) => c.heads);
  const agenda = titles.length > 6 ? `${titles.slice(0, 5).join(", ")} ${labels.more}` : labels.list(titles);
  const line = (speaker: PodcastSpeaker, text: string, quote: string): ScriptLine => ({
    speaker,
    text,
    sectionIndex: first,
    quote,
  });
  return {
    kind: "opening",
    title: labels.openingTitle,
    sectionIndexes: [],
    lines: [
      line("host", labels.welcome(labels.hosts.host, labels.hosts.guest), material.title),
      line("guest", labels.hello(material.title), material.title),
      line("host", labels.agenda(agenda), titles.join(" ")),
      line("guest", labels.ready, material.title),
    ],
  };
}

/** The closing: the host sums up with the note's key terms, the guest says goodbye. */
export function closingChapter(material: NoteMaterial, chapters: ChapterPlan[]): ScriptChapter {
  const labels = podcastLabelsFor(material.outputLanguage);
  const last = chapters[chapters.length - 1]?.sections[0]?.index ?? 0;
  // a term inside a longer one of the list says it twice ("Tiers État et Tiers")
  const listed = material.keyTerms.filter((t) => [...t].length <= 40);
  const terms = listed
    .filter((t) => !listed.some((o) => o !== t && o.toLowerCase().includes(t.toLowerCase())))
    .slice(0, 4);
  const termText = terms.length ? labels.list(terms) : "";
  return {
    kind: "closing",
    title: labels.closingTitle,
    sectionIndexes: [],
    lines: [
      {
        speaker: "host",
        text: labels.wrapUp(material.title, termText),
        sectionIndex: last,
        quote: terms.join(" "),
      },
      { speaker: "guest", text: labels.goodbye, sectionIndex: last, quote: material.title },
    ],
  };
}

/** The whole script: opening, the section chapters, closing. */
export function assembleScript(
  material: NoteMaterial,
  plans: ChapterPlan[],
  chapters: ScriptChapter[],
): PodcastScript {
  const labels = podcastLabelsFor(material.outputLanguage);
  return {
    title: material.title,
    hosts: labels.hosts,
    chapters: [openingChapter(material, plans), ...chapters, closingChapter(material, plans)],
  };
}
