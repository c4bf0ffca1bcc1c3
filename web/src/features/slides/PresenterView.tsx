import { useCallback, useEffect, useRef } from "react";
import { Button } from "antd";
import { CloseOutlined, LeftOutlined, RightOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { Slide } from "@beannote/contract";
import { SlideStage } from "./SlideStage";
import { MathText } from "../../components/MathText";
import { useSlideKeys } from "./use-slide-keys";

interface Props {
  slides: Slide[];
  index: number;
  onStep: (delta: number) => void;
  onClose: () => void;
}

/** Presenting: the slide as large as the screen allows, the speaker notes and the next slide beside it. */
export function PresenterView({ slides, index, onStep, onClose }: Props) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const slide = slides[index]!;
  const next = slides[index + 1];
  const go = useCallback(
    (where: "first" | "last") => onStep(where === "first" ? -slides.length : slides.length),
    [onStep, slides.length],
  );
  useSlideKeys(root, true, onStep, go);

  const close = useRef(onClose);
  close.current = onClose;
  // Once per presentation: re-running on a new onClose would leave and re-enter fullscreen on every step.
  useEffect(() => {
    const el = root.current;
    el?.focus();
    // Fullscreen when the browser allows it; the overlay covers the window either way.
    void el?.requestFullscreen?.().catch(() => undefined);
    const handleChange = () => {
      if (!document.fullscreenElement) close.current();
    };
    document.addEventListener("fullscreenchange", handleChange);
    return () => {
      document.removeEventListener("fullscreenchange", handleChange);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, []);

  return (
    <div
      className="slide-presenter"
      ref={root}
      tabIndex={-1}
      role="dialog"
      aria-label={t("slides.present")}
      data-testid="slide-presenter"
      onKeyDown={(e) => {
        if (e.key === "Escape") onClose();
      }}
    >
      <div className="slide-presenter__main">
        <SlideStage slide={slide} />
      </div>
      <aside className="slide-presenter__side">
        <div className="slide-presenter__bar">
          <Button
            icon={<LeftOutlined />}
            onClick={() => onStep(-1)}
            disabled={index === 0}
            aria-label={t("slides.previous")}
          />
          <span
            className="slide-presenter__counter"
            data-testid="presenter-counter"
            aria-label={t("slides.counter", { n: index + 1, total: slides.length })}
          >
            {index + 1} / {slides.length}
          </span>
          <Button
            icon={<RightOutlined />}
            onClick={() => onStep(1)}
            disabled={index >= slides.length - 1}
            aria-label={t("slides.next")}
          />
          <Button icon={<CloseOutlined />} onClick={onClose} data-testid="presenter-exit">
            {t("slides.exitPresent")}
          </Button>
        </div>
        <div className="slide-presenter__label">{t("slides.notes")}</div>
        <div className="slide-presenter__notes" data-testid="presenter-notes">
          {slide.notes ? (
            <MathText text={slide.notes} />
          ) : (
            <span className="muted">{t("slides.noNotes")}</span>
          )}
        </div>
        {next ? (
          <>
            <div className="slide-presenter__label">{t("slides.nextSlide")}</div>
            <div className="slide-presenter__next">
              <SlideStage slide={next} small />
            </div>
          </>
        ) : null}
      </aside>
    </div>
  );
}
