import { useRef, useState } from "react";
import { Alert, Button, Card, Progress, Tag, Typography } from "antd";
import { ArrowRightOutlined, SendOutlined, TrophyOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AnswerQuizResponse, Citation, QuizAnswerValue, QuizDetail } from "@beannote/contract";
import { isFreeTextType } from "@beannote/contract/quiz";
import { isApiError } from "../../api/api-error";
import { errorMessage } from "../../i18n/error-message";
import { toast } from "../../components/toast-store";
import { quizApi, quizKeys } from "./api";
import { AnswerAnalysis } from "./AnswerAnalysis";
import { QuestionInput } from "./QuestionInput";
import { draftAfterKey, firstOpen, isDraftReady, type AnswerDraft } from "./quiz-answers";
import { useQuizKeys } from "./use-quiz-keys";
import { MathText } from "../../components/MathText";

interface Props {
  quiz: QuizDetail;
  sourceName: (citation: Citation) => string | undefined;
  onOpenSource: (citation: Citation) => void;
  /** False while the source viewer is open: it has the keys then. */
  keysEnabled: boolean;
  onFinished: () => void;
}

const INSTRUCTIONS = {
  choice: "quiz.runner.chooseOne",
  multiple_choice: "quiz.runner.chooseMany",
  judgment: "quiz.runner.judge",
  short_answer: "quiz.runner.writeShort",
  case_analysis: "quiz.runner.writeCase",
  discourse: "quiz.runner.writeEssay",
} as const;

/** The keys that work now: once answered only Enter (go on); before, those of the question's input. */
const keysHint = (type: QuizDetail["questions"][number]["type"], answered: boolean) =>
  answered
    ? "quiz.runner.nextKeysHint"
    : isFreeTextType(type)
      ? "quiz.runner.textKeysHint"
      : type === "judgment"
        ? "quiz.runner.judgeKeysHint"
        : "quiz.runner.keysHint";

/** Answer errors worth sending again as they are: the network, or the model behind grading. */
const retryable = (error: unknown) =>
  isApiError(error) && (error.transport !== undefined || error.code === "QUIZ_NETWORK_ERROR");

