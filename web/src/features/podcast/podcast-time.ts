import type { PodcastChapter, PodcastLine } from "@beannote/contract";

/** "m:ss", or "h:mm:ss" past an hour. */
export function formatTime(seconds: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/**
 * The line being spoken at `time`: the last line that has started (so the pause after a line keeps it
 * lit until the next one begins); -1 before the first.
 */
export function lineAt(lines: Pick<PodcastLine, "start">[], time: number): number {
  let low = 0;
  let high = lines.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (lines[mid]!.start <= time + 0.05) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** The chapter playing at `time` (chapters cover the audio end to end). */
export function chapterAt(chapters: Pick<PodcastChapter, "start" | "end">[], time: number): number {
  const index = chapters.findIndex((c) => time >= c.start && time < c.end);
  return index >= 0 ? index : time <= 0 ? 0 : chapters.length - 1;
}
