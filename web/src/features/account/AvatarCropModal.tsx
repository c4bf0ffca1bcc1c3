import { useEffect, useRef, useState, type PointerEvent } from "react";
import { Modal, Progress, Slider, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { accountsApi } from "../../api";
import { toast } from "../../components/toast-store";
import { errorMessage } from "../../i18n/error-message";
import { centredCrop, clampCrop, drawCrop, type CropState } from "./crop-image";

const VIEWPORT = 260;
const OUTPUT = 512;

/** Crops a chosen picture to a square (drag + zoom, with a live preview) and uploads it. */
export function AvatarCropModal({
  file,
  onClose,
  onUploaded,
}: {
  file: File | null;
  onClose: () => void;
  onUploaded: (iconUrl: string) => void;
}) {
  const { t } = useTranslation();
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<CropState>({ zoom: 1, x: 0, y: 0 });
  const [progress, setProgress] = useState<number | null>(null);
  const preview = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number; start: CropState } | null>(null);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      setImage(img);
      setCrop(centredCrop(img.naturalWidth, img.naturalHeight, VIEWPORT));
    };
    img.onerror = () => {
      toast.error(t("settings.avatarReadError"));
      onClose();
    };
    img.src = url;
    return () => {
      URL.revokeObjectURL(url);
      setImage(null);
      setProgress(null);
    };
  }, [file, onClose, t]);

  useEffect(() => {
    if (image && preview.current)
      drawCrop(preview.current, image, crop, image.naturalWidth, image.naturalHeight, VIEWPORT);
  }, [image, crop]);

  const update = (next: CropState) =>
    image && setCrop(clampCrop(next, image.naturalWidth, image.naturalHeight, VIEWPORT));

  const handleZoom = (zoom: number) => {
    if (!image) return;
    // Zoom around the centre of the square.
    const ratio = zoom / crop.zoom;
    const c = VIEWPORT / 2;
    update({ zoom, x: c - (c - crop.x) * ratio, y: c - (c - crop.y) * ratio });
  };

  const handlePointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, start: crop };
  };
  const handlePointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    update({ zoom: d.start.zoom, x: d.start.x + e.clientX - d.x, y: d.start.y + e.clientY - d.y });
  };
  const handlePointerUp = () => {
    drag.current = null;
  };

  const handleUpload = async () => {
    if (!image) return;
    const canvas = document.createElement("canvas");
    canvas.width = OUTPUT;
    canvas.height = OUTPUT;
    drawCrop(canvas, image, crop, image.naturalWidth, image.naturalHeight, VIEWPORT);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
    if (!blob) return;
    setProgress(0);
    try {
      const { iconUrl } = await accountsApi.uploadPortrait(blob, setProgress);
      toast.success(t("settings.avatarSaved"));
      onUploaded(iconUrl);
    } catch (error) {
      toast.error(errorMessage(error, t));
      setProgress(null);
    }
  };

  const scale = image ? (VIEWPORT / Math.min(image.naturalWidth, image.naturalHeight)) * crop.zoom : 1;

  return (
    <Modal
      open={Boolean(file)}
      title={t("settings.crop.title")}
      onCancel={onClose}
      onOk={handleUpload}
      okText={t("settings.crop.confirm")}
      okButtonProps={{ loading: progress !== null, disabled: !image }}
      destroyOnHidden
      width={520}
    >
      <div className="avatar-crop">
        <div
          className="avatar-crop__viewport"
          style={{ width: VIEWPORT, height: VIEWPORT }}
          onPointerDown={handlePointerDown}
          onPointerMove={handlePointerMove}
          onPointerUp={handlePointerUp}
          onPointerCancel={handlePointerUp}
          data-testid="avatar-crop-viewport"
        >
          {image ? (
            <img
              src={image.src}
              alt=""
              draggable={false}
              style={{
                width: image.naturalWidth * scale,
                height: image.naturalHeight * scale,
                transform: `translate(${crop.x}px, ${crop.y}px)`,
              }}
            />
          ) : null}
        </div>
        <div className="avatar-crop__side">
          <Typography.Text type="secondary">{t("settings.crop.preview")}</Typography.Text>
          <canvas
            ref={preview}
            width={96}
            height={96}
            className="avatar-crop__preview"
            data-testid="avatar-crop-preview"
          />
          <canvas
            width={48}
            height={48}
            className="avatar-crop__preview avatar-crop__preview--small"
            ref={(el) => {
              if (el && image) drawCrop(el, image, crop, image.naturalWidth, image.naturalHeight, VIEWPORT);
            }}
          />
        </div>
      </div>
      <Typography.Paragraph type="secondary" className="avatar-crop__hint">
        {t("settings.crop.hint")}
      </Typography.Paragraph>
      <div className="avatar-crop__zoom">
        <span>{t("settings.crop.zoom")}</span>
        <Slider
          min={1}
          max={4}
          step={0.01}
          value={crop.zoom}
          onChange={handleZoom}
          tooltip={{ open: false }}
          ariaLabelForHandle={t("settings.crop.zoom")}
        />
      </div>
      {progress !== null ? (
        <Progress percent={progress} size="small" aria-label={t("progress.percentLabel")} />
      ) : null}
    </Modal>
  );
}
