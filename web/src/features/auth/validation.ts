import type { FormInstance, FormRule } from "antd";
import type { TFunction } from "i18next";
import type { ErrorCode } from "@beannote/contract/errors";
import { CODE_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from "@beannote/contract/limits";
import { isApiError } from "../../api";
import { errorMessage } from "../../i18n/error-message";
import { toast } from "../../components/toast-store";

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Same rule as the contract's `passwordRule`: 8–64 characters, a letter and a digit. */
export const isStrongPassword = (value: string) =>
  value.length >= PASSWORD_MIN &&
  value.length <= PASSWORD_MAX &&
  /\p{L}/u.test(value) &&
  /\p{Nd}/u.test(value);

export const emailRules = (t: TFunction): FormRule[] => [
  { required: true, whitespace: true, message: t("auth.validation.emailRequired") },
  { pattern: EMAIL_RE, message: t("auth.validation.emailInvalid") },
];

export const loginPasswordRules = (t: TFunction): FormRule[] => [
  { required: true, message: t("auth.validation.passwordRequired") },
];

export const newPasswordRules = (t: TFunction): FormRule[] => [
  { required: true, message: t("auth.validation.passwordRequired") },
  {
    validator: (_, value: string | undefined) =>
      !value || isStrongPassword(value)
        ? Promise.resolve()
        : Promise.reject(new Error(t("auth.validation.passwordRule"))),
  },
];

export const confirmPasswordRules = (t: TFunction, passwordField: string): FormRule[] => [
  { required: true, message: t("auth.validation.confirmRequired") },
  ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || value === getFieldValue(passwordField)
        ? Promise.resolve()
        : Promise.reject(new Error(t("auth.validation.passwordMismatch"))),
  }),
];

export const captchaRules = (t: TFunction): FormRule[] => [
  { required: true, whitespace: true, message: t("auth.validation.captchaRequired") },
];

export const codeRules = (t: TFunction): FormRule[] => [
  { required: true, message: t("auth.validation.codeRequired") },
  { pattern: new RegExp(`^\\d{${CODE_LENGTH}}$`), message: t("auth.validation.codeFormat") },
];

/** Where each server error belongs in the auth forms. */
const FIELD_OF: Partial<Record<ErrorCode, string>> = {
  CAPTCHA_INVALID: "captchaCode",
  EMAIL_INVALID: "email",
  CODE_INVALID: "code",
  CODE_EXPIRED: "code",
  CODE_TOO_MANY_TRIES: "code",
  PASSWORD_WEAK: "password",
  PASSWORD_MISMATCH: "confirmPassword",
  LOGIN_FAILED: "password",
  EMAIL_TAKEN: "email",
};

/** Shows a failed call's message under its field when the form has one, else as an error toast. */
export function showFormError(form: FormInstance, error: unknown, t: TFunction): void {
  const message = errorMessage(error, t);
  const field = isApiError(error) && error.code ? FIELD_OF[error.code] : undefined;
  if (field && form.getFieldInstance(field) !== undefined) {
    form.setFields([{ name: field, errors: [message] }]);
    return;
  }
  toast.error(message);
}
