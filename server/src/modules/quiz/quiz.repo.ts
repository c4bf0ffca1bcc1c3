import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { notes, quizQuestions, quizzes } from "../../db/schema";

export type QuizRow = typeof quizzes.$inferSelect;
export type QuizInsert = typeof quizzes.$inferInsert;
export type QuestionRow = typeof quizQuestions.$inferSelect;
export type QuestionInsert = typeof quizQuestions.$inferInsert;

/** A quiz with its note's title and the tallies of its answers. */
export interface QuizListRow {
  quiz: QuizRow;
  noteTitle: string;
  questionCount: number;
  answeredCount: number;
  correctCount: number;
  scoreSum: number;
}

const tallies = {
  questionCount: sql<number>`count(${quizQuestions.id})`.mapWith(Number),
  answeredCount: sql<number>`count(${quizQuestions.answeredAt})`.mapWith(Number),
  correctCount: sql<number>`count(*) filter (where ${quizQuestions.correct})`.mapWith(Number),
  scoreSum: sql<number>`coalesce(sum(${quizQuestions.score}), 0)`.mapWith(Number),
};

/** Only this file touches the quiz tables; every read of a quiz is scoped to its owner. */
export const quizRepo = {
  async insertQuiz(db: DbOrTx, row: QuizInsert): Promise<void> {
    await db.insert(quizzes).values(row);
  },

  async insertQuestions(db: DbOrTx, rows: QuestionInsert[]): Promise<void> {
    if (rows.length) await db.insert(quizQuestions).values(rows);
  },

  async deleteQuestions(db: DbOrTx, quizId: string): Promise<void> {
    await db.delete(quizQuestions).where(eq(quizQuestions.quizId, quizId));
  },

  async update(db: DbOrTx, quizId: string, patch: Partial<QuizInsert>): Promise<void> {
    await db.update(quizzes).set(patch).where(eq(quizzes.id, quizId));
  },

  /** The quiz as its job sees it (no owner scope: the job acts for the owner recorded on it). */
  async byId(db: DbOrTx, quizId: string): Promise<QuizRow | undefined> {
    const rows = await db.select().from(quizzes).where(eq(quizzes.id, quizId)).limit(1);
    return rows[0];
  },

  /** The user's quiz with its note's title and tallies; another user's quiz is undefined. */
  async findOwned(db: DbOrTx, userId: string, quizId: string): Promise<QuizListRow | undefined> {
    const rows = await quizRepo.list(db, { userId, quizId, statuses: null, limit: 1 });
    return rows[0];
  },

  /** Quizzes of a user (or of one note), newest first, with their tallies. */
  async list(
    db: DbOrTx,
    filter: { userId: string; noteId?: string; quizId?: string; statuses: string[] | null; limit: number },
  ): Promise<QuizListRow[]> {
    const rows = await db
      .select({ quiz: quizzes, noteTitle: notes.title, ...tallies })
      .from(quizzes)
      .innerJoin(notes, eq(notes.id, quizzes.noteId))
      .leftJoin(quizQuestions, eq(quizQuestions.quizId, quizzes.id))
      .where(
        and(
          eq(quizzes.userId, filter.userId),
          filter.noteId ? eq(quizzes.noteId, filter.noteId) : undefined,
          filter.quizId ? eq(quizzes.id, filter.quizId) : undefined,
          filter.statuses ? inArray(quizzes.status, filter.statuses) : undefined,
        ),
      )
      .groupBy(quizzes.id, notes.title)
      .orderBy(desc(quizzes.createdAt), desc(quizzes.id))
      .limit(filter.limit);
    return rows;
  },

  /** The user's retry of `quizId` that still has a question to answer, if any (newest). */
  async openRetry(db: DbOrTx, userId: string, quizId: string): Promise<QuizRow | undefined> {
    const rows = await db
      .select()
      .from(quizzes)
      .where(
        and(
          eq(quizzes.userId, userId),
          eq(quizzes.retryOf, quizId),
          eq(quizzes.status, "ready"),
          sql`exists (select 1 from ${quizQuestions} where ${quizQuestions.quizId} = ${quizzes.id} and ${quizQuestions.answeredAt} is null)`,
        ),
      )
      .orderBy(desc(quizzes.createdAt))
      .limit(1);
    return rows[0];
  },

  /** The note's generation still waiting for its questions, if any (newest). */
  async generating(db: DbOrTx, userId: string, noteId: string): Promise<QuizRow | undefined> {
    const rows = await db
      .select()
      .from(quizzes)
      .where(and(eq(quizzes.userId, userId), eq(quizzes.noteId, noteId), eq(quizzes.status, "generating")))
      .orderBy(desc(quizzes.createdAt))
      .limit(1);
    return rows[0];
  },

  async questions(db: DbOrTx, quizId: string): Promise<QuestionRow[]> {
    return db
      .select()
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, quizId))
      .orderBy(asc(quizQuestions.position));
  },

  async question(db: DbOrTx, quizId: string, questionId: string): Promise<QuestionRow | undefined> {
    const rows = await db
      .select()
      .from(quizQuestions)
      .where(and(eq(quizQuestions.id, questionId), eq(quizQuestions.quizId, quizId)))
      .limit(1);
    return rows[0];
  },

  /** Stores an answer unless the question already has one; false when it had (answered twice). */
  async saveAnswer(
    db: DbOrTx,
    questionId: string,
    answer: Pick<QuestionInsert, "answer" | "correct" | "score" | "grading" | "answeredAt">,
  ): Promise<boolean> {
    const rows = await db
      .update(quizQuestions)
      .set(answer)
      .where(and(eq(quizQuestions.id, questionId), isNull(quizQuestions.answeredAt)))
      .returning({ id: quizQuestions.id });
    return rows.length > 0;
  },

  /** Marks the quiz finished once no question is left unanswered; true when this call finished it. */
  async finishIfComplete(db: DbOrTx, quizId: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(quizzes)
      .set({ finishedAt: at })
      .where(
        and(
          eq(quizzes.id, quizId),
          isNull(quizzes.finishedAt),
          sql`not exists (select 1 from ${quizQuestions} where ${quizQuestions.quizId} = ${quizId} and ${quizQuestions.answeredAt} is null)`,
        ),
      )
      .returning({ id: quizzes.id });
    return rows.length > 0;
  },

  /** Records the first look at a ready quiz (its time runs from there). */
  async markStarted(db: DbOrTx, quizId: string, at: Date): Promise<void> {
    await db
      .update(quizzes)
      .set({ startedAt: at })
      .where(and(eq(quizzes.id, quizId), isNull(quizzes.startedAt), eq(quizzes.status, "ready")));
  },

  /** Type and wording of the questions of the note's latest quizzes (not to be asked again soon). */
  async recentQuestions(
    db: DbOrTx,
    noteId: string,
    quizLimit = 20,
  ): Promise<{ type: string; question: string }[]> {
    const recent = db
      .select({ id: quizzes.id })
      .from(quizzes)
      .where(and(eq(quizzes.noteId, noteId), eq(quizzes.status, "ready")))
      .orderBy(desc(quizzes.createdAt))
      .limit(quizLimit);
    return db
      .select({ type: quizQuestions.type, question: quizQuestions.question })
      .from(quizQuestions)
      .where(inArray(quizQuestions.quizId, recent));
  },

  /** Copies a note's ready quizzes, questions and answers included, to a copy of the note. */
  async copyNote(db: DbOrTx, fromNoteId: string, toNoteId: string, newId: () => string): Promise<void> {
    const rows = await db
      .select()
      .from(quizzes)
      .where(and(eq(quizzes.noteId, fromNoteId), eq(quizzes.status, "ready")))
      .orderBy(asc(quizzes.createdAt));
    if (rows.length === 0) return;
    const ids = new Map(rows.map((r) => [r.id, newId()]));
    await db.insert(quizzes).values(
      rows.map((r) => ({
        ...r,
        id: ids.get(r.id)!,
        noteId: toNoteId,
        jobId: null,
        retryOf: r.retryOf ? (ids.get(r.retryOf) ?? null) : null,
      })),
    );
    const questions = await db
      .select()
      .from(quizQuestions)
      .where(inArray(quizQuestions.quizId, [...ids.keys()]));
    for (let i = 0; i < questions.length; i += 500) {
      await db
        .insert(quizQuestions)
        .values(questions.slice(i, i + 500).map((q) => ({ ...q, id: newId(), quizId: ids.get(q.quizId)! })));
    }
  },
};
