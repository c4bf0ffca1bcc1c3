import { useState } from "react";
import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DueFlashcard, FlashcardRating } from "@beannote/contract";
import { notesApi, noteKeys } from "../../api/notes";
import { errorMessage } from "../../i18n/error-message";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { toast } from "../../components/toast-store";
import type { SourcePosition } from "../source-viewer/SourceViewer";
import { SourceDrawer } from "../artefacts/SourceDrawer";
import { flashcardKeys, flashcardsApi } from "./api";
import { FlashcardStudy } from "./FlashcardStudy";
import { useStudySession } from "./use-study-session";
import "../artefacts/artefacts.css";
import "./flashcards.css";

const QUEUE_SIZE = 100;

/** A review session across all notes: due cards first, then new ones, each with the note it belongs to. */
export function DueReview() {
  const { t } = useTranslation();
  const queue = useQuery({
    queryKey: flashcardKeys.dueQueue(),
    queryFn: () => flashcardsApi.due(QUEUE_SIZE),
    // The session works on the queue as it was when it began; ratings do not reshuffle it.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  if (queue.isPending) return <PageLoader />;
  if (queue.isError)
    return (
      <EmptyState
        title={t("flashcards.review.loadFailed")}
        hint={errorMessage(queue.error, t)}
        action={<Button onClick={() => void queue.refetch()}>{t("common.retry")}</Button>}
      />
    );
  // A new queue (after "check again") is a new session.
  return (
    <ReviewSession key={queue.dataUpdatedAt} cards={queue.data.cards} onAgain={() => void queue.refetch()} />
  );
}

function ReviewSession({ cards, onAgain }: { cards: DueFlashcard[]; onAgain: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const study = useStudySession(cards, { dueOnly: true });
  const { session } = study;
  const current = study.current as DueFlashcard | undefined;
  const [viewer, setViewer] = useState<{ noteId: string; at: SourcePosition } | null>(null);
  const note = useQuery({
    queryKey: noteKeys.detail(viewer?.noteId ?? ""),
    queryFn: () => notesApi.detail(viewer!.noteId),
    enabled: Boolean(viewer),
  });
  const rate = useMutation({
    mutationFn: ({ card, rating }: { card: DueFlashcard; rating: FlashcardRating }) =>
      flashcardsApi.review(card.cardId, rating),
    onSuccess: (_, { card }) => {
      void queryClient.invalidateQueries({ queryKey: flashcardKeys.deck(card.noteId) });
      void queryClient.invalidateQueries({ queryKey: flashcardKeys.dueSummary() });
    },
    onError: (error) => toast.error(t("flashcards.toast.rateFailed"), errorMessage(error, t)),
  });

  const home = (
    <Link to="/pages/index">
      <Button>{t("flashcards.review.home")}</Button>
    </Link>
  );
  if (!cards.length)
    return (
      <Result
        status="success"
        title={t("flashcards.review.nothingDue")}
        subTitle={t("flashcards.review.nothingDueHint")}
        extra={home}
        data-testid="review-empty"
      />
    );
  if (!current || session.finished)
    return (
      <Result
        status="success"
        title={t("flashcards.review.done", { n: cards.length })}
        subTitle={t("flashcards.finished.hint")}
        extra={[
          <Button key="again" type="primary" onClick={onAgain}>
            {t("flashcards.review.checkAgain")}
          </Button>,
          <span key="home">{home}</span>,
        ]}
        data-testid="study-finished"
      />
    );

  return (
    <div className="due-review">
      <FlashcardStudy
        card={current}
        position={session.index + 1}
        total={session.order.length}
        flipped={session.flipped}
        onFlip={study.flip}
        onStep={study.step}
        onRate={(rating) => {
          study.rated(current.cardId, rating);
          rate.mutate({ card: current, rating });
        }}
        ratingPending={null}
        onCite={(at) => setViewer({ noteId: current.noteId, at })}
        header={
          <Link
            className="due-review__note break-anywhere"
            to={`/subNote/pages/note?id=${encodeURIComponent(current.noteId)}&tab=flashcards`}
            data-testid="review-note-title"
          >
            {current.noteTitle}
          </Link>
        }
        keysEnabled={!viewer}
      />
      <SourceDrawer sources={note.data?.sources} at={viewer?.at ?? null} onClose={() => setViewer(null)} />
    </div>
  );
}
