import { useCallback, useEffect, useRef, useState } from "react";
import { Button, Dropdown, Popconfirm, Space, Tooltip } from "antd";
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FullscreenOutlined,
  LeftOutlined,
  RightOutlined,
} from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { Citation, SlideDeck, SlideExportFormat } from "@beannote/contract";
import { CitationButton } from "../artefacts/CitationButton";
import { PresenterView } from "./PresenterView";
import { SlideEditorModal, type SlideText } from "./SlideEditorModal";
import { SlideStage } from "./SlideStage";
import { MathText } from "../../components/MathText";
import { useSlideKeys } from "./use-slide-keys";

interface Props {
  deck: SlideDeck;
  sourceNames: string[];
  saving: boolean;
  onSave: (
    slides: { slideId: string; title: string; bullets: string[]; notes: string }[],
  ) => Promise<unknown>;
  onExport: (format: SlideExportFormat) => void;
  exporting: SlideExportFormat | null;
  onCite: (citation: Citation) => void;
  /** The generate control, shown in the toolbar. */
  generateControl: React.ReactNode;
}

/** The deck: a 16:9 stage, thumbnails, keys, presenting, editing, reordering, deleting and downloads. */
export function SlideViewer({
  deck,
  sourceNames,
  saving,
  onSave,
  onExport,
  exporting,
  onCite,
  generateControl,
}: Props) {
  const { t } = useTranslation();
  const slides = deck.slides;
  const [index, setIndex] = useState(0);
  const [presenting, setPresenting] = useState(false);
  const [editing, setEditing] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const thumbs = useRef<HTMLDivElement>(null);
  const current = Math.min(index, slides.length - 1);
  const slide = slides[current]!;

  const step = useCallback(
    (delta: number) => setIndex((i) => Math.max(0, Math.min(slides.length - 1, i + delta))),
    [slides.length],
  );
  const go = useCallback(
    (where: "first" | "last") => setIndex(where === "first" ? 0 : slides.length - 1),
    [slides.length],
  );
  useSlideKeys(root, !editing && !presenting, step, go);

  useEffect(() => {
    thumbs.current
      ?.querySelector(`[data-index="${current}"]`)
      ?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [current]);

  const asEdits = () =>
    slides.map((s) => ({ slideId: s.slideId, title: s.title, bullets: s.bullets, notes: s.notes }));
  const move = async (delta: number) => {
    const edits = asEdits();
    const to = current + delta;
    if (to < 0 || to >= edits.length) return;
    [edits[current], edits[to]] = [edits[to]!, edits[current]!];
    await onSave(edits);
    setIndex(to);
  };
  const remove = async () => {
    await onSave(asEdits().filter((_, i) => i !== current));
    setIndex(Math.max(0, current - 1));
  };
  const saveText = async (text: SlideText) => {
    await onSave(asEdits().map((e, i) => (i === current ? { ...e, ...text } : e)));
    setEditing(false);
  };

  const sourceName = slide.citation ? sourceNames[slide.citation.source - 1] : undefined;
  return (
    <div className="slide-viewer" ref={root} data-testid="slide-viewer">
      <div className="slide-viewer__toolbar">
        <Space wrap size={6}>
          <Button
            icon={<FullscreenOutlined />}
            type="primary"
            onClick={() => setPresenting(true)}
            data-testid="slides-present"
          >
            {t("slides.present")}
          </Button>
          <Dropdown
            menu={{
              items: [
                { key: "pptx", label: t("slides.downloadPptx") },
                {
                  key: "pdf",
                  label: deck.exports.pdf ? t("slides.downloadPdf") : t("slides.pdfUnavailable"),
                  disabled: !deck.exports.pdf,
                },
              ],
              onClick: ({ key }) => onExport(key as SlideExportFormat),
            }}
          >
            <Button icon={<DownloadOutlined />} loading={exporting !== null} data-testid="slides-download">
              {t("slides.download")}
            </Button>
          </Dropdown>
          {generateControl}
        </Space>
      </div>

      <div className="slide-viewer__body">
        <div className="slide-viewer__thumbs" ref={thumbs} role="listbox" aria-label={t("slides.thumbnails")}>
          {slides.map((s, i) => (
            <button
              type="button"
              key={s.slideId}
              data-index={i}
              role="option"
              aria-selected={i === current}
              className={`slide-thumb${i === current ? " slide-thumb--active" : ""}`}
              onClick={() => setIndex(i)}
              data-testid="slide-thumb"
            >
              <span className="slide-thumb__number">{i + 1}</span>
              <SlideStage slide={s} small />
            </button>
          ))}
        </div>

        <div className="slide-viewer__main">
          <div
            className="slide-viewer__stage"
            aria-live="polite"
            data-testid="slide-stage"
            data-index={current}
          >
            <SlideStage slide={slide} />
          </div>
          <div className="slide-viewer__nav">
            <Tooltip title={t("slides.previous")}>
              <Button
                shape="circle"
                icon={<LeftOutlined />}
                onClick={() => step(-1)}
                disabled={current === 0}
                aria-label={t("slides.previous")}
                aria-keyshortcuts="ArrowLeft"
                data-testid="slide-previous"
              />
            </Tooltip>
            <span
              className="slide-viewer__counter"
              data-testid="slide-counter"
              aria-label={t("slides.counter", { n: current + 1, total: slides.length })}
            >
              {current + 1} / {slides.length}
            </span>
            <Tooltip title={t("slides.next")}>
              <Button
                shape="circle"
                icon={<RightOutlined />}
                onClick={() => step(1)}
                disabled={current >= slides.length - 1}
                aria-label={t("slides.next")}
                aria-keyshortcuts="ArrowRight Space"
                data-testid="slide-next"
              />
            </Tooltip>
            {slide.citation ? (
              <CitationButton citation={slide.citation} sourceName={sourceName} onOpen={onCite} />
            ) : null}
            <span className="slide-viewer__edit">
              <Tooltip title={t("slides.moveEarlier")}>
                <Button
                  size="small"
                  icon={<ArrowLeftOutlined />}
                  disabled={current === 0 || saving}
                  onClick={() => void move(-1)}
                  aria-label={t("slides.moveEarlier")}
                  data-testid="slide-move-earlier"
                />
              </Tooltip>
              <Tooltip title={t("slides.moveLater")}>
                <Button
                  size="small"
                  icon={<ArrowRightOutlined />}
                  disabled={current >= slides.length - 1 || saving}
                  onClick={() => void move(1)}
                  aria-label={t("slides.moveLater")}
                  data-testid="slide-move-later"
                />
              </Tooltip>
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing(true)}
                data-testid="slide-edit"
              >
                {t("slides.editSlide")}
              </Button>
              <Popconfirm
                title={t("slides.deleteConfirm")}
                okText={t("slides.delete")}
                okButtonProps={{ danger: true }}
                cancelText={t("common.cancel")}
                disabled={slides.length <= 1}
                onConfirm={() => remove()}
              >
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={slides.length <= 1 || saving}
                  aria-label={t("slides.delete")}
                  data-testid="slide-delete"
                />
              </Popconfirm>
            </span>
          </div>
          <div className="slide-viewer__hint muted">{t("slides.keysHint")}</div>
          <section className="slide-viewer__notes" aria-label={t("slides.notes")}>
            <div className="slide-viewer__notes-label">{t("slides.notes")}</div>
            {/* long notes scroll: focusable, so that the keyboard scrolls them too */}
            <div className="slide-viewer__notes-text" data-testid="slide-notes" tabIndex={0}>
              {slide.notes ? (
                <MathText text={slide.notes} />
              ) : (
                <span className="muted">{t("slides.noNotes")}</span>
              )}
            </div>
          </section>
        </div>
      </div>

      {presenting ? (
        <PresenterView slides={slides} index={current} onStep={step} onClose={() => setPresenting(false)} />
      ) : null}
      <SlideEditorModal
        slide={editing ? slide : null}
        saving={saving}
        onSave={(text) => void saveText(text)}
        onClose={() => setEditing(false)}
      />
    </div>
  );
}
