import { useEffect } from "react";
import { Button, Card, Modal, Progress, Result } from "antd";
import { LoadingOutlined, StopOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { NoteDetail } from "@beannote/contract";
import { PROGRESS_STEPS, progressStep } from "@beannote/contract/jobs";
import { jobsApi } from "../../api/jobs";
import { errorMessage } from "../../i18n/error-message";
import { toast } from "../../components/toast-store";
import { MarkdownBody } from "./MarkdownBody";
import { ROTATING_TIPS, useRotatingIndex } from "./progress-messages";
import { useJobStream } from "./use-job-stream";

interface Props {
  note: Pick<NoteDetail, "noteId" | "title" | "jobId">;
  /** The job finished (done, failed or cancelled): reload the note. */
  onSettled: () => void;
}

/** Watching a note being written: progress, rotating messages, sections as they arrive, cancel. */
export function GenerationView({ note, onSettled }: Props) {
  const { t } = useTranslation();
  const stream = useJobStream(note.jobId);
  const running = stream.phase === "connecting" || stream.phase === "running";
  const tip = useRotatingIndex(ROTATING_TIPS.length, running);
  const percent = Math.round(stream.progress?.percent ?? 0);

  useEffect(() => {
    if (stream.phase === "done" || stream.phase === "error") onSettled();
  }, [stream.phase, onSettled]);

  const handleCancel = () =>
    Modal.confirm({
      title: t("progress.cancelConfirmTitle"),
      content: t("progress.cancelConfirmBody"),
      okText: t("progress.cancelConfirmOk"),
      okButtonProps: { danger: true },
      cancelText: t("progress.keepGoing"),
      onOk: async () => {
        if (!note.jobId) return;
        try {
          await jobsApi.cancel(note.jobId);
        } catch (error) {
          toast.error(t("progress.cancelFailed"), errorMessage(error, t));
        }
      },
    });

  return (
    <div className="page-stack generation" data-testid="generation-view">
      <Card>
        <div className="generation__head">
          <LoadingOutlined className="generation__spinner" spin />
          <div className="generation__text">
            <div className="generation__step" data-testid="generation-step">
              {t(
                `progress.${progressStep(stream.progress?.messageKey, PROGRESS_STEPS)}`,
                stream.progress?.params,
              )}
            </div>
            <div className="generation__tip muted" aria-live="polite" data-testid="generation-tip">
              {t(`progress.tips.${ROTATING_TIPS[tip]!}`)}
            </div>
          </div>
        </div>
        <Progress percent={percent} status="active" aria-label={t("progress.percentLabel")} />
        <div className="generation__actions">
          <Button icon={<StopOutlined />} onClick={handleCancel} disabled={!note.jobId}>
            {t("progress.cancel")}
          </Button>
        </div>
      </Card>
      {stream.sections.length ? (
        <Card
          title={t("progress.sectionsSoFar", {
            count: stream.sections.length,
            total: stream.sections.at(-1)?.total ?? stream.sections.length,
          })}
        >
          <div className="generation__sections" data-testid="generation-sections">
            {stream.sections.map((section) => (
              <section key={section.index} className="generation__section">
                <MarkdownBody markdown={section.markdown} />
              </section>
            ))}
          </div>
        </Card>
      ) : null}
    </div>
  );
}

/** A note whose generation failed or was cancelled: the reason, and "try again" with the same files. */
export function GenerationFailed({
  note,
  retrying,
  onRetry,
  onDelete,
}: {
  note: Pick<NoteDetail, "status" | "error" | "title">;
  retrying: boolean;
  onRetry: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const cancelled = note.status === "cancelled";
  const code = note.error?.code;
  const reason =
    code && code !== "GENERATION_FAILED" && t(`errors.code.${code}` as "errors.code.GENERATION_FAILED", "")
      ? t(`errors.code.${code}` as "errors.code.GENERATION_FAILED")
      : null;
  return (
    <Card data-testid="generation-failed">
      <Result
        status={cancelled ? "info" : "error"}
        title={cancelled ? t("progress.cancelled") : t("progress.failed")}
        subTitle={
          <span className="break-anywhere">
            {note.title}
            {reason ? ` — ${reason}` : ""}
          </span>
        }
        extra={[
          <Button key="retry" type="primary" loading={retrying} onClick={onRetry}>
            {t("progress.retry")}
          </Button>,
          <Button key="delete" onClick={onDelete}>
            {t("progress.discard")}
          </Button>,
        ]}
      />
    </Card>
  );
}
