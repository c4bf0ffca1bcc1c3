import { Alert, Button, InputNumber, Select, Spin, Tooltip } from "antd";
import {
  CloseOutlined,
  LeftOutlined,
  RightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { NoteSource } from "@beannote/contract";
import { isApiError } from "../../api/api-error";
import { errorMessage } from "../../i18n/error-message";
import { PdfPage } from "./PdfPage";
import { usePdfDocument } from "./use-pdf-document";
import "./source-viewer.css";

export interface SourcePosition {
  /** 1-based index into the note's sources, as in a citation link. */
  source: number;
  page: number;
  /** The cited sentence, highlighted on its page (an Ask answer's citation). */
  quote?: string;
}

export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

interface Props {
  sources: NoteSource[];
  at: SourcePosition;
  zoom: number;
  onNavigate: (at: SourcePosition) => void;
  onZoom: (zoom: number) => void;
  onClose: () => void;
}

/** The note's source documents, one page at a time, opened at a cited page (pdf.js). */
export function SourceViewer({ sources, at, zoom, onNavigate, onZoom, onClose }: Props) {
  const { t } = useTranslation();
  const source = sources.find((s) => s.index === at.source) ?? sources[at.source - 1];
  const pdf = usePdfDocument(source?.fileId);
  const pageCount = pdf.kind === "ready" ? pdf.doc.numPages : (source?.pageCount ?? 0);
  const page = Math.min(Math.max(1, at.page), Math.max(1, pageCount));
  const zoomIndex = ZOOM_STEPS.findIndex((z) => z >= zoom);
  const go = (next: number) => onNavigate({ source: at.source, page: next });

  let body;
  if (!source) body = <Alert type="warning" showIcon title={t("sourceViewer.sourceMissing")} />;
  else if (pdf.kind === "loading")
    body = (
      <div className="source-viewer__spin">
        <Spin />
        {pdf.preparing ? <div className="muted">{t("progress.preview")}</div> : null}
      </div>
    );
  else if (pdf.kind === "wrongType")
    body = <Alert type="error" showIcon title={t("sourceViewer.wrongType")} />;
  else if (pdf.kind === "error") {
    const unavailable = isApiError(pdf.error) && pdf.error.code === "PREVIEW_UNAVAILABLE";
    body = (
      <Alert
        type={unavailable ? "info" : "error"}
        showIcon
        title={unavailable ? t("sourceViewer.unavailable") : t("sourceViewer.loadFailed")}
        description={
          <>
            <p>{unavailable ? t("sourceViewer.unavailableHint") : errorMessage(pdf.error, t)}</p>
            <p data-testid="cited-page">
              {t("sourceViewer.citedPage", { page: at.page, name: source.fileName })}
            </p>
          </>
        }
      />
    );
  } else
    body = (
      <PdfPage doc={pdf.doc} page={page} zoom={zoom} highlight={page === at.page ? at.quote : undefined} />
    );

  return (
    <aside className="source-viewer" aria-label={t("sourceViewer.title")} data-testid="source-viewer">
      <header className="source-viewer__head">
        {sources.length > 1 ? (
          <Select
            size="small"
            className="source-viewer__file"
            value={at.source}
            aria-label={t("sourceViewer.chooseSource")}
            onChange={(value) => onNavigate({ source: value, page: 1 })}
            options={sources.map((s) => ({ value: s.index, label: s.fileName }))}
            popupMatchSelectWidth={false}
          />
        ) : (
          <span className="source-viewer__name" title={source?.fileName}>
            {source?.fileName}
          </span>
        )}
        <Tooltip title={t("common.close")}>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            onClick={onClose}
            aria-label={t("common.close")}
          />
        </Tooltip>
      </header>
      {pdf.kind === "ready" ? (
        <div className="source-viewer__tools">
          <Button
            size="small"
            icon={<LeftOutlined />}
            disabled={page <= 1}
            onClick={() => go(page - 1)}
            aria-label={t("sourceViewer.previous")}
          />
          <span className="source-viewer__pager">
            <InputNumber
              size="small"
              min={1}
              max={pageCount}
              value={page}
              controls={false}
              onChange={(value) => value && go(Math.round(value))}
              aria-label={t("sourceViewer.page")}
              className="source-viewer__page-input"
              data-testid="viewer-page"
            />
            <span className="muted" data-testid="viewer-page-label">
              {t("sourceViewer.pageOf", { total: pageCount })}
            </span>
          </span>
          <Button
            size="small"
            icon={<RightOutlined />}
            disabled={page >= pageCount}
            onClick={() => go(page + 1)}
            aria-label={t("sourceViewer.next")}
          />
          <span className="source-viewer__zoom">
            <Button
              size="small"
              icon={<ZoomOutOutlined />}
              disabled={zoomIndex <= 0}
              onClick={() => onZoom(ZOOM_STEPS[Math.max(0, zoomIndex - 1)]!)}
              aria-label={t("sourceViewer.zoomOut")}
            />
            <span className="source-viewer__zoom-value">{Math.round(zoom * 100)}%</span>
            <Button
              size="small"
              icon={<ZoomInOutlined />}
              disabled={zoomIndex >= ZOOM_STEPS.length - 1}
              onClick={() => onZoom(ZOOM_STEPS[Math.min(ZOOM_STEPS.length - 1, zoomIndex + 1)]!)}
              aria-label={t("sourceViewer.zoomIn")}
            />
          </span>
        </div>
      ) : null}
      {/* It scrolls (a zoomed page, a long one): focusable, so that the keyboard scrolls it too. */}
      <div
        className="source-viewer__body"
        tabIndex={0}
        role="region"
        aria-label={source?.fileName ?? t("sourceViewer.title")}
      >
        {body}
      </div>
    </aside>
  );
}
