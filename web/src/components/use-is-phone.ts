import { Grid } from "antd";

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i;

/** Phone layout: a mobile user agent (spec §9) or a window narrower than antd's `md` breakpoint. */
export function useIsPhone(): boolean {
  const screens = Grid.useBreakpoint();
  const uaMobile = typeof navigator !== "undefined" && MOBILE_UA.test(navigator.userAgent);
  if (screens.md === undefined) return uaMobile || window.innerWidth < 768;
  return !screens.md || (uaMobile && !screens.lg);
}
