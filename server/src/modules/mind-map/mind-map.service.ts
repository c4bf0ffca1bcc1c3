import type { MindMap } from "@beannote/contract";
import { buildMindMap } from "../../engine";
import type { StudyNotes } from "../notes/study-notes";

/**
 * The mind map is derived from the note's current Markdown on every read, so an edit to the note shows at
 * once; nothing is stored (a 400-page note's map takes well under a second).
 */
export function createMindMapService(deps: { notes: StudyNotes }) {
  return {
    async map(userId: string, noteId: string): Promise<MindMap> {
      const note = await deps.notes.ready(userId, noteId);
      return buildMindMap(await deps.notes.material(note), noteId);
    },
  };
}

export type MindMapService = ReturnType<typeof createMindMapService>;
