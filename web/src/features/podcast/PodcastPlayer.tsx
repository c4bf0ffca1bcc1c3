import { Button, Select, Slider, Tooltip } from "antd";
import { BackwardOutlined, ForwardOutlined, PauseCircleFilled, PlayCircleFilled } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { PODCAST_SKIP_SECONDS, PODCAST_SPEEDS } from "@beannote/contract/podcast";
import type { AudioControls } from "./use-audio";
import { formatTime } from "./podcast-time";

interface Props {
  audio: AudioControls;
  /** The episode's length from its script, until the audio's own is known. */
  duration: number;
}

/** Play/pause, ±15 s, the position slider with times, and the speed. */
export function PodcastPlayer({ audio, duration }: Props) {
  const { t } = useTranslation();
  const total = audio.duration || duration;
  return (
    <div className="podcast-player" data-testid="podcast-player">
      <div className="podcast-player__buttons">
        <Tooltip title={t("podcast.player.back")}>
          <Button
            shape="round"
            className="podcast-skip"
            icon={<BackwardOutlined />}
            aria-label={t("podcast.player.back")}
            onClick={() => audio.skip(-PODCAST_SKIP_SECONDS)}
            data-testid="podcast-back"
          >
            {PODCAST_SKIP_SECONDS}
          </Button>
        </Tooltip>
        <Button
          type="primary"
          shape="circle"
          className="podcast-player__play"
          icon={audio.playing ? <PauseCircleFilled /> : <PlayCircleFilled />}
          aria-label={audio.playing ? t("podcast.player.pause") : t("podcast.player.play")}
          aria-pressed={audio.playing}
          onClick={audio.toggle}
          data-testid="podcast-play"
        />
        <Tooltip title={t("podcast.player.forward")}>
          <Button
            shape="round"
            className="podcast-skip"
            // a mirror of the back button, so the two read apart at a glance (two round arrows looked alike)
            icon={<ForwardOutlined />}
            iconPlacement="end"
            aria-label={t("podcast.player.forward")}
            onClick={() => audio.skip(PODCAST_SKIP_SECONDS)}
            data-testid="podcast-forward"
          >
            {PODCAST_SKIP_SECONDS}
          </Button>
        </Tooltip>
      </div>
      <div className="podcast-player__track">
        <span className="podcast-player__time" data-testid="podcast-time">
          {formatTime(audio.time)}
        </span>
        <Slider
          className="podcast-player__slider"
          min={0}
          max={Math.max(1, total)}
          step={0.1}
          value={Math.min(audio.time, total)}
          tooltip={{ formatter: (value) => formatTime(value ?? 0) }}
          onChange={(value) => audio.seek(value)}
          ariaLabelForHandle={t("podcast.player.seek")}
        />
        <span className="podcast-player__time muted">{formatTime(total)}</span>
      </div>
      <Select
        className="podcast-player__speed"
        value={audio.rate}
        onChange={audio.setRate}
        aria-label={t("podcast.player.speed")}
        options={PODCAST_SPEEDS.map((speed) => ({ value: speed, label: `${speed}×` }))}
        data-testid="podcast-speed"
      />
    </div>
  );
}
