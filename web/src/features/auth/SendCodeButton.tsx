import { useEffect, useState } from "react";
import { Button, Form } from "antd";
import { useTranslation } from "react-i18next";
import type { CodeType } from "@beannote/contract";
import { accountsApi, isApiError } from "../../api";
import { toast } from "../../components/toast-store";
import { useWebConfig } from "../account/use-web-config";
import { showFormError } from "./validation";

/**
 * Sends an e-mail code after checking the e-mail and captcha fields, then counts down before a
 * resend is allowed. After each attempt it asks the caller for a new captcha image.
 */
export function SendCodeButton({
  type,
  onSent,
  onCaptchaStale,
  block,
  primary,
  label,
}: {
  type: CodeType;
  onSent?: (email: string) => void;
  onCaptchaStale?: () => void;
  block?: boolean;
  primary?: boolean;
  label?: string;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const { data: config } = useWebConfig();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const handleSend = async () => {
    const captcha = config?.features.captcha !== false;
    let values: { email: string; captchaId?: string; captchaCode?: string };
    try {
      values = await form.validateFields(captcha ? ["email", "captchaCode", "captchaId"] : ["email"]);
    } catch {
      return;
    }
    setSending(true);
    try {
      const email = values.email.trim();
      await accountsApi.sendCode({
        email,
        type,
        ...(captcha ? { captchaId: values.captchaId, captchaCode: values.captchaCode?.trim() } : {}),
      });
      setSecondsLeft(config?.limits.codeResendSeconds ?? 60);
      toast.success(t("auth.success.codeSent"), t("auth.success.codeSentMessage", { email }));
      onSent?.(email);
    } catch (error) {
      showFormError(form, error, t);
      if (isApiError(error) && error.code === "CODE_TOO_FREQUENT")
        setSecondsLeft(config?.limits.codeResendSeconds ?? 60);
    } finally {
      setSending(false);
      // A captcha answers one send: the next send needs a new image.
      if (captcha) onCaptchaStale?.();
    }
  };

  return (
    <Button
      onClick={handleSend}
      loading={sending}
      disabled={secondsLeft > 0}
      block={block}
      type={primary ? "primary" : "default"}
      size={primary ? "large" : undefined}
      className="send-code-button"
    >
      {secondsLeft > 0
        ? t("auth.actions.resendIn", { seconds: secondsLeft })
        : (label ?? t("auth.actions.sendCode"))}
    </Button>
  );
}
