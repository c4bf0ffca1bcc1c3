/** The unit an interval is shown in; each has a short label in the locale files (`flashcards.interval`). */
export type IntervalUnit = "minutes" | "hours" | "days" | "months" | "years";

const MINUTES_PER_DAY = 24 * 60;

/**
 * An interval in days (fractional below one) as a short human amount, as Anki shows it: "<1 min",
 * "10 min", "5 h", "3 d", "2.5 mo", "1.2 y". Months are 30 days, years 365.
 */
export function intervalParts(days: number): { unit: IntervalUnit; value: number; under?: true } {
  const minutes = Math.max(0, days) * MINUTES_PER_DAY;
  if (minutes < 1) return { unit: "minutes", value: 1, under: true };
  if (Math.round(minutes) < 60) return { unit: "minutes", value: Math.round(minutes) };
  const hours = minutes / 60;
  if (Math.round(hours) < 24) return { unit: "hours", value: Math.round(hours) };
  if (Math.round(days) < 30) return { unit: "days", value: Math.round(days) };
  const oneDecimal = (n: number) => (n < 10 ? Math.round(n * 10) / 10 : Math.round(n));
  if (days < 365) return { unit: "months", value: oneDecimal(days / 30) };
  return { unit: "years", value: oneDecimal(days / 365) };
}
