import { and, asc, count, eq, gt, lte, min, notExists, sum } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { files, notes, noteSources, users } from "../../db/schema";

export type FileRow = typeof files.$inferSelect;
export type FilePatch = Partial<typeof files.$inferInsert>;

/** The only place the files table is touched. */
export const filesRepo = {
  async insert(db: DbOrTx, row: typeof files.$inferInsert): Promise<FileRow> {
    const rows = await db.insert(files).values(row).returning();
    return rows[0]!;
  },
  async find(db: DbOrTx, id: string): Promise<FileRow | undefined> {
    const rows = await db.select().from(files).where(eq(files.id, id)).limit(1);
    return rows[0];
  },
  async findOwned(db: DbOrTx, userId: string, id: string): Promise<FileRow | undefined> {
    const rows = await db
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.userId, userId)))
      .limit(1);
    return rows[0];
  },
  /** The language a file is read for: the output language of a note made from it, else its owner's. */
  async languageHint(db: DbOrTx, fileId: string): Promise<string | null> {
    const noteRows = await db
      .select({ language: notes.outputLanguage })
      .from(noteSources)
      .innerJoin(notes, eq(notes.id, noteSources.noteId))
      .where(eq(noteSources.fileId, fileId))
      .limit(1);
    if (noteRows[0]) return noteRows[0].language;
    const userRows = await db
      .select({ language: users.language })
      .from(files)
      .innerJoin(users, eq(users.id, files.userId))
      .where(eq(files.id, fileId))
      .limit(1);
    return userRows[0]?.language ?? null;
  },
  async update(db: DbOrTx, id: string, patch: FilePatch): Promise<FileRow | undefined> {
    const rows = await db
      .update(files)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(files.id, id))
      .returning();
    return rows[0];
  },
  /** The files a note was written from. */
  async sourcesOfNote(db: DbOrTx, noteId: string): Promise<string[]> {
    const rows = await db
      .select({ fileId: noteSources.fileId })
      .from(noteSources)
      .where(eq(noteSources.noteId, noteId));
    return rows.map((row) => row.fileId);
  },
  /** Deletes the user's file unless a note names it as a source; the deleted row, or undefined. */
  async deleteUnused(db: DbOrTx, userId: string, id: string): Promise<FileRow | undefined> {
    const rows = await db
      .delete(files)
      .where(
        and(
          eq(files.id, id),
          eq(files.userId, userId),
          notExists(
            db.select({ one: noteSources.fileId }).from(noteSources).where(eq(noteSources.fileId, files.id)),
          ),
        ),
      )
      .returning();
    return rows[0];
  },
  /** Moves a file on from `uploading`; undefined when another upload of it finished first. */
  async finishUpload(db: DbOrTx, id: string, patch: FilePatch): Promise<FileRow | undefined> {
    const rows = await db
      .update(files)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(files.id, id), eq(files.status, "uploading")))
      .returning();
    return rows[0];
  },

  /** Marks the user's upload slots still waiting for bytes since `before` as expired. */
  async expireUploads(db: DbOrTx, userId: string, before: Date): Promise<void> {
    await db
      .update(files)
      .set({
        status: "failed",
        errorCode: "UPLOAD_EXPIRED",
        errorMessage: "no bytes arrived in time",
        updatedAt: new Date(),
      })
      .where(and(eq(files.userId, userId), eq(files.status, "uploading"), lte(files.createdAt, before)));
  },
  /** The user's upload slots still waiting for bytes: how many, the bytes they announced, the oldest. */
  async openUploads(
    db: DbOrTx,
    userId: string,
  ): Promise<{ count: number; bytes: number; oldest: Date | null }> {
    const rows = await db
      .select({ n: count(), bytes: sum(files.size), oldest: min(files.createdAt) })
      .from(files)
      .where(and(eq(files.userId, userId), eq(files.status, "uploading")));
    const row = rows[0];
    return { count: row?.n ?? 0, bytes: Number(row?.bytes ?? 0), oldest: row?.oldest ?? null };
  },
  /** Uploads the user started after `since`, and when the oldest of them was. */
  async startedSince(
    db: DbOrTx,
    userId: string,
    since: Date,
  ): Promise<{ count: number; oldest: Date | null }> {
    const rows = await db
      .select({ createdAt: files.createdAt })
      .from(files)
      .where(and(eq(files.userId, userId), gt(files.createdAt, since)))
      .orderBy(asc(files.createdAt));
    return { count: rows.length, oldest: rows[0]?.createdAt ?? null };
  },
};
