import { useState } from "react";
import { App as AntdApp, ConfigProvider } from "antd";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { Toaster } from "../components/Toaster";
import { ConnectionOverlay } from "./ConnectionOverlay";
import { useLocale } from "../i18n/locale-context";
import { createQueryClient } from "./query-client";
import { createRouter } from "./router";
import { theme } from "./theme";

/** Providers around the router: query cache, Ant Design (theme + locale pack), toasts. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  const { antdLocale } = useLocale();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale} theme={theme}>
        <AntdApp>
          <RouterProvider router={router} />
          <Toaster />
          <ConnectionOverlay />
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
