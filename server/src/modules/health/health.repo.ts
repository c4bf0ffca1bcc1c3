import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

/** The readiness probe's one query. */
export const healthRepo = {
  async ping(db: DbOrTx): Promise<void> {
    await db.execute(sql`select 1`);
  },
};
