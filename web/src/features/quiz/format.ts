import type { TFunction } from "i18next";
import { splitDuration } from "./quiz-answers";

/** "3 min 05 s" / "42 s" in the interface language. */
export function formatDuration(ms: number, t: TFunction): string {
  const { m, s } = splitDuration(ms);
  return m > 0 ? t("quiz.duration.minutes", { m, s }) : t("quiz.duration.seconds", { s });
}

/** A quiz's date and time, short, in the interface language. */
export function formatWhen(iso: string, language: string): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(
      new Date(iso),
    );
  } catch {
    return new Date(iso).toLocaleString();
  }
}

/** A 0..1 score as a whole percentage. */
export const percent = (score: number) => Math.round(score * 100);
