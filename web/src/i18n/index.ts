import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, LANGUAGE_STORAGE_KEY, detectLocale, type Locale } from "./locales";

type Messages = Record<string, unknown>;

// Every locale file (contract/locales, shared with the server's error messages) is a separate chunk; only the
// chosen one (and en-US as fallback) is fetched.
const messageLoaders = import.meta.glob<{ default: Messages }>("../../../contract/locales/*.json");

async function loadMessages(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, "translation")) return;
  const load = messageLoaders[`../../../contract/locales/${locale}.json`];
  if (!load) throw new Error(`No messages for ${locale}`);
  i18n.addResourceBundle(locale, "translation", (await load()).default, true, true);
}

export function initialLocale(): Locale {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // storage blocked: fall through to the browser language
  }
  return detectLocale(stored, navigator.languages?.length ? navigator.languages : [navigator.language]);
}

export async function initI18n(locale: Locale): Promise<typeof i18n> {
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    resources: {},
    interpolation: { escapeValue: false },
  });
  await Promise.all([loadMessages(DEFAULT_LOCALE), loadMessages(locale)]);
  await i18n.changeLanguage(locale);
  return i18n;
}

/** Loads a locale's messages, switches the interface to it and remembers the choice. */
export async function switchLocale(locale: Locale): Promise<void> {
  await loadMessages(locale);
  await i18n.changeLanguage(locale);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // the choice still applies for this visit
  }
}

export { i18n };
