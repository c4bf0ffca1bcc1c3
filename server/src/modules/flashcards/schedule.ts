import type { FlashcardRating, FlashcardSchedule } from "@beannote/contract";
import { createEmptyCard, fsrs, State, type Card, type Grade } from "ts-fsrs";
import type { flashcards } from "../../db/schema";

type CardRow = typeof flashcards.$inferSelect;
type ScheduleColumns = Pick<
  CardRow,
  | "state"
  | "due"
  | "stability"
  | "difficulty"
  | "elapsedDays"
  | "scheduledDays"
  | "learningSteps"
  | "reps"
  | "lapses"
  | "lastReview"
>;

/** FSRS with its defaults (90 % retention, Anki's learning steps, fuzz off so intervals are predictable). */
export const scheduler = fsrs({ enable_fuzz: false });

const STATE_NAMES = ["new", "learning", "review", "relearning"] as const;

export function toFsrsCard(row: ScheduleColumns): Card {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
    last_review: row.lastReview ?? undefined,
  };
}

export function fromFsrsCard(card: Card): ScheduleColumns {
  return {
    state: card.state,
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    lastReview: card.last_review ?? null,
  };
}

/** The schedule columns of a card never reviewed. */
export function newSchedule(now: Date): ScheduleColumns {
  return fromFsrsCard(createEmptyCard(now));
}

/** The card after a rating at `now`, and the log entry of that review. */
export function review(row: ScheduleColumns, rating: FlashcardRating, now: Date) {
  const { card, log } = scheduler.next(toFsrsCard(row), now, rating as Grade);
  return { next: fromFsrsCard(card), log };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The schedule as the contract shows it, with what each rating would give now. */
export function presentSchedule(row: ScheduleColumns, now: Date): FlashcardSchedule {
  const card = toFsrsCard(row);
  const preview = ([1, 2, 3, 4] as const).map((rating) => {
    const next = scheduler.next(card, now, rating as Grade).card;
    return {
      rating,
      due: next.due.toISOString(),
      intervalDays: Math.max(0, (next.due.getTime() - now.getTime()) / DAY_MS),
    };
  });
  return {
    state: STATE_NAMES[row.state] ?? "new",
    due: row.state === State.New ? null : row.due.toISOString(),
    reps: row.reps,
    lapses: row.lapses,
    lastReview: row.lastReview?.toISOString() ?? null,
    preview,
  };
}
