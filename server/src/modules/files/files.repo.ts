import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { files } from "../../db/schema";

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
  async update(db: DbOrTx, id: string, patch: FilePatch): Promise<FileRow | undefined> {
    const rows = await db
      .update(files)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(files.id, id))
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
};
