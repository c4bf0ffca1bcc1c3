import { App } from "antd";
import { useTranslation } from "react-i18next";
import { accountsApi } from "../../api";
import { toast } from "../../components/toast-store";
import { useResetSession } from "./session";

/** Logout with confirmation: calls the server, then resets the session whatever it answered. */
export function useLogout() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const resetSession = useResetSession();
  return () =>
    modal.confirm({
      title: t("settings.logoutConfirmTitle"),
      content: t("settings.logoutConfirmBody"),
      okText: t("settings.logout"),
      okButtonProps: { danger: true },
      cancelText: t("common.cancel"),
      onOk: async () => {
        await accountsApi.logout().catch(() => undefined);
        resetSession();
        toast.success(t("settings.loggedOut"));
      },
    });
}
