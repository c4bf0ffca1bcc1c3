import { Alert, Typography } from "antd";
import { CheckCircleFilled, CloseCircleFilled, MinusCircleFilled } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { Citation, QuestionResult, QuizAnswerValue, QuizQuestion } from "@beannote/contract";
import { isFreeTextType } from "@beannote/contract/quiz";
import { CitationButton } from "../artefacts/CitationButton";
import { percent } from "./format";
import { answerWords, verdict } from "./quiz-answers";
import { MathText } from "../../components/MathText";

interface Props {
  question: QuizQuestion;
  answer: QuizAnswerValue;
  result: QuestionResult;
  sourceName: (citation: Citation) => string | undefined;
  onOpenSource: (citation: Citation) => void;
}

const ICONS = {
  correct: <CheckCircleFilled />,
  partial: <MinusCircleFilled />,
  wrong: <CloseCircleFilled />,
};
const TYPES = { correct: "success", partial: "warning", wrong: "error" } as const;

/** After an answer: right or wrong (or the score), the right and reference answers, why, and where from. */
export function AnswerAnalysis({ question, answer, result, sourceName, onOpenSource }: Props) {
  const { t } = useTranslation();
  const words = { true: t("quiz.runner.true"), false: t("quiz.runner.false") };
  const grade = verdict(result);
  const free = isFreeTextType(question.type);
  const given = answerWords(question, answer, words);
  const right = result.rightAnswer === null ? [] : answerWords(question, result.rightAnswer, words);

  return (
    <section
      className={`quiz-analysis quiz-analysis--${grade}`}
      data-testid="quiz-analysis"
      data-verdict={grade}
    >
      <Alert
        type={TYPES[grade]}
        showIcon
        icon={ICONS[grade]}
        title={
          <span className="quiz-analysis__verdict" data-testid="quiz-verdict">
            {t(`quiz.analysis.${grade}`)}
            {free ? (
              <span className="quiz-analysis__score">
                {" "}
                · {t("quiz.analysis.score", { percent: percent(result.score) })}
              </span>
            ) : null}
          </span>
        }
      />
      {free ? (
        <div className="quiz-analysis__row">
          <div className="quiz-analysis__label">{t("quiz.analysis.yourAnswer")}</div>
          <div className="quiz-analysis__text">
            {given[0] !== undefined ? (
              <MathText text={given[0]} />
            ) : (
              <span className="muted">{t("quiz.analysis.noAnswer")}</span>
            )}
          </div>
        </div>
      ) : (
        <>
          <div className="quiz-analysis__row">
            <div className="quiz-analysis__label">{t("quiz.analysis.yourAnswer")}</div>
            <div className="quiz-analysis__text">
              <MathText text={given.join(" · ")} />
            </div>
          </div>
          <div className="quiz-analysis__row">
            <div className="quiz-analysis__label">{t("quiz.analysis.rightAnswer")}</div>
            <div className="quiz-analysis__text" data-testid="quiz-right-answer">
              <strong>
                <MathText text={right.join(" · ")} />
              </strong>
            </div>
          </div>
        </>
      )}
      {free ? (
        <div className="quiz-analysis__row">
          <div className="quiz-analysis__label">{t("quiz.analysis.referenceAnswer")}</div>
          <div className="quiz-analysis__text quiz-analysis__pre" data-testid="quiz-reference">
            <MathText text={result.referenceAnswer} />
          </div>
        </div>
      ) : null}
      {free ? (
        <div className="quiz-analysis__row">
          <div className="quiz-analysis__label">{t("quiz.analysis.grading")}</div>
          <div className="quiz-analysis__text">
            {result.reason ? (
              <Typography.Paragraph className="quiz-analysis__reason">
                <MathText text={result.reason} />
              </Typography.Paragraph>
            ) : null}
            {result.found.length ? (
              <div className="quiz-points quiz-points--found">
                <div className="quiz-points__title">{t("quiz.analysis.found")}</div>
                <ul>
                  {result.found.map((p) => (
                    <li key={p}>
                      <MathText text={p} />
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {result.missed.length ? (
              <div className="quiz-points quiz-points--missed">
                <div className="quiz-points__title">{t("quiz.analysis.missed")}</div>
                <ul>
                  {result.missed.map((p) => (
                    <li key={p}>
                      <MathText text={p} />
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div className="muted quiz-analysis__how">
              {result.gradedBy === "llm"
                ? t("quiz.analysis.gradedByModel")
                : t("quiz.analysis.gradedOffline")}
            </div>
          </div>
        </div>
      ) : null}
      <div className="quiz-analysis__row">
        <div className="quiz-analysis__label">{t("quiz.analysis.explanation")}</div>
        <div className="quiz-analysis__text" data-testid="quiz-explanation">
          <MathText text={result.explanation} />
        </div>
      </div>
      {result.source ? (
        <div className="quiz-analysis__row">
          <div className="quiz-analysis__label">{t("quiz.analysis.source")}</div>
          <div className="quiz-analysis__text">
            <CitationButton
              citation={result.source}
              sourceName={sourceName(result.source)}
              onOpen={onOpenSource}
            />
          </div>
        </div>
      ) : null}
    </section>
  );
}
