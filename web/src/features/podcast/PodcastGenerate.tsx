import { useState } from "react";
import { Button, Modal, Select, Space } from "antd";
import { CustomerServiceOutlined, ReloadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { PODCAST_LENGTHS, type PodcastLength } from "@beannote/contract/podcast";
import { formatTime } from "./podcast-time";

interface Props {
  /** An episode exists: the button makes a new one (after asking). */
  hasEpisode: boolean;
  pending: boolean;
  onGenerate: (length: PodcastLength) => void;
  initialLength?: PodcastLength;
  /** The episode there is: its length choice says how long it came out (the note's text sets that, not a promise). */
  current?: { length: PodcastLength; duration: number };
}

/** The length choice and the button that makes (or remakes) the episode. */
export function PodcastGenerate({
  hasEpisode,
  pending,
  onGenerate,
  initialLength = "standard",
  current,
}: Props) {
  const { t } = useTranslation();
  const [length, setLength] = useState<PodcastLength>(initialLength);
  const handleGenerate = () => {
    if (!hasEpisode) return onGenerate(length);
    Modal.confirm({
      title: t("podcast.generate.againTitle"),
      content: t("podcast.generate.againBody"),
      okText: t("podcast.generate.againOk"),
      cancelText: t("common.cancel"),
      onOk: () => onGenerate(length),
    });
  };
  return (
    // Wraps on a phone: a long length label in Russian or German leaves no room for the button beside it.
    <Space wrap size={8} className="podcast-generate">
      <Select
        value={length}
        onChange={setLength}
        size={hasEpisode ? "middle" : "large"}
        aria-label={t("podcast.generate.length")}
        popupMatchSelectWidth={false}
        options={PODCAST_LENGTHS.map((value) => ({
          value,
          label:
            current?.length === value ? (
              <span data-testid="podcast-length-now">
                {t(`podcast.lengths.${value}`)}
                <span className="muted">
                  {" "}
                  · {t("podcast.lengthNow", { time: formatTime(current.duration) })}
                </span>
              </span>
            ) : (
              t(`podcast.lengths.${value}`)
            ),
        }))}
        data-testid="podcast-length"
      />
      <Button
        type={hasEpisode ? "default" : "primary"}
        size={hasEpisode ? "middle" : "large"}
        icon={hasEpisode ? <ReloadOutlined /> : <CustomerServiceOutlined />}
        loading={pending}
        onClick={handleGenerate}
        data-testid="podcast-generate"
      >
        {hasEpisode ? t("podcast.generate.again") : t("podcast.generate.action")}
      </Button>
    </Space>
  );
}
