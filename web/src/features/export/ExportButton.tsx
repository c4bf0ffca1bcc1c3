import { useState } from "react";
import { Button, Dropdown, Tooltip, type MenuProps } from "antd";
import { DownloadOutlined, FileMarkdownOutlined, FilePdfOutlined, FileWordOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { NOTE_EXPORT_FORMATS, type NoteExportFormat } from "@beannote/contract/export";
import { errorMessage } from "../../i18n/error-message";
import { toast } from "../../components/toast-store";
import { useWebConfig } from "../account/use-web-config";
import { exportNote } from "./api";
import "./export.css";

const ICONS = { pdf: <FilePdfOutlined />, docx: <FileWordOutlined />, md: <FileMarkdownOutlined /> };

interface Props {
  noteId: string;
  title: string;
  /** An icon button (the notes list) instead of a labelled one (the note page). */
  compact?: boolean;
  disabled?: boolean;
}

/** Export a note to PDF, Word or Markdown: a menu of formats, loading while the file is made, then a toast. */
export function ExportButton({ noteId, title, compact, disabled }: Props) {
  const { t } = useTranslation();
  const config = useWebConfig();
  const [busy, setBusy] = useState<NoteExportFormat | null>(null);
  const pdf = config.data?.features.exportPdf;

  const handleExport = async (format: NoteExportFormat) => {
    setBusy(format);
    try {
      await exportNote(noteId, format, title);
      toast.success(t("export.success"));
    } catch (error) {
      toast.error(t("export.failed"), errorMessage(error, t));
    } finally {
      setBusy(null);
    }
  };

  const items: MenuProps["items"] = NOTE_EXPORT_FORMATS.map((format) => {
    const unavailable = format === "pdf" && pdf?.available === false;
    return {
      key: format,
      icon: ICONS[format],
      disabled: unavailable,
      label: (
        <span className="export-menu__item" data-testid={`export-${format}`}>
          {t(`export.formats.${format}`)}
          {unavailable ? <span className="export-menu__reason">{t("export.pdfUnavailable")}</span> : null}
        </span>
      ),
    };
  });

  const button = compact ? (
    <Tooltip title={t("export.button")}>
      <Button
        type="text"
        icon={<DownloadOutlined />}
        loading={busy !== null}
        disabled={disabled}
        aria-label={t("export.button")}
        data-testid="export-button"
      />
    </Tooltip>
  ) : (
    <Button
      icon={<DownloadOutlined />}
      loading={busy !== null}
      disabled={disabled}
      data-testid="export-button"
    >
      {busy ? t("export.exporting") : t("export.button")}
    </Button>
  );

  return (
    <Dropdown
      trigger={["click"]}
      disabled={disabled || busy !== null}
      menu={{ items, onClick: ({ key }) => void handleExport(key as NoteExportFormat) }}
    >
      {button}
    </Dropdown>
  );
}
