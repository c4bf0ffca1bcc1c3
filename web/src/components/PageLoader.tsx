import { useEffect, useState } from "react";
import { Button, Result, Spin } from "antd";
import { useTranslation } from "react-i18next";

/** Page loader of spec §9: shown after 200 ms, gives up after 60000 ms and offers a retry. */
export const LOADER_DELAY_MS = 200;
export const LOADER_TIMEOUT_MS = 60_000;

export function PageLoader({ onRetry = () => window.location.reload() }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<"hidden" | "spinning" | "failed">("hidden");
  useEffect(() => {
    const show = setTimeout(() => setPhase("spinning"), LOADER_DELAY_MS);
    const fail = setTimeout(() => setPhase("failed"), LOADER_TIMEOUT_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(fail);
    };
  }, []);
  if (phase === "hidden") return null;
  if (phase === "failed") {
    return (
      <Result
        status="warning"
        title={t("loader.failed")}
        subTitle={t("loader.failedHint")}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t("common.retry")}
          </Button>
        }
      />
    );
  }
  return (
    <div className="page-loader" role="progressbar" aria-label={t("common.loading")}>
      <Spin size="large" />
    </div>
  );
}
