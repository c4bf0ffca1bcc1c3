import { useRef, useState } from "react";
import { Button, Space, Tag, Typography } from "antd";
import { EyeOutlined, IdcardOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { STUDENT_ID_MAX_BYTES, type StudentStatus } from "@beannote/contract/student";
import { toast } from "../../components/toast-store";
import { ImagePreview } from "../../components/ImagePreview";
import { errorMessage } from "../../i18n/error-message";
import { beansApi, beansKeys } from "./api";
import { isJpgOrPng } from "./image-file";
import { useStudentStatus } from "./use-prices";
import "./beans.css";

const STATUS_COLORS: Record<StudentStatus, string> = {
  none: "default",
  pending: "processing",
  approved: "success",
  rejected: "error",
};

/** Settings' "education discount": status, the reason of a rejection, the ID upload and the student's own image. */
export function StudentDiscount() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: student, isPending, error } = useStudentStatus();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const hasImage = student !== undefined && student.status !== "none";
  const image = useQuery({
    queryKey: beansKeys.studentImage(student?.submittedAt ?? null),
    queryFn: async () => URL.createObjectURL(await beansApi.studentImage()),
    enabled: previewOpen && hasImage,
    staleTime: Infinity,
  });

  if (error) return <Typography.Text type="danger">{errorMessage(error, t)}</Typography.Text>;
  if (isPending || !student) return <span className="muted">{t("common.loading")}</span>;
  const status = student.status;

  const handleFile = async (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    if (!(await isJpgOrPng(file))) return toast.error(t("errors.code.IMAGE_NOT_JPG_PNG"));
    if (file.size > STUDENT_ID_MAX_BYTES) return toast.error(t("errors.code.STUDENT_ID_TOO_LARGE"));
    setUploading(true);
    try {
      const next = await beansApi.submitStudentId(file, file.name);
      queryClient.setQueriesData({ queryKey: beansKeys.student() }, next);
      toast.success(t("settings.student.submitted"));
    } catch (error) {
      toast.error(t("settings.student.failed"), errorMessage(error, t));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="student-discount" data-testid="student-discount" data-status={status}>
      <Space wrap size={[8, 4]}>
        <Tag color={STATUS_COLORS[status]} data-testid="student-status">
          {t(`settings.student.status.${status}`)}
        </Tag>
        {status === "approved" ? (
          <span className="student-discount__text">
            {t("settings.student.approvedText", { percent: student.discountPercent })}
          </span>
        ) : null}
      </Space>
      {status === "rejected" && student.reason ? (
        <Typography.Text type="danger" className="student-discount__reason" data-testid="student-reason">
          {t("settings.student.reason", { reason: student.reason })}
        </Typography.Text>
      ) : null}
      {status === "none" || status === "rejected" ? (
        <span className="muted student-discount__hint">
          {t("settings.student.hint", { percent: student.discountPercent })}
        </span>
      ) : null}
      {status === "pending" ? (
        <span className="muted student-discount__hint">{t("settings.student.pendingHint")}</span>
      ) : null}
      <Space wrap>
        {status !== "approved" ? (
          <Button
            icon={<IdcardOutlined />}
            loading={uploading}
            onClick={() => input.current?.click()}
            data-testid="student-upload"
          >
            {status === "none" ? t("settings.student.upload") : t("settings.student.uploadAgain")}
          </Button>
        ) : null}
        {hasImage ? (
          <Button type="link" icon={<EyeOutlined />} onClick={() => setPreviewOpen(true)}>
            {t("settings.student.view")}
          </Button>
        ) : null}
      </Space>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png"
        style={{ display: "none" }}
        data-testid="student-file"
        onChange={(event) => void handleFile(event.target.files?.[0])}
      />
      <ImagePreview
        open={previewOpen && Boolean(image.data)}
        images={image.data ? [{ src: image.data, alt: t("settings.student.imageAlt") }] : []}
        onClose={() => {
          setPreviewOpen(false);
          // The image's object URL is freed, and fetched again the next time it is opened.
          if (image.data) URL.revokeObjectURL(image.data);
          queryClient.removeQueries({ queryKey: beansKeys.studentImage(student.submittedAt) });
        }}
      />
    </div>
  );
}
