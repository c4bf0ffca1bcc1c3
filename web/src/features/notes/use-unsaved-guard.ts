import { useEffect, useRef } from "react";
import { Modal } from "antd";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";

/**
 * While `dirty`, leaving asks first: a route change (sidebar, header, back button) opens the same
 * "Discard your changes?" dialog as the editor's Return button, and closing or reloading the tab gets
 * the browser's own prompt.
 */
export function useUnsavedGuard(dirty: boolean) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    const dialog = Modal.confirm({
      title: t("note.confirm.discardTitle"),
      content: t("note.confirm.discardBody"),
      okText: t("note.confirm.discardOk"),
      cancelText: t("common.cancel"),
      onOk: () => blockerRef.current.proceed?.(),
      onCancel: () => blockerRef.current.reset?.(),
    });
    return () => dialog.destroy();
  }, [blocker.state, t]);

  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ""; // older Chromium shows the prompt only when this is set
    };
    window.addEventListener("beforeunload", handleBeforeUnload);
    return () => window.removeEventListener("beforeunload", handleBeforeUnload);
  }, [dirty]);
}
