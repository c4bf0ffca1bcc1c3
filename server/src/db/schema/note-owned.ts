import { text } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { notes } from "./notes";

/** The note a study artefact belongs to, and its owner: the artefact goes when either does. */
export const noteOwned = () => ({
  noteId: text("note_id")
    .notNull()
    .references(() => notes.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
});
