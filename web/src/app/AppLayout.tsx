import { Suspense, useEffect, useState } from "react";
import { Drawer, Layout } from "antd";
import { Outlet, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { PageLoader } from "../components/PageLoader";
import { BeansInsufficientModal } from "../features/beans/BeansInsufficientModal";
import { Brand } from "../components/Brand";
import { NavBar } from "./NavBar";
import { SideMenu } from "./SideMenu";
import { useIsPhone } from "../components/use-is-phone";
import { useRouteTitle } from "./use-route-title";

const MENU_WIDTH = 232;
const MENU_COLLAPSED_WIDTH = 72;

/** Signed-in shell: side menu (open by default, collapsible; a drawer on a phone), nav bar, content. */
export function AppLayout() {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const title = useRouteTitle();
  const location = useLocation();
  const [isMenuOpen, setMenuOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => setDrawerOpen(false), [location.pathname]);

  const menuWidth = isPhone ? 0 : isMenuOpen ? MENU_WIDTH : MENU_COLLAPSED_WIDTH;
  useEffect(() => {
    document.documentElement.style.setProperty("--menu-width", `${menuWidth}px`);
    return () => document.documentElement.style.setProperty("--menu-width", "0px");
  }, [menuWidth]);

  const handleToggle = () => (isPhone ? setDrawerOpen((o) => !o) : setMenuOpen((o) => !o));

  return (
    <Layout className="app-layout">
      {isPhone ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={MENU_WIDTH}
          title={<Brand />}
          closable={{ "aria-label": t("common.close") }}
          styles={{ body: { padding: 8 } }}
        >
          <SideMenu collapsed={false} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          className="app-sider"
          theme="light"
          width={MENU_WIDTH}
          collapsedWidth={MENU_COLLAPSED_WIDTH}
          collapsed={!isMenuOpen}
          trigger={null}
        >
          <Brand compact={!isMenuOpen} />
          <SideMenu collapsed={!isMenuOpen} />
        </Layout.Sider>
      )}
      <Layout className="app-main" style={{ marginLeft: menuWidth }}>
        <NavBar title={title} isPhone={isPhone} menuOpen={isMenuOpen} onToggleMenu={handleToggle} />
        <main className="app-content">
          <div className="app-content__inner">
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
            <BeansInsufficientModal />
          </div>
        </main>
      </Layout>
    </Layout>
  );
}
