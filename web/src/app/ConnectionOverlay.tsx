import { useSyncExternalStore } from "react";
import { DisconnectOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { connectionStore } from "./connection-store";

/** Covers the screen after a timed-out load; a click anywhere retries the failed queries. */
export function ConnectionOverlay() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const visible = useSyncExternalStore(connectionStore.subscribe, connectionStore.getSnapshot);
  if (!visible) return null;
  const handleRetry = () => {
    connectionStore.set(false);
    void queryClient.refetchQueries({ type: "active" });
  };
  return (
    <div className="connection-overlay" role="alertdialog" onClick={handleRetry}>
      <DisconnectOutlined className="connection-overlay__icon" />
      <p>{t("errors.transport.timeout")}</p>
    </div>
  );
}
