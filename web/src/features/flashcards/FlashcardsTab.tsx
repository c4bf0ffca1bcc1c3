import { useState } from "react";
import { Alert, Button } from "antd";
import { CreditCardOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import type { JobError, NoteDetail } from "@beannote/contract";
import { isErrorCode } from "@beannote/contract/errors";
import { errorMessage } from "../../i18n/error-message";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { toast } from "../../components/toast-store";
import { ArtefactEmpty } from "../artefacts/ArtefactEmpty";
import { ArtefactFailed } from "../artefacts/ArtefactFailed";
import { ArtefactJobPanel } from "../artefacts/ArtefactJobPanel";
import { flashcardKeys, flashcardsApi } from "./api";
import { CardEditorModal } from "./CardEditorModal";
import { FlashcardsDeck } from "./FlashcardsDeck";
import { GenerateControl } from "./GenerateControl";
import { useDeckActions } from "./use-deck-actions";
import "../artefacts/artefacts.css";
import "./flashcards.css";

const RUNNING = new Set(["queued", "running"]);

/** The flashcards tab: generate a deck (with progress), then study, edit and export it. */
export function FlashcardsTab({ note }: { note: NoteDetail }) {
  const { t } = useTranslation();
  const noteId = note.noteId;
  const deck = useQuery({
    queryKey: flashcardKeys.deck(noteId),
    queryFn: () => flashcardsApi.deck(noteId),
    enabled: note.status === "ready",
    // The job panel follows the generation over SSE; this is the fallback should the stream stall.
    refetchInterval: (query) => (RUNNING.has(query.state.data?.generation?.status ?? "") ? 5000 : false),
  });
  const actions = useDeckActions(noteId);
  const [adding, setAdding] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);

  // The job panel calls this once, when the generation ends.
  const handleSettled = (error: JobError | null) => {
    actions.refresh();
    if (!error) toast.success(t("flashcards.toast.generated"));
    else if (error.code !== "JOB_CANCELLED")
      toast.error(
        t("flashcards.toast.generateFailed"),
        isErrorCode(error.code)
          ? t(`errors.code.${error.code}` as "errors.code.GENERATION_FAILED")
          : undefined,
      );
  };

  if (note.status !== "ready")
    return <EmptyState title={t("flashcards.noteNotReady")} hint={t("flashcards.noteNotReadyHint")} />;
  if (deck.isPending) return <PageLoader />;
  if (deck.isError)
    return (
      <EmptyState
        title={t("flashcards.loadFailed")}
        hint={errorMessage(deck.error, t)}
        action={<Button onClick={() => void deck.refetch()}>{t("common.retry")}</Button>}
      />
    );

  const { cards, generation } = deck.data;
  const running = generation && RUNNING.has(generation.status) ? generation : null;
  const generateControl = (primary: boolean, compact = false) => (
    <GenerateControl
      hasCards={cards.length > 0}
      pending={actions.generate.isPending}
      primary={primary}
      compact={compact}
      onGenerate={(request) => actions.generate.mutate(request)}
    />
  );
  const addYourself = (
    <Button type="link" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-card-empty">
      {t("flashcards.empty.addYourself")}
    </Button>
  );

  let body;
  if (cards.length)
    body = (
      <FlashcardsDeck
        note={note}
        deck={deck.data}
        actions={actions}
        generateControl={running ? null : generateControl(false, true)}
      />
    );
  else if (running) body = null;
  else if (generation && (generation.status === "failed" || generation.status === "cancelled"))
    body = (
      <ArtefactFailed
        generation={generation}
        action={
          <div className="artefact-actions">
            {generateControl(true)}
            {addYourself}
          </div>
        }
      />
    );
  else
    body = (
      <ArtefactEmpty
        cost="flashcards"
        icon={<CreditCardOutlined />}
        title={t("flashcards.empty.title")}
        hint={t("flashcards.empty.hint")}
        action={
          <div className="artefact-actions">
            {generateControl(true)}
            {addYourself}
          </div>
        }
      />
    );

  const failedWithCards =
    cards.length > 0 && generation?.status === "failed" && dismissed !== generation.jobId ? generation : null;

  return (
    <div className="flashcards-tab" data-testid="flashcards-tab">
      {running ? (
        <ArtefactJobPanel
          key={running.jobId}
          jobId={running.jobId}
          title={cards.length ? t("flashcards.generate.progressMore") : t("flashcards.generate.progress")}
          onSettled={handleSettled}
        />
      ) : null}
      {failedWithCards ? (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setDismissed(failedWithCards.jobId) }}
          title={t("artefacts.job.failed")}
          description={
            failedWithCards.errorCode && isErrorCode(failedWithCards.errorCode)
              ? t(`errors.code.${failedWithCards.errorCode}` as "errors.code.GENERATION_FAILED")
              : t("artefacts.job.failedHint")
          }
        />
      ) : null}
      {body}
      <CardEditorModal
        open={adding}
        initial={null}
        onSave={(input) => actions.add.mutateAsync(input)}
        onClose={() => setAdding(false)}
      />
    </div>
  );
}
