import { useCallback, useState } from "react";
import { Alert, Button } from "antd";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateQuizRequest, JobError, NoteDetail } from "@beannote/contract";
import { isErrorCode } from "@beannote/contract/errors";
import { isApiError } from "../../api/api-error";
import { errorMessage } from "../../i18n/error-message";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { toast } from "../../components/toast-store";
import { ArtefactJobPanel } from "../artefacts/ArtefactJobPanel";
import { showIfBeansInsufficient } from "../beans/insufficient-store";
import { quizApi, quizKeys } from "./api";
import { QuizHistory } from "./QuizHistory";
import { QuizSession } from "./QuizSession";
import { QuizSettings } from "./QuizSettings";
import "../artefacts/artefacts.css";
import { PAID } from "../beans/balance";
import "./quiz.css";

/**
 * The quiz tab: settings and the note's past quizzes; a generation with its progress; then one quiz taken
 * question by question, its results, and retries of the wrong ones.
 */
export function QuizTab({ note }: { note: NoteDetail }) {
  const { t } = useTranslation();
  const noteId = note.noteId;
  const queryClient = useQueryClient();
  const history = useQuery({
    queryKey: quizKeys.noteHistory(noteId),
    queryFn: () => quizApi.noteHistory(noteId),
    enabled: note.status === "ready",
  });
  // A generation started here (or found running on load) and the quiz open in the tab.
  const [started, setStarted] = useState<{ quizId: string; jobId: string } | null>(null);
  const [openQuiz, setOpenQuiz] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: quizKeys.noteHistory(noteId) });
    void queryClient.invalidateQueries({ queryKey: quizKeys.history() });
  }, [queryClient, noteId]);

  const create = useMutation({
    meta: PAID,
    mutationFn: (body: CreateQuizRequest) => quizApi.create(noteId, body),
    onSuccess: (made) => {
      setFailure(null);
      setStarted(made);
    },
    onError: (error) => {
      if (showIfBeansInsufficient(error)) return;
      // Already generating (in another window perhaps): follow that generation.
      if (isApiError(error) && error.code === "ARTEFACT_BUSY") return refresh();
      toast.error(t("quiz.toast.generateFailed"), errorMessage(error, t));
    },
  });

  const running = started ?? history.data?.generating ?? null;
  const handleSettled = useCallback(
    (error: JobError | null) => {
      const quizId = running?.quizId ?? null;
      setStarted(null);
      refresh();
      if (!error) {
        toast.success(t("quiz.toast.generated"));
        setOpenQuiz(quizId);
      } else if (error.code !== "JOB_CANCELLED") {
        const reason = isErrorCode(error.code)
          ? t(`errors.code.${error.code}` as "errors.code.QUIZ_GENERATION_FAILED")
          : t("errors.code.QUIZ_GENERATION_FAILED");
        setFailure(reason);
        toast.error(t("quiz.toast.generateFailed"), reason);
      }
    },
    [refresh, running, t],
  );

  if (note.status !== "ready")
    return <EmptyState title={t("quiz.noteNotReady")} hint={t("quiz.noteNotReadyHint")} />;
  if (openQuiz)
    return (
      <div className="quiz-tab" data-testid="quiz-tab">
        <QuizSession
          key={openQuiz}
          note={note}
          quizId={openQuiz}
          onOpen={setOpenQuiz}
          onClose={() => {
            setOpenQuiz(null);
            refresh();
          }}
        />
      </div>
    );
  if (history.isPending) return <PageLoader />;
  if (history.isError)
    return (
      <EmptyState
        title={t("quiz.loadFailed")}
        hint={errorMessage(history.error, t)}
        action={<Button onClick={() => void history.refetch()}>{t("common.retry")}</Button>}
      />
    );

  return (
    <div className="quiz-tab" data-testid="quiz-tab">
      {running ? (
        <ArtefactJobPanel
          key={running.jobId}
          jobId={running.jobId}
          title={t("quiz.generating")}
          onSettled={handleSettled}
        />
      ) : (
        <>
          {failure ? (
            <Alert
              className="quiz-failure"
              type="error"
              showIcon
              title={t("quiz.toast.generateFailed")}
              description={failure}
              closable={{ onClose: () => setFailure(null) }}
              data-testid="quiz-failed"
            />
          ) : null}
          <QuizSettings pending={create.isPending} onGenerate={(body) => create.mutate(body)} />
        </>
      )}
      <QuizHistory quizzes={history.data.quizzes} onOpen={setOpenQuiz} />
    </div>
  );
}
