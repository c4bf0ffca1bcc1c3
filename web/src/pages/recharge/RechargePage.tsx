import { Button, Card, Result, Statistic } from "antd";
import { MobileOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { STUDENT_DISCOUNT_PERCENT } from "@beannote/contract/limits";
import { useMe } from "../../features/account/session";
import { useWebConfig } from "../../features/account/use-web-config";

/** Recharge centre: recharging happens only in the mobile app (spec §1, §6). */
export function RechargePage() {
  const { t } = useTranslation();
  const { data: user } = useMe();
  const { data: config } = useWebConfig();
  return (
    <div className="page-stack narrow-page">
      <Card>
        <Statistic title={t("recharge.balance")} value={user?.cloudBeans ?? 0} loading={!user} />
      </Card>
      <Card>
        <Result
          icon={<MobileOutlined />}
          title={t("recharge.onlyInApp")}
          subTitle={
            <>
              <p>{t("recharge.onlyInAppHint")}</p>
              <p>{t("recharge.discount", { percent: STUDENT_DISCOUNT_PERCENT })}</p>
            </>
          }
          extra={
            config?.appDownloadUrl ? (
              <Button
                type="primary"
                size="large"
                href={config.appDownloadUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t("recharge.getApp")}
              </Button>
            ) : null
          }
        />
        {config?.appDownloadUrl ? (
          <p className="muted center-text break-anywhere">{config.appDownloadUrl}</p>
        ) : null}
      </Card>
    </div>
  );
}
