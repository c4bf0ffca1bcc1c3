import { and, asc, eq, gt, inArray, lte } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { throttleEvents } from "../../db/schema";

/** The only place the throttle_events table is touched. */
export const throttleRepo = {
  /** How many events of `kind` for `key` happened after `since`, and when the oldest of them did. */
  async window(
    db: DbOrTx,
    kind: string,
    key: string,
    since: Date,
  ): Promise<{ count: number; oldest: Date | null }> {
    const rows = await db
      .select({ createdAt: throttleEvents.createdAt })
      .from(throttleEvents)
      .where(
        and(eq(throttleEvents.kind, kind), eq(throttleEvents.key, key), gt(throttleEvents.createdAt, since)),
      )
      .orderBy(asc(throttleEvents.createdAt));
    return { count: rows.length, oldest: rows[0]?.createdAt ?? null };
  },
  async insert(db: DbOrTx, row: { kind: string; key: string; createdAt: Date }): Promise<number> {
    const rows = await db.insert(throttleEvents).values(row).returning({ id: throttleEvents.id });
    return rows[0]!.id;
  },
  async deleteUpTo(db: DbOrTx, kind: string, key: string, before: Date): Promise<void> {
    await db
      .delete(throttleEvents)
      .where(
        and(
          eq(throttleEvents.kind, kind),
          eq(throttleEvents.key, key),
          lte(throttleEvents.createdAt, before),
        ),
      );
  },
  async deleteIds(db: DbOrTx, ids: number[]): Promise<void> {
    if (ids.length > 0) await db.delete(throttleEvents).where(inArray(throttleEvents.id, ids));
  },
  async deleteAll(db: DbOrTx, kind: string, key: string): Promise<void> {
    await db.delete(throttleEvents).where(and(eq(throttleEvents.kind, kind), eq(throttleEvents.key, key)));
  },
};
