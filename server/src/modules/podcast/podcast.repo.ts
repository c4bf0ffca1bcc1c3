import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { podcastLines, podcasts } from "../../db/schema";

export type PodcastRow = typeof podcasts.$inferSelect;
export type PodcastInsert = typeof podcasts.$inferInsert;
export type PodcastLineRow = typeof podcastLines.$inferSelect;
export type PodcastLineInsert = typeof podcastLines.$inferInsert;

/** Only this file touches the podcast tables; callers have checked the note's owner. */
export const podcastRepo = {
  async byNote(db: DbOrTx, noteId: string): Promise<PodcastRow | undefined> {
    const rows = await db.select().from(podcasts).where(eq(podcasts.noteId, noteId)).limit(1);
    return rows[0];
  },

  async lines(db: DbOrTx, podcastId: string): Promise<PodcastLineRow[]> {
    return db
      .select()
      .from(podcastLines)
      .where(eq(podcastLines.podcastId, podcastId))
      .orderBy(asc(podcastLines.position));
  },

  /** Puts `row` in place of the note's episode (its lines go with it); returns the audio key it replaced. */
  async replace(db: DbOrTx, row: PodcastInsert, lines: PodcastLineInsert[]): Promise<string | undefined> {
    const old = await db
      .delete(podcasts)
      .where(eq(podcasts.noteId, row.noteId))
      .returning({ audioKey: podcasts.audioKey });
    await db.insert(podcasts).values(row);
    for (let i = 0; i < lines.length; i += 500) await db.insert(podcastLines).values(lines.slice(i, i + 500));
    return old[0]?.audioKey;
  },

  /** Whether any episode still plays this audio object (a copied note shares its original's). */
  async audioInUse(db: DbOrTx, audioKey: string): Promise<boolean> {
    const rows = await db
      .select({ id: podcasts.id })
      .from(podcasts)
      .where(eq(podcasts.audioKey, audioKey))
      .limit(1);
    return rows.length > 0;
  },

  /** Copies a note's episode to a copy of the note; both play the same audio object. */
  async copyNote(
    db: DbOrTx,
    fromNoteId: string,
    toNoteId: string,
    userId: string,
    newId: () => string,
    newSecret: () => string,
  ): Promise<void> {
    const row = await podcastRepo.byNote(db, fromNoteId);
    if (!row) return;
    const id = newId();
    await db
      .insert(podcasts)
      .values({ ...row, id, noteId: toNoteId, userId, audioSecret: newSecret(), createdAt: row.createdAt });
    const lines = await podcastRepo.lines(db, row.id);
    for (let i = 0; i < lines.length; i += 500)
      await db
        .insert(podcastLines)
        .values(lines.slice(i, i + 500).map((l) => ({ ...l, id: newId(), podcastId: id })));
  },
};
