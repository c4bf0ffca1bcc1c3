import { createHash } from "node:crypto";
import type { MindMap } from "@beannote/contract";
import { buildMindMap, noteMaterial } from "../../engine";
import { nlpReady } from "../../engine/nlp";
import { primaryLanguage } from "../../engine/text";
import { formulaSpans, formulasOf } from "../../engine/formula";
import type { RenderPool } from "../export/render-pool";
import { RenderError } from "../export/render-pool";
import { AppError } from "../../http/app-error";
import type { StudyNote, StudyNotes } from "../notes/study-notes";
import type { Throttle } from "../throttle/throttle.service";

/** Notes longer than this (characters of Markdown) have their map derived in a render thread. */
export const MIND_MAP_INLINE_MAX_CHARS = 100_000;
/** Maps of large notes kept, so that a tab opened again (or ten at once) is not derived again. */
const CACHED_LARGE_MAPS = 8;

/**
 * Markdown's escapes (`\_`, `\\`, `\<`), which only prose needs, taken out of the outline's formulas again:
 * a formula whose unescaped form is one of the note's own is written as the note writes it.
 */
function formulasAsWritten(outline: string, noteMarkdown: string): string {
  const spans = formulaSpans(outline);
  if (spans.length === 0) return outline;
  const noteFormulas = new Set(formulasOf(noteMarkdown));
  let out = "";
  let pos = 0;
  for (const span of spans) {
    const written = outline.slice(span.start, span.end);
    const unescaped = written.replace(/\\([\\`*_[\]<>|~#])/g, "$1");
    out += outline.slice(pos, span.start) + (noteFormulas.has(unescaped) ? unescaped : written);
    pos = span.end;
  }
  return out + outline.slice(pos);
}

/** The map whose Markdown outline (its download) keeps formulas as the note writes them, not double-escaped. */
export const withFormulasAsWritten = (map: MindMap, noteMarkdown: string): MindMap => ({
  ...map,
  outline: formulasAsWritten(map.outline, noteMarkdown),
});

/**
 * The mind map is derived from the note's current Markdown on every read, so an edit to the note shows at
 * once; nothing is stored. A small note's map takes milliseconds and is derived here; a large note's (up to
 * 2 MB: seconds of CPU) in a render thread, once per version of its text however many ask at once, counted
 * against the user's `perMinute` heavy reads, and kept for the next reads of that version.
 */
export function createMindMapService(deps: {
  notes: Pick<StudyNotes, "ready" | "materialInput">;
  render: Pick<RenderPool, "run">;
  throttle: Pick<Throttle, "take">;
  perMinute: number;
}) {
  const large = new Map<string, Promise<MindMap>>();

  const derive = async (userId: string, note: StudyNote) => {
    await deps.throttle.take([
      { kind: "mind-map", key: userId, limit: deps.perMinute, windowMs: 60_000, code: "RATE_LIMITED" },
    ]);
    try {
      const input = await deps.notes.materialInput(note);
      return withFormulasAsWritten(
        await deps.render.run("mind-map", { ...input, noteId: note.id }, userId),
        note.markdown,
      );
    } catch (error) {
      if (error instanceof RenderError) throw new AppError("SERVICE_UNAVAILABLE", { retryAfterSeconds: 30 });
      throw error;
    }
  };

  return {
    async map(userId: string, noteId: string): Promise<MindMap> {
      const note = await deps.notes.ready(userId, noteId);
      if (note.markdown.length <= MIND_MAP_INLINE_MAX_CHARS) {
        const material = noteMaterial(await deps.notes.materialInput(note));
        await nlpReady(primaryLanguage(material.bodyLanguage)); // Japanese loads its dictionary once
        return withFormulasAsWritten(buildMindMap(material, noteId), note.markdown);
      }
      const key = `${noteId}:${createHash("sha256").update(`${note.title}\n${note.outputLanguage}\n${note.markdown}`).digest("hex")}`;
      let map = large.get(key);
      if (map) {
        // most recently used last
        large.delete(key);
        large.set(key, map);
        return map;
      }
      map = derive(userId, note);
      large.set(key, map);
      map.catch(() => large.delete(key));
      while (large.size > CACHED_LARGE_MAPS) large.delete(large.keys().next().value!);
      return map;
    },
  };
}

export type MindMapService = ReturnType<typeof createMindMapService>;
