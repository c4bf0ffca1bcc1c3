/** Global toasts (spec §2): a success or error title, an optional message, 3000 ms by default. */
export const TOAST_DURATION_MS = 3000;

export interface Toast {
  id: number;
  type: "success" | "error" | "info";
  title: string;
  message?: string;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function show(type: Toast["type"], title: string, message?: string, durationMs = TOAST_DURATION_MS): number {
  const id = nextId++;
  toasts = [...toasts.slice(-3), { id, type, title, message }];
  emit();
  setTimeout(() => dismissToast(id), durationMs);
  return id;
}

export const toast = {
  success: (title: string, message?: string, durationMs?: number) =>
    show("success", title, message, durationMs),
  error: (title: string, message?: string, durationMs?: number) => show("error", title, message, durationMs),
  info: (title: string, message?: string, durationMs?: number) => show("info", title, message, durationMs),
};

export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => toasts,
};
