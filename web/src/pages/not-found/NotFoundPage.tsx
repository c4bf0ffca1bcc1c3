import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t("route.notFound")}
      subTitle={t("notFound.text")}
      extra={
        <Link to="/pages/index">
          <Button type="primary">{t("notFound.home")}</Button>
        </Link>
      }
    />
  );
}
