import { randomUUID } from "node:crypto";
import type {
  DueFlashcardsResponse,
  Flashcard,
  FlashcardDeck,
  FlashcardInput,
  FlashcardKind,
  FlashcardRating,
  GenerateFlashcardsRequest,
} from "@beannote/contract";
import { FLASHCARDS_PER_NOTE_MAX } from "@beannote/contract";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../http/app-error";
import { artefactJobSpec, artefactPayload, type ArtefactJobs } from "../artefacts/artefact-kind";
import type { ArtefactCopier, StudyNotes } from "../notes/study-notes";
import { flashcardsRepo, type FlashcardRow } from "./flashcards.repo";
import { newSchedule, presentSchedule, review } from "./schedule";

/** The flashcard generation job: the note, how many cards (absent: scaled to the note), and replace or add. */
export const generateFlashcardsJob = artefactJobSpec(
  "flashcards",
  artefactPayload.extend({ count: z.number().int().optional(), replace: z.boolean().default(false) }),
  "flashcards",
);

/** Copies a note's deck, schedules included, to a copy of the note. */
export const copyDeck: ArtefactCopier = (tx, from, to) => flashcardsRepo.copyNote(tx, from, to, randomUUID);

/** A card row as the contract shows it. */
export function presentCard(row: FlashcardRow, now: Date): Flashcard {
  return {
    cardId: row.id,
    noteId: row.noteId,
    front: row.front,
    back: row.back,
    kind: row.kind as FlashcardKind,
    citation: row.citeSource && row.citePage ? { source: row.citeSource, page: row.citePage } : null,
    schedule: presentSchedule(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createFlashcardService(deps: {
  db: Db;
  notes: StudyNotes;
  artefacts: ArtefactJobs;
  now?: () => Date;
}) {
  const { db, notes } = deps;
  const now = deps.now ?? (() => new Date());

  async function ownedCard(userId: string, cardId: string): Promise<FlashcardRow> {
    const row = await flashcardsRepo.find(db, userId, cardId);
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  }

  return {
    async generate(userId: string, noteId: string, input: GenerateFlashcardsRequest) {
      await notes.ready(userId, noteId);
      if (!input.replace) {
        const { total } = await flashcardsRepo.countByNote(db, noteId);
        if (total >= FLASHCARDS_PER_NOTE_MAX) throw new AppError("FLASHCARD_LIMIT");
      }
      return deps.artefacts.start(generateFlashcardsJob, {
        noteId,
        userId,
        count: input.count,
        replace: input.replace ?? false,
      });
    },

    async deck(userId: string, noteId: string): Promise<FlashcardDeck> {
      await notes.owned(userId, noteId);
      const at = now();
      const [rows, counts, generation] = await Promise.all([
        flashcardsRepo.listByNote(db, noteId),
        flashcardsRepo.dueCounts(db, userId, at, noteId),
        deps.artefacts.latest(generateFlashcardsJob.name, userId, noteId),
      ]);
      return { noteId, cards: rows.map((row) => presentCard(row, at)), ...counts, generation };
    },

    async add(userId: string, noteId: string, input: FlashcardInput): Promise<Flashcard> {
      await notes.owned(userId, noteId);
      return db.transaction(async (tx) => {
        const { total, lastPosition } = await flashcardsRepo.countByNote(tx, noteId);
        if (total >= FLASHCARDS_PER_NOTE_MAX) throw new AppError("FLASHCARD_LIMIT");
        const at = now();
        const row = {
          id: randomUUID(),
          noteId,
          userId,
          position: lastPosition + 1,
          front: input.front,
          back: input.back,
          kind: "manual",
          ...newSchedule(at),
          createdAt: at,
          updatedAt: at,
        };
        await flashcardsRepo.insertMany(tx, [row]);
        return presentCard({ ...row, citeSource: null, citePage: null }, at);
      });
    },

    async edit(userId: string, cardId: string, input: FlashcardInput): Promise<Flashcard> {
      await ownedCard(userId, cardId);
      const at = now();
      const row = await flashcardsRepo.update(db, cardId, {
        front: input.front,
        back: input.back,
        updatedAt: at,
      });
      return presentCard(row, at);
    },

    async remove(userId: string, cardId: string): Promise<void> {
      if (!(await flashcardsRepo.deleteOne(db, userId, cardId))) throw new AppError("NOT_FOUND");
    },

    async review(userId: string, cardId: string, rating: FlashcardRating) {
      return db.transaction(async (tx) => {
        const row = await flashcardsRepo.findForUpdate(tx, userId, cardId);
        if (!row) throw new AppError("NOT_FOUND");
        const at = now();
        const { next, log } = review(row, rating, at);
        const updated = await flashcardsRepo.update(tx, cardId, next);
        await flashcardsRepo.insertReview(tx, {
          id: randomUUID(),
          cardId,
          rating,
          state: log.state,
          due: next.due,
          stability: next.stability,
          difficulty: next.difficulty,
          scheduledDays: next.scheduledDays,
          reviewedAt: at,
        });
        return { card: presentCard(updated, at), nextDue: next.due.toISOString() };
      });
    },

    async due(userId: string, limit: number): Promise<DueFlashcardsResponse> {
      const at = now();
      const [rows, counts] = await Promise.all([
        flashcardsRepo.due(db, userId, at, limit),
        flashcardsRepo.dueCounts(db, userId, at),
      ]);
      return {
        cards: rows.map(({ card, noteTitle }) => ({ ...presentCard(card, at), noteTitle })),
        ...counts,
      };
    },

    /** The deck and the note's title and source names, for export. */
    async forExport(userId: string, noteId: string) {
      const note = await notes.owned(userId, noteId);
      const rows = await flashcardsRepo.listByNote(db, noteId);
      return { note, rows, sourceNames: await notes.sourceNames(userId, noteId) };
    },
  };
}

export type FlashcardService = ReturnType<typeof createFlashcardService>;
