import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { stamp } from "./columns";
import { noteOwned } from "./note-owned";

/** One quiz on a note: what was asked for, how it was made (a job, or a retry of another quiz), and when it was taken. */
export const quizzes = pgTable(
  "quizzes",
  {
    id: text("id").primaryKey(),
    ...noteOwned(),
    /** generating | ready | failed | cancelled */
    status: text("status").notNull().default("generating"),
    /** The chosen question types, in §9 order. */
    types: jsonb("types").$type<string[]>().notNull(),
    requestedCount: integer("requested_count").notNull(),
    jobId: text("job_id"),
    errorCode: text("error_code"),
    /** engine that wrote it: offline | llm (a retry keeps its source's) */
    engine: text("engine"),
    retryOf: text("retry_of").references((): AnyPgColumn => quizzes.id, { onDelete: "set null" }),
    createdAt: stamp("created_at").notNull().defaultNow(),
    /** First look at the ready questions; the quiz's time runs from here to the last answer. */
    startedAt: stamp("started_at"),
    finishedAt: stamp("finished_at"),
  },
  (table) => [
    index("quizzes_note_id_idx").on(table.noteId, table.createdAt),
    index("quizzes_user_id_idx").on(table.userId, table.createdAt),
    index("quizzes_retry_of_idx").on(table.retryOf),
  ],
);

/** A quiz's questions in order, each with its key (never sent before it is answered) and the student's answer. */
export const quizQuestions = pgTable(
  "quiz_questions",
  {
    id: text("id").primaryKey(),
    quizId: text("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    type: text("type").notNull(),
    question: text("question").notNull(),
    /** [{optionId, text}] for choice and multiple_choice, else []. */
    options: jsonb("options").$type<{ optionId: string; text: string }[]>().notNull(),
    /** The right optionIds (choice, multiple_choice) or [] for the others. */
    correctOptions: jsonb("correct_options").$type<string[]>().notNull(),
    /** judgment only. */
    statementTrue: boolean("statement_true"),
    referenceAnswer: text("reference_answer").notNull(),
    keyPoints: jsonb("key_points").$type<string[]>().notNull(),
    explanation: text("explanation").notNull(),
    citeSource: integer("cite_source"),
    citePage: integer("cite_page"),
    /** The cited section's text, so that grading sees the source the question was asked from. */
    context: text("context").notNull().default(""),
    /** The student's answer: an optionId, optionIds, true/false or text; null until answered. */
    answer: jsonb("answer").$type<string | string[] | boolean>(),
    correct: boolean("correct"),
    score: doublePrecision("score"),
    /** Free text: {found, missed, reason, gradedBy}. */
    grading: jsonb("grading").$type<{
      found: string[];
      missed: string[];
      reason: string | null;
      gradedBy: string;
    }>(),
    answeredAt: stamp("answered_at"),
  },
  (table) => [index("quiz_questions_quiz_id_idx").on(table.quizId, table.position)],
);
