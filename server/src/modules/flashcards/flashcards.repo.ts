import { and, asc, count, eq, lte, max, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { flashcardReviews, flashcards, notes } from "../../db/schema";

export type FlashcardRow = typeof flashcards.$inferSelect;
export type FlashcardInsert = typeof flashcards.$inferInsert;

/** Only this file touches the flashcard tables; every read is scoped to the card's owner. */
export const flashcardsRepo = {
  async listByNote(db: DbOrTx, noteId: string): Promise<FlashcardRow[]> {
    return db
      .select()
      .from(flashcards)
      .where(eq(flashcards.noteId, noteId))
      .orderBy(asc(flashcards.position));
  },

  async countByNote(db: DbOrTx, noteId: string): Promise<{ total: number; lastPosition: number }> {
    const rows = await db
      .select({ total: count(), last: max(flashcards.position) })
      .from(flashcards)
      .where(eq(flashcards.noteId, noteId));
    return { total: rows[0]?.total ?? 0, lastPosition: rows[0]?.last ?? 0 };
  },

  async fronts(db: DbOrTx, noteId: string): Promise<string[]> {
    const rows = await db
      .select({ front: flashcards.front })
      .from(flashcards)
      .where(eq(flashcards.noteId, noteId));
    return rows.map((r) => r.front);
  },

  async insertMany(db: DbOrTx, rows: FlashcardInsert[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) await db.insert(flashcards).values(rows.slice(i, i + 500));
  },

  async find(db: DbOrTx, userId: string, cardId: string): Promise<FlashcardRow | undefined> {
    const rows = await db
      .select()
      .from(flashcards)
      .where(and(eq(flashcards.id, cardId), eq(flashcards.userId, userId)))
      .limit(1);
    return rows[0];
  },

  /** Locks the card for a review, so two ratings sent at once are applied one after the other. */
  async findForUpdate(db: DbOrTx, userId: string, cardId: string): Promise<FlashcardRow | undefined> {
    const rows = await db
      .select()
      .from(flashcards)
      .where(and(eq(flashcards.id, cardId), eq(flashcards.userId, userId)))
      .for("update")
      .limit(1);
    return rows[0];
  },

  async update(db: DbOrTx, cardId: string, patch: Partial<FlashcardInsert>): Promise<FlashcardRow> {
    const rows = await db.update(flashcards).set(patch).where(eq(flashcards.id, cardId)).returning();
    return rows[0]!;
  },

  async deleteOne(db: DbOrTx, userId: string, cardId: string): Promise<boolean> {
    const rows = await db
      .delete(flashcards)
      .where(and(eq(flashcards.id, cardId), eq(flashcards.userId, userId)))
      .returning({ id: flashcards.id });
    return rows.length > 0;
  },

  async deleteByNote(db: DbOrTx, noteId: string): Promise<void> {
    await db.delete(flashcards).where(eq(flashcards.noteId, noteId));
  },

  async insertReview(db: DbOrTx, row: typeof flashcardReviews.$inferInsert): Promise<void> {
    await db.insert(flashcardReviews).values(row);
  },

  async reviewsOf(db: DbOrTx, cardId: string) {
    return db
      .select()
      .from(flashcardReviews)
      .where(eq(flashcardReviews.cardId, cardId))
      .orderBy(asc(flashcardReviews.reviewedAt));
  },

  /** Cards due by `now` across the user's notes (reviewed ones first, by due time), then new cards. */
  async due(db: DbOrTx, userId: string, now: Date, limit: number) {
    const select = { card: flashcards, noteTitle: notes.title };
    const reviewed = await db
      .select(select)
      .from(flashcards)
      .innerJoin(notes, eq(notes.id, flashcards.noteId))
      .where(and(eq(flashcards.userId, userId), sql`${flashcards.state} <> 0`, lte(flashcards.due, now)))
      .orderBy(asc(flashcards.due), asc(flashcards.id))
      .limit(limit);
    const fresh =
      reviewed.length < limit
        ? await db
            .select(select)
            .from(flashcards)
            .innerJoin(notes, eq(notes.id, flashcards.noteId))
            .where(and(eq(flashcards.userId, userId), eq(flashcards.state, 0)))
            .orderBy(asc(flashcards.createdAt), asc(flashcards.noteId), asc(flashcards.position))
            .limit(limit - reviewed.length)
        : [];
    return [...reviewed, ...fresh];
  },

  /** How many cards are due (reviewed before) and new, for the user or for one note. */
  async dueCounts(db: DbOrTx, userId: string, now: Date, noteId?: string) {
    const rows = await db
      .select({
        due: sql<number>`count(*) filter (where ${flashcards.state} <> 0 and ${flashcards.due} <= ${now.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
        fresh: sql<number>`count(*) filter (where ${flashcards.state} = 0)`.mapWith(Number),
      })
      .from(flashcards)
      .where(and(eq(flashcards.userId, userId), noteId ? eq(flashcards.noteId, noteId) : undefined));
    return { dueCount: rows[0]?.due ?? 0, newCount: rows[0]?.fresh ?? 0 };
  },

  /** Copies a note's deck (schedules and reviews kept) to a copy of the note. */
  async copyNote(db: DbOrTx, fromNoteId: string, toNoteId: string, newId: () => string): Promise<void> {
    const rows = await db.select().from(flashcards).where(eq(flashcards.noteId, fromNoteId));
    if (rows.length === 0) return;
    await flashcardsRepo.insertMany(
      db,
      rows.map((row) => ({ ...row, id: newId(), noteId: toNoteId })),
    );
  },
};
