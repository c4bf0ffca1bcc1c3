import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";
import { users } from "./accounts";

/** A student's feedback (spec §3): type, text and contact address; its screenshots are `feedback_images`. */
export const feedback = pgTable(
  "feedback",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    suggestion: text("suggestion").notNull(),
    email: text("email").notNull(),
    createdAt: stamp("created_at").notNull().defaultNow(),
    /** When it was mailed to FEEDBACK_MAIL_TO. */
    mailedAt: stamp("mailed_at"),
  },
  (table) => [
    index("feedback_user_id_idx").on(table.userId),
    index("feedback_created_at_idx").on(table.createdAt),
  ],
);

/**
 * An uploaded screenshot, re-encoded without metadata. Uploaded first (no feedback yet), then claimed by the
 * feedback that names it.
 */
export const feedbackImages = pgTable(
  "feedback_images",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    feedbackId: text("feedback_id").references(() => feedback.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: stamp("created_at").notNull().defaultNow(),
  },
  (table) => [
    index("feedback_images_user_id_idx").on(table.userId, table.createdAt),
    index("feedback_images_feedback_id_idx").on(table.feedbackId),
  ],
);
