import { isApiError } from "../../api/api-error";

/** What the "not enough Beancoins" dialog shows (from the 402 answer's data). */
export interface Shortfall {
  required?: number;
  balance?: number;
  appDownloadUrl?: string;
}

let current: Shortfall | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Whether the dialog is up, and with what; one at a time. */
export const insufficientStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => current,
  show(shortfall: Shortfall) {
    current = shortfall;
    emit();
  },
  close() {
    current = null;
    emit();
  },
};

const num = (value: unknown) => (typeof value === "number" ? value : undefined);

/** Opens the dialog when `error` is a 402 BEANS_INSUFFICIENT; true when it was one. */
export function showIfBeansInsufficient(error: unknown): boolean {
  if (!isApiError(error) || error.code !== "BEANS_INSUFFICIENT") return false;
  const details = error.details ?? {};
  insufficientStore.show({
    required: num(details.required),
    balance: num(details.balance),
    appDownloadUrl: typeof details.appDownloadUrl === "string" ? details.appDownloadUrl : undefined,
  });
  return true;
}
