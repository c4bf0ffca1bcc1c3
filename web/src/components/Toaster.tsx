import { useSyncExternalStore } from "react";
import { CheckCircleFilled, CloseCircleFilled, CloseOutlined, InfoCircleFilled } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { dismissToast, toastStore } from "./toast-store";
import "./toaster.css";

const icons = {
  success: <CheckCircleFilled className="toast__icon toast__icon--success" />,
  error: <CloseCircleFilled className="toast__icon toast__icon--error" />,
  info: <InfoCircleFilled className="toast__icon toast__icon--info" />,
};

/** Renders the toast stack beside the side menu (its width is the CSS variable `--menu-width`). */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`toast toast--${item.type}`}
          role={item.type === "error" ? "alert" : "status"}
        >
          {icons[item.type]}
          <div className="toast__body">
            <div className="toast__title">{item.title}</div>
            {item.message ? <div className="toast__message">{item.message}</div> : null}
          </div>
          <button
            type="button"
            className="toast__close"
            aria-label={t("common.dismiss")}
            onClick={() => dismissToast(item.id)}
          >
            <CloseOutlined />
          </button>
        </div>
      ))}
    </div>
  );
}
