import { Button, Card } from "antd";
import { CreditCardOutlined, RightOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { flashcardKeys, flashcardsApi } from "./api";
import "./flashcards.css";

export const REVIEW_PATH = "/subNote/pages/review";

/** Home: "N cards due" across all notes, and the way into a review session. Hidden when none are due. */
export function DueCardsCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const due = useQuery({ queryKey: flashcardKeys.dueSummary(), queryFn: () => flashcardsApi.due(1) });
  const total = (due.data?.dueCount ?? 0) + (due.data?.newCount ?? 0);
  if (!due.data || total === 0) return null;
  return (
    <Card className="due-cards" data-testid="due-cards">
      <div className="due-cards__body">
        <span className="due-cards__icon">
          <CreditCardOutlined />
        </span>
        <div className="due-cards__text">
          <div className="due-cards__title" data-testid="due-cards-count" data-count={total}>
            {t("flashcards.home.due", { n: total })}
          </div>
          <div className="muted">
            {t("flashcards.home.breakdown", { due: due.data.dueCount, fresh: due.data.newCount })}
          </div>
        </div>
        <Button
          type="primary"
          size="large"
          className="due-cards__action"
          onClick={() => void navigate(REVIEW_PATH)}
          data-testid="review-due"
        >
          {t("flashcards.home.review")} <RightOutlined />
        </Button>
      </div>
    </Card>
  );
}
