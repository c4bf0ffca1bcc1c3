import { ERROR_CODES, type ErrorCode } from "@beannote/contract";
import enUS from "@beannote/contract/locales/en-US.json";
import zhCN from "@beannote/contract/locales/zh-CN.json";

export type ServerLanguage = "zh" | "en";

/** `language` header rule of spec §3: zh when it starts with zh, else en. */
export function languageOf(header: string | string[] | undefined): ServerLanguage {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.toLowerCase().startsWith("zh") ? "zh" : "en";
}

/** The server's texts are the web app's: zh answers in zh-CN's words, en in en-US's (contract/locales). */
const LOCALE_OF: Record<ServerLanguage, typeof enUS> = { zh: zhCN, en: enUS };

export const SUCCESS_MESSAGE: Record<ServerLanguage, string> = {
  zh: LOCALE_OF.zh.common.success,
  en: LOCALE_OF.en.common.success,
};

/** Every error code's message in both languages, from `errors.code` of the two locales. */
export const ERROR_MESSAGES = Object.fromEntries(
  ERROR_CODES.map((code) => [
    code,
    { zh: LOCALE_OF.zh.errors.code[code], en: LOCALE_OF.en.errors.code[code] },
  ]),
) as Record<ErrorCode, Record<ServerLanguage, string>>;
