import { useState } from "react";
import { Alert, Button } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { NoteDetail, PodcastEpisode } from "@beannote/contract";
import { SourceDrawer } from "../artefacts/SourceDrawer";
import type { SourcePosition } from "../source-viewer/SourceViewer";
import { PodcastChapters } from "./PodcastChapters";
import { PodcastPlayer } from "./PodcastPlayer";
import { PodcastTranscript } from "./PodcastTranscript";
import { chapterAt, formatTime, lineAt } from "./podcast-time";
import { useAudio } from "./use-audio";

interface Props {
  note: Pick<NoteDetail, "sources">;
  episode: PodcastEpisode;
  /** The generate control (length and "make again"), or null while a generation runs. */
  generateControl: React.ReactNode;
  /** Asks the server for fresh signed links (after the audio failed to load). */
  onReload: () => void;
}

/** An episode: the player, its chapters and the transcript that follows the audio. */
export function PodcastEpisodeView({ note, episode, generateControl, onReload }: Props) {
  const { t } = useTranslation();
  const audio = useAudio();
  const [viewer, setViewer] = useState<SourcePosition | null>(null);
  // The link is taken once per episode: a refetch near a link window's end must not restart the audio.
  const [src, setSrc] = useState({ podcastId: episode.podcastId, url: episode.audioUrl });
  if (src.podcastId !== episode.podcastId) setSrc({ podcastId: episode.podcastId, url: episode.audioUrl });
  const current = lineAt(episode.lines, audio.time);
  const chapter = chapterAt(episode.chapters, audio.time);

  const handleRetryAudio = () => {
    const at = audio.time;
    setSrc({ podcastId: episode.podcastId, url: episode.audioUrl });
    onReload();
    audio.ref.current?.load();
    audio.seek(at);
  };

  return (
    <div className="podcast-episode">
      <div className="podcast-head">
        <div className="podcast-head__text">
          <div className="podcast-head__title break-anywhere">{episode.title}</div>
          <div className="muted podcast-head__meta">
            {t("podcast.meta", {
              duration: formatTime(episode.duration),
              count: episode.chapters.length,
            })}{" "}
            · {t(`podcast.voices.${episode.voices}`)}
          </div>
        </div>
        <div className="podcast-head__actions">
          {generateControl}
          <Button
            icon={<DownloadOutlined />}
            href={episode.downloadUrl}
            download
            data-testid="podcast-download"
          >
            {t("podcast.download")}
          </Button>
        </div>
      </div>
      <audio ref={audio.ref} src={src.url} preload="metadata" data-testid="podcast-audio" />
      {audio.failed ? (
        <Alert
          type="warning"
          showIcon
          title={t("podcast.player.audioFailed")}
          action={<Button onClick={handleRetryAudio}>{t("common.retry")}</Button>}
        />
      ) : null}
      <PodcastPlayer audio={audio} duration={episode.duration} />
      <div className="podcast-body">
        <PodcastChapters
          chapters={episode.chapters}
          current={chapter}
          onSeek={(at) => audio.seek(at, true)}
        />
        <PodcastTranscript
          episode={episode}
          sources={note.sources}
          current={current}
          onSeek={(at) => audio.seek(at, true)}
          onCite={setViewer}
        />
      </div>
      <SourceDrawer sources={note.sources} at={viewer} onClose={() => setViewer(null)} />
    </div>
  );
}
