import {
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { notes } from "./notes";
import { jobs } from "./jobs";

/**
 * Beancoin ledger: the balance is the sum of deltas. A charge (negative) names its action, note and job; its
 * refund is a second row pointing back at it (`refund_of` is unique, so a charge is refunded at most once).
 * Rows outlive their note (`note_id` set null, the title kept) so the history stays readable.
 */
export const beanLedger = pgTable(
  "bean_ledger",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    /** welcome | charge | refund | admin */
    reason: text("reason").notNull(),
    /** The BeanAction paid for (charges and refunds). */
    action: text("action"),
    noteId: text("note_id").references(() => notes.id, { onDelete: "set null" }),
    noteTitle: text("note_title"),
    jobId: text("job_id").references(() => jobs.id, { onDelete: "set null" }),
    refundOf: integer("refund_of").references((): AnyPgColumn => beanLedger.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("bean_ledger_user_id_idx").on(table.userId),
    index("bean_ledger_note_id_idx").on(table.noteId),
    index("bean_ledger_job_id_idx").on(table.jobId),
    uniqueIndex("bean_ledger_refund_of_unique").on(table.refundOf),
  ],
);
