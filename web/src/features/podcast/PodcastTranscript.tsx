import { useEffect, useRef, useState } from "react";
import { Button } from "antd";
import { AimOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { Citation, NoteSource, PodcastEpisode } from "@beannote/contract";
import { CitationButton } from "../artefacts/CitationButton";
import { MathText } from "../../components/MathText";
import { formatTime } from "./podcast-time";

interface Props {
  episode: PodcastEpisode;
  sources: NoteSource[];
  /** Index of the line being spoken (-1 before the first). */
  current: number;
  onSeek: (seconds: number) => void;
  onCite: (citation: Citation) => void;
}

/**
 * The transcript: every line with its speaker, the one being spoken lit and kept in view while the
 * student does not scroll away (then "Follow the audio" brings it back); a click on a line plays it.
 */
export function PodcastTranscript({ episode, sources, current, onSeek, onCite }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [follow, setFollow] = useState(true);
  const programmatic = useRef(0);

  useEffect(() => {
    const container = box.current;
    const line = container?.querySelector<HTMLElement>(`[data-line="${current}"]`);
    if (!follow || !container || !line) return;
    const top =
      container.scrollTop +
      line.getBoundingClientRect().top -
      container.getBoundingClientRect().top -
      container.clientHeight / 3;
    if (Math.abs(container.scrollTop - top) < 4) return;
    programmatic.current = Date.now();
    container.scrollTo({ top, behavior: "smooth" });
  }, [current, follow]);

  // Scrolling by hand stops following; our own smooth scrolls (which fire scroll events) do not.
  const handleUserScroll = () => {
    if (Date.now() - programmatic.current > 800) setFollow(false);
  };

  const chapterTitles = new Map(episode.chapters.map((c) => [c.index, c.title]));
  return (
    <section className="podcast-transcript" aria-label={t("podcast.transcript.title")}>
      <div className="podcast-transcript__head">
        <div className="podcast-section-title">{t("podcast.transcript.title")}</div>
        {!follow ? (
          <Button
            size="small"
            icon={<AimOutlined />}
            onClick={() => setFollow(true)}
            data-testid="podcast-follow"
          >
            {t("podcast.transcript.follow")}
          </Button>
        ) : null}
      </div>
      <div
        ref={box}
        className="podcast-transcript__lines"
        onWheel={handleUserScroll}
        onTouchMove={handleUserScroll}
        data-testid="podcast-transcript"
      >
        {episode.lines.map((line, i) => {
          const name = line.speaker === "host" ? episode.hosts.host : episode.hosts.guest;
          const chapterStart = i === 0 || episode.lines[i - 1]!.chapter !== line.chapter;
          return (
            <div key={line.index}>
              {chapterStart ? (
                <div className="podcast-transcript__chapter">
                  <MathText text={chapterTitles.get(line.chapter) ?? ""} inline />
                </div>
              ) : null}
              <div
                className={`podcast-line podcast-line--${line.speaker}${i === current ? " podcast-line--current" : ""}`}
                data-line={i}
                data-testid="podcast-line"
                aria-current={i === current ? "true" : undefined}
              >
                <button
                  type="button"
                  className="podcast-line__body"
                  onClick={() => onSeek(line.start)}
                  title={t("podcast.transcript.playFrom")}
                >
                  <span className="podcast-line__speaker">
                    <span className="podcast-line__name">{name}</span>
                    <span className="podcast-line__role">
                      {t(line.speaker === "host" ? "podcast.transcript.host" : "podcast.transcript.guest")}
                    </span>
                    <span className="podcast-line__time">{formatTime(line.start)}</span>
                  </span>
                  <span className="podcast-line__text" lang={episode.language}>
                    <MathText text={line.text} />
                  </span>
                </button>
                {line.citation ? (
                  <CitationButton
                    citation={line.citation}
                    sourceName={sources.find((s) => s.index === line.citation!.source)?.fileName}
                    onOpen={onCite}
                  />
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
