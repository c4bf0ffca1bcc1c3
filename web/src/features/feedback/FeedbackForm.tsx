import { useEffect, useState } from "react";
import { Button, Card, Form, Input, Radio, Result } from "antd";
import { MailOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { FEEDBACK_SUGGESTION_MAX } from "@beannote/contract/feedback";
import { FEEDBACK_TYPES, type FeedbackType } from "@beannote/contract/limits";
import { isApiError } from "../../api/api-error";
import { toast } from "../../components/toast-store";
import { errorMessage } from "../../i18n/error-message";
import { useMe } from "../account/session";
import { emailRules } from "../auth/validation";
import { feedbackApi } from "./api";
import { ImagePicker, type PickedImage } from "./ImagePicker";
import "./feedback.css";

interface Values {
  type: FeedbackType;
  suggestion: string;
  email: string;
}

/** Which field a server error belongs to, so it is shown there. */
const FIELD_OF: Partial<Record<string, keyof Values | "images">> = {
  FEEDBACK_TYPE_REQUIRED: "type",
  FEEDBACK_SUGGESTION_REQUIRED: "suggestion",
  FEEDBACK_SUGGESTION_TOO_LONG: "suggestion",
  EMAIL_INVALID: "email",
  FEEDBACK_IMAGE_REQUIRED: "images",
  FEEDBACK_IMAGES_TOO_MANY: "images",
  IMAGE_NOT_JPG_PNG: "images",
  IMAGE_INVALID: "images",
  IMAGE_TOO_LARGE: "images",
};

/** Feedback (spec §3, §5): type, text with its counter, 1–6 screenshots and a contact e-mail. */
export function FeedbackForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { data: user } = useMe();
  const [images, setImages] = useState<PickedImage[]>([]);
  const [imagesError, setImagesError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  // E-mail prefilled from the account once it is known (and not overwritten once typed in).
  useEffect(() => {
    if (user?.mailAccount && !form.getFieldValue("email")) form.setFieldValue("email", user.mailAccount);
  }, [user?.mailAccount, form]);

  const handleImages = (next: PickedImage[]) => {
    setImages(next);
    if (next.length > 0) setImagesError(null);
  };

  const handleFinish = async (values: Values) => {
    if (images.length === 0) return setImagesError(t("feedback.errors.imageRequired"));
    setSending(true);
    try {
      const uploaded = await feedbackApi.uploadImages(images.map((image) => image.file));
      await feedbackApi.submit({
        type: values.type,
        suggestion: values.suggestion,
        email: values.email,
        images: uploaded.images.map((image) => image.imageId),
      });
      toast.success(t("feedback.submitted"));
      setSent(true);
      form.setFieldValue("suggestion", "");
      setImages([]);
    } catch (error) {
      const field = isApiError(error) && error.code ? FIELD_OF[error.code] : undefined;
      if (field === "images") setImagesError(errorMessage(error, t));
      else if (field) form.setFields([{ name: field, errors: [errorMessage(error, t)] }]);
      toast.error(t("feedback.failed"), errorMessage(error, t));
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <Card>
        <Result
          status="success"
          title={t("feedback.submitted")}
          subTitle={t("feedback.submittedHint")}
          extra={
            <Button type="primary" onClick={() => setSent(false)} data-testid="feedback-again">
              {t("feedback.sendAnother")}
            </Button>
          }
          data-testid="feedback-sent"
        />
      </Card>
    );
  }

  return (
    <Card>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ type: "usage_bug", email: user?.mailAccount ?? "" }}
        onFinish={(values) => void handleFinish(values)}
        onFinishFailed={() => images.length === 0 && setImagesError(t("feedback.errors.imageRequired"))}
        disabled={sending}
        data-testid="feedback-form"
      >
        <Form.Item name="type" label={t("feedback.type")} rules={[{ required: true }]}>
          <Radio.Group
            className="feedback-types"
            options={FEEDBACK_TYPES.map((value) => ({ value, label: t(`feedback.types.${value}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="suggestion"
          label={t("feedback.suggestion")}
          rules={[
            { required: true, whitespace: true, message: t("feedback.errors.suggestionRequired") },
            { max: FEEDBACK_SUGGESTION_MAX, message: t("errors.code.FEEDBACK_SUGGESTION_TOO_LONG") },
          ]}
        >
          <Input.TextArea
            rows={6}
            showCount
            maxLength={FEEDBACK_SUGGESTION_MAX}
            placeholder={t("feedback.suggestionPlaceholder")}
            data-testid="feedback-suggestion"
          />
        </Form.Item>
        <Form.Item
          label={t("feedback.images")}
          required
          extra={t("feedback.imagesHint")}
          validateStatus={imagesError ? "error" : undefined}
          help={imagesError ?? undefined}
        >
          <ImagePicker value={images} onChange={handleImages} disabled={sending} />
        </Form.Item>
        <Form.Item name="email" label={t("feedback.email")} rules={emailRules(t)}>
          <Input
            prefix={<MailOutlined />}
            type="email"
            autoComplete="email"
            inputMode="email"
            data-testid="feedback-email"
          />
        </Form.Item>
        <Button
          type="primary"
          size="large"
          block
          htmlType="submit"
          loading={sending}
          data-testid="feedback-submit"
        >
          {t("feedback.submit")}
        </Button>
      </Form>
    </Card>
  );
}
