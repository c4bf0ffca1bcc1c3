import { Alert, Button, Card, Form, Input, Radio, Upload } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { FEEDBACK_TYPES } from "@beannote/contract/limits";
import { useMe } from "../../features/account/session";

/** Feedback (`/subOthers/pages/feedback`): the real form, switched off until its API ships. */
export function FeedbackPage() {
  const { t } = useTranslation();
  const { data: user } = useMe();
  return (
    <div className="page-stack narrow-page">
      <Alert
        type="info"
        showIcon
        title={t("feedback.unavailable")}
        description={t("feedback.unavailableHint")}
      />
      <Card>
        <Form layout="vertical" disabled initialValues={{ type: "usage_bug", email: user?.mailAccount }}>
          <Form.Item name="type" label={t("feedback.type")}>
            <Radio.Group
              options={FEEDBACK_TYPES.map((value) => ({ value, label: t(`feedback.types.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="suggestion" label={t("feedback.suggestion")}>
            <Input.TextArea rows={5} placeholder={t("feedback.suggestionPlaceholder")} />
          </Form.Item>
          <Form.Item label={t("feedback.images")} extra={t("feedback.imagesHint")}>
            <Upload listType="picture-card" accept="image/jpeg,image/png" beforeUpload={() => false}>
              <PlusOutlined />
            </Upload>
          </Form.Item>
          <Form.Item name="email" label={t("feedback.email")}>
            <Input type="email" />
          </Form.Item>
          <Button type="primary" size="large" block>
            {t("feedback.submit")}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
