import { useCallback, useEffect, useRef, useState } from "react";
import { Button, Input, Modal, Space, Tag } from "antd";
import {
  EditOutlined,
  FileSearchOutlined,
  RollbackOutlined,
  SaveOutlined,
  UndoOutlined,
} from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { NoteDetail } from "@beannote/contract";
import { NOTE_TITLE_MAX } from "@beannote/contract/notes";
import { notesApi, noteKeys } from "../../api/notes";
import { errorMessage } from "../../i18n/error-message";
import { toast } from "../../components/toast-store";
import { useIsPhone } from "../../components/use-is-phone";
import { SourceViewer, type SourcePosition } from "../source-viewer/SourceViewer";
import { MarkdownBody } from "./MarkdownBody";
import { NoteContent } from "./NoteContent";
import { useUnsavedGuard } from "./use-unsaved-guard";

/** A finished note: read it, follow citations into the source, edit, save, reset, return. */
export function NoteReader({ note }: { note: NoteDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isPhone = useIsPhone();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ title: note.title, markdown: note.markdown });
  const [viewer, setViewer] = useState<SourcePosition | null>(null);
  const [zoom, setZoom] = useState(1);
  const viewerRef = useRef<HTMLDivElement>(null);
  const dirty = editing && (draft.title !== note.title || draft.markdown !== note.markdown);
  useUnsavedGuard(dirty);

  const store = (next: NoteDetail) => {
    queryClient.setQueryData(noteKeys.detail(next.noteId), next);
    void queryClient.invalidateQueries({ queryKey: noteKeys.lists() });
  };
  const save = useMutation({
    mutationFn: () =>
      notesApi.update(note.noteId, {
        markdown: draft.markdown,
        ...(draft.title.trim() && draft.title !== note.title ? { title: draft.title.trim() } : {}),
      }),
    onSuccess: (next) => {
      store(next);
      setEditing(false);
      toast.success(t("note.toast.saved"));
    },
    onError: (error) => toast.error(t("note.toast.saveFailed"), errorMessage(error, t)),
  });
  const reset = useMutation({
    mutationFn: () => notesApi.reset(note.noteId),
    onSuccess: (next) => {
      store(next);
      setDraft({ title: next.title, markdown: next.markdown });
      setEditing(false);
      toast.success(t("note.toast.reset"));
    },
    onError: (error) => toast.error(t("note.toast.resetFailed"), errorMessage(error, t)),
  });

  useEffect(() => {
    if (viewer && isPhone) viewerRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [viewer, isPhone]);

  // On a phone the viewer sits below the note: closing it returns to where the student was reading.
  const readingAt = useRef(0);
  const viewerOpen = useRef(false);
  useEffect(() => {
    viewerOpen.current = viewer !== null;
  }, [viewer]);
  // Stable, so that opening the viewer does not render the note's Markdown and every formula in it again.
  const openViewer = useCallback((at: SourcePosition) => {
    if (!viewerOpen.current) readingAt.current = window.scrollY;
    setViewer(at);
  }, []);
  const closeViewer = () => {
    setViewer(null);
    if (isPhone) window.scrollTo({ top: readingAt.current });
  };
  const handleCite = useCallback(
    (source: number, page: number) => openViewer({ source, page }),
    [openViewer],
  );
  // Pages read by OCR say so: the text cited is what OCR read from the page image.
  const citeTitle = useCallback(
    (source: number, page: number) =>
      note.sources.find((s) => s.index === source)?.ocrPages?.includes(page)
        ? t("note.view.citationOcr", { page })
        : undefined,
    [note.sources, t],
  );
  const handleEdit = () => {
    setDraft({ title: note.title, markdown: note.markdown });
    setEditing(true);
  };
  const handleReturn = () => {
    if (!dirty) return setEditing(false);
    Modal.confirm({
      title: t("note.confirm.discardTitle"),
      content: t("note.confirm.discardBody"),
      okText: t("note.confirm.discardOk"),
      cancelText: t("common.cancel"),
      onOk: () => setEditing(false),
    });
  };
  const handleReset = () =>
    Modal.confirm({
      title: t("note.confirm.resetTitle"),
      content: t("note.confirm.resetBody"),
      okText: t("note.actions.reset"),
      okButtonProps: { danger: true },
      cancelText: t("common.cancel"),
      onOk: () => reset.mutateAsync().catch(() => undefined),
    });

  const toolbar = (
    <div className="note-toolbar">
      <div className="note-toolbar__meta">
        {note.edited ? <Tag color="blue">{t("note.view.edited")}</Tag> : null}
        <span className="muted">
          {t(`newNote.detail.${note.detailLevel === "simple" ? "simple" : "detail"}`)}
        </span>
      </div>
      <Space wrap size={8}>
        {editing ? (
          <>
            <Button icon={<RollbackOutlined />} onClick={handleReturn} data-testid="note-return">
              {t("note.actions.return")}
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={save.isPending}
              data-testid="note-save"
              onClick={() => save.mutate()}
            >
              {t("common.save")}
            </Button>
          </>
        ) : (
          <>
            <Button
              icon={<FileSearchOutlined />}
              onClick={() => openViewer(viewer ?? { source: 1, page: 1 })}
              data-testid="view-source"
            >
              {t("note.actions.viewSource")}
            </Button>
            <Button icon={<EditOutlined />} onClick={handleEdit} data-testid="note-edit">
              {t("common.edit")}
            </Button>
          </>
        )}
        {note.edited ? (
          <Button
            icon={<UndoOutlined />}
            loading={reset.isPending}
            onClick={handleReset}
            data-testid="note-reset"
          >
            {t("note.actions.reset")}
          </Button>
        ) : null}
      </Space>
    </div>
  );

  return (
    <div
      className={`note-layout${viewer ? " note-layout--with-viewer" : ""}${isPhone ? " note-layout--phone" : ""}`}
    >
      <div className="note-layout__main">
        {toolbar}
        {editing ? (
          <div className="note-editor" data-testid="note-editor">
            <Input
              value={draft.title}
              maxLength={NOTE_TITLE_MAX}
              onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
              aria-label={t("newNote.titleLabel")}
            />
            <div className="note-editor__panes">
              <Input.TextArea
                value={draft.markdown}
                onChange={(e) => setDraft((d) => ({ ...d, markdown: e.target.value }))}
                autoSize={{ minRows: 16, maxRows: 40 }}
                spellCheck={false}
                className="note-editor__text"
                aria-label={t("note.view.markdownLabel")}
              />
              <section
                className="note-editor__preview"
                aria-label={t("note.view.preview")}
                data-testid="note-preview"
              >
                <div className="note-editor__preview-label muted">{t("note.view.preview")}</div>
                <MarkdownBody markdown={draft.markdown} />
              </section>
            </div>
            <div className="muted">{t("note.view.markdownHint")}</div>
          </div>
        ) : (
          <NoteContent markdown={note.markdown} onCite={handleCite} citeTitle={citeTitle} />
        )}
      </div>
      {viewer ? (
        <div className="note-layout__side" ref={viewerRef}>
          <SourceViewer
            sources={note.sources}
            at={viewer}
            zoom={zoom}
            onNavigate={setViewer}
            onZoom={setZoom}
            onClose={closeViewer}
          />
        </div>
      ) : null}
    </div>
  );
}
