import type enUS from "@beannote/contract/locales/en-US.json";

export type RouteTitleKey = keyof (typeof enUS)["route"];

/** Route `handle` carrying the page title of spec §2. */
export interface RouteHandle {
  title: RouteTitleKey;
}

export const isRouteHandle = (value: unknown): value is RouteHandle =>
  typeof value === "object" && value !== null && "title" in value;
