/** A `##` section of a note: its heading text and its body (Markdown without the heading line). */
export interface NoteSection {
  heading: string;
  body: string;
}

export interface SplitNote {
  /** `#` title line, if any. */
  title: string | null;
  /** Everything before the first `##` (the overview), without the title line. */
  intro: string;
  sections: NoteSection[];
}

/** Splits a note's Markdown at its `##` headings (ignoring ones inside code fences) so each can collapse. */
export function splitNote(markdown: string): SplitNote {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  let title: string | null = null;
  const intro: string[] = [];
  const sections: { heading: string; lines: string[] }[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (fence === null) fence = marker[0]!.repeat(marker.length);
      else if (marker.startsWith(fence)) fence = null;
    }
    const current = sections.at(-1);
    if (fence === null && !fenceMatch) {
      const h2 = /^\s{0,3}##\s+(.*?)\s*#*\s*$/.exec(line);
      if (h2 && !line.trimStart().startsWith("###")) {
        sections.push({ heading: h2[1]!, lines: [] });
        continue;
      }
      const h1 = /^\s{0,3}#\s+(.*?)\s*#*\s*$/.exec(line);
      if (h1 && title === null && !current && intro.every((l) => l.trim() === "")) {
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
