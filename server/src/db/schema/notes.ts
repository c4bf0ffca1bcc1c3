import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";
import { users } from "./accounts";
import { files } from "./files";

/** A study note: the student's Markdown and the engine's original, kept so that reset can return to it. */
export const notes = pgTable(
  "notes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    outputLanguage: text("output_language").notNull(),
    detailLevel: text("detail_level").notNull(),
    /** generating | ready | failed | cancelled */
    status: text("status").notNull().default("generating"),
    markdown: text("markdown").notNull().default(""),
    generatedMarkdown: text("generated_markdown").notNull().default(""),
    engine: text("engine"),
    jobId: text("job_id"),
    errorCode: text("error_code"),
    createdAt: stamp("created_at").notNull().defaultNow(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  (table) => [
    index("notes_user_id_idx").on(table.userId, table.updatedAt),
    // Title search is `ILIKE '%keyword%'`: a trigram index serves it (the migration creates pg_trgm first).
    index("notes_title_trgm_idx").using("gin", table.title.op("gin_trgm_ops")),
  ],
);

/** The files a note was written from, in order (`position` 1 is citation source 1). */
export const noteSources = pgTable(
  "note_sources",
  {
    noteId: text("note_id")
      .notNull()
      .references(() => notes.id, { onDelete: "cascade" }),
    fileId: text("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.noteId, table.position] }),
    index("note_sources_file_id_idx").on(table.fileId),
  ],
);
