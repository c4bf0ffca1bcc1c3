import { useState, type ReactNode } from "react";
import { Button, Modal, Result, Tooltip } from "antd";
import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { Flashcard, FlashcardDeck, NoteDetail } from "@beannote/contract";
import type { SourcePosition } from "../source-viewer/SourceViewer";
import { SourceDrawer } from "../artefacts/SourceDrawer";
import { CardEditorModal } from "./CardEditorModal";
import { FlashcardStudy } from "./FlashcardStudy";
import { FlashcardsToolbar } from "./FlashcardsToolbar";
import type { DeckActions } from "./use-deck-actions";
import { useStudySession } from "./use-study-session";
import { MathText } from "../../components/MathText";

interface Props {
  note: Pick<NoteDetail, "noteId" | "sources">;
  deck: FlashcardDeck;
  actions: DeckActions;
  generateControl: ReactNode;
}

/** A deck with cards: the toolbar, the card being studied, its editor, and the source it cites. */
export function FlashcardsDeck({ note, deck, actions, generateControl }: Props) {
  const { t } = useTranslation();
  const study = useStudySession(deck.cards);
  const { session, current } = study;
  // card null: adding one. The card stays while the dialog closes, so its title does not change as it fades.
  const [editor, setEditor] = useState<{ open: boolean; card: Flashcard | null }>({
    open: false,
    card: null,
  });
  const [viewer, setViewer] = useState<SourcePosition | null>(null);
  const [confirming, setConfirming] = useState(false);

  const handleDelete = (card: Flashcard) => {
    setConfirming(true);
    Modal.confirm({
      title: t("flashcards.confirm.deleteTitle"),
      content: (
        <div className="break-anywhere flashcards-confirm__front">
          <MathText text={card.front} />
        </div>
      ),
      okText: t("flashcards.confirm.deleteOk"),
      okButtonProps: { danger: true },
      cancelText: t("common.cancel"),
      onOk: () =>
        actions.remove
          .mutateAsync(card.cardId)
          .catch(() => undefined)
          .finally(() => setConfirming(false)),
      onCancel: () => setConfirming(false),
    });
  };

  const cardActions = current ? (
    <>
      <Tooltip title={t("common.edit")}>
        <Button
          type="text"
          icon={<EditOutlined />}
          onClick={() => setEditor({ open: true, card: current })}
          aria-label={t("flashcards.study.edit")}
          data-testid="edit-card"
        />
      </Tooltip>
      <Tooltip title={t("flashcards.study.delete")}>
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={() => handleDelete(current)}
          aria-label={t("flashcards.study.delete")}
          data-testid="delete-card"
        />
      </Tooltip>
    </>
  ) : null;

  let main: ReactNode;
  if (current && !session.finished)
    main = (
      <FlashcardStudy
        card={current}
        position={session.index + 1}
        total={session.order.length}
        flipped={session.flipped}
        onFlip={study.flip}
        onStep={study.step}
        onRate={(rating) => {
          study.rated(current.cardId, rating);
          actions.rate.mutate({ cardId: current.cardId, rating });
        }}
        ratingPending={null}
        onCite={setViewer}
        sourceName={note.sources.find((s) => s.index === current.citation?.source)?.fileName}
        actions={cardActions}
        keysEnabled={!editor.open && !viewer && !confirming}
      />
    );
  else if (session.dueOnly && !session.order.length)
    main = (
      <Result
        status="success"
        title={t("flashcards.finished.nothingDue")}
        subTitle={t("flashcards.finished.nothingDueHint")}
        extra={
          <Button type="primary" onClick={() => study.restart({ dueOnly: false })}>
            {t("flashcards.finished.studyAll")}
          </Button>
        }
      />
    );
  else
    main = (
      <Result
        status="success"
        data-testid="study-finished"
        title={session.dueOnly ? t("flashcards.finished.dueDone") : t("flashcards.finished.allDone")}
        subTitle={t("flashcards.finished.hint")}
        extra={[
          <Button key="again" type="primary" onClick={() => study.restart()}>
            {t("flashcards.finished.again")}
          </Button>,
          session.dueOnly ? (
            <Button key="all" onClick={() => study.restart({ dueOnly: false })}>
              {t("flashcards.finished.studyAll")}
            </Button>
          ) : null,
        ]}
      />
    );

  return (
    <div className="flashcards-deck">
      <FlashcardsToolbar
        total={deck.cards.length}
        dueTotal={deck.dueCount + deck.newCount}
        dueOnly={session.dueOnly}
        onDueOnly={(dueOnly) => study.restart({ dueOnly })}
        shuffled={session.shuffled}
        onShuffle={() => study.restart({ shuffled: !session.shuffled })}
        onAdd={() => setEditor({ open: true, card: null })}
        exporting={actions.exportDeck.isPending}
        onExport={(format) => actions.exportDeck.mutate(format)}
        generateControl={generateControl}
      />
      {main}
      <CardEditorModal
        open={editor.open}
        initial={editor.card ? { front: editor.card.front, back: editor.card.back } : null}
        onSave={async (input) => {
          if (editor.card) return actions.edit.mutateAsync({ cardId: editor.card.cardId, input });
          study.show(await actions.add.mutateAsync(input));
        }}
        onClose={() => setEditor((e) => ({ ...e, open: false }))}
      />
      <SourceDrawer sources={note.sources} at={viewer} onClose={() => setViewer(null)} />
    </div>
  );
}
