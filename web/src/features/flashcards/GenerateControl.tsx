import { useState } from "react";
import { Button, Checkbox, InputNumber, Popover, Space, Tooltip } from "antd";
import { SettingOutlined, ThunderboltOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { GenerateFlashcardsRequest } from "@beannote/contract";
import { FLASHCARD_GENERATE_MAX, FLASHCARD_GENERATE_MIN } from "@beannote/contract/flashcards";

interface Props {
  /** The deck already has cards: offer "replace" and say "more". */
  hasCards: boolean;
  pending: boolean;
  onGenerate: (request: GenerateFlashcardsRequest) => void;
  primary?: boolean;
  /** In a toolbar on a phone: the label is only read out, the icon shows. */
  compact?: boolean;
}

/** "Generate flashcards" with its settings beside it: how many cards (default: the note decides), replace. */
export function GenerateControl({ hasCards, pending, onGenerate, primary = true, compact = false }: Props) {
  const { t } = useTranslation();
  const [count, setCount] = useState<number | null>(null);
  const [replace, setReplace] = useState(false);
  const [open, setOpen] = useState(false);

  const request = (): GenerateFlashcardsRequest => ({
    ...(count ? { count } : {}),
    ...(hasCards && replace ? { replace: true } : {}),
  });
  const handleGenerate = () => {
    setOpen(false);
    onGenerate(request());
  };

  const settings = (
    <div className="generate-settings" data-testid="generate-settings">
      <label className="generate-settings__row">
        <span>{t("flashcards.generate.count")}</span>
        <InputNumber
          min={FLASHCARD_GENERATE_MIN}
          max={FLASHCARD_GENERATE_MAX}
          precision={0}
          value={count}
          onChange={(value) => setCount(value)}
          placeholder={t("flashcards.generate.countAuto")}
          data-testid="generate-count"
        />
      </label>
      <div className="muted generate-settings__hint">
        {t("flashcards.generate.countHint", { min: FLASHCARD_GENERATE_MIN, max: FLASHCARD_GENERATE_MAX })}
      </div>
      {hasCards ? (
        <Checkbox
          checked={replace}
          onChange={(e) => setReplace(e.target.checked)}
          data-testid="generate-replace"
        >
          {t("flashcards.generate.replace")}
        </Checkbox>
      ) : null}
      {hasCards && replace ? (
        <div className="generate-settings__warn">{t("flashcards.generate.replaceWarning")}</div>
      ) : null}
      <Button type="primary" block onClick={handleGenerate} loading={pending}>
        {hasCards ? t("flashcards.generate.more") : t("flashcards.generate.action")}
      </Button>
    </div>
  );

  return (
    <Space.Compact>
      <Button
        type={primary ? "primary" : "default"}
        size={primary ? "large" : "middle"}
        icon={<ThunderboltOutlined />}
        loading={pending}
        onClick={handleGenerate}
        data-testid="generate-flashcards"
      >
        <span className={compact ? "flashcards-toolbar__label" : undefined}>
          {hasCards ? t("flashcards.generate.more") : t("flashcards.generate.action")}
        </span>
      </Button>
      <Popover
        trigger="click"
        open={open}
        onOpenChange={setOpen}
        content={settings}
        title={t("flashcards.generate.settings")}
        placement="bottomRight"
      >
        <Tooltip title={t("flashcards.generate.settings")} open={open ? false : undefined}>
          <Button
            type={primary ? "primary" : "default"}
            size={primary ? "large" : "middle"}
            icon={<SettingOutlined />}
            aria-label={t("flashcards.generate.settings")}
            data-testid="generate-settings-toggle"
          />
        </Tooltip>
      </Popover>
    </Space.Compact>
  );
}
