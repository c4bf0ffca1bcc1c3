import { useEffect, useState } from "react";
import type { Flashcard, FlashcardRating } from "@beannote/contract";
import { rateSession, startSession, stepSession, syncSession, type StudySession } from "./study-session";

/** A study run over a deck that may change under it (cards added, edited, deleted, rated). */
export function useStudySession(cards: readonly Flashcard[], initial: { dueOnly?: boolean } = {}) {
  const [session, setSession] = useState<StudySession>(() =>
    startSession(cards, { dueOnly: initial.dueOnly ?? false, shuffled: false, now: Date.now() }),
  );
  useEffect(() => setSession((s) => syncSession(s, cards, Date.now())), [cards]);

  const byId = new Map(cards.map((c) => [c.cardId, c]));
  const currentId = session.order[session.index];
  const current = currentId === undefined ? undefined : byId.get(currentId);

  return {
    session,
    current,
    restart: (options: { dueOnly?: boolean; shuffled?: boolean } = {}) =>
      setSession((s) =>
        startSession(cards, {
          dueOnly: options.dueOnly ?? s.dueOnly,
          shuffled: options.shuffled ?? s.shuffled,
          now: Date.now(),
        }),
      ),
    flip: () => setSession((s) => (s.finished || !s.order.length ? s : { ...s, flipped: !s.flipped })),
    step: (delta: -1 | 1) => setSession((s) => stepSession(s, delta)),
    rated: (cardId: string, rating: FlashcardRating) => setSession((s) => rateSession(s, cardId, rating)),
    /** Shows this card (just added) with its front up. */
    show: (card: Flashcard) =>
      setSession((s) => {
        const synced = syncSession(s, [...cards, card], Date.now());
        const index = synced.order.lastIndexOf(card.cardId);
        return index < 0 ? synced : { ...synced, index, flipped: false, finished: false };
      }),
  };
}
