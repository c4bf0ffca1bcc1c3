import { useEffect, useMemo, useRef, useState } from "react";
import { Button } from "antd";
import { CloseOutlined, PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { FEEDBACK_IMAGES_MAX } from "@beannote/contract/feedback";
import { FEEDBACK_IMAGE_MAX_BYTES } from "@beannote/contract/limits";
import { ImagePreview } from "../../components/ImagePreview";
import { toast } from "../../components/toast-store";
import { isJpgOrPng } from "../beans/image-file";

export interface PickedImage {
  key: string;
  file: File;
  url: string;
}

let nextKey = 1;

interface Props {
  value: PickedImage[];
  onChange(images: PickedImage[]): void;
  disabled?: boolean;
}

/**
 * Screenshots for a feedback: JPG or PNG by their bytes, at most 2 MB each and 6 in all, shown as thumbnails
 * that open the zoomable preview, each with a remove button.
 */
export function ImagePicker({ value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<number | null>(null);
  const urls = useRef(new Set<string>());

  // Object URLs live as long as the picker: revoke the ones no longer shown, and all when it goes.
  useEffect(() => {
    const shown = new Set(value.map((image) => image.url));
    for (const url of urls.current) {
      if (!shown.has(url)) {
        URL.revokeObjectURL(url);
        urls.current.delete(url);
      }
    }
  }, [value]);
  useEffect(() => {
    const owned = urls.current;
    return () => owned.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const handleFiles = async (files: File[]) => {
    if (input.current) input.current.value = "";
    const added: PickedImage[] = [];
    for (const file of files) {
      if (value.length + added.length >= FEEDBACK_IMAGES_MAX) {
        toast.error(t("feedback.errors.tooMany", { max: FEEDBACK_IMAGES_MAX }));
        break;
      }
      if (!(await isJpgOrPng(file))) {
        toast.error(t("feedback.errors.imageType", { name: file.name }));
        continue;
      }
      if (file.size > FEEDBACK_IMAGE_MAX_BYTES) {
        toast.error(t("feedback.errors.imageSize", { name: file.name }));
        continue;
      }
      const url = URL.createObjectURL(file);
      urls.current.add(url);
      added.push({ key: `image-${nextKey++}`, file, url });
    }
    if (added.length) onChange([...value, ...added]);
  };

  const previewImages = useMemo(
    () => value.map((image, i) => ({ src: image.url, alt: t("feedback.imageAlt", { n: i + 1 }) })),
    [value, t],
  );

  return (
    <div className="image-picker" data-testid="image-picker">
      {value.map((image, i) => (
        <div className="image-picker__item" key={image.key} data-testid="picked-image">
          <button
            type="button"
            className="image-picker__thumb"
            onClick={() => setPreview(i)}
            aria-label={t("feedback.previewImage", { n: i + 1 })}
          >
            <img src={image.url} alt={t("feedback.imageAlt", { n: i + 1 })} />
          </button>
          <Button
            size="small"
            shape="circle"
            danger
            className="image-picker__remove"
            icon={<CloseOutlined />}
            disabled={disabled}
            onClick={() => onChange(value.filter((other) => other.key !== image.key))}
            aria-label={t("feedback.removeImage", { n: i + 1 })}
            data-testid="remove-image"
          />
        </div>
      ))}
      {value.length < FEEDBACK_IMAGES_MAX ? (
        <button
          type="button"
          className="image-picker__add"
          onClick={() => input.current?.click()}
          disabled={disabled}
          data-testid="add-image"
        >
          <PlusOutlined />
          <span>{t("feedback.addImage")}</span>
          <span className="image-picker__count">
            {value.length}/{FEEDBACK_IMAGES_MAX}
          </span>
        </button>
      ) : null}
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png"
        multiple
        style={{ display: "none" }}
        data-testid="image-input"
        onChange={(event) => void handleFiles([...(event.target.files ?? [])])}
      />
      <ImagePreview
        open={preview !== null}
        images={previewImages}
        index={preview ?? 0}
        onClose={() => setPreview(null)}
      />
    </div>
  );
}
