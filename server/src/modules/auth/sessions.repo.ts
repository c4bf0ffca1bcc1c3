import { and, eq, gt, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { sessions, users } from "../../db/schema";

export const sessionsRepo = {
  async insert(db: DbOrTx, row: { tokenHash: string; userId: string; expiresAt: Date }) {
    await db.insert(sessions).values(row);
  },
  async findActive(db: DbOrTx, tokenHash: string, now: Date) {
    const rows = await db
      .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, disabled: users.disabled })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
      .limit(1);
    return rows[0];
  },
  async extend(db: DbOrTx, tokenHash: string, expiresAt: Date) {
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash));
  },
  async delete(db: DbOrTx, tokenHash: string) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  },
  async deleteAllForUser(db: DbOrTx, userId: string) {
    await db.delete(sessions).where(eq(sessions.userId, userId));
  },
  async deleteExpired(db: DbOrTx, now: Date) {
    await db.delete(sessions).where(lt(sessions.expiresAt, now));
  },
};
