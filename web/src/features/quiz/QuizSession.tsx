import { useState } from "react";
import { Button } from "antd";
import { ArrowLeftOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Citation, NoteDetail } from "@beannote/contract";
import { errorMessage } from "../../i18n/error-message";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { toast } from "../../components/toast-store";
import { SourceDrawer } from "../artefacts/SourceDrawer";
import type { SourcePosition } from "../source-viewer/SourceViewer";
import { quizApi, quizKeys } from "./api";
import { QuizResults } from "./QuizResults";
import { QuizRunner } from "./QuizRunner";
import { PAID } from "../beans/balance";

interface Props {
  note: Pick<NoteDetail, "noteId" | "sources">;
  quizId: string;
  /** Opens another quiz (a retry of this one's wrong questions). */
  onOpen: (quizId: string) => void;
  onClose: () => void;
}

/** One quiz: taken question by question until every question is answered, then its results. */
export function QuizSession({ note, quizId, onOpen, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const quiz = useQuery({ queryKey: quizKeys.detail(quizId), queryFn: () => quizApi.detail(quizId) });
  const [at, setAt] = useState<SourcePosition | null>(null);
  // The student stays on the last analysis until they ask for the results.
  const [showResults, setShowResults] = useState<boolean | null>(null);
  const retry = useMutation({
    meta: PAID,
    mutationFn: () => quizApi.retry(quizId),
    onSuccess: ({ quizId: next }) => {
      void queryClient.invalidateQueries({ queryKey: quizKeys.all });
      onOpen(next);
    },
    onError: (error) => toast.error(t("quiz.toast.retryFailed"), errorMessage(error, t)),
  });
  const sourceName = (citation: Citation) => note.sources.find((s) => s.index === citation.source)?.fileName;
  const openSource = (citation: Citation) => setAt({ source: citation.source, page: citation.page });

  const back = (
    <Button
      type="link"
      icon={<ArrowLeftOutlined />}
      onClick={onClose}
      className="quiz-back"
      data-testid="quiz-back"
    >
      {t("quiz.runner.back")}
    </Button>
  );

  if (quiz.isPending) return <PageLoader />;
  if (quiz.isError || quiz.data.status !== "ready")
    return (
      <EmptyState
        title={t("quiz.quizLoadFailed")}
        hint={quiz.isError ? errorMessage(quiz.error, t) : t("errors.code.QUIZ_NOT_READY")}
        action={back}
      />
    );

  const data = quiz.data;
  const finished = data.finishedAt !== null;
  const results = showResults ?? finished;
  return (
    <>
      {back}
      {results ? (
        <QuizResults
          quiz={data}
          retrying={retry.isPending}
          onRetry={() => retry.mutate()}
          onNew={onClose}
          onContinue={() => setShowResults(false)}
          sourceName={sourceName}
          onOpenSource={openSource}
        />
      ) : (
        <QuizRunner
          quiz={data}
          sourceName={sourceName}
          onOpenSource={openSource}
          keysEnabled={at === null}
          onFinished={() => setShowResults(true)}
        />
      )}
      <SourceDrawer sources={note.sources} at={at} onClose={() => setAt(null)} />
    </>
  );
}
