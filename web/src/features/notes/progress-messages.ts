import { useEffect, useState } from "react";

/** Friendly lines shown in turn while a note is written (spec §4 "rotating progress messages"). */
export const ROTATING_TIPS = ["tip1", "tip2", "tip3", "tip4", "tip5", "tip6"] as const;
export const ROTATE_EVERY_MS = 3500;

/** Index of the tip to show now, advancing every few seconds while `running`. */
export function useRotatingIndex(count: number, running: boolean, everyMs = ROTATE_EVERY_MS): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), everyMs);
    return () => clearInterval(timer);
  }, [count, running, everyMs]);
  return index;
}
