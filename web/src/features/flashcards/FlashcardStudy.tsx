import { useRef, type ReactNode } from "react";
import { Button, Tooltip } from "antd";
import { LeftOutlined, RightOutlined, SyncOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { Citation, Flashcard, FlashcardRating } from "@beannote/contract";
import { useIsPhone } from "../../components/use-is-phone";
import { CitationButton } from "../artefacts/CitationButton";
import { FlipCard } from "./FlipCard";
import { RatingButtons } from "./RatingButtons";
import { useStudyKeys } from "./use-study-keys";

interface Props {
  card: Flashcard;
  /** 1-based place of the card in this run, and the run's length. */
  position: number;
  total: number;
  flipped: boolean;
  onFlip: () => void;
  onStep: (delta: -1 | 1) => void;
  onRate: (rating: FlashcardRating) => void;
  ratingPending: FlashcardRating | null;
  onCite: (citation: Citation) => void;
  sourceName?: string;
  /** Above the card, e.g. the note a card belongs to in a review across notes. */
  header?: ReactNode;
  /** Beside the counter: edit, delete. */
  actions?: ReactNode;
  /** False while a dialog is open: the study keys stay with it. */
  keysEnabled: boolean;
}

/** Studying one card: counter, the card, previous/next, then the rating with the interval each gives. */
export function FlashcardStudy(props: Props) {
  const { card, position, total, flipped, onFlip, onStep, onRate, ratingPending } = props;
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const root = useRef<HTMLDivElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  // Keep the keys on the card after a button is used, so Space turns the next card too.
  const refocus = () => cardRef.current?.focus({ preventScroll: true });
  const step = (delta: -1 | 1) => {
    onStep(delta);
    refocus();
  };
  const rate = (rating: FlashcardRating) => {
    if (!flipped || ratingPending !== null) return;
    onRate(rating);
    refocus();
  };
  useStudyKeys(
    root,
    props.keysEnabled,
    { flip: onFlip, previous: () => step(-1), next: () => step(1), rate },
    cardRef,
  );

  return (
    <div className="flashcard-study" ref={root} data-testid="flashcard-study">
      {props.header}
      <div className="flashcard-study__bar">
        <span className="flashcard-study__counter" data-testid="card-counter">
          {t("flashcards.study.counter", { n: position, m: total })}
        </span>
        {card.citation ? (
          <CitationButton citation={card.citation} sourceName={props.sourceName} onOpen={props.onCite} />
        ) : null}
        <span className="flashcard-study__actions">{props.actions}</span>
      </div>
      <div className="flashcard-study__stage">
        <Tooltip title={t("flashcards.study.previous")}>
          <Button
            className="flashcard-study__nav"
            shape="circle"
            size="large"
            icon={<LeftOutlined />}
            disabled={position <= 1}
            onClick={() => step(-1)}
            aria-label={t("flashcards.study.previous")}
            aria-keyshortcuts="ArrowLeft"
            data-testid="card-previous"
          />
        </Tooltip>
        <FlipCard ref={cardRef} card={card} flipped={flipped} onFlip={onFlip} onSwipe={step} />
        <Tooltip title={t("flashcards.study.next")}>
          <Button
            className="flashcard-study__nav"
            shape="circle"
            size="large"
            icon={<RightOutlined />}
            disabled={position >= total}
            onClick={() => step(1)}
            aria-label={t("flashcards.study.next")}
            aria-keyshortcuts="ArrowRight"
            data-testid="card-next"
          />
        </Tooltip>
      </div>
      <div className="flashcard-study__answer">
        {flipped ? (
          <RatingButtons preview={card.schedule.preview} pending={ratingPending} onRate={rate} />
        ) : (
          <Button
            type="primary"
            size="large"
            block
            icon={<SyncOutlined />}
            className="flashcard-study__flip"
            onClick={() => {
              onFlip();
              refocus();
            }}
            aria-keyshortcuts="Space"
            data-testid="show-answer"
          >
            {t("flashcards.study.showAnswer")}
          </Button>
        )}
        <div className="flashcard-study__hint muted">
          {isPhone
            ? t("flashcards.study.touchHint")
            : flipped
              ? t("flashcards.study.rateHint")
              : t("flashcards.study.keysHint")}
        </div>
      </div>
    </div>
  );
}
