import type { ThemeConfig } from "antd";

/**
 * Ant Design's theme. Every text colour meets WCAG AA (4.5:1) on white and on the tinted backgrounds it sits on
 * (the e2e journeys run axe-core on each screen): the brand blue `#3a56e8` is 5.7:1 on white and 5.1:1 on the
 * selected menu item's tint (the earlier `#4f6bff` was 4.3:1); links use it too (antd's `#1677ff` is 4.1:1);
 * descriptions and hints are 57 % black (antd's 45 % is 3.4:1); the error red is `#d32029` (`#ff4d4f`: 3.3:1).
 * The same holds for hover shades.
 */
const BRAND_BLUE = "#3a56e8";
const BRAND_BLUE_HOVER = "#4560ee"; // 5.1:1 on white (antd's derived #6481f5 is 3.5:1)

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_BLUE,
    // Hover shades stay at AA too: the pointer often rests on the button it just clicked.
    colorPrimaryHover: BRAND_BLUE_HOVER,
    colorPrimaryTextHover: BRAND_BLUE_HOVER,
    colorLink: BRAND_BLUE,
    colorLinkHover: BRAND_BLUE_HOVER,
    colorError: "#d32029",
    colorErrorHover: "#dd2c33",
    colorTextTertiary: "rgba(0, 0, 0, 0.57)",
    colorTextDescription: "rgba(0, 0, 0, 0.57)",
    borderRadius: 10,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif',
  },
  components: {
    Layout: { bodyBg: "#f5f7fb", siderBg: "#ffffff", headerBg: "#ffffff" },
    Menu: { itemBorderRadius: 8 },
    // A tag's text is its colour's 7th shade on the 1st: a shade darker where the 7th is below 4.5:1.
    Tag: {
      colorSuccess: "#237804",
      colorInfo: "#0958d9",
      colorWarning: "#ad4e00",
      green7: "#237804",
      orange7: "#ad4e00",
      gold7: "#874d00",
      volcano7: "#ad2102",
      cyan7: "#006d75",
      lime7: "#3f6600",
      yellow7: "#876800",
    },
  },
};
