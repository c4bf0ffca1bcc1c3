/** Whether the "connection timed out, click the screen to try again" overlay is up (spec §8). */
let timedOut = false;
const listeners = new Set<() => void>();

export const connectionStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => timedOut,
  set(value: boolean) {
    if (timedOut === value) return;
    timedOut = value;
    listeners.forEach((l) => l());
  },
};
