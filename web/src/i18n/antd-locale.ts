import type { Locale as AntdLocale } from "antd/es/locale";
import type { Locale } from "./locales";

// Each Ant Design locale pack is its own chunk, fetched when the language is chosen.
const loaders: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  "zh-CN": () => import("antd/es/locale/zh_CN"),
  "en-US": () => import("antd/es/locale/en_US"),
  "zh-hk": () => import("antd/es/locale/zh_HK"),
  "ja-JP": () => import("antd/es/locale/ja_JP"),
  "pt-BR": () => import("antd/es/locale/pt_BR"),
  "ko-KR": () => import("antd/es/locale/ko_KR"),
  "de-DE": () => import("antd/es/locale/de_DE"),
  "fr-FR": () => import("antd/es/locale/fr_FR"),
  ru: () => import("antd/es/locale/ru_RU"),
  "es-ES": () => import("antd/es/locale/es_ES"),
  it: () => import("antd/es/locale/it_IT"),
  th: () => import("antd/es/locale/th_TH"),
  sr: () => import("antd/es/locale/sr_RS"),
  pl: () => import("antd/es/locale/pl_PL"),
};

export async function loadAntdLocale(locale: Locale): Promise<AntdLocale> {
  return (await loaders[locale]()).default;
}
