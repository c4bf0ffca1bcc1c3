import {
  CommentOutlined,
  FileTextOutlined,
  HomeOutlined,
  InfoCircleOutlined,
  PlusCircleOutlined,
  SettingOutlined,
  WalletOutlined,
} from "@ant-design/icons";
import { Menu } from "antd";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";

const ITEMS = [
  { key: "/pages/index", icon: <HomeOutlined />, label: "nav.home" },
  { key: "/pages/new-note", icon: <PlusCircleOutlined />, label: "nav.newNote" },
  { key: "/pages/my-file", icon: <FileTextOutlined />, label: "nav.allNotes" },
  { key: "/subOthers/pages/recharge", icon: <WalletOutlined />, label: "nav.recharge" },
  { key: "/subOthers/pages/feedback", icon: <CommentOutlined />, label: "nav.feedback" },
  { key: "/subOthers/pages/setting", icon: <SettingOutlined />, label: "nav.settings" },
  { key: "/subOthers/pages/about", icon: <InfoCircleOutlined />, label: "nav.about" },
] as const;

export function SideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <nav aria-label={t("nav.mainMenu")}>
      <Menu
        mode="inline"
        inlineCollapsed={collapsed}
        selectedKeys={[location.pathname]}
        items={ITEMS.map((item) => ({ key: item.key, icon: item.icon, label: t(item.label) }))}
        onClick={({ key }) => {
          void navigate(key);
          onNavigate?.();
        }}
        className="side-menu"
      />
    </nav>
  );
}
