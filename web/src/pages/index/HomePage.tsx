import { Button, Card, Typography } from "antd";
import { FileAddOutlined, RightOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { EmptyState } from "../../components/EmptyState";
import { useMe } from "../../features/account/session";
import { BeancoinBadge } from "../../features/account/BeancoinBadge";
import { RecentNotes } from "../../features/notes/RecentNotes";
import { DueCardsCard } from "../../features/flashcards/DueCardsCard";
import { useIsPhone } from "../../components/use-is-phone";
import "./home.css";

/** Home (`/pages/index`): greeting, the "create AI note" entry, recent notes. */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useMe();
  const isPhone = useIsPhone();
  return (
    <div className="page-stack">
      <div className="home-greeting">
        <div className="home-greeting__text">
          <h2 className="page-heading" data-testid="greeting">
            {t("home.greeting", { name: user?.userName ?? "" })}
          </h2>
          <Typography.Text type="secondary">{t("home.subtitle")}</Typography.Text>
        </div>
        {/* on a desktop the nav bar already shows the balance */}
        {user && isPhone ? <BeancoinBadge count={user.cloudBeans} /> : null}
      </div>
      <button type="button" className="home-create" onClick={() => void navigate("/pages/new-note")}>
        <span className="home-create__icon">
          <FileAddOutlined />
        </span>
        <span className="home-create__body">
          <span className="home-create__title">{t("home.create.title")}</span>
          <span className="home-create__desc">{t("home.create.description")}</span>
        </span>
        <span className="home-create__action">
          {t("home.create.action")} <RightOutlined />
        </span>
      </button>
      <DueCardsCard />
      <Card
        title={t("home.recent.title")}
        extra={
          <Link to="/pages/my-file">
            {t("home.recent.viewAll")} <RightOutlined />
          </Link>
        }
      >
        <RecentNotes
          empty={
            <EmptyState
              title={t("home.recent.empty")}
              hint={t("home.recent.emptyHint")}
              action={
                <Link to="/pages/new-note">
                  <Button type="primary">{t("home.create.action")}</Button>
                </Link>
              }
            />
          }
        />
      </Card>
    </div>
  );
}
