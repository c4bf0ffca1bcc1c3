import type { FlashcardRow } from "./flashcards.repo";

/** The citation of a card as a student reads it: "lecture.pdf p. 12". */
export function cardSource(row: FlashcardRow, sourceNames: string[]): string {
  if (!row.citeSource || !row.citePage) return "";
  const name = sourceNames[row.citeSource - 1] ?? "";
  return `${name} p. ${row.citePage}`.trim();
}

const csvCell = (value: string) => {
  // a leading =, +, - or @ would run as a formula in a spreadsheet
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** CSV of the deck (front, back, source page), UTF-8 with a BOM so that spreadsheet programs read CJK right. */
export function flashcardsCsv(rows: FlashcardRow[], sourceNames: string[]): string {
  const lines = [
    ["front", "back", "source"],
    ...rows.map((r) => [r.front, r.back, cardSource(r, sourceNames)]),
  ];
  return `\ufeff${lines.map((line) => line.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
