import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from "@ant-design/icons";
import { Avatar, Button, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMe } from "../features/account/session";
import { BeancoinBadge } from "../features/account/BeancoinBadge";
import { Brand } from "../components/Brand";

/** The custom navigation bar: menu toggle, page title, balance and avatar. */
export function NavBar({
  title,
  isPhone,
  menuOpen,
  onToggleMenu,
}: {
  title: string;
  isPhone: boolean;
  menuOpen: boolean;
  onToggleMenu: () => void;
}) {
  const { t } = useTranslation();
  const { data: user } = useMe();
  const toggleLabel = isPhone ? t("nav.openMenu") : menuOpen ? t("nav.collapseMenu") : t("nav.expandMenu");
  const toggleIcon = isPhone ? <MenuOutlined /> : menuOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />;
  return (
    <header className="nav-bar">
      <Tooltip title={isPhone ? undefined : toggleLabel}>
        <Button
          type="text"
          aria-label={toggleLabel}
          icon={toggleIcon}
          onClick={onToggleMenu}
          className="nav-bar__toggle"
        />
      </Tooltip>
      {isPhone ? <Brand compact /> : null}
      <h1 className="nav-bar__title">{title}</h1>
      <div className="nav-bar__right">
        {user && !isPhone ? <BeancoinBadge count={user.cloudBeans} /> : null}
        <Link to="/subOthers/pages/setting" aria-label={t("nav.settings")} className="nav-bar__user">
          <Avatar src={user?.userAvator || undefined} alt="" size={32} className="user-avatar">
            {user?.userName.slice(0, 1).toUpperCase()}
          </Avatar>
          {!isPhone && user ? <span className="nav-bar__name">{user.userName}</span> : null}
        </Link>
      </div>
    </header>
  );
}
