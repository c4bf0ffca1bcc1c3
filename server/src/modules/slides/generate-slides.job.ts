import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import { defaultSlideCount, type Engine } from "../../engine";
import { PermanentJobError } from "../../jobs/definition";
import { artefactPercent, defineArtefactJob } from "../artefacts/artefact-jobs";
import type { StudyNotes } from "../notes/study-notes";
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
      const at = new Date();
      await deps.db.transaction(async (tx) => {
        await slidesRepo.replaceDeck(
          tx,
          note.id,
          drafts.map((draft, i) => {
            const citation =
              draft.sectionIndex === null ? null : material.cite(draft.sectionIndex, draft.quote);
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
      });
      return { noteId: note.id, slides: drafts.length };
    },
  });
}
