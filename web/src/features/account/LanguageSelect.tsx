import { Select } from "antd";
import { GlobalOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { accountKeys, accountsApi, getToken } from "../../api";
import { useLocale } from "../../i18n/locale-context";
import { LOCALES, LOCALE_NAMES, type Locale } from "../../i18n/locales";

/**
 * Interface language picker: applies at once, is stored, and is saved to the account when signed in.
 * `onChanged` gets a `t` of the new language: the caller's own `t` still speaks the old one.
 */
export function LanguageSelect({
  size = "large",
  onChanged,
}: {
  size?: "middle" | "large";
  onChanged?: (t: TFunction) => void;
}) {
  const { t, i18n } = useTranslation();
  const { locale, setLocale } = useLocale();
  const queryClient = useQueryClient();
  const handleChange = async (next: Locale) => {
    await setLocale(next);
    onChanged?.(i18n.getFixedT(next));
    if (getToken()) {
      accountsApi
        .modifyInfo({ language: next })
        .then(() => queryClient.invalidateQueries({ queryKey: accountKeys.me() }))
        .catch(() => undefined); // the choice is already applied and stored locally
    }
  };
  return (
    <Select<Locale>
      value={locale}
      onChange={handleChange}
      size={size}
      aria-label={t("settings.language")}
      prefix={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      className="language-select"
      data-testid="language-select"
      options={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
    />
  );
}
