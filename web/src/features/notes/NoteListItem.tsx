import type { ReactNode } from "react";
import { Button, Tag, Tooltip } from "antd";
import { CopyOutlined, DeleteOutlined, FileTextOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { NoteSummary } from "@beannote/contract";
import { useLocale } from "../../i18n/locale-context";

const STATUS_COLOR = {
  generating: "processing",
  failed: "error",
  cancelled: "default",
  ready: "success",
} as const;

export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ""
    : new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

export const noteHref = (noteId: string) => `/subNote/pages/note?id=${encodeURIComponent(noteId)}`;

/** One note in a list: its title (a link), state, when it changed; copy and delete when given. */
export function NoteListItem({
  note,
  onCopy,
  onDelete,
  busy,
  actions,
}: {
  note: NoteSummary;
  onCopy?: () => void;
  onDelete?: () => void;
  busy?: boolean;
  /** More actions shown before copy and delete (e.g. export). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <li className="note-item" data-testid="note-item" data-note-id={note.noteId}>
      <FileTextOutlined className="note-item__icon" />
      <div className="note-item__body">
        <Link to={noteHref(note.noteId)} className="note-item__title">
          {note.title}
        </Link>
        <div className="note-item__meta muted">
          {note.status !== "ready" ? (
            <Tag color={STATUS_COLOR[note.status]} className="note-item__status">
              {t(`myFile.status.${note.status}`)}
            </Tag>
          ) : null}
          <span>{t("myFile.modified", { date: formatDate(note.updatedAt, locale) })}</span>
          <span>{t("myFile.files", { count: note.sourceCount })}</span>
        </div>
      </div>
      {onCopy || onDelete || actions ? (
        <div className="note-item__actions">
          {actions}
          {onCopy ? (
            <Tooltip title={t("myFile.actions.copy")}>
              <Button
                type="text"
                icon={<CopyOutlined />}
                onClick={onCopy}
                disabled={busy}
                aria-label={t("myFile.actions.copy")}
              />
            </Tooltip>
          ) : null}
          {onDelete ? (
            <Tooltip title={t("myFile.actions.delete")}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                onClick={onDelete}
                disabled={busy}
                aria-label={t("myFile.actions.delete")}
              />
            </Tooltip>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
