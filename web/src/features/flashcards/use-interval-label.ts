import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { intervalParts } from "./format-interval";

/** Formats an interval in days as the locale's short amount ("<1 min", "3 d", "2,5 Mon."). */
export function useIntervalLabel(): (days: number) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (days: number) => {
      const { unit, value, under } = intervalParts(days);
      const n = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
      const amount = t(`flashcards.interval.${unit}`, { n });
      return under ? t("flashcards.interval.under", { x: amount }) : amount;
    },
    [t, i18n.language],
  );
}
