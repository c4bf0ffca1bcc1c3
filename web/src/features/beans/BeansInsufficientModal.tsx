import { useSyncExternalStore } from "react";
import { Button, Modal, Typography } from "antd";
import { MobileOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useWebConfig } from "../account/use-web-config";
import { insufficientStore } from "./insufficient-store";

/** "Not enough Beancoins": recharging happens only in the mobile app (spec §1, §6), with its link. */
export function BeansInsufficientModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shortfall = useSyncExternalStore(insufficientStore.subscribe, insufficientStore.getSnapshot);
  const { data: config } = useWebConfig();
  const appUrl = shortfall?.appDownloadUrl ?? config?.appDownloadUrl;
  const close = () => insufficientStore.close();
  return (
    <Modal
      open={shortfall !== null}
      onCancel={close}
      title={t("beans.insufficient.title")}
      data-testid="beans-insufficient"
      footer={[
        <Button
          key="center"
          onClick={() => {
            close();
            void navigate("/subOthers/pages/recharge");
          }}
        >
          {t("beans.insufficient.rechargeCenter")}
        </Button>,
        appUrl ? (
          <Button
            key="app"
            type="primary"
            icon={<MobileOutlined />}
            href={appUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("recharge.getApp")}
          </Button>
        ) : null,
      ]}
    >
      {shortfall?.required !== undefined && shortfall.balance !== undefined ? (
        <Typography.Paragraph strong>
          {t("beans.insufficient.amounts", { required: shortfall.required, balance: shortfall.balance })}
        </Typography.Paragraph>
      ) : null}
      <Typography.Paragraph>{t("beans.insufficient.onlyInApp")}</Typography.Paragraph>
    </Modal>
  );
}
