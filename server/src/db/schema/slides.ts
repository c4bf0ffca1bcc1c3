import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";
import { noteOwned } from "./note-owned";

/** A note's slide deck, in order: each slide with its bullets, speaker notes, kept table and citation. */
export const slides = pgTable(
  "slides",
  {
    id: text("id").primaryKey(),
    ...noteOwned(),
    position: integer("position").notNull(),
    /** title | agenda | content | summary */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    bullets: jsonb("bullets").$type<string[]>().notNull(),
    notes: text("notes").notNull().default(""),
    /** `{ rows: string[][] }`, the first row the header; null when the slide has no table. */
    slideTable: jsonb("slide_table").$type<{ rows: string[][] } | null>(),
    citeSource: integer("cite_source"),
    citePage: integer("cite_page"),
    createdAt: stamp("created_at").notNull().defaultNow(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  (table) => [
    index("slides_note_id_idx").on(table.noteId, table.position),
    index("slides_user_id_idx").on(table.userId),
  ],
);
