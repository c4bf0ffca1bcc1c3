import { forwardRef, useCallback, useEffect, useImperativeHandle, useState } from "react";
import { Form, Input, Skeleton } from "antd";
import { SafetyOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { accountsApi } from "../../api";
import { captchaRules } from "./validation";

export interface CaptchaHandle {
  refresh: () => void;
}

/**
 * Image security check: the image comes from POST /captcha-new, a click loads a new one. The form
 * gets `captchaId` (hidden) and `captchaCode` (typed by the user).
 */
export const CaptchaField = forwardRef<CaptchaHandle>(function CaptchaField(_, ref) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const refresh = useCallback(() => {
    setFailed(false);
    accountsApi
      .newCaptcha()
      .then(({ captchaId, image: src }) => {
        setImage(src);
        // The new image needs a new code, but a message under the field (the server's "wrong code") stays
        // until the student types again: setFieldsValue would wipe it as soon as the image arrives.
        form.setFields([
          { name: "captchaId", value: captchaId },
          { name: "captchaCode", value: "", errors: form.getFieldError("captchaCode") },
        ]);
      })
      .catch(() => setFailed(true));
  }, [form]);

  useImperativeHandle(ref, () => ({ refresh }), [refresh]);
  useEffect(refresh, [refresh]);

  return (
    <>
      <Form.Item name="captchaId" hidden>
        <Input />
      </Form.Item>
      <Form.Item label={t("auth.fields.captcha")} required extra={t("auth.fields.captchaRefresh")}>
        <div className="captcha-row">
          <Form.Item name="captchaCode" rules={captchaRules(t)} noStyle>
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t("auth.fields.captchaPlaceholder")}
              autoComplete="off"
              maxLength={10}
              data-testid="captcha-input"
            />
          </Form.Item>
          <button
            type="button"
            className="captcha-image"
            onClick={refresh}
            title={t("auth.fields.captchaRefresh")}
          >
            {image && !failed ? (
              <img src={image} alt={t("auth.fields.captchaImage")} data-testid="captcha-image" />
            ) : failed ? (
              <span className="captcha-image__retry">{t("common.retry")}</span>
            ) : (
              <Skeleton.Button active size="large" />
            )}
          </button>
        </div>
      </Form.Item>
    </>
  );
});
