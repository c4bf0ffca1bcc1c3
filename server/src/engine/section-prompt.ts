import type { MaterialSection, NoteMaterial } from "./note-material";

/** A section as the model sees it: an id to name it by, its heading and its text. */
export function sectionPrompt(section: MaterialSection): string {
  const lines = section.blocks.flatMap((b) =>
    b.type === "table"
      ? b.rows.map((r) => `| ${r.join(" | ")} |`)
      : b.type === "list"
        ? b.items.map((i) => `- ${i.text}`)
        : [b.sentences.map((s) => s.text).join(" ")],
  );
  return `<section id="S${section.index + 1}">\nHeading: ${[...section.path, section.heading].join(" › ")}\n${lines.join("\n")}\n</section>`;
}

/** Headings too generic to ask about alone; the card names the heading above them too. */
const GENERIC_HEADING =
  /^(?:\d+(?:\.\d+)*\s*)?(?:overview|introduction|summary|conclusions?|background|abstract|概述|概览|引言|简介|总结|小结|摘要|はじめに|概要|まとめ|개요|요약|aperçu|résumé|einleitung|überblick|zusammenfassung|introducción|resumen|introdução|resumo)$/iu;

/** A section's heading as a question names it: a generic one ("Summary") with the heading above it. */
export function headingFor(section: MaterialSection, material: NoteMaterial): string {
  const parent = section.path[section.path.length - 1];
  if (parent && GENERIC_HEADING.test(section.heading.trim())) return `${parent} › ${section.heading}`;
  return section.heading || material.title;
}
