import { useState } from "react";
import { Alert, Button, Card, Form, Input, Radio, Select } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import {
  DETAIL_LEVELS,
  OUTPUT_LANGUAGES,
  UPLOAD_MAX_MB_DEFAULT,
  type DetailLevel,
  type OutputLanguage,
} from "@beannote/contract/limits";
import { NOTE_MAX_FILES, NOTE_TITLE_MAX } from "@beannote/contract/notes";
import { notesApi, noteKeys } from "../../api/notes";
import { LOCALE_NAMES } from "../../i18n/locales";
import { errorMessage } from "../../i18n/error-message";
import { useLocale } from "../../i18n/locale-context";
import { useWebConfig } from "../account/use-web-config";
import { toast } from "../../components/toast-store";
import { FileDropZone } from "./FileDropZone";
import { UploadList, useProblemText } from "./UploadList";
import { useFileUploads } from "./use-file-uploads";
import { CostHint } from "../beans/CostHint";
import { showIfBeansInsufficient } from "../beans/insufficient-store";
import { refreshBalance } from "../beans/balance";

const stripExtension = (name: string) => name.replace(/\.[^.]+$/, "").slice(0, NOTE_TITLE_MAX);

/** Create note: pick files, choose language, detail and title, then start the generation. */
export function NewNoteForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { locale } = useLocale();
  const { data: config } = useWebConfig();
  const maxBytes = config?.limits.uploadMaxBytes ?? UPLOAD_MAX_MB_DEFAULT * 1024 * 1024;
  const maxMb = Math.round(maxBytes / 1024 / 1024);
  const uploads = useFileUploads(maxBytes);
  const [language, setLanguage] = useState<OutputLanguage>(
    (OUTPUT_LANGUAGES as readonly string[]).includes(locale) ? (locale as OutputLanguage) : "en-US",
  );
  const [detail, setDetail] = useState<DetailLevel>("detail");
  const [title, setTitle] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [failedFiles, setFailedFiles] = useState<string[]>([]);
  const problemText = useProblemText();
  const [submitting, setSubmitting] = useState(false);

  const usable = uploads.items.filter((i) => i.phase !== "failed");
  const remaining = NOTE_MAX_FILES - usable.length;
  const firstName = uploads.items.find((i) => i.phase !== "failed")?.name;
  const shownTitle = title ?? (firstName ? stripExtension(firstName) : "");

  const handleFiles = (files: File[]) => {
    setFormError(null);
    setFailedFiles([]);
    if (files.length > remaining) {
      setFormError(t("newNote.errors.tooMany", { max: NOTE_MAX_FILES }));
      files = files.slice(0, Math.max(remaining, 0));
    }
    uploads.add(files);
  };

  const handleSubmit = async () => {
    const ready = uploads.items.filter((i) => i.phase === "ready" && i.fileId);
    setFailedFiles([]);
    if (!usable.length) {
      // Only failed files: say which and why, not "no file selected".
      const failed = uploads.items.filter((i) => i.phase === "failed");
      if (failed.length === 0) return setFormError(t("newNote.errors.noFile"));
      setFailedFiles(failed.map((i) => `${i.name}: ${problemText(i, maxMb)}`));
      return setFormError(
        failed.length === 1
          ? t("newNote.errors.fileFailed", { name: failed[0]!.name })
          : t("newNote.errors.filesFailed"),
      );
    }
    if (ready.length !== usable.length) return setFormError(t("newNote.errors.notReady"));
    if (!shownTitle.trim()) return setFormError(t("errors.code.TITLE_REQUIRED"));
    setFormError(null);
    setSubmitting(true);
    try {
      const started = await notesApi.generate({
        title: shownTitle.trim(),
        outputLanguage: language,
        detailLevel: detail,
        fileIds: ready.map((i) => i.fileId!),
      });
      refreshBalance(queryClient);
      void queryClient.invalidateQueries({ queryKey: noteKeys.lists() });
      void navigate(`/subNote/pages/note?id=${encodeURIComponent(started.noteId)}`);
    } catch (error) {
      if (!showIfBeansInsufficient(error)) {
        toast.error(t("newNote.errors.generationFailed"), errorMessage(error, t));
      }
      setSubmitting(false);
    }
  };

  const busy = uploads.items.some((i) => i.phase === "uploading" || i.phase === "parsing");
  return (
    <Card className="new-note" data-testid="new-note-form">
      <Form layout="vertical" onFinish={() => void handleSubmit()}>
        <Form.Item label={t("newNote.upload.title")} required>
          <FileDropZone
            multiple={remaining > 1}
            maxMb={maxMb}
            disabled={remaining <= 0}
            onFiles={handleFiles}
          />
          <UploadList items={uploads.items} maxMb={maxMb} onRemove={uploads.remove} />
        </Form.Item>
        <Form.Item label={t("newNote.outputLanguage")} required>
          <Select
            value={language}
            onChange={setLanguage}
            aria-label={t("newNote.outputLanguage")}
            data-testid="output-language"
            options={OUTPUT_LANGUAGES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
          />
        </Form.Item>
        <Form.Item label={t("newNote.detailLevel")} required extra={t(`newNote.detailHint.${detail}`)}>
          <Radio.Group
            optionType="button"
            value={detail}
            onChange={(e) => setDetail(e.target.value as DetailLevel)}
            options={DETAIL_LEVELS.map((value) => ({ value, label: t(`newNote.detail.${value}`) }))}
          />
        </Form.Item>
        <Form.Item label={t("newNote.titleLabel")} required>
          <Input
            value={shownTitle}
            maxLength={NOTE_TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
            placeholder={t("newNote.titlePlaceholder")}
            data-testid="note-title"
          />
        </Form.Item>
        {formError ? (
          <Alert
            type="error"
            showIcon
            title={formError}
            description={
              failedFiles.length > 0 ? (
                <ul className="new-note__failed">
                  {failedFiles.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : undefined
            }
            className="new-note__error"
            role="alert"
          />
        ) : null}
        <Button
          type="primary"
          size="large"
          block
          htmlType="submit"
          loading={submitting}
          disabled={busy && !submitting}
          data-testid="generate"
        >
          {busy ? t("newNote.waitForFiles") : t("newNote.submit")}
        </Button>
        {usable.length > 0 && !busy ? (
          <div className="cost-line">
            <CostHint action="note" pages={usable.reduce((sum, item) => sum + (item.pageCount ?? 0), 0)} />
          </div>
        ) : null}
      </Form>
    </Card>
  );
}
