/**
 * The note's Markdown as exported: it opens with the note's current title as its `# heading`. The note was
 * written under its first title; renamed, its Markdown kept the old `# heading` (DOCX and PDF print the
 * current title and drop that line). A note whose heading was deleted gets one.
 */
export function exportedMarkdown(title: string, markdown: string): string {
  const heading = `# ${title.replace(/\s+/g, " ").trim()}`;
  // an ATX level-1 heading (`# …`, not `## …`) on the first line that is not blank
  const first = /^(?:[ \t]*\r?\n)*[ ]{0,3}#(?:[ \t]+[^\r\n]*)?[ \t]*(?:\r?\n|$)/.exec(
    markdown.replace(/^\uFEFF/, ""),
  );
  const rest = first ? markdown.replace(/^\uFEFF/, "").slice(first[0].length) : markdown;
  return `${heading}\n${first ? "" : "\n"}${rest}`;
}
