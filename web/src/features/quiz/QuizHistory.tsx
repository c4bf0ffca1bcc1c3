import { Card, Tag, Typography } from "antd";
import { HistoryOutlined, RightOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { QuizSummary } from "@beannote/contract";
import { formatDuration, formatWhen, percent } from "./format";

interface Props {
  quizzes: QuizSummary[];
  onOpen: (quizId: string) => void;
}

/** The note's past quizzes, newest first: when, which types, how many, how it went; each opens again. */
export function QuizHistory({ quizzes, onOpen }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Card
      className="quiz-history"
      data-testid="quiz-history"
      title={
        <span>
          <HistoryOutlined /> {t("quiz.history.title")}
        </span>
      }
    >
      {quizzes.length === 0 ? (
        <Typography.Text type="secondary">{t("quiz.history.empty")}</Typography.Text>
      ) : (
        <ul className="quiz-history__list">
          {quizzes.map((quiz) => {
            const finished = quiz.finishedAt !== null;
            return (
              <li key={quiz.quizId}>
                <button
                  type="button"
                  className="quiz-history__item"
                  onClick={() => onOpen(quiz.quizId)}
                  data-testid="quiz-history-item"
                  data-quiz-id={quiz.quizId}
                >
                  <span className="quiz-history__main">
                    <span className="quiz-history__when">
                      {formatWhen(quiz.createdAt, i18n.language)}
                      {quiz.retryOf ? (
                        <Tag className="quiz-history__retry" color="orange">
                          {t("quiz.history.retry")}
                        </Tag>
                      ) : null}
                    </span>
                    <span className="quiz-history__types">
                      {quiz.types.map((type) => (
                        <Tag key={type}>{t(`quiz.types.${type}`)}</Tag>
                      ))}
                    </span>
                    <span className="muted">
                      {t("quiz.history.questions", { count: quiz.questionCount })}
                      {finished && quiz.durationMs !== null ? ` · ${formatDuration(quiz.durationMs, t)}` : ""}
                      {!finished
                        ? ` · ${t("quiz.history.inProgress", { answered: quiz.answeredCount, total: quiz.questionCount })}`
                        : ""}
                    </span>
                  </span>
                  <span className="quiz-history__score">
                    {finished && quiz.score !== null ? (
                      <strong data-testid="quiz-history-score">{percent(quiz.score)}%</strong>
                    ) : (
                      <span className="muted">{t("quiz.history.continue")}</span>
                    )}
                    <RightOutlined aria-hidden />
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
