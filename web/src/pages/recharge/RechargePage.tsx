import { Button, Card, Result, Statistic } from "antd";
import { MobileOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useMe } from "../../features/account/session";
import { useWebConfig } from "../../features/account/use-web-config";
import { LedgerList } from "../../features/beans/LedgerList";
import { PriceList } from "../../features/beans/PriceList";
import { usePrices } from "../../features/beans/use-prices";

/** Recharge centre: balance, prices, history; recharging happens only in the mobile app (spec §1, §6). */
export function RechargePage() {
  const { t } = useTranslation();
  const { data: user } = useMe();
  const { data: config } = useWebConfig();
  const prices = usePrices();
  return (
    <div className="page-stack narrow-page">
      <Card>
        <Statistic
          title={t("recharge.balance")}
          value={user?.cloudBeans ?? 0}
          loading={!user}
          valueStyle={{ color: "#8c5a00" }}
          data-testid="recharge-balance"
        />
      </Card>
      <Card>
        <Result
          icon={<MobileOutlined />}
          title={t("recharge.onlyInApp")}
          subTitle={<p>{t("recharge.onlyInAppHint")}</p>}
          extra={
            config?.appDownloadUrl ? (
              <Button
                type="primary"
                size="large"
                href={config.appDownloadUrl}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="get-app"
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
      {prices.enabled ? (
        <Card title={t("recharge.prices")}>
          <PriceList />
        </Card>
      ) : null}
      <Card title={t("recharge.history")}>
        <LedgerList />
      </Card>
    </div>
  );
}
