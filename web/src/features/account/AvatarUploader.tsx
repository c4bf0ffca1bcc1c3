import { useCallback, useState } from "react";
import { Avatar, Button, Upload } from "antd";
import { CameraOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { PORTRAIT_MAX_BYTES } from "@beannote/contract/limits";
import { toast } from "../../components/toast-store";
import { AvatarCropModal } from "./AvatarCropModal";
import "./account.css";

const ACCEPT = "image/jpeg,image/png,image/webp";

/** Avatar with a change button: pick a picture, crop it square, upload (POST /upload/portrait). */
export function AvatarUploader({
  src,
  name,
  onUploaded,
}: {
  src: string;
  name: string;
  onUploaded: (iconUrl: string) => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const handleClose = useCallback(() => setFile(null), []);

  const handlePick = (picked: File) => {
    if (!ACCEPT.split(",").includes(picked.type)) toast.error(t("settings.avatarTypeError"));
    // The crop re-encodes the picture, so only absurdly large source files are refused.
    else if (picked.size > PORTRAIT_MAX_BYTES * 10) toast.error(t("settings.avatarSizeError"));
    else setFile(picked);
    return false;
  };

  return (
    <div className="avatar-uploader">
      <Avatar
        src={src || undefined}
        alt={t("settings.avatar")}
        size={72}
        className="user-avatar avatar-uploader__img"
      >
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <div>
        <Upload accept={ACCEPT} showUploadList={false} beforeUpload={handlePick} maxCount={1}>
          <Button icon={<CameraOutlined />}>{t("settings.changeAvatar")}</Button>
        </Upload>
        <div className="muted avatar-uploader__hint">{t("settings.avatarHint")}</div>
      </div>
      <AvatarCropModal
        file={file}
        onClose={handleClose}
        onUploaded={(url) => {
          setFile(null);
          onUploaded(url);
        }}
      />
    </div>
  );
}
