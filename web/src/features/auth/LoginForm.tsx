import { useState } from "react";
import { Button, Form, Input } from "antd";
import { LockOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { EmailField } from "./EmailField";
import { accountsApi } from "../../api";
import { toast } from "../../components/toast-store";
import { useSignIn } from "../account/session";
import { loginPasswordRules, showFormError } from "./validation";

interface LoginValues {
  email: string;
  password: string;
}

/** E-mail + password login (POST /member/password-login). */
export function LoginForm({
  initialEmail,
  onForgot,
}: {
  initialEmail?: string;
  onForgot: (email: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginValues>();
  const signIn = useSignIn();
  const [busy, setBusy] = useState(false);

  const handleFinish = async (values: LoginValues) => {
    setBusy(true);
    try {
      const { token } = await accountsApi.login({ email: values.email.trim(), password: values.password });
      toast.success(t("auth.success.login"));
      await signIn(token);
    } catch (error) {
      showFormError(form, error, t);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={handleFinish}
      initialValues={{ email: initialEmail }}
      name="login"
    >
      <EmailField />
      <Form.Item name="password" label={t("auth.fields.password")} rules={loginPasswordRules(t)}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t("auth.fields.passwordPlaceholder")}
          autoComplete="current-password"
          size="large"
        />
      </Form.Item>
      <div className="auth-form__links">
        <Button
          type="link"
          className="auth-form__link"
          onClick={() => onForgot(form.getFieldValue("email") ?? "")}
        >
          {t("auth.actions.forgot")}
        </Button>
      </div>
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        {t("auth.actions.login")}
      </Button>
    </Form>
  );
}
