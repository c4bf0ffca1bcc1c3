import { useMatches } from "react-router";
import { useTranslation } from "react-i18next";
import { isRouteHandle } from "./route-titles";

/** The translated title of the deepest matched route. */
export function useRouteTitle(): string {
  const { t } = useTranslation();
  const match = [...useMatches()].reverse().find((m) => isRouteHandle(m.handle));
  return isRouteHandle(match?.handle) ? t(`route.${match.handle.title}`) : t("app.name");
}
