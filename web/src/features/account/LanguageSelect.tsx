import { Select } from "antd";
import { GlobalOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { accountKeys, accountsApi, getToken } from "../../api";
import { useLocale } from "../../app/locale-context";
import { LOCALES, LOCALE_NAMES, type Locale } from "../../i18n/locales";

/** Interface language picker: applies at once, is stored, and is saved to the account when signed in. */
export function LanguageSelect({
  size = "large",
  onChanged,
}: {
  size?: "middle" | "large";
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const { locale, setLocale } = useLocale();
  const queryClient = useQueryClient();
  const handleChange = async (next: Locale) => {
    await setLocale(next);
    onChanged?.();
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
