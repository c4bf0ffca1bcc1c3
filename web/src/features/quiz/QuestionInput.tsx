import { Checkbox, Input, Radio } from "antd";
import { CheckOutlined, CloseOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { QuizQuestion } from "@beannote/contract";
import { QUIZ_ANSWER_TEXT_MAX } from "@beannote/contract/quiz";
import type { AnswerDraft } from "./quiz-answers";
import { MathText } from "../../components/MathText";

interface Props {
  question: QuizQuestion;
  draft: AnswerDraft;
  onChange: (draft: AnswerDraft) => void;
  /** Answered: the input shows what was sent and cannot change. */
  locked: boolean;
  /** Answered: the right options, marked beside the student's. */
  rightIds?: string[];
}

/** The input a question type takes: radios (choice), checkboxes (multiple choice), true/false, a text area. */
export function QuestionInput({ question, draft, onChange, locked, rightIds }: Props) {
  const { t } = useTranslation();
  const chosen = Array.isArray(draft) ? draft : typeof draft === "string" ? [draft] : [];
  const mark = (optionId: string) =>
    rightIds
      ? rightIds.includes(optionId)
        ? "is-right"
        : chosen.includes(optionId)
          ? "is-wrong"
          : "is-other"
      : "";
  /** What a radio and a checkbox option share: its marks and test ids, its key number and its text. */
  const optionProps = (option: QuizQuestion["options"][number], i: number) => ({
    value: option.optionId,
    className: `quiz-option ${mark(option.optionId)}`,
    "data-testid": "quiz-option",
    "data-option-id": option.optionId,
    // Its name for assistive technology (and axe): KaTeX's MathML alone gives a formula-only option no name.
    "aria-label": option.text.replace(/\$+/g, "").trim(),
    children: (
      <>
        <span className="quiz-option__key" aria-hidden>
          {i + 1}
        </span>
        <span className="quiz-option__text">
          <MathText text={option.text} inline />
        </span>
      </>
    ),
  });

  if (question.type === "choice")
    return (
      <Radio.Group
        className="quiz-options"
        value={typeof draft === "string" ? draft : null}
        onChange={(e) => onChange(e.target.value as string)}
        disabled={locked}
        data-testid="quiz-options"
      >
        {question.options.map((option, i) => (
          <Radio key={option.optionId} {...optionProps(option, i)} />
        ))}
      </Radio.Group>
    );

  if (question.type === "multiple_choice")
    return (
      <Checkbox.Group
        className="quiz-options"
        value={Array.isArray(draft) ? draft : []}
        onChange={(value) =>
          onChange(question.options.map((o) => o.optionId).filter((id) => (value as string[]).includes(id)))
        }
        disabled={locked}
        data-testid="quiz-options"
      >
        {question.options.map((option, i) => (
          <Checkbox key={option.optionId} {...optionProps(option, i)} />
        ))}
      </Checkbox.Group>
    );

  if (question.type === "judgment")
    return (
      <Radio.Group
        className="quiz-judgment"
        value={typeof draft === "boolean" ? draft : null}
        onChange={(e) => onChange(e.target.value as boolean)}
        disabled={locked}
        optionType="button"
        buttonStyle="solid"
        size="large"
        data-testid="quiz-judgment"
      >
        <Radio.Button value={true} data-testid="quiz-true">
          <span className="quiz-option__key" aria-hidden>
            1
          </span>
          <CheckOutlined /> {t("quiz.runner.true")}
        </Radio.Button>
        <Radio.Button value={false} data-testid="quiz-false">
          <span className="quiz-option__key" aria-hidden>
            2
          </span>
          <CloseOutlined /> {t("quiz.runner.false")}
        </Radio.Button>
      </Radio.Group>
    );

  return (
    <Input.TextArea
      className="quiz-text"
      value={typeof draft === "string" ? draft : ""}
      onChange={(e) => onChange(e.target.value)}
      disabled={locked}
      placeholder={t("quiz.runner.placeholder")}
      autoSize={{ minRows: question.type === "discourse" ? 7 : 4, maxRows: 16 }}
      maxLength={QUIZ_ANSWER_TEXT_MAX}
      showCount
      aria-label={t("quiz.runner.placeholder")}
      data-testid="quiz-text"
    />
  );
}
