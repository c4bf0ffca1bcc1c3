import { Form, Input } from "antd";
import { LockOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { confirmPasswordRules, newPasswordRules } from "./validation";

interface NewPasswordFieldsProps {
  passwordLabel: string;
  confirmLabel: string;
  /** Enter in the confirmation field submits the form. */
  onSubmit: () => void;
}

/** A new password and its confirmation, with the password rule and the match check. */
export function NewPasswordFields({ passwordLabel, confirmLabel, onSubmit }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="password" label={passwordLabel} rules={newPasswordRules(t)}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t("auth.fields.newPasswordPlaceholder")}
          autoComplete="new-password"
          size="large"
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={confirmLabel}
        rules={confirmPasswordRules(t, "password")}
        dependencies={["password"]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t("auth.fields.confirmPasswordPlaceholder")}
          autoComplete="new-password"
          size="large"
          onPressEnter={onSubmit}
        />
      </Form.Item>
    </>
  );
}
