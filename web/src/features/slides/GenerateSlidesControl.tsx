import { useState } from "react";
import { Button, InputNumber, Modal, Popover, Space, Tooltip } from "antd";
import { SettingOutlined, ThunderboltOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { GenerateSlidesRequest } from "@beannote/contract";
import { SLIDES_MAX, SLIDES_MIN } from "@beannote/contract/slides";

interface Props {
  /** A deck exists: generating replaces it (after asking). */
  hasDeck: boolean;
  pending: boolean;
  onGenerate: (request: GenerateSlidesRequest) => void;
  primary?: boolean;
}

/** "Generate slides" with its one setting beside it: how many slides at most (default: the note decides). */
export function GenerateSlidesControl({ hasDeck, pending, onGenerate, primary = true }: Props) {
  const { t } = useTranslation();
  const [maxSlides, setMaxSlides] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const handleGenerate = () => {
    setOpen(false);
    const request = maxSlides ? { maxSlides } : {};
    if (!hasDeck) return onGenerate(request);
    Modal.confirm({
      title: t("slides.generate.replaceTitle"),
      content: t("slides.generate.replaceBody"),
      okText: t("slides.generate.regenerate"),
      cancelText: t("common.cancel"),
      onOk: () => onGenerate(request),
    });
  };
  const settings = (
    <div className="generate-settings" data-testid="slides-settings">
      <label className="generate-settings__row">
        <span>{t("slides.generate.maxSlides")}</span>
        <InputNumber
          min={SLIDES_MIN}
          max={SLIDES_MAX}
          precision={0}
          value={maxSlides}
          onChange={(value) => setMaxSlides(value)}
          placeholder={t("slides.generate.auto")}
          data-testid="slides-max"
        />
      </label>
      <div className="muted generate-settings__hint">
        {t("slides.generate.maxHint", { min: SLIDES_MIN, max: SLIDES_MAX })}
      </div>
    </div>
  );
  return (
    <Space.Compact>
      <Button
        type={primary ? "primary" : "default"}
        icon={<ThunderboltOutlined />}
        loading={pending}
        onClick={handleGenerate}
        data-testid="slides-generate"
      >
        {hasDeck ? t("slides.generate.regenerate") : t("slides.generate.button")}
      </Button>
      <Popover content={settings} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight">
        <Tooltip title={t("slides.generate.settings")}>
          <Button
            type={primary ? "primary" : "default"}
            icon={<SettingOutlined />}
            aria-label={t("slides.generate.settings")}
            data-testid="slides-settings-open"
          />
        </Tooltip>
      </Popover>
    </Space.Compact>
  );
}
