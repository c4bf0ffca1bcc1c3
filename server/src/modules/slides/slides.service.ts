import { randomUUID } from "node:crypto";
import type {
  GenerateSlidesRequest,
  Slide,
  SlideDeck,
  SlideKind,
  UpdateSlidesRequest,
} from "@beannote/contract";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../http/app-error";
import { artefactJobSpec, artefactPayload, type ArtefactJobs } from "../artefacts/artefact-kind";
import type { ArtefactCopier, StudyNotes } from "../notes/study-notes";
import { slidesRepo, type SlideRow } from "./slides.repo";
import type { SlidesPdf } from "./slides-pdf";

/** The slides generation job: the note, and the deck's length at most (absent: scaled to the note). */
export const generateSlidesJob = artefactJobSpec(
  "slides",
  artefactPayload.extend({ maxSlides: z.number().int().optional() }),
  "slides",
);

/** Copies a note's deck to a copy of the note. */
export const copySlides: ArtefactCopier = (tx, from, to) => slidesRepo.copyNote(tx, from, to, randomUUID);

/** A slide row as the contract shows it. */
export function presentSlide(row: SlideRow): Slide {
  return {
    slideId: row.id,
    kind: row.kind as SlideKind,
    title: row.title,
    bullets: row.bullets,
    notes: row.notes,
    table: row.slideTable ?? null,
    citation: row.citeSource && row.citePage ? { source: row.citeSource, page: row.citePage } : null,
  };
}

export function createSlidesService(deps: {
  db: Db;
  notes: StudyNotes;
  artefacts: ArtefactJobs;
  pdf: SlidesPdf;
  now?: () => Date;
}) {
  const { db, notes } = deps;
  const now = deps.now ?? (() => new Date());

  async function deckOf(userId: string, noteId: string, rows?: SlideRow[]): Promise<SlideDeck> {
    const [list, generation] = await Promise.all([
      rows ?? slidesRepo.listByNote(db, noteId),
      deps.artefacts.latest(generateSlidesJob.name, userId, noteId),
    ]);
    const updatedAt = list.reduce<Date | null>((at, r) => (!at || r.updatedAt > at ? r.updatedAt : at), null);
    return {
      noteId,
      slides: list.map(presentSlide),
      updatedAt: updatedAt?.toISOString() ?? null,
      generation,
      exports: { pptx: true, pdf: deps.pdf.available() },
    };
  }

  return {
    async generate(userId: string, noteId: string, input: GenerateSlidesRequest) {
      await notes.ready(userId, noteId);
      return deps.artefacts.start(generateSlidesJob, { noteId, userId, maxSlides: input.maxSlides });
    },

    async deck(userId: string, noteId: string): Promise<SlideDeck> {
      await notes.owned(userId, noteId);
      return deckOf(userId, noteId);
    },

    /**
     * Saves the deck as the student arranged it: the slides in their new order, each with its title,
     * bullets and notes; a slide left out is deleted. Slides not in the deck (it was generated again
     * meanwhile) are SLIDES_CHANGED and nothing is saved.
     */
    async update(userId: string, noteId: string, input: UpdateSlidesRequest): Promise<SlideDeck> {
      await notes.owned(userId, noteId);
      const ids = input.slides.map((s) => s.slideId);
      if (new Set(ids).size !== ids.length) throw new AppError("SLIDES_INVALID");
      const rows = await db.transaction(async (tx) => {
        const current = await slidesRepo.lockByNote(tx, noteId);
        const known = new Set(current.map((r) => r.id));
        if (current.length === 0) throw new AppError("SLIDES_MISSING");
        if (ids.some((id) => !known.has(id))) throw new AppError("SLIDES_CHANGED");
        const at = now();
        await slidesRepo.deleteMany(
          tx,
          noteId,
          current.filter((r) => !ids.includes(r.id)).map((r) => r.id),
        );
        const byId = new Map(current.map((r) => [r.id, r]));
        for (const [i, edit] of input.slides.entries()) {
          const row = byId.get(edit.slideId)!;
          const changed =
            row.title !== edit.title ||
            row.notes !== edit.notes ||
            row.position !== i + 1 ||
            row.bullets.join("\u0000") !== edit.bullets.join("\u0000");
          if (!changed) continue;
          await slidesRepo.update(tx, edit.slideId, {
            position: i + 1,
            title: edit.title,
            bullets: edit.bullets,
            notes: edit.notes,
            updatedAt: at,
          });
        }
        return slidesRepo.listByNote(tx, noteId);
      });
      return deckOf(userId, noteId, rows);
    },

    /** The deck, the note's title and language, and its source names, for a download. */
    async forExport(userId: string, noteId: string) {
      const note = await notes.owned(userId, noteId);
      const rows = await slidesRepo.listByNote(db, noteId);
      if (rows.length === 0) throw new AppError("SLIDES_MISSING");
      return { note, slides: rows.map(presentSlide), sourceNames: await notes.sourceNames(userId, noteId) };
    },
  };
}

export type SlidesService = ReturnType<typeof createSlidesService>;
