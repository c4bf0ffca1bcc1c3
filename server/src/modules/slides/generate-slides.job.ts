import { randomUUID } from "node:crypto";
import type { Db, DbOrTx } from "../../db/client";
import { defaultSlideCount, type Engine, type NoteMaterial, type SlideDraft } from "../../engine";
import { PermanentJobError } from "../../jobs/definition";
import { artefactPercent, defineArtefactJob } from "../artefacts/artefact-kind";
import type { StudyNote, StudyNotes } from "../notes/study-notes";
import { slidesRepo } from "./slides.repo";
import { generateSlidesJob } from "./slides.service";

/** Writes the note's deck (in place of the previous one): the engine's slides, each cited on its page. */
export function createGenerateSlidesJob(deps: { db: Db; notes: StudyNotes; engine: Engine }) {
  return defineArtefactJob({
    spec: generateSlidesJob,
    notes: deps.notes,
    async run({ ctx, note, material }) {
      const maxSlides = ctx.payload.maxSlides ?? defaultSlideCount(material);
      const drafts = await deps.engine.slides({
        material,
        maxSlides,
        signal: ctx.signal,
        onProgress: (done, total) =>
          void ctx.progress("write", artefactPercent(done, total), "progress.writing"),
      });
      if (drafts.length === 0) throw new PermanentJobError("SLIDES_EMPTY");
      await ctx.progress("save", 96, "progress.saving");
      await deps.db.transaction((tx) => saveSlides(tx, note, material, drafts));
      return { noteId: note.id, slides: drafts.length };
    },
  });
}

/** Stores a generated deck in place of the note's previous one, each slide cited on its page. */
export async function saveSlides(
  tx: DbOrTx,
  note: StudyNote,
  material: NoteMaterial,
  drafts: SlideDraft[],
): Promise<void> {
  const at = new Date();
  await slidesRepo.replaceDeck(
    tx,
    note.id,
    drafts.map((draft, i) => {
      const citation = draft.sectionIndex === null ? null : material.cite(draft.sectionIndex, draft.quote);
      return {
        id: randomUUID(),
        noteId: note.id,
        userId: note.userId,
        position: i + 1,
        kind: draft.kind,
        title: draft.title,
        bullets: draft.bullets,
        notes: draft.notes,
        slideTable: draft.table,
        citeSource: citation?.source ?? null,
        citePage: citation?.page ?? null,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
}
