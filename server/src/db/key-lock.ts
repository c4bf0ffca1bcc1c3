import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "./client";

/**
 * Runs `work` in one transaction that holds a lock on each of `keys` until it ends, so a count-then-write on
 * those keys (a rate limit, a quota) is exact under concurrent requests and across processes. PostgreSQL takes
 * transaction-scoped advisory locks, in sorted order so two callers never deadlock; PGlite runs one transaction
 * at a time anyway. `work` must use only the transaction it is given.
 */
export async function withKeyLocks<T>(db: Db, keys: string[], work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    for (const key of [...new Set(keys)].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    }
    return work(tx);
  });
}
