import { useState, type ReactNode } from "react";
import { Button, Card, Skeleton, Typography } from "antd";
import { EditOutlined, LogoutOutlined, RightOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { accountKeys } from "../../api";
import { toast } from "../../components/toast-store";
import { AvatarUploader } from "../../features/account/AvatarUploader";
import { LanguageSelect } from "../../features/account/LanguageSelect";
import { NicknameModal } from "../../features/account/NicknameModal";
import { useMe } from "../../features/account/session";
import { useLogout } from "../../features/account/use-logout";
import { maskPhone } from "../../features/account/user-view";
import { StudentDiscount } from "../../features/beans/StudentDiscount";
import "./setting.css";

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="setting-row" data-testid={testId}>
      <div className="setting-row__label">{label}</div>
      <div className="setting-row__value">{children}</div>
    </div>
  );
}

/** Settings (`/subOthers/pages/setting`): profile, balance, discount, language, logout. */
export function SettingPage() {
  const { t } = useTranslation();
  const { data: user, isPending } = useMe();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const [editing, setEditing] = useState(false);

  if (isPending || !user) return <Skeleton active avatar paragraph={{ rows: 6 }} />;

  return (
    <div className="page-stack setting-page">
      <Card title={t("settings.profile")}>
        <Row label={t("settings.avatar")}>
          <AvatarUploader
            src={user.userAvator}
            name={user.userName}
            onUploaded={() => void queryClient.invalidateQueries({ queryKey: accountKeys.me() })}
          />
        </Row>
        <Row label={t("settings.nickname")} testId="setting-nickname">
          <span className="setting-row__text" data-testid="nickname-value">
            {user.userName}
          </span>
          <Button
            type="link"
            icon={<EditOutlined />}
            onClick={() => setEditing(true)}
            aria-label={t("settings.editNickname")}
          >
            {t("common.edit")}
          </Button>
        </Row>
        <Row label={t("settings.userId")}>
          <Typography.Text
            className="setting-row__text"
            copyable={{
              text: user.userId,
              tooltips: [t("settings.copy"), t("settings.copied")],
              onCopy: () => toast.success(t("settings.copied")),
            }}
            data-testid="user-id"
          >
            {user.userId}
          </Typography.Text>
        </Row>
        <Row label={t("settings.email")}>
          <span className="setting-row__text">{user.mailAccount || t("common.notSet")}</span>
        </Row>
        <Row label={t("settings.phone")}>
          <span className="setting-row__text">
            {user.userPhone ? maskPhone(user.userPhone) : t("common.notSet")}
          </span>
        </Row>
      </Card>
      <Card title={t("settings.account")}>
        <Row label={t("settings.beancoins")}>
          <span className="setting-row__text setting-row__coins" data-testid="beancoins">
            {user.cloudBeans}
          </span>
          <Link to="/subOthers/pages/recharge">
            <Button type="link">
              {t("settings.recharge")} <RightOutlined />
            </Button>
          </Link>
        </Row>
        <Row label={t("settings.discount")} testId="setting-discount">
          <StudentDiscount />
        </Row>
      </Card>
      <Card title={t("settings.preferences")}>
        <Row label={t("settings.language")}>
          <LanguageSelect size="middle" onChanged={(tNew) => toast.success(tNew("settings.languageSaved"))} />
        </Row>
        <Link to="/subOthers/pages/about" className="setting-row setting-row--link">
          <span className="setting-row__label">{t("settings.about")}</span>
          <RightOutlined />
        </Link>
      </Card>
      <Button
        danger
        size="large"
        block
        icon={<LogoutOutlined />}
        onClick={logout}
        className="setting-page__logout"
      >
        {t("settings.logout")}
      </Button>
      <NicknameModal open={editing} current={user.userName} onClose={() => setEditing(false)} />
    </div>
  );
}
