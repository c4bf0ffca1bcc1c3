import { Card, Descriptions, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { APP_VERSION, CLIENT_VERSION, FILE_FORMATS } from "@beannote/contract/limits";
import { Brand } from "../../components/Brand";
import { LOCALES } from "../../i18n/locales";

/** About: the product, client version 1.0.1 and app version 1.0.0 (spec §9). */
export function AboutPage() {
  const { t } = useTranslation();
  return (
    <div className="page-stack narrow-page">
      <Card>
        <div className="about-head">
          <Brand />
          <Typography.Paragraph type="secondary">{t("about.description")}</Typography.Paragraph>
        </div>
        <Descriptions
          column={1}
          bordered
          size="middle"
          styles={{ label: { whiteSpace: "nowrap" } }}
          items={[
            {
              key: "client",
              label: t("about.clientVersion"),
              children: <span data-testid="client-version">{CLIENT_VERSION}</span>,
            },
            {
              key: "app",
              label: t("about.appVersion"),
              children: <span data-testid="app-version">{APP_VERSION}</span>,
            },
            {
              key: "formats",
              label: t("about.formats"),
              children: FILE_FORMATS.map((f) => f.toUpperCase()).join(", "),
            },
            { key: "languages", label: t("about.languages"), children: LOCALES.length },
          ]}
        />
      </Card>
    </div>
  );
}
