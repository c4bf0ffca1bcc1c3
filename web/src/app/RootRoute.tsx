import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { isLoginPath, useMe, useResetSession } from "../features/account/session";
import { toast } from "../components/toast-store";
import { errorMessage } from "../i18n/error-message";
import { isApiError } from "../api";
import { useRouteTitle } from "./use-route-title";

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

  const failed = Boolean(me.token) && me.isError;
  useEffect(() => {
    if (!failed) return;
    if (isApiError(me.error) && me.error.status === 401) toast.error(errorMessage(me.error, t));
    resetSession();
  }, [failed, me.error, resetSession, t]);

  if (!me.token && !onLogin) return <Navigate to="/pages/login" replace />;
  if (me.token && onLogin && !failed) return <Navigate to={{ pathname: "/pages/index" }} replace />;
  return <Outlet />;
}
