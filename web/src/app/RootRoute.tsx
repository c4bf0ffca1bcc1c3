import { useEffect } from "react";
import { Button, Result } from "antd";
import { Navigate, Outlet, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { isLoginPath, useMe, useResetSession } from "../features/account/session";
import { toast } from "../components/toast-store";
import { errorMessage } from "../i18n/error-message";
import { isApiError } from "../api";
import { useRouteTitle } from "./use-route-title";

function sessionRejected(error: unknown): boolean {
  if (!isApiError(error) || error.transport) return false;
  return error.status < 500 && error.status !== 429;
}

/**
 * Start-up rules of spec §2: a stored token loads user info and keeps the user off the login page;
 * no token sends any other path to login; a failing get-info resets the session.
 */
export function RootRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const me = useMe();
  const resetSession = useResetSession();
  const title = useRouteTitle();
  const onLogin = isLoginPath(location.pathname);

  useEffect(() => {
    document.title = title === t("app.name") ? title : `${title} · ${t("app.name")}`;
  }, [title, t]);

  // The server refused the session (spec §4: reset). A lost connection, a timeout or an overloaded
  // server is not a verdict on the token, so those keep it and offer a retry instead.
  const rejected = Boolean(me.token) && me.isError && sessionRejected(me.error);
  const unreachable = Boolean(me.token) && me.isError && !rejected;
  useEffect(() => {
    if (!rejected) return;
    if (isApiError(me.error) && me.error.status === 401) toast.error(errorMessage(me.error, t));
    resetSession();
  }, [rejected, me.error, resetSession, t]);

  if (!me.token && !onLogin) return <Navigate to="/pages/login" replace />;
  if (me.token && onLogin && !rejected) return <Navigate to={{ pathname: "/pages/index" }} replace />;
  if (unreachable && !onLogin) {
    return (
      <Result
        status="warning"
        title={errorMessage(me.error, t)}
        extra={
          <Button type="primary" onClick={() => void me.refetch()} loading={me.isFetching}>
            {t("common.retry")}
          </Button>
        }
      />
    );
  }
  return <Outlet />;
}
