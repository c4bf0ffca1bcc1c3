import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { slides } from "../../db/schema";

export type SlideRow = typeof slides.$inferSelect;
export type SlideInsert = typeof slides.$inferInsert;

/** Only this file touches the slides table; reads go through a note the caller has already checked. */
export const slidesRepo = {
  async listByNote(db: DbOrTx, noteId: string): Promise<SlideRow[]> {
    return db.select().from(slides).where(eq(slides.noteId, noteId)).orderBy(asc(slides.position));
  },

  /** The deck's rows locked for an edit, so two saves at once apply one after the other. */
  async lockByNote(db: DbOrTx, noteId: string): Promise<SlideRow[]> {
    return db
      .select()
      .from(slides)
      .where(eq(slides.noteId, noteId))
      .orderBy(asc(slides.position))
      .for("update");
  },

  /** Puts a new deck in place of the old one. */
  async replaceDeck(db: DbOrTx, noteId: string, rows: SlideInsert[]): Promise<void> {
    await db.delete(slides).where(eq(slides.noteId, noteId));
    if (rows.length) await db.insert(slides).values(rows);
  },

  async deleteMany(db: DbOrTx, noteId: string, ids: string[]): Promise<void> {
    if (ids.length) await db.delete(slides).where(and(eq(slides.noteId, noteId), inArray(slides.id, ids)));
  },

  async update(db: DbOrTx, slideId: string, patch: Partial<SlideInsert>): Promise<void> {
    await db.update(slides).set(patch).where(eq(slides.id, slideId));
  },

  async copyNote(db: DbOrTx, fromNoteId: string, toNoteId: string, newId: () => string): Promise<void> {
    const rows = await db.select().from(slides).where(eq(slides.noteId, fromNoteId));
    if (rows.length === 0) return;
    await db.insert(slides).values(rows.map((row) => ({ ...row, id: newId(), noteId: toNoteId })));
  },
};
