import { Button, Card, Collapse, Progress, Statistic, Tag, Typography } from "antd";
import {
  CheckCircleFilled,
  CloseCircleFilled,
  MinusCircleFilled,
  PlusOutlined,
  RedoOutlined,
} from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { Citation, QuizDetail } from "@beannote/contract";
import { QUIZ_PASS_SCORE, isFreeTextType } from "@beannote/contract/quiz";
import { AnswerAnalysis } from "./AnswerAnalysis";
import { formatDuration, formatWhen, percent } from "./format";
import { verdict } from "./quiz-answers";
import { MathText } from "../../components/MathText";

interface Props {
  quiz: QuizDetail;
  retrying: boolean;
  onRetry: () => void;
  onNew: () => void;
  /** Back to the questions still open (a quiz left half done). */
  onContinue: () => void;
  sourceName: (citation: Citation) => string | undefined;
  onOpenSource: (citation: Citation) => void;
}

const ICONS = {
  correct: <CheckCircleFilled className="quiz-result-icon quiz-result-icon--correct" />,
  partial: <MinusCircleFilled className="quiz-result-icon quiz-result-icon--partial" />,
  wrong: <CloseCircleFilled className="quiz-result-icon quiz-result-icon--wrong" />,
};

/** A finished (or reopened) quiz: score, right answers, time taken, and each question with its analysis. */
export function QuizResults({ quiz, retrying, onRetry, onNew, onContinue, sourceName, onOpenSource }: Props) {
  const { t, i18n } = useTranslation();
  const total = quiz.questionCount;
  const score = percent(quiz.score ?? 0);
  const wrong = quiz.questions.filter(
    (q) =>
      q.answered &&
      (isFreeTextType(q.type) ? q.answered.result.score < QUIZ_PASS_SCORE : !q.answered.result.correct),
  ).length;
  const finished = quiz.finishedAt !== null;

  return (
    <div className="quiz-results" data-testid="quiz-results-view">
      <Card className="quiz-results__summary">
        <div className="quiz-results__head">
          <Progress
            type="circle"
            percent={score}
            size={112}
            status={score >= 60 ? "success" : "exception"}
            aria-label={t("quiz.results.score")}
            format={() => <span data-testid="quiz-score">{score}%</span>}
          />
          <div className="quiz-results__facts">
            <Typography.Title level={4} className="quiz-results__title">
              {finished
                ? t("quiz.results.title")
                : t("quiz.results.unfinished", { answered: quiz.answeredCount, total })}
            </Typography.Title>
            <div className="muted">
              {formatWhen(quiz.createdAt, i18n.language)}
              {quiz.retryOf ? ` · ${t("quiz.results.retryOf")}` : ""}
            </div>
            <div className="quiz-results__stats">
              <Statistic
                title={t("quiz.results.score")}
                value={t("quiz.results.right", { correct: quiz.correctCount, total })}
              />
              <Statistic
                title={t("quiz.results.time")}
                value={quiz.durationMs !== null ? formatDuration(quiz.durationMs, t) : "—"}
                data-testid="quiz-time"
              />
            </div>
          </div>
        </div>
        <div className="quiz-results__actions">
          {!finished ? (
            <Button type="primary" onClick={onContinue} data-testid="quiz-continue">
              {t("quiz.results.continue")}
            </Button>
          ) : null}
          {wrong > 0 ? (
            <Button
              type={finished ? "primary" : "default"}
              icon={<RedoOutlined />}
              loading={retrying}
              onClick={onRetry}
              data-testid="quiz-retry-wrong"
            >
              {t("quiz.results.retryWrong", { count: wrong })}
            </Button>
          ) : finished ? (
            <span className="quiz-results__all-right">{t("quiz.results.allRight")}</span>
          ) : null}
          <Button icon={<PlusOutlined />} onClick={onNew} data-testid="quiz-new">
            {t("quiz.results.newQuiz")}
          </Button>
        </div>
      </Card>

      <Typography.Title level={5} className="quiz-results__list-title">
        {t("quiz.results.questions")}
      </Typography.Title>
      <Collapse
        className="quiz-results__list"
        data-testid="quiz-results-list"
        items={quiz.questions.map((q, i) => {
          const grade = q.answered ? verdict(q.answered.result) : null;
          return {
            key: q.questionId,
            label: (
              <span
                className="quiz-results__item"
                data-testid="quiz-results-item"
                data-verdict={grade ?? "open"}
              >
                {grade ? ICONS[grade] : <span className="quiz-result-icon quiz-result-icon--open">○</span>}
                <span className="quiz-results__number">{i + 1}.</span>
                <span className="quiz-results__question">
                  <MathText text={q.question} />
                </span>
                <Tag className="quiz-results__type">{t(`quiz.types.${q.type}`)}</Tag>
              </span>
            ),
            children: q.answered ? (
              <AnswerAnalysis
                question={q}
                answer={q.answered.answer}
                result={q.answered.result}
                sourceName={sourceName}
                onOpenSource={onOpenSource}
              />
            ) : (
              <span className="muted">{t("quiz.analysis.noAnswer")}</span>
            ),
          };
        })}
      />
    </div>
  );
}
