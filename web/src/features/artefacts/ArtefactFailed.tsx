import type { ReactNode } from "react";
import { Result } from "antd";
import { useTranslation } from "react-i18next";
import type { ArtefactGeneration } from "@beannote/contract";
import { isErrorCode } from "@beannote/contract/errors";

interface Props {
  generation: NonNullable<ArtefactGeneration>;
  /** "Try again", usually the same generate control as the empty state. */
  action: ReactNode;
}

/** The last generation failed or was cancelled: say so, and why when the server said why. */
export function ArtefactFailed({ generation, action }: Props) {
  const { t } = useTranslation();
  const cancelled = generation.status === "cancelled";
  const code = generation.errorCode;
  const reason =
    !cancelled && code && isErrorCode(code) && code !== "INTERNAL" && code !== "GENERATION_FAILED"
      ? t(`errors.code.${code}` as "errors.code.GENERATION_FAILED")
      : null;
  return (
    <Result
      className="artefact-failed"
      data-testid="artefact-failed"
      status={cancelled ? "info" : "error"}
      title={cancelled ? t("artefacts.job.cancelled") : t("artefacts.job.failed")}
      subTitle={reason ?? (cancelled ? t("artefacts.job.cancelledHint") : t("artefacts.job.failedHint"))}
      extra={action}
    />
  );
}
