import { useEffect, useRef } from "react";
import { Button, Card, Modal, Progress } from "antd";
import { LoadingOutlined, StopOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { JobError } from "@beannote/contract";
import { ARTEFACT_PROGRESS_STEPS, progressStep } from "@beannote/contract/jobs";
import { jobsApi } from "../../api/jobs";
import { errorMessage } from "../../i18n/error-message";
import { toast } from "../../components/toast-store";
import { useJobStream } from "../notes/use-job-stream";

interface Props {
  jobId: string;
  /** What is being made, e.g. "Making flashcards…". */
  title: string;
  /** The job ended: done, or failed/cancelled with its error. Reload the artefact. */
  onSettled: (error: JobError | null) => void;
  /** An artefact's own wording for a step (its `messageKey`); the shared steps otherwise. */
  stepLabel?: (messageKey: string) => string | undefined;
}

/** An artefact being generated: what it is doing, how far it is, and a cancel that asks first. */
export function ArtefactJobPanel({ jobId, title, onSettled, stepLabel }: Props) {
  const { t } = useTranslation();
  const stream = useJobStream(jobId);
  const percent = Math.round(stream.progress?.percent ?? 0);

  // Told once when the job ends, whatever the parent passes on later renders.
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });
  useEffect(() => {
    if (stream.phase === "done") settled.current(null);
    else if (stream.phase === "error") settled.current(stream.error);
  }, [stream.phase, stream.error]);

  const handleCancel = () =>
    Modal.confirm({
      title: t("artefacts.job.cancelTitle"),
      content: t("artefacts.job.cancelBody"),
      okText: t("artefacts.job.cancelOk"),
      okButtonProps: { danger: true },
      cancelText: t("progress.keepGoing"),
      onOk: async () => {
        try {
          await jobsApi.cancel(jobId);
        } catch (error) {
          toast.error(t("progress.cancelFailed"), errorMessage(error, t));
        }
      },
    });

  return (
    <Card className="artefact-job" data-testid="artefact-job">
      <div className="artefact-job__head">
        <LoadingOutlined className="artefact-job__spinner" spin />
        <div className="artefact-job__text">
          <div className="artefact-job__title">{title}</div>
          <div className="muted" aria-live="polite" data-testid="artefact-job-step">
            {(stream.progress && stepLabel?.(stream.progress.messageKey)) ||
              t(
                `artefacts.job.steps.${progressStep(stream.phase === "connecting" ? "queued" : stream.progress?.messageKey, ARTEFACT_PROGRESS_STEPS)}`,
              )}
          </div>
        </div>
      </div>
      <Progress percent={percent} status="active" aria-label={t("progress.percentLabel")} />
      <div className="artefact-job__actions">
        <Button icon={<StopOutlined />} onClick={handleCancel} data-testid="artefact-job-cancel">
          {t("progress.cancel")}
        </Button>
      </div>
    </Card>
  );
}
