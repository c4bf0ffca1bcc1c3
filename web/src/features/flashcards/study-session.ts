import type { Flashcard, FlashcardRating } from "@beannote/contract";

/** A run through cards: which, in what order, where the student is, and whether the answer shows. */
export interface StudySession {
  /** Only the cards due now and the new ones, as the "study due cards" mode. */
  dueOnly: boolean;
  shuffled: boolean;
  order: string[];
  index: number;
  flipped: boolean;
  finished: boolean;
  /** Every card id this session has taken in, so that a card added later joins once. */
  seen: string[];
}

type ScheduledCard = Pick<Flashcard, "cardId" | "schedule">;

/** New cards (never reviewed) and cards whose review is due at `now`. */
export function isDueNow(card: Pick<Flashcard, "schedule">, now: number): boolean {
  const { state, due } = card.schedule;
  return state === "new" || (due !== null && Date.parse(due) <= now);
}

/** Fisher–Yates, with the random source passed in for tests. */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function startSession(
  cards: readonly ScheduledCard[],
  options: { dueOnly: boolean; shuffled: boolean; now: number; random?: () => number },
): StudySession {
  const picked = cards.filter((c) => !options.dueOnly || isDueNow(c, options.now)).map((c) => c.cardId);
  const order = options.shuffled ? shuffle(picked, options.random) : picked;
  return {
    dueOnly: options.dueOnly,
    shuffled: options.shuffled,
    order,
    index: 0,
    flipped: false,
    finished: false,
    seen: cards.map((c) => c.cardId),
  };
}

/** Previous (-1) or next (+1), within the order; the new card shows its front. */
export function stepSession(session: StudySession, delta: number): StudySession {
  const index = Math.min(Math.max(0, session.index + delta), Math.max(0, session.order.length - 1));
  if (index === session.index && !session.finished) return session;
  return { ...session, index, flipped: false, finished: false };
}

/**
 * After a rating: on to the next card, or finished after the last. In the due mode a card rated
 * "again" is due again within minutes, so it comes back at the end of the run.
 */
export function rateSession(session: StudySession, cardId: string, rating: FlashcardRating): StudySession {
  const order = session.dueOnly && rating === 1 ? [...session.order, cardId] : session.order;
  const last = session.index >= order.length - 1;
  return {
    ...session,
    order,
    index: last ? session.index : session.index + 1,
    flipped: false,
    finished: last,
  };
}

/** Keeps the session in step with the deck: deleted cards leave it, cards added since join at the end. */
export function syncSession(
  session: StudySession,
  cards: readonly ScheduledCard[],
  now: number,
): StudySession {
  const ids = new Set(cards.map((c) => c.cardId));
  const seen = new Set(session.seen);
  const added = cards.filter((c) => !seen.has(c.cardId));
  const kept = session.order.filter((id) => ids.has(id));
  if (!added.length && kept.length === session.order.length) return session;
  // The student stays on the same card, or on the one that took the place of a deleted one.
  const index = session.order.slice(0, session.index).filter((id) => ids.has(id)).length;
  const joined = added.filter((c) => !session.dueOnly || isDueNow(c, now)).map((c) => c.cardId);
  const order = [...kept, ...joined];
  return {
    ...session,
    order,
    index: session.finished && joined.length ? kept.length : Math.min(index, Math.max(0, order.length - 1)),
    finished: session.finished && !joined.length,
    seen: [...session.seen, ...added.map((c) => c.cardId)],
  };
}
