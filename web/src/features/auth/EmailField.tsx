import { Form, Input } from "antd";
import { MailOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { emailRules } from "./validation";

/** The e-mail field of the login, registration and forgot-password forms. */
export function EmailField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="email" label={t("auth.fields.email")} rules={emailRules(t)}>
      <Input
        prefix={<MailOutlined />}
        placeholder={t("auth.fields.emailPlaceholder")}
        autoComplete="email"
        inputMode="email"
        size="large"
      />
    </Form.Item>
  );
}
