import { useRef, useState } from "react";
import { Button, Form, Input } from "antd";
import { NumberOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { EmailField } from "./EmailField";
import { accountsApi } from "../../api";
import { toast } from "../../components/toast-store";
import { useSignIn } from "../account/session";
import { useWebConfig } from "../account/use-web-config";
import { CaptchaField, type CaptchaHandle } from "./CaptchaField";
import { NewPasswordFields } from "./NewPasswordFields";
import { SendCodeButton } from "./SendCodeButton";
import { codeRules, showFormError } from "./validation";

interface RegisterValues {
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
}

const SUBMIT_FIELDS = ["email", "code", "password", "confirmPassword"] as const;

/** Registration: e-mail, image captcha, e-mail code with resend countdown, password twice. */
export function RegisterForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const captcha = useRef<CaptchaHandle>(null);
  const { data: config } = useWebConfig();
  const signIn = useSignIn();
  const [busy, setBusy] = useState(false);

  // The captcha only guards sending a code, so submitting checks the other fields alone.
  const handleSubmit = async () => {
    let values: RegisterValues;
    try {
      values = (await form.validateFields([...SUBMIT_FIELDS])) as RegisterValues;
    } catch {
      return;
    }
    setBusy(true);
    try {
      const { token } = await accountsApi.register({
        email: values.email.trim(),
        code: values.code.trim(),
        password: values.password,
      });
      toast.success(t("auth.success.register"));
      await signIn(token);
    } catch (error) {
      showFormError(form, error, t);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} name="register">
      <EmailField />
      {config?.features.captcha === false ? null : <CaptchaField ref={captcha} />}
      <Form.Item label={t("auth.fields.code")} required>
        <div className="code-row">
          <Form.Item name="code" rules={codeRules(t)} noStyle>
            <Input
              prefix={<NumberOutlined />}
              placeholder={t("auth.fields.codePlaceholder")}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              size="large"
            />
          </Form.Item>
          <SendCodeButton type="register" onCaptchaStale={() => captcha.current?.refresh()} />
        </div>
      </Form.Item>
      <NewPasswordFields
        passwordLabel={t("auth.fields.password")}
        confirmLabel={t("auth.fields.confirmPassword")}
        onSubmit={handleSubmit}
      />
      <Button type="primary" block size="large" loading={busy} onClick={handleSubmit}>
        {t("auth.actions.register")}
      </Button>
    </Form>
  );
}
