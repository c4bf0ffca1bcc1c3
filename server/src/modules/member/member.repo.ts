import { and, desc, eq, isNull, lt, sql, sum } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { beanLedger, captchas, users, verificationCodes } from "../../db/schema";

export type UserRow = typeof users.$inferSelect;

/** The only place the accounts tables are touched. */
export const memberRepo = {
  async findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
    const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return rows[0];
  },
  async findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
    const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return rows[0];
  },
  async listUsers(db: DbOrTx): Promise<UserRow[]> {
    return db.select().from(users).orderBy(users.createdAt);
  },
  async insertUser(db: DbOrTx, row: typeof users.$inferInsert): Promise<void> {
    await db.insert(users).values(row);
  },
  async updateUser(db: DbOrTx, id: string, patch: Partial<typeof users.$inferInsert>): Promise<void> {
    await db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id));
  },

  async beanBalance(db: DbOrTx, userId: string): Promise<number> {
    const rows = await db
      .select({ total: sum(beanLedger.delta) })
      .from(beanLedger)
      .where(eq(beanLedger.userId, userId));
    return Number(rows[0]?.total ?? 0);
  },
  async addBeans(db: DbOrTx, userId: string, delta: number, reason: string): Promise<void> {
    await db.insert(beanLedger).values({ userId, delta, reason });
  },

  async insertCaptcha(db: DbOrTx, row: typeof captchas.$inferInsert): Promise<void> {
    await db.insert(captchas).values(row);
  },
  /** Deletes and returns the captcha: each one answers a single attempt. */
  async takeCaptcha(db: DbOrTx, id: string) {
    const rows = await db.delete(captchas).where(eq(captchas.id, id)).returning();
    return rows[0];
  },
  async deleteExpiredCaptchas(db: DbOrTx, now: Date): Promise<void> {
    await db.delete(captchas).where(lt(captchas.expiresAt, now));
  },

  async insertCode(db: DbOrTx, row: typeof verificationCodes.$inferInsert): Promise<void> {
    await db.insert(verificationCodes).values(row);
  },
  async latestOpenCode(db: DbOrTx, email: string, type: string) {
    const rows = await db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.email, email),
          eq(verificationCodes.type, type),
          isNull(verificationCodes.consumedAt),
        ),
      )
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    return rows[0];
  },
  async countCodeAttempt(db: DbOrTx, id: number): Promise<number> {
    const rows = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, id))
      .returning({ attempts: verificationCodes.attempts });
    return rows[0]?.attempts ?? 0;
  },
  /** Marks the code used; false when another request consumed it first. */
  async consumeCode(db: DbOrTx, id: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    return rows.length === 1;
  },
};
