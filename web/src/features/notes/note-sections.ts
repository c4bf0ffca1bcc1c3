/** A section of a note: its heading text and its body (Markdown without the heading line). */
export interface NoteSection {
  heading: string;
  body: string;
}

export interface SplitNote {
  /** `#` title line, if any. */
  title: string | null;
  /** Everything before the first section heading (the overview), without the title line. */
  intro: string;
  sections: NoteSection[];
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/**
 * Splits Markdown at its headings of exactly `level` (`##` for 2), ignoring ones inside code fences,
 * so each section can expand and collapse. With `takeTitle`, a leading `#` line becomes the title.
 */
export function splitSections(markdown: string, level = 2, takeTitle = false): SplitNote {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const heading = new RegExp(`^\\s{0,3}#{${level}}\\s+(.*?)\\s*#*\\s*$`);
  let title: string | null = null;
  const intro: string[] = [];
  const sections: { heading: string; lines: string[] }[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
    }
    const current = sections.at(-1);
    if (fence === null && !fenceMatch) {
      const match = heading.exec(line);
      if (match) {
        sections.push({ heading: match[1]!, lines: [] });
        continue;
      }
      const h1 = /^\s{0,3}#\s+(.*?)\s*#*\s*$/.exec(line);
      if (takeTitle && h1 && title === null && !current && intro.every((l) => l.trim() === "")) {
        title = h1[1]!;
        continue;
      }
    }
    (current ? current.lines : intro).push(line);
  }
  return {
    title,
    intro: intro.join("\n").trim(),
    sections: sections.map((s) => ({ heading: s.heading, body: s.lines.join("\n").trim() })),
  };
}

/** A note's title, overview and `##` sections. */
export const splitNote = (markdown: string): SplitNote => splitSections(markdown, 2, true);

/** A section as a panel that expands and collapses, with its sub-sections as panels inside it. */
export interface Panel {
  key: string;
  heading: string;
  /** Text before the sub-sections (or the whole body when there are none). */
  lead: string;
  children: Panel[];
}

/** `##` sections with their `###` and `####` sub-sections, as panels. */
export function toPanels(sections: NoteSection[], prefix = "", level = 3): Panel[] {
  return sections.map((section, i) => {
    const key = `${prefix}${i}`;
    const inner = level <= 4 ? splitSections(section.body, level) : null;
    return inner && inner.sections.length
      ? {
          key,
          heading: section.heading,
          lead: inner.intro,
          children: toPanels(inner.sections, `${key}.`, level + 1),
        }
      : { key, heading: section.heading, lead: section.body, children: [] };
  });
}

export const allKeys = (panels: Panel[]): string[] => panels.flatMap((p) => [p.key, ...allKeys(p.children)]);

/**
 * What "collapse all" folds: every panel, except a single top panel that holds all the others (a paper's
 * title over its sections): that one stays open and each section below it folds.
 */
export function collapseAllKeys(panels: Panel[]): string[] {
  const [only] = panels;
  if (panels.length === 1 && only && only.children.length > 0) return allKeys(only.children);
  return allKeys(panels);
}
