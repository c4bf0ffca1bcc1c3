import { boolean, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";
import { jobs } from "./jobs";
import { noteOwned } from "./note-owned";

/** A student's conversation with a note's sources (the Ask tab); it goes with the note. */
export const conversations = pgTable(
  "conversations",
  {
    id: text("id").primaryKey(),
    ...noteOwned(),
    /** The first question, shortened. */
    title: text("title").notNull(),
    createdAt: stamp("created_at").notNull().defaultNow(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  (table) => [
    index("conversations_note_id_idx").on(table.noteId, table.updatedAt),
    index("conversations_user_id_idx").on(table.userId),
  ],
);

/**
 * The turns of a conversation in order: a question (`user`) and its answer (`assistant`, written by a job,
 * with the citations `[{source, page, quote}]` it rests on).
 */
export const conversationMessages = pgTable(
  "conversation_messages",
  {
    id: text("id").primaryKey(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** user | assistant */
    role: text("role").notNull(),
    text: text("text").notNull(),
    citations: jsonb("citations").notNull().default([]),
    found: boolean("found").notNull().default(false),
    nearestSections: jsonb("nearest_sections").notNull().default([]),
    /** answering | done | failed */
    status: text("status").notNull().default("done"),
    errorCode: text("error_code"),
    jobId: text("job_id").references(() => jobs.id, { onDelete: "set null" }),
    createdAt: stamp("created_at").notNull().defaultNow(),
  },
  (table) => [
    index("conversation_messages_conversation_idx").on(table.conversationId, table.position),
    index("conversation_messages_job_id_idx").on(table.jobId),
  ],
);
