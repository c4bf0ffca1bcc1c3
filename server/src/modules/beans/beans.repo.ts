import { and, count, desc, eq, sql, sum } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { beanLedger, notes, users } from "../../db/schema";

export type LedgerRow = typeof beanLedger.$inferSelect;

const refunds = alias(beanLedger, "refunds");

/** The only place the Beancoin ledger is touched. */
export const beansRepo = {
  /**
   * Holds the user's row until the transaction ends, so that two spends of one account run one after the
   * other (in any number of processes) and each sees the balance the other left. `NO KEY UPDATE`, not
   * `UPDATE`: the caller may already hold the `KEY SHARE` lock that a foreign key check takes (its job row
   * references the user), and two such callers asking for `UPDATE` would deadlock.
   */
  async lockUser(tx: DbOrTx, userId: string): Promise<boolean> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .for("no key update");
    return rows.length > 0;
  },

  async balance(db: DbOrTx, userId: string): Promise<number> {
    const rows = await db
      .select({ total: sum(beanLedger.delta) })
      .from(beanLedger)
      .where(eq(beanLedger.userId, userId));
    return Number(rows[0]?.total ?? 0);
  },

  async noteTitle(db: DbOrTx, noteId: string): Promise<string | null> {
    const rows = await db.select({ title: notes.title }).from(notes).where(eq(notes.id, noteId)).limit(1);
    return rows[0]?.title ?? null;
  },

  async insert(db: DbOrTx, row: typeof beanLedger.$inferInsert): Promise<LedgerRow> {
    const rows = await db.insert(beanLedger).values(row).returning();
    return rows[0]!;
  },

  /** The job's charges that no refund points at yet. */
  async openCharges(db: DbOrTx, jobId: string): Promise<LedgerRow[]> {
    const rows = await db
      .select({ charge: beanLedger })
      .from(beanLedger)
      .leftJoin(refunds, eq(refunds.refundOf, beanLedger.id))
      .where(and(eq(beanLedger.jobId, jobId), eq(beanLedger.reason, "charge"), sql`${refunds.id} is null`));
    return rows.map((row) => row.charge);
  },

  /** Beancoin charged for a job so far (positive). */
  async chargedForJob(db: DbOrTx, jobId: string): Promise<number> {
    const rows = await db
      .select({ total: sum(beanLedger.delta) })
      .from(beanLedger)
      .where(and(eq(beanLedger.jobId, jobId), eq(beanLedger.reason, "charge")));
    return -Number(rows[0]?.total ?? 0);
  },

  /** Gives a charge back; false when it had already been refunded (the unique `refund_of` decides). */
  async refund(db: DbOrTx, charge: LedgerRow, at: Date): Promise<boolean> {
    const rows = await db
      .insert(beanLedger)
      .values({
        userId: charge.userId,
        delta: -charge.delta,
        reason: "refund",
        action: charge.action,
        noteId: charge.noteId,
        noteTitle: charge.noteTitle,
        jobId: charge.jobId,
        refundOf: charge.id,
        createdAt: at,
      })
      .onConflictDoNothing({ target: beanLedger.refundOf })
      .returning({ id: beanLedger.id });
    return rows.length > 0;
  },

  /** The user's ledger, newest first, each charge with whether it was refunded. */
  async history(db: DbOrTx, userId: string, page: number, size: number) {
    const [rows, totals] = await Promise.all([
      db
        .select({ row: beanLedger, refundId: refunds.id })
        .from(beanLedger)
        .leftJoin(refunds, eq(refunds.refundOf, beanLedger.id))
        .where(eq(beanLedger.userId, userId))
        .orderBy(desc(beanLedger.createdAt), desc(beanLedger.id))
        .limit(size)
        .offset((page - 1) * size),
      db.select({ total: count() }).from(beanLedger).where(eq(beanLedger.userId, userId)),
    ]);
    return {
      rows: rows.map(({ row, refundId }) => ({ ...row, refunded: refundId !== null })),
      total: totals[0]?.total ?? 0,
    };
  },
};
