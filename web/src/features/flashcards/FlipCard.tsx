import { useRef, type Ref, type TouchEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Flashcard } from "@beannote/contract";
import { MathText } from "../../components/MathText";

interface Props {
  card: Pick<Flashcard, "cardId" | "front" | "back">;
  flipped: boolean;
  onFlip: () => void;
  /** A horizontal swipe on a touch screen: -1 back, +1 on. */
  onSwipe: (direction: -1 | 1) => void;
  ref?: Ref<HTMLDivElement>;
}

const SWIPE_MIN_PX = 48;

/** One card: the front, turned over (click, Space, Enter) to the back; swiped sideways on a phone. */
export function FlipCard({ card, flipped, onFlip, onSwipe, ref }: Props) {
  const { t } = useTranslation();
  const touch = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);

  const handleTouchStart = (event: TouchEvent) => {
    const first = event.touches[0];
    touch.current = first ? { x: first.clientX, y: first.clientY } : null;
    swiped.current = false;
  };
  const handleTouchEnd = (event: TouchEvent) => {
    const start = touch.current;
    const end = event.changedTouches[0];
    touch.current = null;
    if (!start || !end) return;
    const dx = end.clientX - start.x;
    const dy = end.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > 1.5 * Math.abs(dy)) {
      swiped.current = true;
      onSwipe(dx < 0 ? 1 : -1);
    }
  };
  const handleClick = () => {
    // The click that ends a swipe does not also turn the card.
    if (swiped.current) {
      swiped.current = false;
      return;
    }
    onFlip();
  };

  return (
    <div
      ref={ref}
      role="button"
      tabIndex={0}
      aria-pressed={flipped}
      aria-roledescription={t("flashcards.study.cardRole")}
      title={flipped ? t("flashcards.study.showFront") : t("flashcards.study.showBack")}
      className={`flip-card${flipped ? " flip-card--flipped" : ""}`}
      data-testid="flip-card"
      data-card-id={card.cardId}
      data-side={flipped ? "back" : "front"}
      onClick={handleClick}
      onTouchStart={handleTouchStart}
      onTouchEnd={handleTouchEnd}
    >
      <div className="flip-card__inner">
        <section className="flip-card__face flip-card__face--front" aria-hidden={flipped}>
          <span className="flip-card__side">{t("flashcards.study.front")}</span>
          <div className="flip-card__text" data-testid="card-front">
            <MathText text={card.front} />
          </div>
        </section>
        <section className="flip-card__face flip-card__face--back" aria-hidden={!flipped}>
          <span className="flip-card__side">{t("flashcards.study.back")}</span>
          {/* The question stays in view above its answer, as on a paper card turned over beside it. */}
          <div className="flip-card__question">
            <MathText text={card.front} />
          </div>
          <div className="flip-card__text" data-testid="card-back">
            <MathText text={card.back} />
          </div>
        </section>
      </div>
    </div>
  );
}
