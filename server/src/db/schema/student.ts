import { index, pgTable, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";
import { users } from "./accounts";

/** A student's request for the discount: one row per account, its ID image in Storage (never public). */
export const studentVerifications = pgTable(
  "student_verifications",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** pending | approved | rejected */
    status: text("status").notNull(),
    imageKey: text("image_key").notNull(),
    /** The operator's reason for a rejection. */
    reason: text("reason"),
    submittedAt: stamp("submitted_at").notNull().defaultNow(),
    reviewedAt: stamp("reviewed_at"),
  },
  (table) => [index("student_verifications_status_idx").on(table.status, table.submittedAt)],
);
