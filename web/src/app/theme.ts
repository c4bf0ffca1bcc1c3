import type { ThemeConfig } from "antd";

export const theme: ThemeConfig = {
  token: {
    colorPrimary: "#4f6bff",
    borderRadius: 10,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif',
  },
  components: {
    Layout: { bodyBg: "#f5f7fb", siderBg: "#ffffff", headerBg: "#ffffff" },
    Menu: { itemBorderRadius: 8 },
  },
};
