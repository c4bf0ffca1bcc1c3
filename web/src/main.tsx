import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { initI18n, initialLocale } from "./i18n";
import { loadAntdLocale } from "./i18n/antd-locale";
import { LocaleProvider } from "./i18n/locale-context";
import { App } from "./app/App";
import "./app/global.css";

async function start() {
  const locale = initialLocale();
  const [, antdLocale] = await Promise.all([initI18n(locale), loadAntdLocale(locale)]);
  document.documentElement.lang = locale;
  const root = document.getElementById("root");
  if (!root) throw new Error("#root missing");
  createRoot(root).render(
    <StrictMode>
      <LocaleProvider initial={locale} initialAntd={antdLocale}>
        <App />
      </LocaleProvider>
    </StrictMode>,
  );
}

void start();
