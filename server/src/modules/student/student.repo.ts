import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { studentVerifications, users } from "../../db/schema";

export type StudentRow = typeof studentVerifications.$inferSelect;

/** The only place student verifications are touched. */
export const studentRepo = {
  async find(db: DbOrTx, userId: string): Promise<StudentRow | undefined> {
    const rows = await db
      .select()
      .from(studentVerifications)
      .where(eq(studentVerifications.userId, userId))
      .limit(1);
    return rows[0];
  },

  async isApproved(db: DbOrTx, userId: string): Promise<boolean> {
    return (await studentRepo.find(db, userId))?.status === "approved";
  },

  /** Creates or replaces the user's request (a new image starts a new review). */
  async upsert(db: DbOrTx, row: typeof studentVerifications.$inferInsert): Promise<StudentRow> {
    const rows = await db
      .insert(studentVerifications)
      .values(row)
      .onConflictDoUpdate({
        target: studentVerifications.userId,
        set: {
          status: row.status,
          imageKey: row.imageKey,
          reason: null,
          submittedAt: row.submittedAt,
          reviewedAt: null,
        },
      })
      .returning();
    return rows[0]!;
  },

  async review(
    db: DbOrTx,
    userId: string,
    patch: { status: "approved" | "rejected"; reason: string | null; reviewedAt: Date },
  ): Promise<void> {
    await db.update(studentVerifications).set(patch).where(eq(studentVerifications.userId, userId));
  },

  /** The account of `email` and its request, if any. */
  async findByEmail(db: DbOrTx, email: string) {
    const rows = await db
      .select({ userId: users.id, row: studentVerifications })
      .from(users)
      .leftJoin(studentVerifications, eq(studentVerifications.userId, users.id))
      .where(eq(users.email, email))
      .limit(1);
    return rows[0];
  },

  /** Every request with its account's e-mail, oldest first (the review queue). */
  async listWithEmail(db: DbOrTx) {
    return db
      .select({ row: studentVerifications, email: users.email })
      .from(studentVerifications)
      .innerJoin(users, eq(users.id, studentVerifications.userId))
      .orderBy(asc(studentVerifications.submittedAt));
  },
};
