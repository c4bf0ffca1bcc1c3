import type { TFunction } from "i18next";
import { isApiError } from "../api/api-error";

/** The user's message for a failed call: the §8 transport text, else the translated error code. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    if (error.transport) return t(`errors.transport.${error.transport}`);
    if (error.code) return t(`errors.code.${error.code}`);
  }
  return t("errors.transport.unknown");
}
