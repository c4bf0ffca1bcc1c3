import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { stamp } from "./columns";
import { noteOwned } from "./note-owned";

/** A chapter of an episode as stored: its kind, title and place in the audio (milliseconds). */
export interface StoredChapter {
  kind: "opening" | "section" | "closing";
  title: string;
  startMs: number;
  endMs: number;
}

/**
 * A note's podcast episode (one per note; generating again replaces it). The MP3 lives in Storage under
 * `audio_key`; `audio_secret` signs the short-lived URLs that play it.
 */
export const podcasts = pgTable(
  "podcasts",
  {
    id: text("id").primaryKey(),
    ...noteOwned(),
    /** short | standard | long */
    length: text("length").notNull(),
    language: text("language").notNull(),
    /** offline | llm */
    engine: text("engine").notNull(),
    /** espeak | tts */
    voices: text("voices").notNull(),
    title: text("title").notNull(),
    hostName: text("host_name").notNull(),
    guestName: text("guest_name").notNull(),
    chapters: jsonb("chapters").$type<StoredChapter[]>().notNull(),
    durationMs: integer("duration_ms").notNull(),
    audioKey: text("audio_key").notNull(),
    audioBytes: integer("audio_bytes").notNull(),
    audioSecret: text("audio_secret").notNull(),
    createdAt: stamp("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("podcasts_note_id_idx").on(table.noteId),
    index("podcasts_user_id_idx").on(table.userId),
  ],
);

/** The spoken lines of an episode, in order, each with its speaker, chapter, citation and timing. */
export const podcastLines = pgTable(
  "podcast_lines",
  {
    id: text("id").primaryKey(),
    podcastId: text("podcast_id")
      .notNull()
      .references(() => podcasts.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    chapter: integer("chapter").notNull(),
    /** host | guest */
    speaker: text("speaker").notNull(),
    text: text("text").notNull(),
    citeSource: integer("cite_source"),
    citePage: integer("cite_page"),
    startMs: integer("start_ms").notNull(),
    endMs: integer("end_ms").notNull(),
  },
  (table) => [index("podcast_lines_podcast_id_idx").on(table.podcastId, table.position)],
);
