import { LOCALES, type Locale } from "@beannote/contract/limits";

export { LOCALES, type Locale };
export const DEFAULT_LOCALE: Locale = "en-US";
export const LANGUAGE_STORAGE_KEY = "language";

/** Each locale's own name for itself (endonyms are the same in every interface language). */
export const LOCALE_NAMES: Record<Locale, string> = {
  "zh-CN": "简体中文",
  "en-US": "English",
  "zh-hk": "繁體中文（香港）",
  "ja-JP": "日本語",
  "pt-BR": "Português (Brasil)",
  "ko-KR": "한국어",
  "de-DE": "Deutsch",
  "fr-FR": "Français",
  ru: "Русский",
  "es-ES": "Español",
  it: "Italiano",
  th: "ไทย",
  sr: "Српски",
  pl: "Polski",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Maps any BCP 47 tag (e.g. `zh-TW`, `pt`, `en-GB`) to the nearest of the 14 locales, or null. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const lower = tag.trim().replace(/_/g, "-").toLowerCase();
  if (!lower) return null;
  const exact = LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const [lang, ...rest] = lower.split("-");
  if (lang === "zh") {
    // Traditional script or a Hong Kong / Taiwan / Macau region reads zh-hk; everything else Simplified.
    return rest.some((p) => ["hant", "hk", "tw", "mo"].includes(p)) ? "zh-hk" : "zh-CN";
  }
  return LOCALES.find((l) => l.toLowerCase().split("-")[0] === lang) ?? null;
}

/** Start-up language: stored choice, else the browser's languages, else en-US (spec §4). */
export function detectLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  const fromStored = matchLocale(stored);
  if (fromStored) return fromStored;
  for (const tag of browserLanguages) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}
