import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { Locale as AntdLocale } from "antd/es/locale";
import { switchLocale } from ".";
import { loadAntdLocale } from "./antd-locale";
import type { Locale } from "./locales";

interface LocaleState {
  locale: Locale;
  antdLocale: AntdLocale;
  setLocale: (locale: Locale) => Promise<void>;
}

const LocaleContext = createContext<LocaleState | null>(null);

/** Holds the interface language; switching it loads both message packs, then applies everywhere. */
export function LocaleProvider({
  initial,
  initialAntd,
  children,
}: {
  initial: Locale;
  initialAntd: AntdLocale;
  children: ReactNode;
}) {
  const [state, setState] = useState({ locale: initial, antdLocale: initialAntd });
  const setLocale = useCallback(async (locale: Locale) => {
    const [, antdLocale] = await Promise.all([switchLocale(locale), loadAntdLocale(locale)]);
    document.documentElement.lang = locale;
    setState({ locale, antdLocale });
  }, []);
  const value = useMemo(() => ({ ...state, setLocale }), [state, setLocale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleState {
  const value = useContext(LocaleContext);
  if (!value) throw new Error("useLocale outside LocaleProvider");
  return value;
}
