import { randomUUID } from "node:crypto";
import type { Db, DbOrTx } from "../../db/client";
import { defaultCardCount, frontKey, type CardDraft, type Engine, type NoteMaterial } from "../../engine";
import { PermanentJobError } from "../../jobs/definition";
import { artefactPercent, defineArtefactJob } from "../artefacts/artefact-kind";
import type { StudyNote, StudyNotes } from "../notes/study-notes";
import { FLASHCARDS_PER_NOTE_MAX } from "@beannote/contract";
import { flashcardsRepo } from "./flashcards.repo";
import { generateFlashcardsJob } from "./flashcards.service";
import { newSchedule } from "./schedule";

/** Writes a deck from the note: new cards added after the existing ones (or in their place with `replace`). */
export function createGenerateFlashcardsJob(deps: { db: Db; notes: StudyNotes; engine: Engine }) {
  return defineArtefactJob({
    spec: generateFlashcardsJob,
    notes: deps.notes,
    async run({ ctx, note, material }) {
      const { replace } = ctx.payload;
      const existing = replace ? [] : await flashcardsRepo.fronts(deps.db, note.id);
      const room = FLASHCARDS_PER_NOTE_MAX - existing.length;
      const count = Math.min(room, ctx.payload.count ?? defaultCardCount(material, note.detailLevel));
      if (count <= 0) throw new PermanentJobError("FLASHCARD_LIMIT");
      const drafts = await deps.engine.flashcards({
        material,
        count,
        exclude: new Set(existing.map(frontKey)),
        signal: ctx.signal,
        onProgress: (done, total) =>
          void ctx.progress("write", artefactPercent(done, total), "progress.writing"),
      });
      if (drafts.length === 0) throw new PermanentJobError("FLASHCARDS_EMPTY");
      await ctx.progress("save", 96, "progress.saving");
      await deps.db.transaction((tx) => saveCards(tx, note, material, drafts, replace));
      return { noteId: note.id, added: drafts.length };
    },
  });
}

/** Stores a generated deck: the drafts as new cards after the existing ones (in their place with `replace`),
 * each cited on its page and scheduled as new. */
export async function saveCards(
  tx: DbOrTx,
  note: StudyNote,
  material: NoteMaterial,
  drafts: CardDraft[],
  replace: boolean,
): Promise<void> {
  const at = new Date();
  const schedule = newSchedule(at);
  if (replace) await flashcardsRepo.deleteByNote(tx, note.id);
  const { lastPosition } = await flashcardsRepo.countByNote(tx, note.id);
  await flashcardsRepo.insertMany(
    tx,
    drafts.map((draft, i) => {
      const citation = material.cite(draft.sectionIndex, draft.quote);
      return {
        id: randomUUID(),
        noteId: note.id,
        userId: note.userId,
        position: lastPosition + i + 1,
        front: draft.front,
        back: draft.back,
        kind: draft.kind,
        citeSource: citation?.source ?? null,
        citePage: citation?.page ?? null,
        ...schedule,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
}
