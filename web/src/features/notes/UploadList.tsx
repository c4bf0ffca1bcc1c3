import { Button, Progress } from "antd";
import {
  CheckCircleFilled,
  CloseCircleFilled,
  DeleteOutlined,
  FileTextOutlined,
  LoadingOutlined,
} from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../i18n/error-message";
import { isApiError } from "../../api/api-error";
import type { UploadItem } from "./use-file-uploads";

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Why a chosen file cannot be used, in the interface language. */
export function useProblemText() {
  const { t } = useTranslation();
  return (item: UploadItem, maxMb: number): string => {
    const problem = item.problem;
    if (!problem) return "";
    switch (problem.kind) {
      case "tooLarge":
        return t("newNote.errors.tooLarge", { size: maxMb });
      case "unsupported":
        return t("newNote.errors.unsupported");
      case "parse":
        return t(`errors.code.${problem.code ?? "FILE_CORRUPT"}` as "errors.code.FILE_CORRUPT");
      case "upload":
        // The §8 transport text already says "upload failed"; other causes get it as a lead.
        return isApiError(problem.error) && problem.error.transport === "uploadNetwork"
          ? errorMessage(problem.error, t)
          : `${t("newNote.errors.uploadFailed")} ${errorMessage(problem.error, t)}`;
    }
  };
}

/** The chosen files, each with its progress bar and state; a failed one says why and the rest stay. */
export function UploadList({
  items,
  maxMb,
  onRemove,
}: {
  items: UploadItem[];
  maxMb: number;
  onRemove: (key: string) => void;
}) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  if (!items.length) return null;
  return (
    <ul className="upload-list" data-testid="upload-list">
      {items.map((item) => (
        <li key={item.key} className={`upload-item upload-item--${item.phase}`} data-phase={item.phase}>
          <FileTextOutlined className="upload-item__icon" />
          <div className="upload-item__body">
            <div className="upload-item__row">
              <span className="upload-item__name" title={item.name}>
                {item.name}
              </span>
              <span className="upload-item__size muted">{formatSize(item.size)}</span>
            </div>
            {item.phase === "uploading" ? (
              <Progress percent={item.percent} size="small" aria-label={t("newNote.upload.uploading")} />
            ) : null}
            <div className="upload-item__status" data-testid="upload-status">
              {item.phase === "uploading" ? (
                <span className="muted">{t("newNote.upload.uploading")}</span>
              ) : item.phase === "parsing" ? (
                <span className="muted">
                  <LoadingOutlined /> {item.ocr ? t("progress.ocr", item.ocr) : t("newNote.upload.parsing")}
                </span>
              ) : item.phase === "ready" ? (
                <span className="upload-item__ok">
                  <CheckCircleFilled />{" "}
                  {item.pageCount
                    ? t("newNote.upload.readyPages", { count: item.pageCount })
                    : t("newNote.upload.ready")}
                </span>
              ) : (
                <span className="upload-item__error" role="alert">
                  <CloseCircleFilled /> {problemText(item, maxMb)}
                </span>
              )}
            </div>
          </div>
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t("newNote.upload.remove", { name: item.name })}
            onClick={() => onRemove(item.key)}
          />
        </li>
      ))}
    </ul>
  );
}
