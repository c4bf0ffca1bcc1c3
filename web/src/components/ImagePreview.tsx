import { useEffect, useRef, useState, type PointerEvent, type WheelEvent } from "react";
import { createPortal } from "react-dom";
import { Button, Tooltip } from "antd";
import {
  CloseOutlined,
  LeftOutlined,
  RightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useScrollLock } from "./use-scroll-lock";
import "./image-preview.css";

/** Zoom range of spec §9. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;
const ZOOM_STEP = 0.5;

export const clampZoom = (zoom: number) =>
  Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(zoom * 100) / 100));

interface Props {
  open: boolean;
  images: { src: string; alt: string }[];
  /** The image shown first. */
  index?: number;
  onClose(): void;
}

/**
 * Full-window image preview: zoom 1–4 (buttons, wheel, double click, keys + and -), drag to pan when zoomed,
 * previous/next between several images, Escape or the backdrop to close; the page does not scroll meanwhile.
 */
export function ImagePreview({ open, images, index = 0, onClose }: Props) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(index);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null);
  useScrollLock(open);

  useEffect(() => {
    if (open) setCurrent(index);
  }, [open, index]);
  useEffect(() => {
    setZoom(1);
    setOffset({ x: 0, y: 0 });
  }, [current, open]);

  const count = images.length;
  const go = (delta: number) => count > 1 && setCurrent((c) => (c + delta + count) % count);
  const zoomTo = (next: number) => {
    const value = clampZoom(next);
    setZoom(value);
    if (value === 1) setOffset({ x: 0, y: 0 });
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
      else if (event.key === "ArrowLeft") go(-1);
      else if (event.key === "ArrowRight") go(1);
      else if (event.key === "+" || event.key === "=") setZoom((z) => clampZoom(z + ZOOM_STEP));
      else if (event.key === "-") setZoom((z) => clampZoom(z - ZOOM_STEP));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  if (!open || count === 0) return null;
  const image = images[Math.min(current, count - 1)]!;

  const handleWheel = (event: WheelEvent) => zoomTo(zoom + (event.deltaY < 0 ? ZOOM_STEP : -ZOOM_STEP));
  const handlePointerDown = (event: PointerEvent<HTMLImageElement>) => {
    if (zoom === 1) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, ox: offset.x, oy: offset.y };
  };
  const handlePointerMove = (event: PointerEvent) => {
    const start = drag.current;
    if (start) setOffset({ x: start.ox + event.clientX - start.x, y: start.oy + event.clientY - start.y });
  };

  return createPortal(
    <div
      className="image-preview"
      role="dialog"
      aria-modal="true"
      aria-label={t("imagePreview.title")}
      data-testid="image-preview"
      data-zoom={zoom}
      onClick={(event) => event.target === event.currentTarget && onClose()}
      onWheel={handleWheel}
    >
      <img
        className="image-preview__image"
        src={image.src}
        alt={image.alt}
        draggable={false}
        style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${zoom})` }}
        onDoubleClick={() => zoomTo(zoom === 1 ? 2 : 1)}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
      />
      <div className="image-preview__bar">
        <Tooltip title={t("imagePreview.zoomOut")}>
          <Button
            shape="circle"
            icon={<ZoomOutOutlined />}
            disabled={zoom <= ZOOM_MIN}
            onClick={() => zoomTo(zoom - ZOOM_STEP)}
            aria-label={t("imagePreview.zoomOut")}
            data-testid="zoom-out"
          />
        </Tooltip>
        <span className="image-preview__zoom" data-testid="zoom-level">
          {Math.round(zoom * 100)}%
        </span>
        <Tooltip title={t("imagePreview.zoomIn")}>
          <Button
            shape="circle"
            icon={<ZoomInOutlined />}
            disabled={zoom >= ZOOM_MAX}
            onClick={() => zoomTo(zoom + ZOOM_STEP)}
            aria-label={t("imagePreview.zoomIn")}
            data-testid="zoom-in"
          />
        </Tooltip>
        {count > 1 ? (
          <span className="image-preview__count">
            {t("imagePreview.position", { n: current + 1, total: count })}
          </span>
        ) : null}
      </div>
      <Button
        className="image-preview__close"
        shape="circle"
        icon={<CloseOutlined />}
        onClick={onClose}
        aria-label={t("common.close")}
        data-testid="preview-close"
      />
      {count > 1 ? (
        <>
          <Button
            className="image-preview__nav image-preview__nav--prev"
            shape="circle"
            icon={<LeftOutlined />}
            onClick={() => go(-1)}
            aria-label={t("imagePreview.previous")}
          />
          <Button
            className="image-preview__nav image-preview__nav--next"
            shape="circle"
            icon={<RightOutlined />}
            onClick={() => go(1)}
            aria-label={t("imagePreview.next")}
          />
        </>
      ) : null}
    </div>,
    document.body,
  );
}
