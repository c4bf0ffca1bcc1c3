import { useRef, useState } from "react";
import { Button, Form, Input, Steps, Typography } from "antd";
import { NumberOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { EmailField } from "./EmailField";
import { accountsApi } from "../../api";
import { toast } from "../../components/toast-store";
import { useWebConfig } from "../account/use-web-config";
import { CaptchaField, type CaptchaHandle } from "./CaptchaField";
import { NewPasswordFields } from "./NewPasswordFields";
import { SendCodeButton } from "./SendCodeButton";
import { codeRules, showFormError } from "./validation";

type Step = 0 | 1 | 2;

/** Forgot password in the three steps of spec §4: e-mail with captcha, code, new password twice. */
export function ForgotPasswordForm({
  initialEmail,
  onDone,
}: {
  initialEmail?: string;
  onDone: (email: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const captcha = useRef<CaptchaHandle>(null);
  const { data: config } = useWebConfig();
  const [step, setStep] = useState<Step>(0);
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);

  const handleCheckCode = async () => {
    let code: string;
    try {
      ({ code } = (await form.validateFields(["code"])) as { code: string });
    } catch {
      return;
    }
    setBusy(true);
    try {
      await accountsApi.checkCode({ email, type: "forget", code: code.trim() });
      setStep(2);
    } catch (error) {
      showFormError(form, error, t);
    } finally {
      setBusy(false);
    }
  };

  const handleReset = async () => {
    let values: { password: string; confirmPassword: string };
    try {
      values = (await form.validateFields(["password", "confirmPassword"])) as typeof values;
    } catch {
      return;
    }
    setBusy(true);
    try {
      await accountsApi.forget({ email, code: String(form.getFieldValue("code")).trim(), ...values });
      toast.success(t("auth.success.reset"), t("auth.success.resetMessage"));
      onDone(email);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "CODE_INVALID" || code === "CODE_EXPIRED" || code === "CODE_TOO_MANY_TRIES") setStep(1);
      showFormError(form, error, t);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="forgot">
      <Steps
        size="small"
        current={step}
        responsive={false}
        titlePlacement="vertical"
        className="forgot__steps"
        items={[
          { title: t("auth.forgot.steps.email") },
          { title: t("auth.forgot.steps.code") },
          { title: t("auth.forgot.steps.password") },
        ]}
      />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        name="forgot"
        initialValues={{ email: initialEmail }}
      >
        <div hidden={step !== 0}>
          <Typography.Paragraph type="secondary">{t("auth.forgot.emailHint")}</Typography.Paragraph>
          <EmailField />
          {config?.features.captcha === false ? null : <CaptchaField ref={captcha} />}
          <SendCodeButton
            type="forget"
            block
            primary
            label={t("auth.actions.next")}
            onCaptchaStale={() => captcha.current?.refresh()}
            onSent={(sentTo) => {
              setEmail(sentTo);
              setStep(1);
            }}
          />
        </div>
        {step === 1 ? (
          <>
            <Typography.Paragraph type="secondary">
              {t("auth.forgot.codeHint", { email })}
            </Typography.Paragraph>
            <Form.Item name="code" label={t("auth.fields.code")} rules={codeRules(t)}>
              <Input
                prefix={<NumberOutlined />}
                placeholder={t("auth.fields.codePlaceholder")}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                size="large"
                onPressEnter={handleCheckCode}
              />
            </Form.Item>
            <Button type="primary" block size="large" loading={busy} onClick={handleCheckCode}>
              {t("auth.actions.next")}
            </Button>
            <Button type="link" block onClick={() => setStep(0)} className="forgot__back">
              {t("common.back")}
            </Button>
          </>
        ) : null}
        {step === 2 ? (
          <>
            <Typography.Paragraph type="secondary">
              {t("auth.forgot.passwordHint", { email })}
            </Typography.Paragraph>
            <NewPasswordFields
              passwordLabel={t("auth.fields.newPassword")}
              confirmLabel={t("auth.fields.confirmNewPassword")}
              onSubmit={handleReset}
            />
            <Button type="primary" block size="large" loading={busy} onClick={handleReset}>
              {t("auth.actions.resetPassword")}
            </Button>
          </>
        ) : null}
      </Form>
    </div>
  );
}
