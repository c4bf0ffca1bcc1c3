import { and, asc, count, desc, eq, ilike, sql } from "drizzle-orm";
import type { NoteSort } from "@beannote/contract";
import type { DbOrTx } from "../../db/client";
import { notes, noteSources } from "../../db/schema";

export type NoteRow = typeof notes.$inferSelect;

const ORDER: Record<NoteSort, ReturnType<typeof asc>[]> = {
  modified_desc: [desc(notes.updatedAt), desc(notes.id)],
  modified_asc: [asc(notes.updatedAt), asc(notes.id)],
  name_asc: [asc(sql`lower(${notes.title})`), asc(notes.id)],
  name_desc: [desc(sql`lower(${notes.title})`), desc(notes.id)],
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Every query is scoped to its owner: another user's note does not exist. */
export const notesRepo = {
  async insert(db: DbOrTx, row: typeof notes.$inferInsert, fileIds: string[]): Promise<void> {
    await db.insert(notes).values(row);
    await db
      .insert(noteSources)
      .values(fileIds.map((fileId, i) => ({ noteId: row.id, fileId, position: i + 1 })));
  },
  async find(db: DbOrTx, userId: string, noteId: string): Promise<NoteRow | undefined> {
    const rows = await db
      .select()
      .from(notes)
      .where(and(eq(notes.id, noteId), eq(notes.userId, userId)))
      .limit(1);
    return rows[0];
  },
  /** For the generation job, which acts for the owner recorded on the note. */
  async findById(db: DbOrTx, noteId: string): Promise<NoteRow | undefined> {
    const rows = await db.select().from(notes).where(eq(notes.id, noteId)).limit(1);
    return rows[0];
  },
  async sourceFileIds(db: DbOrTx, noteId: string): Promise<string[]> {
    const rows = await db
      .select({ fileId: noteSources.fileId })
      .from(noteSources)
      .where(eq(noteSources.noteId, noteId))
      .orderBy(asc(noteSources.position));
    return rows.map((row) => row.fileId);
  },
  async sourceCounts(db: DbOrTx, noteIds: string[]): Promise<Map<string, number>> {
    if (noteIds.length === 0) return new Map();
    const rows = await db
      .select({ noteId: noteSources.noteId, n: count() })
      .from(noteSources)
      .where(sql`${noteSources.noteId} in ${noteIds}`)
      .groupBy(noteSources.noteId);
    return new Map(rows.map((row) => [row.noteId, row.n]));
  },
  async list(
    db: DbOrTx,
    userId: string,
    query: { keyword?: string; sort: NoteSort; page: number; size: number },
  ) {
    const where = and(
      eq(notes.userId, userId),
      query.keyword ? ilike(notes.title, `%${escapeLike(query.keyword)}%`) : undefined,
    );
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(notes)
        .where(where)
        .orderBy(...ORDER[query.sort])
        .limit(query.size)
        .offset((query.page - 1) * query.size),
      db.select({ n: count() }).from(notes).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  },
  async update(
    db: DbOrTx,
    noteId: string,
    patch: Partial<typeof notes.$inferInsert>,
    touch = true,
  ): Promise<void> {
    await db
      .update(notes)
      .set(touch ? { ...patch, updatedAt: new Date() } : patch)
      .where(eq(notes.id, noteId));
  },
  async delete(db: DbOrTx, userId: string, noteId: string): Promise<boolean> {
    const rows = await db
      .delete(notes)
      .where(and(eq(notes.id, noteId), eq(notes.userId, userId)))
      .returning({ id: notes.id });
    return rows.length > 0;
  },
};