/** One question at a time ("question N of M"): the input its type takes, submit, the analysis, next. */
export function QuizRunner({ quiz, sourceName, onOpenSource, keysEnabled, onFinished }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const root = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(() => firstOpen(quiz.questions));
  const [drafts, setDrafts] = useState<Record<string, AnswerDraft>>({});
  const [failed, setFailed] = useState<unknown>(null);
  const total = quiz.questions.length;
  const question = quiz.questions[Math.min(index, total - 1)]!;
  const draft = drafts[question.questionId] ?? null;
  const answered = question.answered;
  const isLast = quiz.questions.every((q, i) => i === index || q.answered);

  const send = useMutation({
    mutationFn: (answer: QuizAnswerValue) =>
      quizApi.answer(quiz.quizId, { questionId: question.questionId, answer }),
    onSuccess: (response: AnswerQuizResponse, answer) => {
      setFailed(null);
      const { questionId, quizFinished: _finished, ...result } = response;
      queryClient.setQueryData<QuizDetail>(quizKeys.detail(quiz.quizId), (old) =>
        old
          ? {
              ...old,
              answeredCount: old.answeredCount + 1,
              questions: old.questions.map((q) =>
                q.questionId === questionId
                  ? { ...q, answered: { answer, answeredAt: new Date().toISOString(), result } }
                  : q,
              ),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: quizKeys.all, refetchType: "none" });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === "QUIZ_ALREADY_ANSWERED") {
        void queryClient.invalidateQueries({ queryKey: quizKeys.detail(quiz.quizId) });
        return;
      }
      if (retryable(error)) setFailed(error);
      else toast.error(t("quiz.runner.sendFailed"), errorMessage(error, t));
    },
  });

  const setDraft = (value: AnswerDraft) => setDrafts((all) => ({ ...all, [question.questionId]: value }));
  const handleSubmit = () => {
    if (answered || send.isPending) return;
    if (!isDraftReady(question.type, draft)) {
      toast.info(t("quiz.runner.answerFirst"));
      return;
    }
    send.mutate(draft);
  };
  const handleNext = () => {
    if (!answered) return;
    const next = quiz.questions.findIndex((q, i) => i > index && !q.answered);
    const wrap = quiz.questions.findIndex((q) => !q.answered);
    if (next >= 0) setIndex(next);
    else if (wrap >= 0) setIndex(wrap);
    else {
      void queryClient.invalidateQueries({ queryKey: quizKeys.detail(quiz.quizId) });
      onFinished();
    }
  };
  useQuizKeys(root, keysEnabled, {
    pick: (n) => {
      if (!answered && !isFreeTextType(question.type)) setDraft(draftAfterKey(question, draft, n));
    },
    enter: () => (answered ? handleNext() : handleSubmit()),
  });

  const rightIds =
    answered && Array.isArray(answered.result.rightAnswer)
      ? answered.result.rightAnswer
      : answered && typeof answered.result.rightAnswer === "string"
        ? [answered.result.rightAnswer]
        : undefined;

  return (
    <div className="quiz-runner" ref={root} data-testid="quiz-runner">
      <div className="quiz-runner__head">
        <span className="quiz-runner__count" data-testid="quiz-position">
          {t("quiz.runner.questionOf", { n: index + 1, total })}
        </span>
        <Tag color="blue" data-testid="quiz-question-type">
          {t(`quiz.types.${question.type}`)}
        </Tag>
      </div>
      {quiz.retryOf === null && total < quiz.count && (
        <Alert
          type="info"
          showIcon
          data-testid="quiz-fewer"
          message={t("quiz.runner.fewer", { total, asked: quiz.count })}
        />
      )}
      <Progress
        percent={Math.round((quiz.questions.filter((q) => q.answered).length / Math.max(1, total)) * 100)}
        showInfo={false}
        size="small"
        aria-label={t("progress.percentLabel")}
      />
      <Card
        className="quiz-question"
        data-testid="quiz-question"
        data-type={question.type}
        data-question-id={question.questionId}
      >
        <Typography.Paragraph className="quiz-question__text" data-testid="quiz-question-text">
          <MathText text={question.question} />
        </Typography.Paragraph>
        <div className="muted quiz-question__how">{t(INSTRUCTIONS[question.type])}</div>
        <QuestionInput
          key={question.questionId}
          question={question}
          draft={answered ? answered.answer : draft}
          onChange={setDraft}
          locked={Boolean(answered) || send.isPending}
          rightIds={rightIds}
        />
        {failed && !answered ? (
          <Alert
            className="quiz-send-failed"
            type="error"
            showIcon
            title={errorMessage(failed, t)}
            description={t("quiz.runner.sendFailed")}
            action={
              <Button size="small" onClick={handleSubmit} data-testid="quiz-send-again">
                {t("quiz.runner.sendAgain")}
              </Button>
            }
            data-testid="quiz-send-failed"
          />
        ) : null}
        <div className="quiz-question__actions">
          <span className="muted quiz-question__keys">{t(keysHint(question.type, Boolean(answered)))}</span>
          <Button
            type="primary"
            size="large"
            data-quiz-enter
            icon={answered ? isLast ? <TrophyOutlined /> : <ArrowRightOutlined /> : <SendOutlined />}
            loading={send.isPending}
            onClick={answered ? handleNext : handleSubmit}
            data-testid={answered ? (isLast ? "quiz-results" : "quiz-next") : "quiz-submit"}
          >
            {answered ? (isLast ? t("quiz.runner.results") : t("quiz.runner.next")) : t("quiz.runner.submit")}
          </Button>
        </div>
      </Card>
      {answered ? (
        <AnswerAnalysis
          question={question}
          answer={answered.answer}
          result={answered.result}
          sourceName={sourceName}
          onOpenSource={onOpenSource}
        />
      ) : null}
    </div>
  );
}
