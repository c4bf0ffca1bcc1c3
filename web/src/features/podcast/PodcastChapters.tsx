import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { PodcastChapter } from "@beannote/contract";
import { MathText } from "../../components/MathText";
import { formatTime } from "./podcast-time";

interface Props {
  chapters: PodcastChapter[];
  current: number;
  onSeek: (seconds: number) => void;
}

/** The episode's chapters: where each starts; the one playing is marked; a click plays from there. */
export function PodcastChapters({ chapters, current, onSeek }: Props) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  // On a phone the chapters are a row of chips: keep the one playing in view (sideways only).
  useEffect(() => {
    const row = list.current;
    const chip = row?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!row || !chip || row.scrollWidth <= row.clientWidth) return;
    const left = chip.offsetLeft - row.offsetLeft - 16;
    if (left < row.scrollLeft || left + chip.offsetWidth > row.scrollLeft + row.clientWidth)
      row.scrollTo({ left, behavior: "smooth" });
  }, [current]);
  return (
    <nav
      className="podcast-chapters"
      aria-label={t("podcast.player.chapters")}
      data-testid="podcast-chapters"
    >
      <div className="podcast-section-title">{t("podcast.player.chapters")}</div>
      <ol ref={list} className="podcast-chapters__list">
        {chapters.map((chapter) => (
          <li key={chapter.index}>
            <button
              type="button"
              className={`podcast-chapter${chapter.index === current ? " podcast-chapter--current" : ""}`}
              aria-current={chapter.index === current ? "true" : undefined}
              onClick={() => onSeek(chapter.start)}
              data-testid="podcast-chapter"
            >
              <span className="podcast-chapter__time">{formatTime(chapter.start)}</span>
              <span className="podcast-chapter__title">
                <MathText text={chapter.title} inline />
              </span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
