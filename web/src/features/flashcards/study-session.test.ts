import { describe, expect, it } from "vitest";
import type { Flashcard } from "@beannote/contract";
import { isDueNow, rateSession, shuffle, startSession, stepSession, syncSession } from "./study-session";

const NOW = Date.parse("2026-11-21T10:00:00Z");
const card = (cardId: string, state: Flashcard["schedule"]["state"] = "new", due: string | null = null) => ({
  cardId,
  schedule: { state, due, reps: 0, lapses: 0, lastReview: null, preview: [] },
});
const deck = [
  card("a"),
  card("b", "review", "2026-11-20T10:00:00Z"),
  card("c", "review", "2026-12-01T10:00:00Z"),
  card("d", "learning", "2026-11-21T09:59:00Z"),
];

describe("study session", () => {
  it("counts new cards and cards whose review time has come as due", () => {
    expect(deck.filter((c) => isDueNow(c, NOW)).map((c) => c.cardId)).toEqual(["a", "b", "d"]);
  });

  it("studies the whole deck in order, or only the due cards", () => {
    expect(startSession(deck, { dueOnly: false, shuffled: false, now: NOW }).order).toEqual([
      "a",
      "b",
      "c",
      "d",
    ]);
    expect(startSession(deck, { dueOnly: true, shuffled: false, now: NOW }).order).toEqual(["a", "b", "d"]);
  });

  it("shuffles every card exactly once", () => {
    const order = shuffle(["a", "b", "c", "d", "e"], () => 0);
    expect([...order].sort()).toEqual(["a", "b", "c", "d", "e"]);
    expect(order).not.toEqual(["a", "b", "c", "d", "e"]);
  });

  it("moves within the order and shows the front of the next card", () => {
    let s = startSession(deck, { dueOnly: false, shuffled: false, now: NOW });
    s = { ...s, flipped: true };
    s = stepSession(s, 1);
    expect([s.index, s.flipped]).toEqual([1, false]);
    expect(stepSession(stepSession(s, -1), -1).index).toBe(0);
    expect(stepSession({ ...s, index: 3 }, 1).index).toBe(3);
  });

  it("brings a card rated again back at the end of a due run, and finishes after the last", () => {
    let s = startSession(deck, { dueOnly: true, shuffled: false, now: NOW });
    s = rateSession(s, "a", 1);
    expect(s.order).toEqual(["a", "b", "d", "a"]);
    s = rateSession(s, "b", 3);
    s = rateSession(s, "d", 3);
    expect(s.finished).toBe(false);
    s = rateSession(s, "a", 3);
    expect(s.finished).toBe(true);
    const all = rateSession(startSession(deck, { dueOnly: false, shuffled: false, now: NOW }), "a", 1);
    expect(all.order).toEqual(["a", "b", "c", "d"]);
  });

  it("drops deleted cards, keeps the student's place and adds new cards at the end", () => {
    let s = { ...startSession(deck, { dueOnly: false, shuffled: false, now: NOW }), index: 2 };
    s = syncSession(
      s,
      deck.filter((c) => c.cardId !== "a"),
      NOW,
    );
    expect(s.order).toEqual(["b", "c", "d"]);
    expect(s.order[s.index]).toBe("c");
    s = syncSession(s, [...deck.filter((c) => c.cardId !== "c"), card("e")], NOW);
    expect(s.order).toEqual(["b", "d", "e"]);
    expect(s.order[s.index]).toBe("d");
  });

  it("reopens a finished run when a card is added", () => {
    let s = startSession(deck.slice(0, 1), { dueOnly: false, shuffled: false, now: NOW });
    s = rateSession(s, "a", 3);
    expect(s.finished).toBe(true);
    s = syncSession(s, [...deck.slice(0, 1), card("z")], NOW);
    expect([s.finished, s.order[s.index]]).toEqual([false, "z"]);
  });
});
