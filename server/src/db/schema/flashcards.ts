import { doublePrecision, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";
import { noteOwned } from "./note-owned";

/** A note's flashcards, in deck order, each with its citation and its FSRS state (`ts-fsrs` Card fields). */
export const flashcards = pgTable(
  "flashcards",
  {
    id: text("id").primaryKey(),
    ...noteOwned(),
    position: integer("position").notNull(),
    front: text("front").notNull(),
    back: text("back").notNull(),
    /** definition | cloze | keypoint | model | manual */
    kind: text("kind").notNull(),
    citeSource: integer("cite_source"),
    citePage: integer("cite_page"),
    /** FSRS state: 0 new, 1 learning, 2 review, 3 relearning. */
    state: integer("state").notNull().default(0),
    due: stamp("due").notNull().defaultNow(),
    stability: doublePrecision("stability").notNull().default(0),
    difficulty: doublePrecision("difficulty").notNull().default(0),
    elapsedDays: integer("elapsed_days").notNull().default(0),
    scheduledDays: integer("scheduled_days").notNull().default(0),
    learningSteps: integer("learning_steps").notNull().default(0),
    reps: integer("reps").notNull().default(0),
    lapses: integer("lapses").notNull().default(0),
    lastReview: stamp("last_review"),
    createdAt: stamp("created_at").notNull().defaultNow(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  (table) => [
    index("flashcards_note_id_idx").on(table.noteId, table.position),
    index("flashcards_user_due_idx").on(table.userId, table.state, table.due),
  ],
);

/** Every rating a student gave a card, with the state it left (the FSRS review log). */
export const flashcardReviews = pgTable(
  "flashcard_reviews",
  {
    id: text("id").primaryKey(),
    cardId: text("card_id")
      .notNull()
      .references(() => flashcards.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    state: integer("state").notNull(),
    due: stamp("due").notNull(),
    stability: doublePrecision("stability").notNull(),
    difficulty: doublePrecision("difficulty").notNull(),
    scheduledDays: integer("scheduled_days").notNull(),
    reviewedAt: stamp("reviewed_at").notNull(),
  },
  (table) => [index("flashcard_reviews_card_id_idx").on(table.cardId, table.reviewedAt)],
);
