import { useRef, useState, type DragEvent } from "react";
import { InboxOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { FILE_ACCEPT } from "@beannote/contract/limits";

/**
 * Click or drop files. Our own zone rather than antd's Dragger: that one silently drops files outside
 * `accept`, and the student must be told "unsupported format" instead.
 */
export function FileDropZone({
  multiple,
  maxMb,
  disabled,
  onFiles,
}: {
  multiple: boolean;
  maxMb: number;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length) onFiles(multiple ? files : files.slice(0, 1));
  };
  return (
    <div
      className={`drop-zone${over ? " drop-zone--over" : ""}${disabled ? " drop-zone--disabled" : ""}`}
      role="button"
      tabIndex={0}
      aria-disabled={disabled}
      onClick={() => !disabled && input.current?.click()}
      onKeyDown={(e) => {
        if ((e.key === "Enter" || e.key === " ") && !disabled) {
          e.preventDefault();
          input.current?.click();
        }
      }}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={handleDrop}
    >
      <input
        ref={input}
        type="file"
        style={{ display: "none" }}
        accept={FILE_ACCEPT}
        multiple={multiple}
        data-testid="file-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
      <InboxOutlined className="drop-zone__icon" />
      <div className="drop-zone__text">{t("newNote.upload.drop")}</div>
      <div className="drop-zone__hint">{t("newNote.upload.hint", { size: maxMb })}</div>
    </div>
  );
}
