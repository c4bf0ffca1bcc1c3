import { Button } from "antd";
import { useTranslation } from "react-i18next";
import type { FlashcardRating, FlashcardSchedule } from "@beannote/contract";
import { FLASHCARD_RATINGS } from "@beannote/contract/flashcards";
import { useIntervalLabel } from "./use-interval-label";

const NAMES = { 1: "again", 2: "hard", 3: "good", 4: "easy" } as const;

interface Props {
  preview: FlashcardSchedule["preview"];
  pending: FlashcardRating | null;
  onRate: (rating: FlashcardRating) => void;
}

/** Again / Hard / Good / Easy, each with the interval it would give (keys 1–4). */
export function RatingButtons({ preview, pending, onRate }: Props) {
  const { t } = useTranslation();
  const intervalLabel = useIntervalLabel();
  return (
    <div className="rating-buttons" role="group" aria-label={t("flashcards.rating.label")}>
      {FLASHCARD_RATINGS.map((rating) => {
        const name = NAMES[rating];
        const next = preview.find((p) => p.rating === rating);
        const interval = next ? intervalLabel(next.intervalDays) : "";
        return (
          <Button
            key={rating}
            className={`rating-button rating-button--${name}`}
            data-testid={`rate-${name}`}
            loading={pending === rating}
            disabled={pending !== null && pending !== rating}
            onClick={() => onRate(rating)}
            aria-keyshortcuts={String(rating)}
            aria-label={`${t(`flashcards.rating.${name}`)} (${interval})`}
          >
            <span className="rating-button__name">{t(`flashcards.rating.${name}`)}</span>
            <span className="rating-button__interval" data-testid={`interval-${name}`}>
              {interval}
            </span>
          </Button>
        );
      })}
    </div>
  );
}
