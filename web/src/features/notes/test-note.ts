import type { NoteDetail } from "@beannote/contract";

/** A finished note with no sources, as the note's tests render it. */
export const readyNote: NoteDetail = {
  noteId: "n1",
  title: "Calculus II",
  outputLanguage: "en-US",
  detailLevel: "detail",
  status: "ready",
  sourceCount: 0,
  createdAt: "2026-11-26T00:00:00.000Z",
  updatedAt: "2026-11-26T00:00:00.000Z",
  markdown: "# Calculus II\n\nA derivative is a rate of change.",
  edited: false,
  jobId: null,
  engine: "local",
  error: null,
  sources: [],
};
