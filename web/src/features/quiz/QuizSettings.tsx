import { useState } from "react";
import { Button, Card, Checkbox, InputNumber, Slider, Typography } from "antd";
import { ThunderboltOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { CreateQuizRequest, QuestionType } from "@beannote/contract";
import { MAX_QUIZ_QUESTIONS, QUESTION_TYPES } from "@beannote/contract/limits";
import { CostHint } from "../beans/CostHint";

interface Props {
  pending: boolean;
  onGenerate: (request: CreateQuizRequest) => void;
}

const DEFAULT_COUNT = 10;

/** The quiz settings of spec §4/§5: question types (at least one) and how many questions (1–15). */
export function QuizSettings({ pending, onGenerate }: Props) {
  const { t } = useTranslation();
  const [types, setTypes] = useState<QuestionType[]>([...QUESTION_TYPES]);
  const [count, setCount] = useState(DEFAULT_COUNT);
  const [tried, setTried] = useState(false);
  const missingType = types.length === 0;

  const handleGenerate = () => {
    setTried(true);
    if (missingType) return;
    onGenerate({ types, count: Math.min(MAX_QUIZ_QUESTIONS, Math.max(1, Math.round(count))) });
  };

  return (
    <Card className="quiz-settings" data-testid="quiz-settings">
      <Typography.Title level={4} className="quiz-settings__title">
        {t("quiz.settings.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("quiz.settings.hint")}</Typography.Paragraph>

      <fieldset className="quiz-settings__field">
        <legend className="quiz-settings__label">{t("quiz.settings.types")}</legend>
        <Checkbox
          className="quiz-settings__all"
          checked={types.length === QUESTION_TYPES.length}
          indeterminate={types.length > 0 && types.length < QUESTION_TYPES.length}
          onChange={(e) => setTypes(e.target.checked ? [...QUESTION_TYPES] : [])}
          data-testid="quiz-type-all"
        >
          {t("quiz.settings.allTypes")}
        </Checkbox>
        <Checkbox.Group
          className="quiz-settings__types"
          value={types}
          onChange={(value) => setTypes(QUESTION_TYPES.filter((type) => value.includes(type)))}
          options={QUESTION_TYPES.map((type) => ({
            value: type,
            label: <span data-testid={`quiz-type-${type}`}>{t(`quiz.types.${type}`)}</span>,
          }))}
        />
        {tried && missingType ? (
          <div className="quiz-settings__error" role="alert" data-testid="quiz-type-required">
            {t("quiz.settings.typeRequired")}
          </div>
        ) : null}
      </fieldset>

      <fieldset className="quiz-settings__field">
        <legend className="quiz-settings__label">{t("quiz.settings.count")}</legend>
        <div className="quiz-settings__count">
          <Slider
            min={1}
            max={MAX_QUIZ_QUESTIONS}
            value={count}
            onChange={(value) => setCount(value)}
            ariaLabelForHandle={t("quiz.settings.count")}
          />
          <InputNumber
            min={1}
            max={MAX_QUIZ_QUESTIONS}
            precision={0}
            value={count}
            onChange={(value) => setCount(value ?? 1)}
            aria-label={t("quiz.settings.count")}
            data-testid="quiz-count"
          />
        </div>
        <div className="muted">{t("quiz.settings.countHint", { max: MAX_QUIZ_QUESTIONS })}</div>
      </fieldset>

      <div className="quiz-settings__actions">
        <Button
          type="primary"
          size="large"
          icon={<ThunderboltOutlined />}
          loading={pending}
          onClick={handleGenerate}
          data-testid="quiz-generate"
        >
          {t("quiz.settings.generate")}
        </Button>
        <CostHint action="quiz" />
      </div>
    </Card>
  );
}
